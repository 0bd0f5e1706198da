import { useState } from 'react';
import type { CertificateJson, EditorProgramJson } from '../../core/schemas/program';
import { messageOf } from '../api/client';
import { issueCertificates, remindRegistration } from '../api/program';

const primary = 'min-h-11 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60';

/** Registration of accepted papers (with reminders) and certificates, below the editor's programme. */
export function ProgramAftercare({ papers, onChange }: { papers: EditorProgramJson['papers']; onChange: () => void }) {
  const unregistered = papers.filter((p) => !p.registered);
  const [chosen, setChosen] = useState<string[]>([]);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const [certs, setCerts] = useState<CertificateJson[] | null>(null);

  async function remind() {
    setNote(null);
    try {
      const res = await remindRegistration(chosen);
      setNote({ ok: true, text: res.message });
      setChosen([]);
    } catch (err) {
      setNote({ ok: false, text: messageOf(err, 'The reminders could not be sent.') });
    }
  }

  async function issue() {
    setNote(null);
    try {
      const res = await issueCertificates();
      setCerts(res.certificates);
      setNote({ ok: true, text: `${res.issued} new certificate${res.issued === 1 ? '' : 's'} issued` });
      onChange();
    } catch (err) {
      setNote({ ok: false, text: messageOf(err, 'The certificates could not be issued.') });
    }
  }

  return (
    <>
      <section aria-labelledby="registration-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="registration-heading" className="text-lg font-bold text-brand-900">Registration of accepted papers</h2>
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
                    <input type="checkbox" className="h-5 w-5" checked={chosen.includes(p._id)}
                      onChange={(e) => setChosen(e.target.checked ? [...chosen, p._id] : chosen.filter((c) => c !== p._id))} />
                    {p.title} <span className="text-sm text-slate-700">({p.authors[0]?.name ?? 'unknown author'})</span>
                  </label>
                </li>
              ))}
            </ul>
            <button type="button" className={`${primary} mt-2`} disabled={chosen.length === 0} onClick={remind}>Send registration reminder</button>
          </fieldset>
        ) : <p className="mt-2 text-slate-800">Every accepted paper is registered.</p>}
      </section>

      <section aria-labelledby="certificates-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="certificates-heading" className="text-lg font-bold text-brand-900">Certificates</h2>
        <p className="mt-1 text-sm text-slate-700">After the conference: a certificate of presentation per placed paper (for its presenter) and of attendance per registered payer. Issuing again adds only new ones.</p>
        <button type="button" className={`${primary} mt-3`} onClick={issue}>Issue certificates</button>
        {certs ? (
          <ul className="mt-3 space-y-1 text-sm">
            {certs.map((c) => (
              <li key={c.code}>
                {c.kind === 'presentation' ? 'Presentation' : 'Attendance'}: {c.name}{c.paperTitle ? ` — ${c.paperTitle}` : ''}{' '}
                <a className="font-mono text-brand-800 underline" href={`/verify/${c.code}`}>{c.code}</a>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {note ? <p role={note.ok ? 'status' : 'alert'} className={`rounded-md px-4 py-3 ${note.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}>{note.text}</p> : null}
    </>
  );
}
