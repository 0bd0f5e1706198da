import { useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import type { CertificateJson, EditorProgramJson } from '../../../../core/schemas/program';
import type { ActionResult } from '../../../lib/route-data';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

const post = { method: 'post', encType: 'application/json' } as const;
const KIND_LABELS: Record<CertificateJson['kind'], string> = {
  presentation: 'Presentation',
  attendance: 'Attendance',
  award: 'Award',
  workshop: 'Workshop',
};

/**
 * Registration of accepted papers (with reminders) and certificates, below the editor's programme. Both
 * post to the host route's action (intents "remind" and "issueCertificates"; the latter sends
 * `{ intent: 'issueCertificates', presentationsBeforeSessions: boolean }`).
 */
export function ProgramAftercare({ papers }: { papers: EditorProgramJson['papers'] }) {
  const unregistered = papers.filter((p) => !p.registered);
  const [chosen, setChosen] = useState<string[]>([]);
  const reminding = useFetcher<ActionResult<{ message: string }>>();
  const issuing = useFetcher<ActionResult<{ issued: number; waiting?: number; certificates: CertificateJson[] }>>();
  const [beforeSessions, setBeforeSessions] = useState(false);
  const reminded = reminding.state === 'idle' ? reminding.data : undefined;
  const issued = issuing.state === 'idle' ? issuing.data : undefined;
  // Reminders sent: the choice is emptied.
  useEffect(() => {
    if (reminded?.ok) setChosen([]);
  }, [reminded]);

  const remind = () => reminding.submit({ intent: 'remind', paperIds: chosen }, post);
  const issue = () => issuing.submit({ intent: 'issueCertificates', presentationsBeforeSessions: beforeSessions }, post);
  const waiting = issued?.ok ? (issued.data.waiting ?? 0) : 0;

  return (
    <>
      <Card aria-labelledby="registration-heading">
        <h2 id="registration-heading" className="text-lg font-bold text-brand-900">
          Registration of accepted papers
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {papers.length - unregistered.length} of {papers.length} registered (a verified payment whose product is the Paper ID).
        </p>
        {unregistered.length ? (
          <fieldset className="mt-3">
            <legend className="text-sm font-semibold text-slate-800">Not registered yet</legend>
            <ul className="mt-2 space-y-1">
              {unregistered.map((p) => (
                <li key={p._id}>
                  <label className="flex min-h-11 items-center gap-2 text-slate-900">
                    <input
                      type="checkbox"
                      className="h-5 w-5"
                      checked={chosen.includes(p._id)}
                      onChange={(e) => setChosen(e.target.checked ? [...chosen, p._id] : chosen.filter((c) => c !== p._id))}
                    />
                    {p.title} <span className="text-sm text-slate-700">({p.authors[0]?.name ?? 'unknown author'})</span>
                  </label>
                </li>
              ))}
            </ul>
            <Button className="mt-2 min-h-11" disabled={chosen.length === 0 || reminding.state !== 'idle'} onClick={remind}>
              Send registration reminder
            </Button>
          </fieldset>
        ) : (
          <p className="mt-2 text-slate-800">Every accepted paper is registered.</p>
        )}
        <Alert tone={reminded?.ok ? 'success' : 'error'} className="mt-3">
          {reminded ? (reminded.ok ? reminded.data.message : reminded.error) : null}
        </Alert>
      </Card>

      <Card aria-labelledby="certificates-heading">
        <h2 id="certificates-heading" className="text-lg font-bold text-brand-900">
          Certificates
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          A certificate of presentation per paper of the published programme (for its presenter) once its session has taken place, of
          attendance per person checked in, and of participation per workshop attended. Issuing again adds only new ones.
        </p>
        <label className="mt-3 flex min-h-11 items-center gap-2 text-slate-900">
          <input type="checkbox" className="h-5 w-5" checked={beforeSessions} onChange={(e) => setBeforeSessions(e.target.checked)} />
          Issue them before the sessions (override)
        </label>
        <Button className="mt-2 min-h-11" disabled={issuing.state !== 'idle'} onClick={issue}>
          Issue certificates
        </Button>
        <Alert tone={issued?.ok ? 'success' : 'error'} className="mt-3">
          {issued
            ? issued.ok
              ? `${issued.data.issued} new certificate${issued.data.issued === 1 ? '' : 's'} issued`
              : issued.error
            : null}
        </Alert>
        {waiting > 0 ? (
          <p className="mt-2 text-sm text-slate-800" role="status">
            {waiting} presentation certificate{waiting === 1 ? '' : 's'} wait{waiting === 1 ? 's' : ''} until{' '}
            {waiting === 1 ? 'its' : 'their'} session has taken place.
          </p>
        ) : null}
        {issued?.ok ? (
          <ul className="mt-3 space-y-1 text-sm">
            {issued.data.certificates.map((c) => (
              <li key={c.code}>
                {KIND_LABELS[c.kind]}: {c.name}
                {c.paperTitle ? ` — ${c.paperTitle}` : ''}{' '}
                <a className="font-mono text-brand-800 underline" href={`/verify/${c.code}`}>
                  {c.code}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </Card>
    </>
  );
}
