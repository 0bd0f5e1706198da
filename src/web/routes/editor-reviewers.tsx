import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { ReviewerAdminJson, ReviewerListJson } from '../../core/schemas/reviewers';
import { api, messageOf } from '../api/client';
import { isSessionExpired, LOGIN_FIRST, requireRole } from '../components/session';

export const meta = () => [{ title: 'Reviewers | IMSE 2025' }];
export const clientLoader = () => requireRole('Editor');

type Status = 'all' | 'pending' | 'approved';
const FILTERS: Array<{ value: Status; label: string }> = [
  { value: 'pending', label: 'Waiting for approval' }, { value: 'approved', label: 'Approved' }, { value: 'all', label: 'All' },
];

const listReviewers = (status: Status, cursor?: string) =>
  api<ReviewerListJson>(`/editor/reviewers?limit=50&status=${status}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
const setApproval = (id: string, approved: boolean) =>
  api<ReviewerAdminJson>(`/editor/reviewers/${encodeURIComponent(id)}/approval`, { method: 'PUT', json: { approved } });

/** Issue 16.6: the editor approves new reviewers before they are suggested, sent papers, bid or auto-assigned. */
export default function EditorReviewers() {
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>('pending');
  const [rows, setRows] = useState<ReviewerAdminJson[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [required, setRequired] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const fail = useCallback((err: unknown, fallback: string) => {
    if (isSessionExpired(err)) navigate(LOGIN_FIRST);
    else setError(messageOf(err, fallback));
  }, [navigate]);

  useEffect(() => {
    setRows(null); setError(null);
    listReviewers(status).then((res) => { setRows(res.reviewers); setNext(res.nextCursor); setRequired(res.approvalRequired); },
      (err) => fail(err, 'Could not load the reviewers. Please try again.'));
  }, [status, fail]);

  const more = async () => {
    if (!next) return;
    try {
      const res = await listReviewers(status, next);
      setRows((r) => [...(r ?? []), ...res.reviewers]); setNext(res.nextCursor);
    } catch (err) { fail(err, 'Could not load more reviewers. Please try again.'); }
  };

  const toggle = async (r: ReviewerAdminJson) => {
    setBusy(r._id); setError(null);
    try {
      const updated = await setApproval(r._id, !r.approved);
      setRows((list) => (list ?? []).map((x) => (x._id === r._id ? updated : x)));
      toast.success(updated.approved ? `${updated.name} is approved.` : `${updated.name} is no longer approved.`);
    } catch (err) { fail(err, 'Could not change the approval. Please try again.'); } finally { setBusy(null); }
  };

  return (
    <div className="max-w-5xl">
      <Link to="/editor/dashboard" className="text-sm font-semibold text-brand-700 underline">← Research Papers</Link>
      <h1 className="mt-3 text-2xl font-bold text-brand-900">Reviewers</h1>
      {required !== null ? (
        <p className="mt-2 text-slate-700">
          {required
            ? 'New reviewers need your approval before they are suggested, sent papers, shown papers to bid on or assigned automatically.'
            : 'Approval is off: every reviewer can receive papers. '}
          {!required ? <Link to="/editor/settings" className="font-semibold text-brand-700 underline">Turn it on in the settings</Link> : null}
        </p>
      ) : null}
      <div role="group" aria-label="Show" className="mt-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <button key={f.value} type="button" aria-pressed={status === f.value} onClick={() => setStatus(f.value)}
            className={`rounded-md border px-3 py-2 text-sm font-semibold ${status === f.value ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 hover:bg-slate-100'}`}>
            {f.label}
          </button>
        ))}
      </div>
      {error ? <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800">{error}</p> : null}
      {rows === null && !error ? <p className="mt-6 text-slate-600">Loading reviewers…</p> : null}
      {rows && rows.length === 0 ? <p className="mt-6 text-slate-600">No reviewers here.</p> : null}
      {rows && rows.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {rows.map((r) => (
            <li key={r._id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{r.name}</p>
                <p className="text-sm text-slate-700"><span className="break-all">{r.email}</span>{r.verified ? ' · e-mail verified' : ' · e-mail not verified'}</p>
                <p className="text-sm text-slate-600">
                  {r.load === 1 ? '1 paper assigned' : `${r.load} papers assigned`}
                  {r.tags.length > 0 ? ` · ${r.tags.length > 6 ? `${r.tags.slice(0, 6).join(', ')} and ${r.tags.length - 6} more` : r.tags.join(', ')}` : ' · no tags'}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-3">
                <span className={`rounded-full px-2 py-1 text-xs font-semibold ${r.approved ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'}`}>
                  {r.approved ? 'Approved' : 'Waiting'}
                </span>
                <button type="button" disabled={busy === r._id} onClick={() => void toggle(r)}
                  aria-label={`${r.approved ? 'Withdraw approval of' : 'Approve'} ${r.name}`}
                  className={`rounded-md px-3 py-2 text-sm font-semibold disabled:opacity-50 ${r.approved ? 'border border-slate-300 hover:bg-slate-100' : 'bg-brand-700 text-white hover:bg-brand-800'}`}>
                  {r.approved ? 'Withdraw approval' : 'Approve'}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {next ? <button type="button" onClick={() => void more()} className="mt-4 rounded-md border border-slate-300 px-3 py-2 text-sm font-semibold hover:bg-slate-100">Show more</button> : null}
    </div>
  );
}
