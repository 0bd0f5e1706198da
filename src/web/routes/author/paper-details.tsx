import { useEffect, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { toast } from 'sonner';
import { isId } from '../../../core/ids';
import { MESSAGES } from '../../../core/messages';
import type { CoAuthor } from '../../../core/schemas/accounts';
import type { PaperSavedResponse } from '../../../core/schemas/paper';
import { saveCoAuthors } from '../../api/accounts';
import { getAuthorPaper, updateAuthorPaper } from '../../api/submissions';
import { getPaperRegistration } from '../../api/program';
import { formatDate, formatDateTime } from '../../lib/format';
import { requireRole } from '../../lib/session';
import { RegistrationBadge } from '../../components/registration-badge';
import { PaperStateBadge } from '../../components/status-badge';
import { CoAuthorsPanel } from './co-authors-panel';
import { getDeadlines, getDeclaredConflicts, setDeclaredConflicts } from '../../api/review';
import { AuthorCameraReady } from './author-camera-ready';
import { AuthorConflicts } from './author-conflicts';
import { AuthorDecision } from './author-decision';
import { actOr, jsonBody, loadPart, revalidateAfterSuccess, RouteError, type ActionResult } from '../../lib/route-data';
import { Alert } from '../../components/ui/alert';
import { Button, ButtonAnchor } from '../../components/ui/button';
import { cardClass } from '../../components/ui/card';
import type { Route } from './+types/paper-details';

export const meta = () => [{ title: 'Paper details | IMSE 2025' }];

/** SPEC §8: any failure to read the paper says 'Failed to load paper details' (the redirect to log in passes). */
const detailsFailed = (err: unknown): never => {
  if (err instanceof Response) throw err;
  console.error(err);
  throw new Error(MESSAGES.loadPaperDetailsFailed);
};

/**
 * The paper with its latest comment, and beside it what may fail without hiding the page: the deadlines,
 * the registration badge and (for the submitting author) the declared conflicts.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  requireRole('Author');
  const { id } = params;
  const detail = (isId(id) ? getAuthorPaper(id) : Promise.reject(new Error(MESSAGES.badPaperId))).catch(detailsFailed);
  const [{ paper, latestComment }, deadlines, registration, conflicts] = await Promise.all([
    detail,
    loadPart(getDeadlines(), null),
    loadPart(getPaperRegistration(id), null),
    detail.then((d) => (d.paper.coAuthored === true ? null
      : loadPart(getDeclaredConflicts(id), null, 'Your declared conflicts could not be loaded. Please reload the page.'))),
  ]);
  return {
    paper,
    latestComment,
    cameraReadyDeadline: deadlines.data?.cameraReadyDeadline ?? null,
    registered: registration.data?.registered ?? null,
    conflicts: conflicts?.data?.emails ?? null,
    conflictsError: conflicts?.error ?? null,
  };
}

type PaperIntent = { intent: 'co-authors'; coAuthors: CoAuthor[] } | { intent: 'conflicts'; emails: string[] };

/**
 * The page's writes: the abstract and a new PDF (multipart), the co-authors and the declared conflicts (JSON,
 * by `intent`). The camera-ready upload reports progress and is a direct call (AuthorCameraReady).
 */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const { id } = params;
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) {
    const form = await request.formData();
    const abstract = form.get('abstract');
    const file = form.get('file');
    return actOr(updateAuthorPaper(id, { abstract: typeof abstract === 'string' ? abstract : undefined, file: file instanceof File ? file : undefined }),
      'Could not save the paper. Please try again.', 'paper');
  }
  const body = await jsonBody<PaperIntent>(request);
  switch (body.intent) {
    case 'co-authors': return actOr(saveCoAuthors(id, body.coAuthors), 'Could not save the co-authors. Please try again.', body.intent);
    case 'conflicts': return actOr(setDeclaredConflicts(id, body.emails), 'Your conflicts could not be saved. Please try again.', body.intent);
  }
}

export const shouldRevalidate = revalidateAfterSuccess;

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <RouteError />
      <Link to="/author/dashboard" className="inline-block font-semibold text-brand-700 underline">Back to my papers</Link>
    </div>
  );
}

export default function PaperDetails({ loaderData }: Route.ComponentProps) {
  const { paper, latestComment, cameraReadyDeadline, registered, conflicts, conflictsError } = loaderData;
  const fetcher = useFetcher<ActionResult<PaperSavedResponse>>();
  const [editing, setEditing] = useState(false);
  const [metadataWarning, setMetadataWarning] = useState<string | null>(null);
  const [abstract, setAbstract] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const saving = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const owner = paper.coAuthored !== true;

  // After a save the loader has read the paper again: leave edit mode and say what the server said.
  useEffect(() => {
    if (!result) return;
    if (!result.ok) { toast.error(result.error); return; }
    setAbstract(null);
    setEditing(false);
    if (fileRef.current) fileRef.current.value = '';
    toast.success(result.data.message);
    setMetadataWarning(result.data.metadataWarning ?? null);
  }, [result]);

  const save = () => {
    const file = fileRef.current?.files?.[0];
    const changed = abstract !== null && abstract !== paper.abstract;
    if (!changed && !file) { toast.info('Nothing to save'); return; }
    const form = new FormData();
    if (changed) form.append('abstract', abstract);
    if (file) form.append('file', file);
    fetcher.submit(form, { method: 'post', encType: 'multipart/form-data' });
  };

  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <Link to="/author/dashboard" className="text-sm font-semibold text-brand-700 underline">← My Research Papers</Link>
      <h1 className="text-2xl font-bold text-brand-900">{paper.title}</h1>
      <dl className={cardClass('grid gap-3 text-sm sm:grid-cols-2')}>
        <div><dt className="font-medium text-slate-600">Paper ID</dt><dd className="break-all font-mono">{paper._id}</dd></div>
        <div><dt className="font-medium text-slate-600">Author ID</dt><dd className="break-all font-mono">{paper.author}</dd></div>
        <div><dt className="font-medium text-slate-600">Key tags</dt><dd>{paper.keywords.join(', ') || '—'}</dd></div>
        <div><dt className="font-medium text-slate-600">Submitted</dt><dd>{formatDate(paper.submittedAt)}</dd></div>
        <div><dt className="font-medium text-slate-600">Status</dt><dd data-testid="paper-status"><PaperStateBadge paper={paper} /></dd></div>
        <div><dt className="font-medium text-slate-600">Registration</dt><dd><RegistrationBadge registered={registered} /></dd></div>
      </dl>
      <AuthorDecision paper={paper} />
      {paper.decision === 'Accepted' && owner ? <AuthorCameraReady paper={paper} deadline={cameraReadyDeadline} /> : null}
      <div>
        <label htmlFor="abstract" className="block font-semibold text-brand-900">Abstract</label>
        <textarea id="abstract" rows={8} disabled={!editing || !owner} value={abstract ?? paper.abstract} maxLength={5000}
          onChange={(e) => setAbstract(e.target.value)}
          className="mt-2 w-full rounded-md border border-slate-300 px-3 py-2 disabled:bg-slate-50 disabled:text-slate-800" />
      </div>
      <div>
        <label htmlFor="pdf" className="block font-semibold text-brand-900">Upload a new version (PDF)</label>
        <input id="pdf" ref={fileRef} type="file" accept="application/pdf,.pdf" disabled={!editing} className="mt-2 block w-full text-sm disabled:opacity-60" />
        <Alert tone="warning" className="mt-2">{metadataWarning}</Alert>
        {paper.pdfVersions?.length ? (
          <ul className="mt-2 space-y-1 text-sm text-slate-700" aria-label="PDF versions">
            {paper.pdfVersions.map((v) => (
              <li key={v.version}>Version {v.version}: <a className="text-brand-700 underline" href={v.url} target="_blank" rel="noopener noreferrer">{v.fileName}</a> ({Math.ceil(v.size / 1024)} KB, {formatDateTime(v.uploadedAt)})</li>
            ))}
          </ul>
        ) : null}
      </div>
      <CoAuthorsPanel paper={paper} />
      {owner ? <AuthorConflicts saved={conflicts} loadError={conflictsError} /> : null}
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
        <Button variant="secondary" onClick={() => setEditing(true)} disabled={editing}>Edit</Button>
        {paper.pdf ? <ButtonAnchor variant="secondary" href={paper.pdf} target="_blank" rel="noopener noreferrer">View PDF</ButtonAnchor> : null}
        <Button onClick={save} disabled={!editing || saving}>{saving ? 'Saving…' : 'Save'}</Button>
      </div>
    </article>
  );
}
