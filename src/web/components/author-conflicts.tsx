import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Email } from '../../core/schemas/common';
import { messageOf } from '../api/client';
import { getDeclaredConflicts, setDeclaredConflicts } from '../api/review-cycle';

const MAX = 100;

/** The author's declared conflicts of interest (issue 12): e-mails of people who must not review the paper. */
export function AuthorConflicts({ paperId }: { paperId: string }) {
  const [saved, setSaved] = useState<string[] | null>(null);
  const [emails, setEmails] = useState<string[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    getDeclaredConflicts(paperId).then(
      (r) => { if (live) { setSaved(r.emails); setEmails(r.emails); } },
      (err) => { if (live) setError(messageOf(err, 'Your declared conflicts could not be loaded. Please reload the page.')); },
    );
    return () => { live = false; };
  }, [paperId]);

  const add = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setStatus(null);
    const parsed = Email.safeParse(draft);
    if (!parsed.success) { setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address'); return; }
    const email = parsed.data;
    if (emails.some((x) => x.toLowerCase() === email.toLowerCase())) { setError(`${email} is already on the list`); return; }
    if (emails.length >= MAX) { setError(`At most ${MAX} addresses`); return; }
    setEmails([...emails, email]);
    setDraft('');
  };

  const save = async () => {
    setError(null);
    setStatus(null);
    setBusy(true);
    try {
      const res = await setDeclaredConflicts(paperId, emails);
      setSaved(res.emails);
      setEmails(res.emails);
      const text = res.emails.length ? `Conflicts saved: ${res.emails.length} ${res.emails.length === 1 ? 'address' : 'addresses'}` : 'Conflicts saved: none declared';
      setStatus(text);
      toast.success(text);
    } catch (err) {
      setError(messageOf(err, 'Your conflicts could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const changed = saved !== null && (saved.length !== emails.length || saved.some((x, i) => x !== emails[i]));

  return (
    <section aria-labelledby="conflicts-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="conflicts-heading" className="font-semibold text-brand-900">Conflicts of interest</h2>
      <p className="text-sm text-slate-700">
        People who must not review this paper: colleagues, recent co-authors, advisors. Reviewers sharing your institution&rsquo;s e-mail domain are left out automatically.
      </p>
      {saved === null && !error ? <p className="text-sm text-slate-600">Loading…</p> : null}
      {emails.length ? (
        <ul className="space-y-1.5" aria-label="Declared conflicts">
          {emails.map((email) => (
            <li key={email} className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-1.5 text-sm">
              <span className="min-w-0 break-all">{email}</span>
              <button type="button" onClick={() => { setEmails(emails.filter((x) => x !== email)); setStatus(null); }}
                aria-label={`Remove ${email}`} className="shrink-0 rounded-md px-2 py-0.5 font-semibold text-red-700 hover:bg-red-50">Remove</button>
            </li>
          ))}
        </ul>
      ) : saved !== null ? <p className="text-sm text-slate-600">No conflict declared.</p> : null}
      <form onSubmit={add} noValidate className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="conflict-email" className="block text-sm font-medium text-slate-700">E-mail of a person with a conflict</label>
          <input id="conflict-email" type="email" value={draft} onChange={(e) => setDraft(e.target.value)} autoComplete="off"
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2" />
        </div>
        <button type="submit" className="rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50">Add</button>
      </form>
      {error ? <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p> : null}
      {status ? <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">{status}</p> : null}
      <button type="button" onClick={save} disabled={busy || !changed} className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-50">
        {busy ? 'Saving…' : 'Update conflict list'}
      </button>
    </section>
  );
}
