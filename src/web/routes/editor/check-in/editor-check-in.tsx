import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CheckInPersonJson } from '../../../../core/schemas/attendee';
import { messageOf } from '../../../api/client';
import { checkInAttendee } from '../../../api/attendees';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { CONFERENCE_TIME_ZONE, conferenceToday, dayKey, formatDateTime, formatTime } from '../../../lib/format';
import { useFollowRedirect } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { appTitle } from '../../../lib/seo';
import { BadgePickup } from './badge-pickup';

export const meta = () => [{ title: appTitle('Check-in') }];

export function clientLoader() {
  requireRole('Editor');
  return null;
}

export { RouteError as ErrorBoundary } from '../../../lib/route-data';

type Result =
  | { kind: 'checked-in'; person: CheckInPersonJson; at: string; first: boolean; pickup: boolean }
  | { kind: 'not-paid'; person: CheckInPersonJson; message: string };

/** "09:12" today (the conference's clock), the day too when it was another day. */
const arrivalTime = (iso: string) =>
  dayKey(iso, CONFERENCE_TIME_ZONE) === conferenceToday() ? formatTime(iso, CONFERENCE_TIME_ZONE) : formatDateTime(iso);

/**
 * The door (decision 0047), phone first: type the code printed on the badge, or scan its QR code with the camera
 * where the browser lets the page use it. The QR reader (jsqr) loads only when the camera is started.
 */
export default function EditorCheckIn() {
  const [code, setCode] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [cameraError, setCameraError] = useState('');
  const [canScan, setCanScan] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stopCamera = useRef<() => void>(() => {});
  const followRedirect = useFollowRedirect();

  useEffect(() => {
    setCanScan(typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia && window.isSecureContext);
    return () => stopCamera.current();
  }, []);

  async function send(typed: string) {
    if (!typed.trim()) {
      setError('Type the registration code');
      input.current?.focus();
      return;
    }
    setError('');
    setSending(true);
    try {
      const outcome = await checkInAttendee(typed);
      setResult(
        outcome.kind === 'checked-in'
          ? {
              kind: 'checked-in',
              person: outcome.answer.registration,
              at: outcome.answer.checkedInAt,
              first: outcome.answer.firstArrival,
              pickup: outcome.answer.mode === 'pickup',
            }
          : { kind: 'not-paid', person: outcome.registration, message: outcome.message },
      );
      setCode('');
    } catch (err) {
      if (followRedirect(err)) return;
      setResult(null);
      setError(messageOf(err, 'The check-in failed. Please try again.'));
    } finally {
      setSending(false);
      input.current?.focus();
    }
  }

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void send(code);
  };

  async function startCamera() {
    setCameraError('');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch {
      setCameraError('The camera could not be started (no camera, or permission refused). Type the code instead.');
      return;
    }
    const { default: jsQR } = await import('jsqr');
    let frame = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
      cancelAnimationFrame(frame);
      for (const track of stream.getTracks()) track.stop();
      setScanning(false);
    };
    stopCamera.current = stop;
    setScanning(true);
    const el = video.current!;
    el.srcObject = stream;
    await el.play().catch(() => undefined);
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const look = () => {
      if (stopped) return;
      if (el.readyState >= el.HAVE_ENOUGH_DATA && el.videoWidth > 0) {
        // A smaller frame reads as well and is much quicker on a phone.
        const scale = Math.min(1, 640 / el.videoWidth);
        canvas.width = Math.round(el.videoWidth * scale);
        canvas.height = Math.round(el.videoHeight * scale);
        context.drawImage(el, 0, 0, canvas.width, canvas.height);
        const image = context.getImageData(0, 0, canvas.width, canvas.height);
        const found = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
        if (found?.data) {
          stop();
          setCode(found.data);
          void send(found.data);
          return;
        }
      }
      frame = requestAnimationFrame(look);
    };
    frame = requestAnimationFrame(look);
  }

  return (
    <div className="mx-auto max-w-xl space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-brand-900">Check-in</h1>
        <Link to="/editor/attendees" className="text-brand-700 underline">
          Attendee list
        </Link>
      </div>

      <BadgePickup />

      <form onSubmit={submit} aria-label="Check in by code" className="space-y-3">
        <label htmlFor="check-in-code" className="block text-base font-semibold text-slate-800">
          Registration code
        </label>
        <input
          id="check-in-code"
          ref={input}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoFocus
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
          aria-describedby="check-in-hint"
          className={`${inputClass} py-3 font-mono text-xl tracking-wider sm:text-2xl`}
        />
        <p id="check-in-hint" className="text-sm text-slate-600">
          As printed under the QR code on the badge; case, spaces and dashes do not matter.
        </p>
        <Button type="submit" full className="py-3 text-lg" disabled={sending}>
          {sending ? 'Checking…' : 'Check in'}
        </Button>
      </form>

      {canScan ? (
        <div className="space-y-2">
          {scanning ? (
            <Button variant="quiet" full onClick={() => stopCamera.current()}>
              Stop the camera
            </Button>
          ) : (
            <Button variant="secondary" full className="py-3" onClick={() => void startCamera()}>
              Scan with camera
            </Button>
          )}
          <video
            ref={video}
            muted
            playsInline
            aria-label="Camera view for scanning a badge"
            className={scanning ? 'w-full rounded-lg bg-black' : 'hidden'}
          />
        </div>
      ) : null}
      <Alert>{cameraError}</Alert>
      <Alert>{error}</Alert>

      {result ? <ResultCard result={result} /> : null}
    </div>
  );
}

function ResultCard({ result }: { result: Result }) {
  const { person } = result;
  const tone =
    result.kind === 'not-paid'
      ? 'border-red-300 bg-red-50'
      : result.first
        ? 'border-green-300 bg-green-50'
        : 'border-amber-300 bg-amber-50';
  const headline =
    result.kind === 'not-paid'
      ? result.message
      : result.pickup
        ? `${result.first ? 'Badge handed out' : 'Badge already handed out'} at ${arrivalTime(result.at)} (not attendance)`
        : result.first
          ? `Checked in at ${arrivalTime(result.at)}`
          : `Already checked in at ${arrivalTime(result.at)}`;
  return (
    <section aria-labelledby="check-in-result" aria-live="polite" className={`rounded-xl border-2 p-4 sm:p-5 ${tone}`}>
      <h2
        id="check-in-result"
        className={`text-xl font-bold ${result.kind === 'not-paid' ? 'text-red-800' : result.first ? 'text-green-900' : 'text-amber-900'}`}
      >
        {headline}
      </h2>
      <p className="mt-2 text-2xl font-semibold text-slate-900">{person.name}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-800">
        <dt className="font-semibold">Affiliation</dt>
        <dd>{person.affiliation || '—'}</dd>
        <dt className="font-semibold">Category</dt>
        <dd>{person.categoryLabel}</dd>
        <dt className="font-semibold">Paid</dt>
        <dd>{person.paid ? 'Yes' : person.status === 'cancelled' ? 'No (cancelled)' : 'No'}</dd>
        <dt className="font-semibold">Code</dt>
        <dd className="break-all font-mono text-sm">{person.code}</dd>
      </dl>
      {result.kind === 'not-paid' && !person.paid ? (
        <p className="mt-3 text-red-900">Send them to the registration desk to pay, then check in again.</p>
      ) : null}
      <Link to={`/editor/registrations/${person.id}`} className={buttonClass({ variant: 'quiet', size: 'sm', className: 'mt-3' })}>
        Registration details
      </Link>
    </section>
  );
}
