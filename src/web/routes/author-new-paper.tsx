import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MESSAGES } from '../../core/messages';
import { NewPaperFields } from '../../core/schemas/paper';
import { messageOf, session } from '../api/client';
import { getDeadlines, submitPaperWithProgress } from '../api/review-cycle';
import { formatDateTime } from '../components/format';
import { UploadProgress } from '../components/upload-progress';
import { useApi } from '../components/use-api';
import { isSessionExpired, LOGIN_FIRST, requireRole } from '../components/session';
import { TagButtons } from '../components/tag-buttons';
import { CoAuthorFields } from '../components/co-author-fields';
import { CoAuthorList, type CoAuthor } from '../../core/schemas/accounts';

export const meta = () => [{ title: 'New paper | IMSE 2025' }];
export const clientLoader = () => requireRole('Author');

const input = 'mt-1 w-full rounded-md border border-slate-300 px-3 py-2 focus:border-brand-600';

export default function NewPaper() {
  const navigate = useNavigate();
  const [keywords, setKeywords] = useState<string[]>([]);
  const [coAuthors, setCoAuthors] = useState<CoAuthor[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const deadlines = useApi(getDeadlines, []);
  const deadline = deadlines.data?.submissionDeadline ?? null;
  const closed = Boolean(deadline && Date.now() > Date.parse(deadline));

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    setError(null);
    if (!session.token()) {
      window.alert(MESSAGES.pleaseLogin);
      navigate('/login');
      return;
    }
    const f = new FormData(e.currentTarget);
    const file = f.get('file');
    const parsed = NewPaperFields.safeParse({ title: f.get('title'), abstract: f.get('abstract'), keywords });
    if (!parsed.success) { setError(parsed.error.issues[0]?.message ?? MESSAGES.submissionFailed); return; }
    if (!(file instanceof File) || file.size === 0) { setError('Please attach the paper as a PDF file'); return; }
    const authors = CoAuthorList.safeParse(coAuthors);
    if (!authors.success) { setError(authors.error.issues[0]?.message ?? MESSAGES.submissionFailed); return; }
    setBusy(true);
    setProgress({ sent: 0, total: file.size });
    try {
      const res = await submitPaperWithProgress({ ...parsed.data, file, coAuthors: authors.data }, (sent, total) => setProgress({ sent, total }));
      toast.success(res.message || MESSAGES.paperSubmitted);
      navigate('/author/dashboard');
    } catch (err) {
      if (isSessionExpired(err)) { navigate(LOGIN_FIRST); return; }
      setProgress(null);
      const message = messageOf(err, MESSAGES.submissionFailed);
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-brand-900">New paper</h1>
      {deadline && !closed ? (
        <p className="mt-2 text-slate-700">Submission deadline: <time dateTime={deadline} className="font-semibold">{formatDateTime(deadline)}</time></p>
      ) : null}
      {deadlines.loading && !deadlines.data ? <p className="mt-6 text-slate-600">Loading…</p> : closed ? (
        <div role="alert" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-6 text-amber-900">
          <p className="text-lg font-semibold">{MESSAGES.submissionsClosed}</p>
          <p className="mt-1">The submission deadline was {formatDateTime(deadline!)}. You can still follow your submitted papers on <Link to="/author/dashboard" className="font-semibold underline">your dashboard</Link>.</p>
        </div>
      ) : (
      <form className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" onSubmit={onSubmit}>
        <div>
          <label htmlFor="title" className="block text-sm font-medium text-slate-700">Title</label>
          <input id="title" name="title" required maxLength={300} className={input} />
        </div>
        <div>
          <label htmlFor="abstract" className="block text-sm font-medium text-slate-700">Abstract</label>
          <textarea id="abstract" name="abstract" required maxLength={5000} rows={8} className={input} />
        </div>
        <TagButtons value={keywords} onChange={setKeywords} />
        <div>
          <label htmlFor="file" className="block text-sm font-medium text-slate-700">Paper (PDF)</label>
          <input id="file" name="file" type="file" accept="application/pdf,.pdf" required className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800" />
        </div>
        <CoAuthorFields value={coAuthors} onChange={setCoAuthors} />
        {progress ? <UploadProgress sent={progress.sent} total={progress.total} label="Paper upload" /> : null}
        {error ? <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p> : null}
        <button type="submit" disabled={busy} aria-busy={busy} className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
          {busy ? 'Submitting...' : 'Submit Paper'}
        </button>
      </form>
      )}
    </div>
  );
}
