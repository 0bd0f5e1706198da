import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { isId } from '../../core/ids';
import { MESSAGES } from '../../core/messages';
import { messageOf } from '../api/client';
import { getAuthorPaper, updateAuthorPaper } from '../api/papers';
import { formatDate, formatDateTime } from '../components/format';
import { isSessionExpired, LOGIN_FIRST, requireRole } from '../components/session';
import { useApi } from '../components/use-api';
import { RegistrationBadge } from '../components/registration-badge';
import { CoAuthorsPanel } from '../components/co-authors-panel';
import { authorStatusText } from '../../core/schemas/review-cycle';
import { getDeadlines } from '../api/review-cycle';
import { AuthorCameraReady } from '../components/author-camera-ready';
import { AuthorConflicts } from '../components/author-conflicts';
import { AuthorDecision } from '../components/author-decision';

export const meta = () => [{ title: 'Paper details | IMSE 2025' }];
export const clientLoader = () => requireRole('Author');

export default function PaperDetails() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, setData } = useApi(() => (isId(id) ? getAuthorPaper(id) : Promise.reject(new Error(MESSAGES.badPaperId))), [id]);
  const [editing, setEditing] = useState(false);
  const [abstract, setAbstract] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const deadlines = useApi(getDeadlines, []);

  if (error) {
    return (
      <div className="mx-auto max-w-3xl">
        <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-red-800">{MESSAGES.loadPaperDetailsFailed}</p>
        <Link to="/author/dashboard" className="mt-4 inline-block font-semibold text-brand-700 underline">Back to my papers</Link>
      </div>
    );
  }
  if (!data) return <p className="text-slate-600">Loading paper…</p>;
  const { paper, latestComment } = data;
  const statusText = paper.status ?? authorStatusText(paper.decision);
  const statusTone = paper.decision === 'Accepted' ? 'bg-green-100 text-green-900' : paper.decision === 'Rejected' ? 'bg-red-100 text-red-900' : 'bg-amber-100 text-amber-900';
  const owner = paper.coAuthored !== true;

  const save = async () => {
    const file = fileRef.current?.files?.[0];
    const changed = abstract !== null && abstract !== paper.abstract;
    if (!changed && !file) { toast.info('Nothing to save'); return; }
    setSaving(true);
    try {
      const res = await updateAuthorPaper(paper._id, { abstract: changed ? abstract! : undefined, file });
      setData({ paper: res.paper, latestComment });
      setAbstract(null);
      setEditing(false);
      if (fileRef.current) fileRef.current.value = '';
      toast.success(res.message);
    } catch (err) {
      if (isSessionExpired(err)) { navigate(LOGIN_FIRST); return; }
      toast.error(messageOf(err, 'Could not save the paper. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <Link to="/author/dashboard" className="text-sm font-semibold text-brand-700 underline">← My Research Papers</Link>
      <h1 className="text-2xl font-bold text-brand-900">{paper.title}</h1>
      <dl className="grid gap-3 rounded-xl border border-slate-200 bg-white p-5 text-sm sm:grid-cols-2">
        <div><dt className="font-medium text-slate-600">Paper ID</dt><dd className="break-all font-mono">{paper._id}</dd></div>
        <div><dt className="font-medium text-slate-600">Author ID</dt><dd className="break-all font-mono">{paper.author}</dd></div>
        <div><dt className="font-medium text-slate-600">Key tags</dt><dd>{paper.keywords.join(', ') || '—'}</dd></div>
        <div><dt className="font-medium text-slate-600">Submitted</dt><dd>{formatDate(paper.submittedAt)}</dd></div>
        <div><dt className="font-medium text-slate-600">Status</dt><dd><span data-testid="paper-status" className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTone}`}>{statusText}</span></dd></div>
        <div><dt className="font-medium text-slate-600">Registration</dt><dd><RegistrationBadge paperId={paper._id} as="Author" /></dd></div>
      </dl>
      <AuthorDecision paper={paper} />
      {paper.decision === 'Accepted' && owner ? (
        <AuthorCameraReady paper={paper} deadline={deadlines.data?.cameraReadyDeadline ?? null}
          onUploaded={(updated) => setData({ paper: { ...updated, decision: updated.decision ?? paper.decision, status: updated.status ?? paper.status, reviews: updated.reviews ?? paper.reviews }, latestComment })} />
      ) : null}
      <div>
        <label htmlFor="abstract" className="block font-semibold text-brand-900">Abstract</label>
        <textarea id="abstract" rows={8} disabled={!editing || paper.coAuthored === true} value={abstract ?? paper.abstract} maxLength={5000}
          onChange={(e) => setAbstract(e.target.value)}
          className="mt-2 w-full rounded-md border border-slate-300 px-3 py-2 disabled:bg-slate-50 disabled:text-slate-800" />
      </div>
      <div>
        <label htmlFor="pdf" className="block font-semibold text-brand-900">Upload a new version (PDF)</label>
        <input id="pdf" ref={fileRef} type="file" accept="application/pdf,.pdf" disabled={!editing} className="mt-2 block w-full text-sm disabled:opacity-60" />
        {paper.pdfVersions?.length ? (
          <ul className="mt-2 space-y-1 text-sm text-slate-700" aria-label="PDF versions">
            {paper.pdfVersions.map((v) => (
              <li key={v.version}>Version {v.version}: <a className="text-brand-700 underline" href={v.url} target="_blank" rel="noopener noreferrer">{v.fileName}</a> ({Math.ceil(v.size / 1024)} KB, {formatDateTime(v.uploadedAt)})</li>
            ))}
          </ul>
        ) : null}
      </div>
      <CoAuthorsPanel paper={paper} />
      {owner ? <AuthorConflicts paperId={paper._id} /> : null}
      <section aria-labelledby="comment-heading" className="rounded-xl bg-brand-50 p-5">
        <h2 id="comment-heading" className="font-semibold text-brand-900">Latest reviewer comment</h2>
        {latestComment ? (
          <>
            <p className="mt-2 whitespace-pre-wrap">{latestComment.comment}</p>
            <p className="mt-1 text-sm text-slate-600"><time dateTime={latestComment.commentedAt}>{formatDateTime(latestComment.commentedAt)}</time></p>
          </>
        ) : <p className="mt-2 text-slate-700">{MESSAGES.noComment}</p>}
      </section>
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={() => setEditing(true)} disabled={editing} className="rounded-md border border-brand-700 px-5 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50">Edit</button>
        {paper.pdf ? (
          <a href={paper.pdf} target="_blank" rel="noopener noreferrer" className="rounded-md border border-brand-700 px-5 py-2 font-semibold text-brand-700 hover:bg-brand-50">View PDF</a>
        ) : null}
        <button type="button" onClick={save} disabled={!editing || saving} className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-50">
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </article>
  );
}
