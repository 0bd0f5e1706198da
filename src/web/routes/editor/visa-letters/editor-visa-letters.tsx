import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useFetcher } from 'react-router';
import { toast } from 'sonner';
import { countryName } from '../../../../core/proceedings';
import { categoryLabel } from '../../../../core/registration';
import { RejectVisaLetterBody, VISA_LETTER_STATUS_LABELS, type EditorVisaLetterJson } from '../../../../core/schemas/visa-letter';
import { approveVisaLetter, listVisaLetters, rejectVisaLetter } from '../../../api/visa-letters';
import { formatDate, formatDateTime } from '../../../lib/format';
import { actOr, jsonBody, loadOr } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { inputClass } from '../../../components/ui/field';
import type { Route } from './+types/editor-visa-letters';
import { appTitle } from '../../../lib/seo';

export const meta = () => [{ title: appTitle('Visa letters') }];

export async function clientLoader() {
  requireRole('Editor');
  return loadOr(listVisaLetters(), 'Could not load the visa letter requests. Please try again.');
}

type Decision = { id: string; intent: 'approve' } | { id: string; intent: 'reject'; reason: string };
export async function clientAction({ request }: Route.ClientActionArgs) {
  const d = await jsonBody<Decision>(request);
  return d.intent === 'approve'
    ? actOr(approveVisaLetter(d.id), 'The letter could not be approved. Please try again.', d.id)
    : actOr(rejectVisaLetter(d.id, d.reason), 'The request could not be refused. Please try again.', d.id);
}

export { RouteError as ErrorBoundary, revalidateAfterSuccess as shouldRevalidate } from '../../../lib/route-data';

const STATUS_STYLE: Record<EditorVisaLetterJson['status'], string> = {
  requested: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
};
const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);

function Request({ letter }: { letter: EditorVisaLetterJson }) {
  const fetcher = useFetcher<typeof clientAction>();
  const [rejecting, setRejecting] = useState(false);
  const [reasonError, setReasonError] = useState('');
  const reasonId = useId();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok) toast.success(result.data.message);
  }, [result]);

  function reject(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '');
    const parsed = RejectVisaLetterBody.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? 'Please give the reason');
      return;
    }
    setReasonError('');
    fetcher.submit({ id: letter.id, intent: 'reject', reason } satisfies Decision, { method: 'post', encType: 'application/json' });
  }

  return (
    <Card as="li" aria-label={`Request of ${letter.registrantName}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{letter.passportName}</p>
          <p className="break-words text-sm text-slate-700">
            {letter.registrantName} · {letter.registrantEmail} · {categoryLabel(letter.category)}
          </p>
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_STYLE[letter.status]}`}>
          {VISA_LETTER_STATUS_LABELS[letter.status]}
        </span>
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600">Nationality</dt>
        <dd>
          {countryName(letter.nationality)} ({letter.nationality})
        </dd>
        <dt className="font-medium text-slate-600">Passport number</dt>
        <dd className="font-mono">
          {letter.passportNumber ?? (
            <span className="font-sans italic text-slate-600">
              removed {letter.passportRemovedAt ? formatDate(letter.passportRemovedAt) : ''}
            </span>
          )}
        </dd>
        <dt className="font-medium text-slate-600">Stay</dt>
        <dd>
          {day(letter.arrivalDate)} to {day(letter.departureDate)}
        </dd>
        <dt className="font-medium text-slate-600">As</dt>
        <dd className="break-words">{letter.role}</dd>
        <dt className="font-medium text-slate-600">Asked</dt>
        <dd>{formatDateTime(letter.createdAt)}</dd>
        {letter.code ? (
          <>
            <dt className="font-medium text-slate-600">Verification code</dt>
            <dd className="font-mono">{letter.code}</dd>
          </>
        ) : null}
        {letter.reason ? (
          <>
            <dt className="font-medium text-slate-600">Reason given</dt>
            <dd className="break-words">{letter.reason}</dd>
          </>
        ) : null}
      </dl>
      {letter.status === 'requested' ? (
        <div className="mt-3">
          {rejecting ? (
            <form onSubmit={reject} noValidate className="space-y-2">
              <label htmlFor={reasonId} className="block text-sm font-medium text-slate-700">
                Reason, for the requester
              </label>
              <textarea
                id={reasonId}
                name="reason"
                rows={3}
                maxLength={1000}
                className={inputClass}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? `${reasonId}-error` : undefined}
              />
              {reasonError ? (
                <p id={`${reasonId}-error`} className="text-sm text-red-800">
                  {reasonError}
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Button type="submit" variant="danger" disabled={busy}>
                  Refuse the request
                </Button>
                <Button variant="quiet" onClick={() => setRejecting(false)}>
                  Cancel
                </Button>
              </div>
            </form>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button
                disabled={busy}
                onClick={() =>
                  fetcher.submit({ id: letter.id, intent: 'approve' } satisfies Decision, { method: 'post', encType: 'application/json' })
                }
              >
                {busy ? 'Approving…' : 'Approve and mail the letter'}
              </Button>
              <Button variant="secondary" onClick={() => setRejecting(true)}>
                Refuse…
              </Button>
            </div>
          )}
        </div>
      ) : null}
      <Alert className="mt-2">{result && !result.ok ? result.error : null}</Alert>
    </Card>
  );
}

/** Decision 0046: the requests for visa letters, with the passport details only editors see; approve, or refuse with a reason. */
export default function EditorVisaLetters({ loaderData }: Route.ComponentProps) {
  const { letters } = loaderData;
  const waiting = letters.filter((l) => l.status === 'requested').length;
  return (
    <div className="max-w-4xl">
      <Link to="/editor/dashboard" className="text-sm font-semibold text-brand-700 underline">
        ← Research Papers
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-brand-900">Visa letters</h1>
      <p className="mt-2 text-slate-700">
        {waiting === 0 ? 'No request is waiting.' : `${waiting} ${waiting === 1 ? 'request waits' : 'requests wait'} for a decision.`}{' '}
        Passport numbers are removed after the conference (see{' '}
        <Link to="/editor/settings" className="font-semibold text-brand-700 underline">
          Settings
        </Link>
        ).
      </p>
      {letters.length === 0 ? (
        <p className="mt-6 text-slate-700">Nobody has asked for a letter yet.</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {letters.map((l) => (
            <Request key={l.id} letter={l} />
          ))}
        </ul>
      )}
    </div>
  );
}
