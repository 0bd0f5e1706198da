import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useFetcher, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { currentFacts } from '../../content/conference';
import { categoryLabel } from '../../../core/registration';
import { COUNTRY_CODES, countryName } from '../../../core/proceedings';
import {
  VISA_LETTER_STATUS_LABELS,
  VisaLetterRequestBody,
  stayDatesProblem,
  visaStayBounds,
  type VisaLetterJson,
} from '../../../core/schemas/visa-letter';
import { messageOf } from '../../api/client';
import { downloadVisaLetter, listMyVisaLetters, requestVisaLetter } from '../../api/visa-letters';
import { formatDate } from '../../lib/format';
import { actOr, jsonBody, loadOr, useFollowRedirect } from '../../lib/route-data';
import { requireRole } from '../../lib/session';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import type { Route } from './+types/visa-letters';
import { appTitle } from '../../lib/seo';

/** The conference's days as the page's facts give them (decision 0051): the stay a letter may name touches them. */
const CONFERENCE_DAYS = { start: currentFacts.startDate, end: currentFacts.endDate };
const STAY = visaStayBounds(CONFERENCE_DAYS);

export const meta = () => [{ title: appTitle('Visa letters') }, { name: 'robots', content: 'noindex' }];

/** Any signed-in role: a registrant may hold any account. */
export async function clientLoader() {
  requireRole('Author', 'Editor', 'Reviewer');
  return loadOr(listMyVisaLetters(), 'Could not load your visa letters. Please try again.');
}

type Ask = { registrationId: string; body: Record<string, string> };
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { registrationId, body } = await jsonBody<Ask>(request);
  return actOr(requestVisaLetter(registrationId, body as never), 'Your request could not be sent. Please try again.');
}

export { RouteError as ErrorBoundary, revalidateAfterSuccess as shouldRevalidate } from '../../lib/route-data';

const STATUS_STYLE: Record<VisaLetterJson['status'], string> = {
  requested: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
};
const COUNTRIES = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name));
const FIELDS = ['passportName', 'nationality', 'passportNumber', 'arrivalDate', 'departureDate'] as const;

function LetterCard({ letter }: { letter: VisaLetterJson }) {
  const followRedirect = useFollowRedirect();
  const [error, setError] = useState('');
  async function download() {
    setError('');
    try {
      await downloadVisaLetter(letter.id, letter.code!);
    } catch (err) {
      if (!followRedirect(err)) setError(messageOf(err, 'The letter could not be downloaded. Please try again.'));
    }
  }
  return (
    <Card as="li" aria-label={`Letter for ${letter.passportName}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">{letter.passportName}</p>
        <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_STYLE[letter.status]}`}>
          {VISA_LETTER_STATUS_LABELS[letter.status]}
        </span>
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600">Stay</dt>
        <dd>
          {formatDate(`${letter.arrivalDate}T12:00:00Z`)} to {formatDate(`${letter.departureDate}T12:00:00Z`)}
        </dd>
        <dt className="font-medium text-slate-600">Nationality</dt>
        <dd>{countryName(letter.nationality)}</dd>
        <dt className="font-medium text-slate-600">As</dt>
        <dd className="break-words">{letter.role}</dd>
        <dt className="font-medium text-slate-600">Asked</dt>
        <dd>{formatDate(letter.createdAt)}</dd>
        {letter.code ? (
          <>
            <dt className="font-medium text-slate-600">Verification code</dt>
            <dd className="font-mono">{letter.code}</dd>
          </>
        ) : null}
      </dl>
      {letter.status === 'rejected' && letter.reason ? (
        <Alert tone="warning" className="mt-3">
          Reason: {letter.reason}
        </Alert>
      ) : null}
      {letter.status === 'approved' ? (
        <Button className="mt-3" onClick={() => void download()}>
          Download the letter (PDF)
        </Button>
      ) : null}
      <Alert className="mt-2">{error}</Alert>
    </Card>
  );
}

/** Decision 0046: ask for a visa invitation letter for a paid registration, and follow the letters asked for. */
export default function VisaLetters({ loaderData: data }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof clientAction>();
  const [params] = useSearchParams();
  const wanted = params.get('registration');
  const preselected = data.registrations.some((r) => r.id === wanted) ? wanted! : (data.registrations[0]?.id ?? '');
  const [registrationId, setRegistrationId] = useState(preselected);
  const [problems, setProblems] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;

  useEffect(() => {
    if (result?.ok) {
      toast.success(result.data.message);
      formRef.current?.reset();
    }
  }, [result]);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body = Object.fromEntries(FIELDS.map((k) => [k, String(form.get(k) ?? '')]));
    const parsed = VisaLetterRequestBody.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? 'passportName')] ??= issue.message;
      setProblems(found);
      return;
    }
    const stay = stayDatesProblem(parsed.data.arrivalDate, parsed.data.departureDate, CONFERENCE_DAYS);
    if (stay) {
      setProblems({ arrivalDate: stay });
      return;
    }
    setProblems({});
    fetcher.submit({ registrationId, body } satisfies Ask, { method: 'post', encType: 'application/json' });
  }

  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-bold text-brand-900">Visa invitation letters</h1>
      <p className="mt-2 text-slate-700">
        Participants with a paid registration can ask for an invitation letter for the Thai visa. The organisers check the request; once
        approved, the letter (PDF, with a code the embassy can verify) is ready here and we mail you. Your passport number is shown only to
        the organisers and removed after the conference.
      </p>

      {data.waitingForVerification ? (
        <Alert tone="info" className="mt-6">
          Please confirm your email address first: a visa letter is for a registration under your verified address. Use “Verify email” at
          the top of the page, then open the link in the mail.
        </Alert>
      ) : data.registrations.length === 0 && data.letters.some((l) => l.status !== 'rejected') ? (
        <p className="mt-6 text-slate-700">Each of your paid registrations has its letter asked for: see below.</p>
      ) : data.registrations.length === 0 ? (
        <Alert tone="info" className="mt-6">
          A visa letter needs a paid registration.{' '}
          <Link to="/account/registrations" className="font-semibold underline">
            Register and pay
          </Link>{' '}
          first.
        </Alert>
      ) : (
        <Card className="mt-6" aria-labelledby="ask-heading">
          <h2 id="ask-heading" className="text-lg font-semibold text-brand-900">
            Ask for a letter
          </h2>
          <form ref={formRef} onSubmit={submit} noValidate className="mt-3 grid gap-4 sm:grid-cols-2">
            <Field label="Registration" className="sm:col-span-2">
              {(control) => (
                <select {...control} name="registration" value={registrationId} onChange={(e) => setRegistrationId(e.target.value)}>
                  {data.registrations.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.name} — {categoryLabel(r.category)}
                      {r.paperId ? ` (paper ${r.paperId})` : ''}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              label="Name as written in the passport"
              name="passportName"
              autoComplete="name"
              maxLength={120}
              required
              error={problems.passportName}
              className="sm:col-span-2"
            />
            <Field label="Nationality" error={problems.nationality}>
              {(control) => (
                <select {...control} name="nationality" defaultValue="" required>
                  <option value="" disabled>
                    Choose a country
                  </option>
                  {COUNTRIES.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              label="Passport number"
              name="passportNumber"
              autoComplete="off"
              spellCheck={false}
              maxLength={30}
              required
              error={problems.passportNumber}
              hint="Only the organisers see it."
            />
            <Field
              label={`Arrival in ${currentFacts.venue.country}`}
              name="arrivalDate"
              type="date"
              min={STAY.earliestArrival}
              max={CONFERENCE_DAYS.end}
              required
              error={problems.arrivalDate}
              hint={`From ${formatDate(`${STAY.earliestArrival}T12:00:00Z`)}`}
            />
            <Field
              label="Departure"
              name="departureDate"
              type="date"
              min={CONFERENCE_DAYS.start}
              max={STAY.latestDeparture}
              required
              error={problems.departureDate}
              hint={`Until ${formatDate(`${STAY.latestDeparture}T12:00:00Z`)}`}
            />
            <div className="sm:col-span-2">
              <Alert>{result && !result.ok ? result.error : null}</Alert>
              <Button type="submit" disabled={busy} className="mt-2">
                {busy ? 'Sending…' : 'Ask for the letter'}
              </Button>
            </div>
          </form>
        </Card>
      )}

      <section className="mt-8" aria-labelledby="letters-heading">
        <h2 id="letters-heading" className="text-lg font-semibold text-brand-900">
          Your letters
        </h2>
        {data.letters.length === 0 ? (
          <p className="mt-2 text-slate-700">You have not asked for a letter yet.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {data.letters.map((l) => (
              <LetterCard key={l.id} letter={l} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
