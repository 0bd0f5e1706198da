import { useEffect, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { toast } from 'sonner';
import { isId } from '../../../core/ids';
import { MESSAGES } from '../../../core/messages';
import type { CoAuthor } from '../../../core/schemas/accounts';
import { UpdatePaperFields, type PaperJson, type PaperSavedResponse } from '../../../core/schemas/paper';
import { saveCoAuthors } from '../../api/accounts';
import { getAuthorPaper, updateAuthorPaper, withdrawPaper } from '../../api/submissions';
import { getTracks } from '../../api/tracks';
import { getPaperRegistration } from '../../api/programme';
import { formatDate, formatDateTime, formatSize } from '../../lib/format';
import { requireRole } from '../../lib/session';
import { RegistrationBadge } from '../../components/registration-badge';
import { PaperStateBadge } from '../../components/status-badge';
import { PaperPdfViewer } from '../../components/paper-pdf-viewer';
import { CoAuthorsPanel } from './co-authors-panel';
import { getDeadlines, getDeclaredConflicts, setDeclaredConflicts } from '../../api/review';
import { AuthorCameraReady } from './author-camera-ready';
import { AuthorSlides } from './author-slides';
import { getPaperSlides } from '../../api/proceedings';
import { AuthorConflicts } from './author-conflicts';
import { AuthorDecision } from './author-decision';
import { AuthorResponsePanel, authorResponseAction, readAuthorResponse, type AuthorResponseIntent } from './author-response-panel';
import { FreeKeywordsField, splitKeywords, TagButtons, topicsIn, TrackSelect } from './tag-buttons';
import { actOr, jsonBody, loadPart, revalidateAfterSuccess, RouteError, type ActionResult } from '../../lib/route-data';
import { Alert } from '../../components/ui/alert';
import { Field } from '../../components/ui/field';
import { Button, ButtonAnchor } from '../../components/ui/button';
import { Card, cardClass } from '../../components/ui/card';
import type { Route } from './+types/paper-details';
import { appTitle } from '../../lib/seo';
import { preflightNewVersion } from '../../api/preflight';
import { PreflightFindings } from '../../components/preflight-findings';
import type { PreflightResponse } from '../../../core/api/preflight';
import { messageOf } from '../../api/client';

export const meta = () => [{ title: appTitle('Paper details') }];

/** docs/product.md#validation-and-messages: any failure to read the paper says 'Failed to load paper details' (the redirect to log in passes). */
const detailsFailed = (err: unknown): never => {
  if (err instanceof Response) throw err;
  console.error(err);
  throw new Error(MESSAGES.loadPaperDetailsFailed);
};

/**
 * The paper with its latest comment, and beside it what may fail without hiding the page: the deadlines,
 * the registration badge, the response to the reviews (unless it was withdrawn) and (for the submitting author)
 * the declared conflicts and the tracks to move it to.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  requireRole('Author');
  const { id } = params;
  const detail = (isId(id) ? getAuthorPaper(id) : Promise.reject(new Error(MESSAGES.badPaperId))).catch(detailsFailed);
  const [{ paper, latestComment }, deadlines, registration, conflicts, tracks, response] = await Promise.all([
    detail,
    loadPart(getDeadlines(), null),
    loadPart(getPaperRegistration(id), null),
    detail.then((d) =>
      d.paper.coAuthored === true
        ? null
        : loadPart(getDeclaredConflicts(id), null, 'Your declared conflicts could not be loaded. Please reload the page.'),
    ),
    detail.then((d) => (d.paper.coAuthored === true ? null : loadPart(getTracks(), []))),
    detail.then((d) => (d.paper.withdrawnAt ? null : readAuthorResponse(id))),
  ]);
  // An accepted paper's presentation slides (decision 0066), for any of its authors.
  const slides =
    paper.decision === 'Accepted' && !paper.withdrawnAt
      ? await loadPart(
          getPaperSlides(id).then((r) => r.slides),
          null,
        )
      : null;
  return {
    paper,
    latestComment,
    submissionDeadline: deadlines.data?.submissionDeadline ?? null,
    tracks: tracks?.data ?? [],
    cameraReadyDeadline: deadlines.data?.cameraReadyDeadline ?? null,
    registered: registration.data?.registered ?? null,
    conflicts: conflicts?.data?.emails ?? null,
    conflictsError: conflicts?.error ?? null,
    response,
    slides,
  };
}

type PaperIntent =
  | { intent: 'co-authors'; coAuthors: CoAuthor[] }
  | { intent: 'conflicts'; emails: string[] }
  | { intent: 'withdraw' }
  | AuthorResponseIntent;

/** A text field of the revision form, when it was sent. */
const textOf = (form: FormData, key: string): string | undefined => {
  const value = form.get(key);
  return typeof value === 'string' ? value : undefined;
};
/** A list of the revision form, when it was sent (one empty value: the empty list). */
const listOf = (form: FormData, key: string): string[] | undefined =>
  form.has(key) ? form.getAll(key).filter((v): v is string => typeof v === 'string' && v !== '') : undefined;

/**
 * The page's writes: the paper's description and a new PDF (multipart), the co-authors, the declared conflicts and
 * the withdrawal and the response to the reviews (JSON, by `intent`). The camera-ready upload reports progress and is a direct call (AuthorCameraReady).
 */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const { id } = params;
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) {
    const form = await request.formData();
    const file = form.get('file');
    const changes = {
      title: textOf(form, 'title'),
      abstract: textOf(form, 'abstract'),
      track: textOf(form, 'track'),
      keywords: listOf(form, 'keywords'),
      freeKeywords: listOf(form, 'freeKeywords'),
      file: file instanceof File ? file : undefined,
    };
    return actOr(updateAuthorPaper(id, changes), 'Could not save the paper. Please try again.', 'paper');
  }
  const body = await jsonBody<PaperIntent>(request);
  switch (body.intent) {
    case 'co-authors':
      return actOr(saveCoAuthors(id, body.coAuthors), 'Could not save the co-authors. Please try again.', body.intent);
    case 'conflicts':
      return actOr(setDeclaredConflicts(id, body.emails), 'Your conflicts could not be saved. Please try again.', body.intent);
    case 'withdraw':
      return actOr(withdrawPaper(id), 'Could not withdraw the paper. Please try again.', body.intent);
    case 'response':
      return authorResponseAction(id, body);
  }
}

export const shouldRevalidate = revalidateAfterSuccess;

/** Rows enough for a read-only abstract at about 60 characters a line: every paragraph shown, none cut off. */
const readRows = (text: string) =>
  Math.max(
    3,
    text.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil(line.length / 60)), 0),
  );

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <RouteError />
      <Link to="/author/dashboard" className="inline-block text-sm font-semibold text-brand-700 underline">
        ← My Research Papers
      </Link>
    </div>
  );
}

/** The description as the edit form holds it: the free keywords as one line. */
interface Draft {
  title: string;
  abstract: string;
  track: string;
  keywords: string[];
  freeKeywords: string;
}
const draftOf = (paper: PaperJson): Draft => ({
  title: paper.title,
  abstract: paper.abstract,
  track: paper.track?.id ?? '',
  keywords: paper.keywords,
  freeKeywords: (paper.freeKeywords ?? []).join(', '),
});
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export default function PaperDetails({ loaderData }: Route.ComponentProps) {
  const { paper, latestComment, submissionDeadline, tracks, cameraReadyDeadline, registered, conflicts, conflictsError, response, slides } =
    loaderData;
  const fetcher = useFetcher<ActionResult<PaperSavedResponse>>();
  const [editing, setEditing] = useState(false);
  const [metadataWarning, setMetadataWarning] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(paper));
  const [formError, setFormError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  // Decision 0072: a new version is checked against the track's rules as soon as it is chosen.
  const [check, setCheck] = useState<{ busy: true } | { busy: false; result: PreflightResponse | null; error: string | null } | null>(null);
  const checkSeq = useRef(0);
  const checkVersion = (file: File | null) => {
    const seq = ++checkSeq.current;
    if (!file || file.size === 0) {
      setCheck(null);
      return;
    }
    setCheck({ busy: true });
    preflightNewVersion(paper._id, file).then(
      (result) => seq === checkSeq.current && setCheck({ busy: false, result, error: null }),
      (err: unknown) =>
        seq === checkSeq.current &&
        setCheck({
          busy: false,
          result: null,
          error: `Your PDF could not be checked now (${messageOf(err, 'please try again')}); it will be checked when you save.`,
        }),
    );
  };
  const saving = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const owner = paper.coAuthored !== true;
  const withdrawn = Boolean(paper.withdrawnAt);
  // docs/product.md#assignments-declines-and-withdrawals: the description is the submitting author's to change until the submission deadline.
  const descriptionOpen = owner && !withdrawn && !(submissionDeadline && Date.now() > Date.parse(submissionDeadline));
  const describing = editing && descriptionOpen;
  const draftTrack = tracks.find((t) => t.id === draft.track);

  // After a save the loader has read the paper again: leave edit mode and say what the server said.
  useEffect(() => {
    if (!result) return;
    if (!result.ok) {
      toast.error(result.error);
      return;
    }
    setDraft(draftOf(result.data.paper));
    setEditing(false);
    if (fileRef.current) fileRef.current.value = '';
    setCheck(null);
    toast.success(result.data.message);
    setMetadataWarning(result.data.metadataWarning ?? null);
  }, [result]);

  const edit = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const chooseTrack = (track: string) =>
    edit({
      track,
      keywords: topicsIn(
        tracks.find((t) => t.id === track),
        draft.keywords,
      ),
    });

  const save = () => {
    setFormError(null);
    const file = fileRef.current?.files?.[0];
    const form = new FormData();
    if (describing) {
      const freeKeywords = splitKeywords(draft.freeKeywords);
      const parsed = UpdatePaperFields.safeParse({
        title: draft.title,
        abstract: draft.abstract,
        track: draft.track,
        keywords: draft.keywords,
        freeKeywords,
      });
      if (!parsed.success) {
        setFormError(parsed.error.issues[0]?.message ?? "Please check the paper's details");
        return;
      }
      const next = parsed.data;
      const trackChanged = next.track !== paper.track?.id;
      if (next.title !== paper.title) form.append('title', next.title!);
      if (next.abstract !== paper.abstract) form.append('abstract', next.abstract!);
      if (trackChanged) form.append('track', next.track!);
      // A new track checks the topics again: they are sent with it.
      if (trackChanged || !sameList(next.keywords!, paper.keywords)) appendList(form, 'keywords', next.keywords!);
      if (!sameList(next.freeKeywords!, paper.freeKeywords ?? [])) appendList(form, 'freeKeywords', next.freeKeywords!);
    }
    if (file) form.append('file', file);
    if ([...form.keys()].length === 0) {
      toast.info('Nothing to save');
      return;
    }
    fetcher.submit(form, { method: 'post', encType: 'multipart/form-data' });
  };

  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <Link to="/author/dashboard" className="text-sm font-semibold text-brand-700 underline">
        ← My Research Papers
      </Link>
      <h1 className="text-2xl font-bold text-brand-900">{paper.title}</h1>
      {withdrawn ? (
        <Alert tone="warning">
          You withdrew this paper on {formatDateTime(paper.withdrawnAt!)}. It is no longer reviewed, and its reviewers were told.
        </Alert>
      ) : null}
      <dl className={cardClass('grid gap-3 text-sm sm:grid-cols-2')}>
        <div>
          <dt className="font-medium text-slate-600">Paper ID</dt>
          <dd className="break-all font-mono">{paper._id}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Author ID</dt>
          <dd className="break-all font-mono">{paper.author}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Track</dt>
          <dd>{paper.track?.name || '—'}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Key tags</dt>
          <dd>{paper.keywords.join(', ') || '—'}</dd>
        </div>
        {paper.freeKeywords?.length ? (
          <div>
            <dt className="font-medium text-slate-600">Your keywords</dt>
            <dd>{paper.freeKeywords.join(', ')}</dd>
          </div>
        ) : null}
        <div>
          <dt className="font-medium text-slate-600">Submitted</dt>
          <dd>{formatDate(paper.submittedAt)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Status</dt>
          <dd data-testid="paper-status">
            <PaperStateBadge paper={paper} />
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">Registration</dt>
          <dd>
            <RegistrationBadge registered={registered} />
          </dd>
        </div>
      </dl>
      <AuthorDecision paper={paper} />
      {withdrawn || !response ? null : <AuthorResponsePanel key={paper._id} read={response} />}
      {paper.decision === 'Accepted' && owner ? <AuthorCameraReady paper={paper} deadline={cameraReadyDeadline} /> : null}
      {slides && !slides.error ? <AuthorSlides paperId={paper._id} slides={slides.data} /> : null}
      {describing ? (
        <section aria-labelledby="describe-heading" className={cardClass('space-y-5')}>
          <h2 id="describe-heading" className="font-semibold text-brand-900">
            Paper details
          </h2>
          <Field id="title" label="Title" value={draft.title} required maxLength={300} onChange={(e) => edit({ title: e.target.value })} />
          <TrackSelect tracks={tracks} value={draft.track} current={paper.track?.id} onChange={chooseTrack} />
          <TagButtons topics={draftTrack ? draftTrack.topics : null} value={draft.keywords} onChange={(keywords) => edit({ keywords })} />
          <FreeKeywordsField value={draft.freeKeywords} onChange={(freeKeywords) => edit({ freeKeywords })} />
        </section>
      ) : null}
      {editing && owner && !withdrawn && !descriptionOpen ? (
        <Alert tone="info">
          {MESSAGES.submissionsClosed}: the title, abstract, track and topics can no longer be changed. You can still upload a new version
          of the PDF.
        </Alert>
      ) : null}
      <div>
        <label htmlFor="abstract" className="block font-semibold text-brand-900">
          Abstract
        </label>
        {/* Read only, the box is as tall as its text (it used to clip it); rows is the fallback where field-sizing is unknown. */}
        <textarea
          id="abstract"
          rows={describing ? 8 : readRows(paper.abstract)}
          disabled={!describing}
          value={describing ? draft.abstract : paper.abstract}
          maxLength={5000}
          onChange={(e) => edit({ abstract: e.target.value })}
          className="mt-2 w-full rounded-md border border-slate-300 px-3 py-2 disabled:resize-none disabled:bg-slate-50 disabled:text-slate-800 disabled:[field-sizing:content]"
        />
      </div>
      <div>
        {withdrawn ? (
          <h2 className="font-semibold text-brand-900">PDF</h2>
        ) : (
          <>
            <label htmlFor="pdf" className="block font-semibold text-brand-900">
              Upload a new version (PDF)
            </label>
            <input
              id="pdf"
              ref={fileRef}
              type="file"
              accept="application/pdf,.pdf"
              disabled={!editing}
              className="mt-2 block w-full text-sm disabled:opacity-60"
              onChange={(e) => checkVersion(e.currentTarget.files?.[0] ?? null)}
            />
            <div className="mt-2">
              <PreflightFindings state={check} />
            </div>
          </>
        )}
        <Alert tone="warning" className="mt-2">
          {metadataWarning}
        </Alert>
        {paper.pdfVersions?.length ? (
          <ul className="mt-2 space-y-1 text-sm text-slate-700" aria-label="PDF versions">
            {paper.pdfVersions.map((v) => (
              <li key={v.version}>
                Version {v.version}:{' '}
                <a className="text-brand-700 underline" href={v.url} target="_blank" rel="noopener noreferrer">
                  {v.fileName}
                </a>{' '}
                ({formatSize(v.size)}, {formatDateTime(v.uploadedAt)})
              </li>
            ))}
          </ul>
        ) : null}
        {/* Decision 0024: the latest version, read in the page as the reviewers read it. */}
        <div className="mt-3">
          <PaperPdfViewer url={paper.pdf} title={paper.title} />
        </div>
      </div>
      <Alert>{formError}</Alert>
      <div className="flex flex-wrap gap-3">
        {withdrawn ? null : (
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(draftOf(paper));
              setEditing(true);
            }}
            disabled={editing}
          >
            Edit
          </Button>
        )}
        {paper.pdf ? (
          <ButtonAnchor variant="secondary" href={paper.pdf} target="_blank" rel="noopener noreferrer">
            View PDF
          </ButtonAnchor>
        ) : null}
        {withdrawn ? null : (
          <Button onClick={save} disabled={!editing || saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        )}
        {editing ? (
          <Button
            variant="quiet"
            onClick={() => {
              setEditing(false);
              setFormError(null);
              setDraft(draftOf(paper));
            }}
            disabled={saving}
          >
            Cancel
          </Button>
        ) : null}
      </div>
      <CoAuthorsPanel paper={paper} />
      {owner ? <AuthorConflicts saved={conflicts} loadError={conflictsError} /> : null}
      <section aria-labelledby="comment-heading" className="rounded-xl bg-brand-50 p-5">
        <h2 id="comment-heading" className="font-semibold text-brand-900">
          Latest reviewer comment
        </h2>
        {latestComment ? (
          <>
            <p className="mt-2 whitespace-pre-wrap">{latestComment.comment}</p>
            <p className="mt-1 text-sm text-slate-600">
              <time dateTime={latestComment.commentedAt}>{formatDateTime(latestComment.commentedAt)}</time>
            </p>
          </>
        ) : (
          <p className="mt-2 text-slate-700">{MESSAGES.noComment}</p>
        )}
      </section>
      {/* Still mounted once withdrawn (it renders nothing then): its answer's toast comes after the page reloads the paper. */}
      {owner && (withdrawn || !paper.decision) ? <WithdrawPanel paper={paper} /> : null}
    </article>
  );
}

/** A list of the revision form: one empty value stands for the empty list. */
function appendList(form: FormData, key: string, list: string[]) {
  if (list.length === 0) form.append(key, '');
  for (const item of list) form.append(key, item);
}

/** Withdrawing (docs/product.md#assignments-declines-and-withdrawals): the submitting author, before a decision, after a confirmation. */
function WithdrawPanel({ paper }: { paper: PaperJson }) {
  const fetcher = useFetcher<ActionResult<PaperSavedResponse>>();
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;

  useEffect(() => {
    if (!result) return;
    if (result.ok) toast.success(result.data.message);
    setConfirming(false);
  }, [result]);

  if (paper.withdrawnAt) return null;
  return (
    <Card aria-labelledby="withdraw-heading">
      <h2 id="withdraw-heading" className="font-semibold text-brand-900">
        Withdraw this paper
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Until a decision is taken you can withdraw the paper: it leaves the review, and its reviewers and co-authors are told by e-mail.
        This cannot be undone.
      </p>
      {result && !result.ok ? <Alert className="mt-3">{result.error}</Alert> : null}
      {confirming ? (
        <div role="group" aria-labelledby="withdraw-confirm" className="mt-3 space-y-3 rounded-md border border-red-200 bg-red-50 p-4">
          <p id="withdraw-confirm" className="text-sm font-semibold text-red-900">
            Withdraw “{paper.title}” for good?
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              size="sm"
              disabled={busy}
              aria-busy={busy}
              onClick={() => fetcher.submit({ intent: 'withdraw' }, { method: 'post', encType: 'application/json' })}
            >
              {busy ? 'Withdrawing…' : 'Yes, withdraw the paper'}
            </Button>
            <Button variant="quiet" size="sm" disabled={busy} onClick={() => setConfirming(false)}>
              Keep the paper
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="danger" size="sm" className="mt-3" onClick={() => setConfirming(true)}>
          Withdraw paper
        </Button>
      )}
    </Card>
  );
}
