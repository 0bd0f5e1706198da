import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { isId } from '../../core/ids';
import { mailFailed, MESSAGES } from '../../core/messages';
import type { PaperJson } from '../../core/schemas/paper';
import type { ReviewerSuggestionJson } from '../../core/schemas/review';
import { messageOf } from '../api/client';
import { getEditorPaper, getReviewerStatuses, getSuggestedReviewers, sendMail, sendPaper } from '../api/review';
import { isSessionExpired, LOGIN_FIRST, requireRole } from '../components/session';
import { StatusBadge } from '../components/status-badge';
import { VerifiedMark } from '../components/verified-mark';
import { PersonConflictNote, usePersonConflicts } from '../components/person-conflict-note';
import { EditorReviewPanel } from '../components/editor-review-panel';

export const meta = () => [{ title: 'Suggested reviewers | IMSE 2025' }];
export const clientLoader = () => requireRole('Editor');

export default function EditorViewMore() {
  const { paperId = '' } = useParams();
  const navigate = useNavigate();
  const [paper, setPaper] = useState<PaperJson | null>(null);
  const [reviewers, setReviewers] = useState<ReviewerSuggestionJson[] | null>(null);
  const [statuses, setStatuses] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const conflicts = usePersonConflicts(paperId);

  useEffect(() => {
    if (!isId(paperId)) { toast.error(MESSAGES.badPaperId); setReviewers([]); return; }
    const fail = (err: unknown) => { if (isSessionExpired(err)) navigate(LOGIN_FIRST); else console.error(err); };
    getEditorPaper(paperId).then(setPaper, fail);
    getSuggestedReviewers(paperId).then(setReviewers, (err) => { fail(err); setReviewers([]); });
    getReviewerStatuses(paperId).then((list) => setStatuses(Object.fromEntries(list.map((s) => [s.reviewerId, s.status]))), fail);
  }, [paperId, navigate]);

  const onSendMail = async (r: ReviewerSuggestionJson) => {
    setBusy(`mail-${r._id}`);
    try {
      const res = await sendMail(r.email, { name: r.name, paperTitle: paper?.title ?? '', paperId, reviewerId: r._id });
      toast.success(res.message);
      setStatuses((s) => ({ ...s, [r._id]: s[r._id] === 'Accepted' || s[r._id] === 'Declined' ? s[r._id]! : 'Mail Sent' }));
    } catch (err) {
      toast.error(err instanceof Error && isSessionExpired(err) ? MESSAGES.pleaseLogin : mailFailed(r.email));
    } finally {
      setBusy(null);
    }
  };

  const onSendPaper = async (r: ReviewerSuggestionJson) => {
    setBusy(`paper-${r._id}`);
    try {
      const res = await sendPaper({ paperId, reviewerId: r._id });
      toast.success(res.message);
      setStatuses((s) => ({ ...s, [r._id]: s[r._id] === 'Accepted' || s[r._id] === 'Declined' ? s[r._id]! : 'Sent' }));
    } catch (err) {
      toast.error(messageOf(err, 'Could not send the paper. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div>
      <Link to="/editor/dashboard" className="text-sm font-semibold text-brand-700 underline">← Research Papers</Link>
      <h1 className="mt-3 text-2xl font-bold tracking-wide text-brand-900">SUGGESTED REVIEWERS</h1>
      {paper ? (
        <p className="mt-2 text-slate-700">For <span className="font-semibold">{paper.title}</span> · tags: {paper.keywords.join(', ') || 'none'}</p>
      ) : null}
      {paper ? <EditorReviewPanel paper={paper} onPaperChange={setPaper} /> : null}
      {reviewers === null ? <p className="mt-6 text-slate-600">Finding reviewers…</p> : null}
      {reviewers?.length === 0 ? <p className="mt-6 text-slate-700">{MESSAGES.noReviewers}</p> : null}
      <div className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {reviewers?.map((r) => (
          <article key={r._id} aria-label={r.name} className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="flex items-center gap-3">
              <span aria-hidden="true" className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xl font-bold text-white">{r.name.charAt(0).toUpperCase()}</span>
              <div className="min-w-0">
                <h2 className="truncate text-lg font-semibold text-brand-900">{r.name}</h2>
                <p className="text-sm text-slate-600">{r.role}</p>
              </div>
              <span className="ml-auto"><StatusBadge status={statuses[r._id] ?? 'Waiting'} /></span>
            </div>
            <dl className="mt-3 space-y-1 text-sm text-slate-700">
              <div><dt className="inline font-medium">Email: </dt><dd className="inline break-all">{r.email}</dd></div>
              <VerifiedMark verified={r.verified} />
              <PersonConflictNote conflicts={conflicts[r._id]} />
              <div><dt className="inline font-medium">Reviewer ID: </dt><dd className="inline break-all font-mono text-xs">{r._id}</dd></div>
              <div><dt className="inline font-medium">Matched tags: </dt><dd className="inline">{r.matchedTags?.join(', ')}</dd></div>
            </dl>
            <div className="mt-4 flex flex-wrap gap-2">
              <button type="button" disabled={busy !== null} onClick={() => onSendMail(r)}
                className="rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50">
                {busy === `mail-${r._id}` ? 'Sending…' : 'Send Mail'}
              </button>
              <button type="button" disabled={busy !== null} onClick={() => onSendPaper(r)}
                className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-50">
                {busy === `paper-${r._id}` ? 'Sending…' : 'Send Paper'}
              </button>
            </div>
          </article>
        ))}
      </div>
    </div>
  );
}
