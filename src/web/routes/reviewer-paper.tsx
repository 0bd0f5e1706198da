import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { isId } from '../../core/ids';
import { MESSAGES, paperResponded } from '../../core/messages';
import { messageOf, session } from '../api/client';
import { addComment, getAssignedPapers, respondToPaper } from '../api/review';
import { isSessionExpired, LOGIN_FIRST, requireRole } from '../components/session';
import { StatusBadge } from '../components/status-badge';
import { formatDateTime } from '../components/format';
import { ReviewForm } from '../components/review-form';
import { useApi } from '../components/use-api';

export const meta = () => [{ title: 'Review a paper | IMSE 2025' }];
export const clientLoader = () => requireRole('Reviewer');

export default function ReviewerPaper() {
  const { paperId = '' } = useParams();
  const navigate = useNavigate();
  const user = session.user();
  const assigned = useApi(() => getAssignedPapers(user?._id ?? ''), [user?._id]);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const paper = assigned.data?.find((p) => p._id === paperId);
  const status = (paper && user && paper.reviewResponses[user.email]) || 'Pending';
  // Issue 18.4: the reviewer sees what they wrote, newest first (the server sends them oldest first).
  const myComments = (paper?.comments ?? []).filter((c) => c.reviewerId === user?._id).reverse();

  const fail = (err: unknown, fallback: string) => {
    if (isSessionExpired(err)) { navigate(LOGIN_FIRST); return; }
    toast.error(fallback);
  };

  const sendComment = async () => {
    if (!comment.trim()) { toast.error(MESSAGES.emptyComment); return; }
    if (!isId(paperId)) { toast.error(MESSAGES.badPaperId); return; }
    setBusy(true);
    try {
      await addComment(paperId, { reviewerId: user?._id ?? '', text: comment.trim() });
      toast.success(MESSAGES.commentSaved);
      setComment('');
      assigned.reload();
    } catch (err) {
      fail(err, MESSAGES.commentFailed);
    } finally {
      setBusy(false);
    }
  };

  const respond = async (answer: 'Accepted' | 'Declined') => {
    if (!isId(paperId)) { toast.error(MESSAGES.badPaperId); return; }
    setBusy(true);
    try {
      await respondToPaper({ paperId, email: user?.email ?? '', status: answer });
      toast.success(paperResponded(answer));
      assigned.reload();
    } catch (err) {
      fail(err, MESSAGES.statusFailed);
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    if (!paper?.pdf) { toast.error(MESSAGES.noPdf); return; }
    const res = await fetch(paper.pdf);
    if (!res.ok) { toast.error(messageOf(null, 'The PDF could not be loaded. Please reload the page.')); return; }
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = `${paper.title.replace(/[^\w -]+/g, '').slice(0, 80) || 'paper'}.pdf`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  if (!isId(paperId)) return <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-red-800">{MESSAGES.badPaperId}</p>;
  if (assigned.loading && !assigned.data) return <p className="text-slate-600">Loading paper…</p>;
  if (!paper) {
    return (
      <div>
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-red-800">This paper has not been sent to you.</p>
        <Link to="/reviewer/dashboard" className="mt-4 inline-block font-semibold text-brand-700 underline">Back to your papers</Link>
      </div>
    );
  }

  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <Link to="/reviewer/dashboard" className="text-sm font-semibold text-brand-700 underline">← Papers sent to you</Link>
      <h1 className="text-2xl font-bold text-brand-900">{paper.title}</h1>
      <dl className="grid gap-3 rounded-xl border border-slate-200 bg-white p-5 text-sm sm:grid-cols-2">
        <div><dt className="font-medium text-slate-600">Paper ID</dt><dd className="break-all font-mono">{paper._id}</dd></div>
        <div><dt className="font-medium text-slate-600">Keywords</dt><dd>{paper.keywords.join(', ') || '—'}</dd></div>
        <div><dt className="font-medium text-slate-600">PDF</dt><dd>{paper.pdf ? <a className="text-brand-700 underline" href={paper.pdf} target="_blank" rel="noopener noreferrer">Open PDF</a> : 'none'}</dd></div>
        <div><dt className="font-medium text-slate-600">Your status</dt><dd><StatusBadge status={status} /></dd></div>
      </dl>
      <section aria-labelledby="abstract-heading">
        <h2 id="abstract-heading" className="font-semibold text-brand-900">Abstract</h2>
        <p className="mt-2 whitespace-pre-wrap text-slate-800">{paper.abstract}</p>
      </section>
      <button type="button" onClick={download}
        className="flex w-full flex-col items-center justify-center rounded-xl border-2 border-dashed border-brand-600 px-4 py-8 text-brand-700 hover:bg-brand-50">
        <span aria-hidden="true" className="text-3xl">⬇</span>
        <span className="mt-2 font-semibold">Click here to load PDF</span>
      </button>
      <div>
        <label htmlFor="comment" className="block font-semibold text-brand-900">Comments</label>
        <textarea id="comment" rows={6} maxLength={10000} value={comment} onChange={(e) => setComment(e.target.value)}
          className="mt-2 w-full rounded-md border border-slate-300 px-3 py-2" placeholder="Write your comments for the author" />
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="button" disabled={busy} onClick={() => respond('Accepted')} className="rounded-md bg-green-700 px-5 py-2 font-semibold text-white hover:bg-green-800 disabled:opacity-50">Accept</button>
        <button type="button" disabled={busy} onClick={sendComment} className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-50">Send Comments</button>
        <button type="button" disabled={busy} onClick={() => respond('Declined')} className="rounded-md bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-50">Decline</button>
      </div>
      {myComments.length ? (
        <section aria-labelledby="my-comments-heading" className="rounded-xl bg-brand-50 p-5">
          <h2 id="my-comments-heading" className="font-semibold text-brand-900">Your earlier comments</h2>
          <ol className="mt-3 space-y-3">
            {myComments.map((c, i) => (
              <li key={`${c.createdAt}-${i}`} className="rounded-lg bg-white p-3">
                <p className="text-xs font-medium text-slate-600"><time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time></p>
                <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{c.text}</p>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <ReviewForm paperId={paper._id} />
    </article>
  );
}
