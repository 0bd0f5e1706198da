import { useEffect, useId } from 'react';
import { Form, Link, useFetcher } from 'react-router';
import { toast } from 'sonner';
import { isId } from '../../../../core/ids';
import { mailFailed, MESSAGES } from '../../../../core/messages';
import type { ConflictedReviewerJson } from '../../../../core/schemas/editor-stats';
import type { PaperJson } from '../../../../core/schemas/paper';
import { RANKED_PAGE_SIZE, type AssignedReviewerJson, type RankedReviewersJson } from '../../../../core/schemas/ranked-reviewers';
import type { EditorReviewJson } from '../../../../core/schemas/review-cycle';
import { getEditorPaper, getRankedReviewers, sendMail, sendPaper, unassignReviewer } from '../../../api/assignment';
import { getInvitationMails } from '../../../api/editor-desk';
import type { MailStateName } from '../../../../core/mail-states';
import { getPaperReviews, setDecision } from '../../../api/review';
import type { DecisionBody } from '../../../components/editor-decision-control';
import { PaperPdfViewer } from '../../../components/paper-pdf-viewer';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { actOr, jsonBody, loadPart, pagesShown, useShowMore } from '../../../lib/route-data';
import { requireRole } from '../../../lib/session';
import { AssignedReviewers, PaperDetails } from './chair-paper-details';
import { EditorReviewPanel } from './editor-review-panel';
import { EditorSlides } from './editor-slides';
import { getEditorPaperSlides } from '../../../api/proceedings';
import type { PaperSlidesJson } from '../../../../core/schemas/proceedings';
import { MetaReviewPanel, metaReviewAction, readMetaReview, type MetaReviewIntent, type MetaReviewRead } from './meta-review-panel';
import { discussionAction, readDiscussion, type DiscussionIntent, type DiscussionRead } from '../../reviewer/discussion-panel';
import { ConflictedReviewerList, RankedReviewerCard, type CardIntent } from './ranked-reviewer-list';
import type { Route } from './+types/editor-view-more';
import { appTitle } from '../../../lib/seo';
import { getFormatReport } from '../../../api/preflight';
import { FormatReport, type FormatReportJson } from './format-report';

export const meta = () => [{ title: appTitle('Suggested reviewers') }];

const EMPTY = {
  badId: false,
  paper: null,
  paperError: null,
  ranked: null,
  rankedError: null,
  reviews: [],
  panelError: null,
  q: '',
  pages: 1,
  invitations: {},
  meta: null,
  discussion: null,
  slides: null,
  format: null,
};
type LoaderData = {
  badId: boolean;
  paper: PaperJson | null;
  paperError: string | null;
  ranked: RankedReviewersJson | null;
  rankedError: string | null;
  reviews: EditorReviewJson[];
  panelError: string | null;
  q: string;
  pages: number;
  /** The state of each reviewer's newest Send Mail invitation, by reviewer id: the badge follows it (decision 0041). */
  invitations: Record<string, MailStateName>;
  /** The meta-review and the discussion panels' reads (null when the panel is not shown: a conflicted chair). */
  meta: MetaReviewRead | null;
  discussion: DiscussionRead | null;
  /** The presenter's slides (decision 0066), the editor's to remove; null: none, or a track chair. */
  slides: PaperSlidesJson | null;
  /** Decision 0072: what the preflight found in each version; null when it could not be read (a conflicted chair: not asked). */
  format: FormatReportJson | null;
};

/**
 * The chair's paper page (decision 0025): the paper, its ranked reviewers (`?q=` narrows them, `?pages=` shows
 * more), its reviews, the meta-review and the discussion, read at once. A track chair reads the paper first: when
 * they are conflicted with it they see it alone, and nothing asks for its reviewers (the server would refuse).
 */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs): Promise<LoaderData> {
  const user = requireRole('Editor');
  const { paperId } = params;
  if (!isId(paperId)) return { ...EMPTY, badId: true };
  const search = new URL(request.url).searchParams;
  const q = search.get('q')?.trim() ?? '';
  const pages = pagesShown(search);
  const paperRead = loadPart<PaperJson | null>(getEditorPaper(paperId), null, MESSAGES.loadPaperDetailsFailed);
  if (user.chairOnly) {
    const first = await paperRead;
    if (!first.data || first.data.chairConflicted) return { ...EMPTY, paper: first.data, paperError: first.error, q, pages };
  }
  const panel = 'Could not load the reviews. Please try again.';
  // Each part may fail without hiding the others (docs/product.md#validation-and-messages: a failed list load is only logged).
  const [paper, ranked, reviews, invitations, meta, discussion, slides, format] = await Promise.all([
    paperRead,
    loadPart<RankedReviewersJson | null>(
      getRankedReviewers(paperId, { count: RANKED_PAGE_SIZE * pages, q }),
      null,
      'Could not load the reviewers. Please try again.',
    ),
    loadPart<EditorReviewJson[]>(getPaperReviews(paperId), [], panel),
    // Without it the badges show the stored status, as before.
    loadPart(getInvitationMails(paperId), { invitations: [] }),
    readMetaReview(paperId),
    readDiscussion(paperId),
    user.chairOnly
      ? null
      : loadPart(
          getEditorPaperSlides(paperId).then((r) => r.slides),
          null,
        ),
    loadPart<FormatReportJson | null>(getFormatReport(paperId), null),
  ]);
  return {
    badId: false,
    paper: paper.data,
    paperError: paper.error,
    ranked: ranked.data,
    rankedError: ranked.error,
    reviews: reviews.data,
    panelError: reviews.error,
    q,
    pages,
    invitations: Object.fromEntries(invitations.data.invitations.map((i) => [i.reviewerId, i.state])),
    meta,
    discussion,
    slides: slides?.data ?? null,
    format: format.data,
  };
}

type Body =
  | { intent: 'mail' | 'paper'; reviewerId: string; name: string; email: string; paperTitle: string; override?: boolean }
  | { intent: 'unassign'; reviewerId: string; name: string }
  | DecisionBody;

/**
 * Send Mail, Send Paper (with "Assign anyway"), Unassign, the decision, the meta-review and a post to the discussion;
 * the loader then reads the page again.
 */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const body = await jsonBody<Body | MetaReviewIntent | DiscussionIntent>(request);
  const { paperId } = params;
  switch (body.intent) {
    case 'mail': {
      const res = await actOr(
        sendMail(body.email, { name: body.name, paperTitle: body.paperTitle, paperId, reviewerId: body.reviewerId }),
        '',
        body.intent,
      );
      // docs/product.md#validation-and-messages: whatever went wrong, the editor reads 'Failed to send mail to {email}'.
      return res.ok ? res : { ...res, error: mailFailed(body.email) };
    }
    case 'paper':
      return actOr(
        sendPaper({ paperId, reviewerId: body.reviewerId, ...(body.override ? { override: true } : {}) }),
        'Could not send the paper. Please try again.',
        body.intent,
      );
    case 'unassign':
      return actOr(unassignReviewer(paperId, body.reviewerId), `Could not unassign ${body.name}. Please try again.`, body.intent);
    case 'decision':
      return actOr(setDecision(body.paperId, body.decision), 'Could not save the decision. Please try again.', body.intent);
    case 'meta-review':
      return metaReviewAction(paperId, body);
    case 'discussion-post':
    case 'discussion-edit':
      return discussionAction(paperId, body);
  }
}

export { RouteError as ErrorBoundary } from '../../../lib/route-data';

/** The conflicts in the review panel's shape: one line per reviewer and reason. */
const conflictLines = (ranked: RankedReviewersJson | null): ConflictedReviewerJson[] =>
  (ranked?.conflicted ?? []).flatMap((c) => c.reasons.map((r) => ({ reviewerId: c._id, name: c.name, email: c.email, ...r })));

export default function EditorViewMore({ loaderData }: Route.ComponentProps) {
  const { badId, paper, paperError, ranked, rankedError, reviews, panelError, q, pages, invitations, meta, discussion, slides, format } =
    loaderData;
  const fetcher = useFetcher<typeof clientAction>();
  const pending = fetcher.state !== 'idle' ? (fetcher.json as unknown as Body | undefined) : undefined;
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const showMore = useShowMore(pages);
  const searchId = useId();

  useEffect(() => {
    if (badId) toast.error(MESSAGES.badPaperId);
  }, [badId]);
  // The toasts (docs/product.md#validation-and-messages; Unassign's too), once the page has been read again.
  useEffect(() => {
    if (!result || result.intent === 'decision') return;
    if (!result.ok) toast.error(result.error);
    // Send Mail: green only for a mail the SMTP server took; kept (no SMTP) or still queued is not a success (decision 0041).
    else if (result.intent === 'mail' && (result.data as { result?: string }).result !== 'sent')
      toast.warning((result.data as { message: string }).message);
    else toast.success((result.data as { message: string }).message);
  }, [result]);

  const act = ({ intent, reviewer, override }: CardIntent) =>
    fetcher.submit(
      {
        intent,
        reviewerId: reviewer._id,
        name: reviewer.name,
        email: reviewer.email,
        paperTitle: paper?.title ?? '',
        ...(override ? { override } : {}),
      },
      { method: 'post', encType: 'application/json' },
    );
  const unassign = (a: AssignedReviewerJson) =>
    fetcher.submit({ intent: 'unassign', reviewerId: a._id, name: a.name }, { method: 'post', encType: 'application/json' });
  const sendingFor = (id: string) =>
    pending && pending.intent !== 'decision' && pending.intent !== 'unassign' && pending.reviewerId === id ? pending.intent : null;
  const suggested = ranked?.reviewers.filter((r) => r.suggested) ?? [];
  const others = ranked?.reviewers.filter((r) => !r.suggested) ?? [];
  const cardProps = ranked
    ? {
        limits: ranked.limits,
        paperReviewers: ranked.paperReviewers,
        closed: Boolean(paper?.withdrawnAt),
        busy: pending !== undefined,
        onAct: act,
      }
    : null;

  return (
    <div>
      <Link to="/editor/dashboard" className="text-sm font-semibold text-brand-700 underline">
        ← Research Papers
      </Link>
      <h1 className="mt-3 break-words text-2xl font-bold text-brand-900">{paper?.title ?? 'Paper'}</h1>
      <Alert className="mt-3">{paperError}</Alert>
      {paper?.chairConflicted ? (
        <Alert tone="warning" className="mt-3">
          {MESSAGES.chairConflicted}
        </Alert>
      ) : null}
      {paper ? (
        <div className="mt-4 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
          <div className="min-w-0 space-y-6">
            <PaperDetails paper={paper} ranked={ranked} discussion={discussion} />
            {ranked ? (
              <AssignedReviewers
                ranked={ranked}
                busy={pending !== undefined}
                onUnassign={unassign}
                unassigning={pending?.intent === 'unassign' ? pending.reviewerId : null}
              />
            ) : null}
            {paper.chairConflicted ? null : (
              <EditorReviewPanel paper={paper} reviews={reviews} conflicts={conflictLines(ranked)} error={panelError} />
            )}
            {paper.chairConflicted || !meta ? null : <MetaReviewPanel key={paper._id} meta={meta} />}
            {slides ? <EditorSlides paperId={paper._id} slides={slides} /> : null}
            {format && paper.track ? <FormatReport report={format} trackId={paper.track.id} /> : null}
            {/* Decision 0024: the paper read in the page, as its reviewers read it. */}
            <PaperPdfViewer url={paper.pdf} title={paper.title} />
          </div>
          {paper.chairConflicted ? null : (
            <div className="min-w-0">
              <Alert>{rankedError}</Alert>
              <Form method="get" replace role="search" className="flex flex-wrap items-end gap-2">
                <div className="min-w-0 flex-1">
                  <label htmlFor={searchId} className="block text-sm font-medium text-slate-700">
                    Find a reviewer by name or e-mail
                  </label>
                  <input id={searchId} name="q" type="search" defaultValue={q} key={q} className={inputClass} />
                </div>
                <Button type="submit" variant="secondary">
                  Search
                </Button>
                {q ? (
                  <Link to="." replace className={buttonClass({ variant: 'quiet' })}>
                    Show everyone
                  </Link>
                ) : null}
              </Form>
              {ranked ? (
                <p className="mt-2 text-sm text-slate-700">
                  {q
                    ? `${ranked.total} eligible reviewer${ranked.total === 1 ? '' : 's'} match “${q}”. `
                    : `${ranked.total} eligible reviewer${ranked.total === 1 ? '' : 's'}, best first. `}
                  Score: 10 per shared topic, +20 for an eager bid, +10 for a willing one.
                </p>
              ) : null}

              <section aria-labelledby="suggested-title" className="mt-5">
                <h2 id="suggested-title" className="text-xl font-bold tracking-wide text-brand-900">
                  SUGGESTED REVIEWERS
                </h2>
                {ranked && cardProps ? (
                  suggested.length === 0 ? (
                    <p className="mt-2 text-slate-700">{MESSAGES.noReviewers}</p>
                  ) : (
                    <div className="mt-3 grid gap-4 xl:grid-cols-2">
                      {suggested.map((r) => (
                        <RankedReviewerCard
                          key={r._id}
                          reviewer={r}
                          invitationMail={invitations[r._id]}
                          sending={sendingFor(r._id)}
                          {...cardProps}
                        />
                      ))}
                    </div>
                  )
                ) : null}
              </section>

              <section aria-labelledby="others-title" className="mt-6">
                <h2 id="others-title" className="text-xl font-semibold text-brand-900">
                  Other eligible reviewers
                </h2>
                {ranked && cardProps ? (
                  others.length === 0 ? (
                    <p className="mt-2 text-sm text-slate-700">{ranked.nextOffset === null ? 'No other eligible reviewer.' : ''}</p>
                  ) : (
                    <div className="mt-3 grid gap-4 xl:grid-cols-2">
                      {others.map((r) => (
                        <RankedReviewerCard
                          key={r._id}
                          reviewer={r}
                          invitationMail={invitations[r._id]}
                          sending={sendingFor(r._id)}
                          {...cardProps}
                        />
                      ))}
                    </div>
                  )
                ) : null}
                {ranked && ranked.nextOffset !== null ? (
                  <div className="mt-4 flex flex-wrap items-center gap-3">
                    <Button variant="secondary" onClick={showMore}>
                      Show more
                    </Button>
                    <span className="text-sm text-slate-700">
                      Showing {ranked.reviewers.length} of {ranked.total}
                    </span>
                  </div>
                ) : null}
              </section>

              <section aria-labelledby="conflicted-title" className="mt-6">
                <h2 id="conflicted-title" className="text-xl font-semibold text-brand-900">
                  Conflicted reviewers
                </h2>
                {ranked ? <ConflictedReviewerList conflicted={ranked.conflicted} /> : null}
              </section>
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}
