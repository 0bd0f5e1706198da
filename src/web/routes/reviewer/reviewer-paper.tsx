import { useEffect, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { toast } from 'sonner';
import { isId } from '../../../core/ids';
import { isResponseWindowOpen, mayReviewerSave } from '../../../core/review-window';
import { MESSAGES } from '../../../core/messages';
import type { ReviewBody } from '../../../core/schemas/review-cycle';
import { addComment, getAssignedPapers, getDeadlines, getOwnReview, respondToPaper, saveReview } from '../../api/review';
import { getDiscussion } from '../../api/discussion';
import { getReviewForm } from '../../api/review-form';
import { getPhase } from '../../api/phase';
import { requireRole } from '../../lib/session';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../lib/format';
import { PaperPdfViewer, pdfFileName } from '../../components/paper-pdf-viewer';
import { ReviewForm } from './review-form';
import { DiscussionPanel, discussionAction, readDiscussion, type DiscussionIntent } from './discussion-panel';
import { OtherReviews, readOtherReviews } from './other-reviews';
import { messageOf, saveSignedLink } from '../../api/client';
import { actOr, jsonBody } from '../../lib/route-data';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { cardClass } from '../../components/ui/card';
import type { Route } from './+types/reviewer-paper';
import { appTitle } from '../../lib/seo';

export const meta = () => [{ title: appTitle('Review a paper') }];

/**
 * The paper (from the reviewer's assigned list), the reviewer's saved review and the review deadline; then, unless
 * they declined it, the other reviews and the discussion (each may fail beside the page).
 * docs/product.md#validation-and-messages: a failed load of the assigned list is only logged; the review and the deadline may be missing.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const user = requireRole('Reviewer');
  const { paperId } = params;
  if (!isId(paperId)) throw new Error(MESSAGES.badPaperId);
  // The review form's questions are read once here for the form and the other reviews (decision 0031).
  const [assigned, review, deadlines, questions] = await Promise.all([
    actOr(getAssignedPapers(user._id), 'The assigned papers could not be loaded'),
    actOr(getOwnReview(paperId), ''),
    actOr(getDeadlines(), ''),
    actOr(getReviewForm(), ''),
  ]);
  if (!assigned.ok) console.error(assigned.error);
  const reviewDeadline = deadlines.ok ? deadlines.data.reviewDeadline : null;
  const paper = (assigned.ok ? assigned.data.find((p) => p._id === paperId) : undefined) ?? null;
  const open = paper !== null && paper.reviewResponses[user.email] !== 'Declined';
  const [otherReviews, discussion, mayStill] = await Promise.all([
    open ? readOtherReviews(paperId) : null,
    open ? readDiscussion(paperId) : null,
    mayStillSave(paperId, reviewDeadline),
  ]);
  return {
    user,
    paper,
    review: review.ok ? review.data : null,
    reviewDeadline,
    questions: questions.ok ? questions.data : null,
    mayStillSave: mayStill,
    otherReviews,
    discussion,
  };
}

/**
 * Past the review deadline, whether the server still takes the review (core/review-window, decision 0033): while the
 * author response window is open, and until the discussion deadline on a paper with a response. The dates come
 * from the phase timeline; null (the deadline rule alone) when they cannot be read.
 */
async function mayStillSave(paperId: string, reviewDeadline: string | null): Promise<boolean | null> {
  if (!reviewDeadline || Date.now() <= Date.parse(reviewDeadline)) return null;
  const phase = await getPhase().catch(() => null);
  if (!phase) return null;
  const step = (name: string) => phase.timeline.find((t) => t.phase === name);
  const date = (iso: string | null | undefined) => (iso ? new Date(iso) : null);
  const dates = {
    reviewDeadline: new Date(reviewDeadline),
    responseOpens: date(step('response')?.startsAt),
    responseCloses: date(step('response')?.endsAt),
    discussionDeadline: date(step('discussion')?.endsAt),
  };
  const now = new Date(phase.now);
  if (isResponseWindowOpen(dates, now)) return true;
  // Only then is the paper's response asked for (the discussion answers with it).
  const hasResponse =
    dates.discussionDeadline && now <= dates.discussionDeadline
      ? await getDiscussion(paperId).then(
          (d) => d.authorResponse !== null,
          () => false,
        )
      : false;
  return mayReviewerSave({ ...dates, paperHasResponse: hasResponse }, now);
}

export type ReviewerPaperIntent =
  | { intent: 'comment'; text: string }
  | { intent: 'respond'; status: 'Accepted' | 'Declined' }
  | ({ intent: 'review' } & ReviewBody)
  | DiscussionIntent;

/** The reviewer's writes: a comment, Accept / Decline, the structured review, and a post to the discussion. */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const user = requireRole('Reviewer');
  const { paperId } = params;
  const body = await jsonBody<ReviewerPaperIntent>(request);
  switch (body.intent) {
    case 'comment':
      return actOr(addComment(paperId, { reviewerId: user._id, text: body.text }), MESSAGES.commentFailed, body.intent);
    case 'respond':
      return actOr(respondToPaper({ paperId, email: user.email, status: body.status }), MESSAGES.statusFailed, body.intent);
    case 'review': {
      const { intent, ...review } = body;
      return actOr(saveReview(paperId, review), 'The review could not be saved. Please try again.', intent);
    }
    case 'discussion-post':
    case 'discussion-edit':
      return discussionAction(paperId, body);
  }
}

export { RouteError as ErrorBoundary, revalidateAfterSuccess as shouldRevalidate } from '../../lib/route-data';

export default function ReviewerPaper({
  loaderData: { user, paper, review, reviewDeadline, mayStillSave, questions, otherReviews, discussion },
}: Route.ComponentProps) {
  const fetcher = useFetcher<{ ok: true; intent?: string; data: { message: string } } | { ok: false; intent?: string; error: string }>();
  const [comment, setComment] = useState('');
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const status = (paper && paper.reviewResponses[user.email]) || 'Pending';
  const declined = status === 'Declined';
  // The reviewer sees what they wrote, newest first (the server sends them oldest first).
  const myComments = (paper?.comments ?? []).filter((c) => c.reviewerId === user._id).reverse();

  // The toasts (docs/product.md#validation-and-messages), on the server's answer (the loader has run again after a success).
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      toast.success(result.data.message);
      if (result.intent === 'comment') setComment('');
    } else {
      toast.error(result.intent === 'comment' ? MESSAGES.commentFailed : MESSAGES.statusFailed);
    }
  }, [result]);

  const post = (body: ReviewerPaperIntent) => fetcher.submit(body, { method: 'post', encType: 'application/json' });
  const sendComment = () => {
    if (!comment.trim()) {
      toast.error(MESSAGES.emptyComment);
      return;
    }
    post({ intent: 'comment', text: comment.trim() });
  };

  const download = async () => {
    if (!paper?.pdf) {
      toast.error(MESSAGES.noPdf);
      return;
    }
    // The server's reason when it gives one (an expired link; decision 0021: a PDF that cannot be given under blind review).
    await saveSignedLink(paper.pdf, pdfFileName(paper.title)).catch((err: unknown) => {
      toast.error(messageOf(err, 'The PDF could not be loaded. Please reload the page.'));
    });
  };

  if (!paper) {
    return (
      <div>
        <Alert>This paper has not been sent to you.</Alert>
        <Link to="/reviewer/dashboard" className="mt-4 inline-block text-sm font-semibold text-brand-700 underline">
          ← Papers sent to you
        </Link>
      </div>
    );
  }

  // Decision 0024: the PDF in the page, beside the form on a wide screen (kept in view while the form scrolls) and
  // above it on a phone. Phone order: details, abstract, PDF, then the download area and what the reviewer writes.
  return (
    <article className="mx-auto max-w-3xl space-y-6 lg:max-w-none">
      <Link to="/reviewer/dashboard" className="text-sm font-semibold text-brand-700 underline">
        ← Papers sent to you
      </Link>
      <h1 className="text-2xl font-bold text-brand-900">{paper.title}</h1>
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="space-y-6 lg:col-start-2">
          <dl className={cardClass('grid gap-3 text-sm sm:grid-cols-2')}>
            <div>
              <dt className="font-medium text-slate-600">Paper ID</dt>
              <dd className="break-all font-mono">{paper._id}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">Keywords</dt>
              <dd>{paper.keywords.join(', ') || '—'}</dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">PDF</dt>
              <dd>
                {paper.pdf ? (
                  <a className="text-brand-700 underline" href={paper.pdf} target="_blank" rel="noopener noreferrer">
                    Open PDF
                  </a>
                ) : (
                  'none'
                )}
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">Your status</dt>
              <dd>
                <StatusBadge status={status} />
              </dd>
            </div>
          </dl>
          <section aria-labelledby="abstract-heading">
            <h2 id="abstract-heading" className="font-semibold text-brand-900">
              Abstract
            </h2>
            <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{paper.abstract}</p>
          </section>
        </div>
        <div className="lg:sticky lg:top-20 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <PaperPdfViewer url={paper.pdf} title={paper.title} />
        </div>
        <div className="space-y-6 lg:col-start-2">
          <button
            type="button"
            onClick={download}
            className="flex w-full flex-col items-center justify-center rounded-xl border-2 border-dashed border-brand-600 px-4 py-4 text-brand-700 hover:bg-brand-50"
          >
            <span className="font-semibold">
              <span aria-hidden="true">⬇ </span>Click here to load PDF
            </span>
            <span className="text-sm text-slate-700">Saves a copy of the PDF on your device</span>
          </button>
          {declined ? null : (
            <div>
              <label htmlFor="comment" className="block font-semibold text-brand-900">
                Comments
              </label>
              <textarea
                id="comment"
                rows={6}
                maxLength={10000}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                className="mt-2 w-full rounded-md border border-slate-300 px-3 py-2"
                placeholder="Write your comments for the author"
              />
            </div>
          )}
          {/* docs/product.md#assignments-declines-and-withdrawals: the Accept/Decline labels stay; the line beside them says they answer whether you review, not the paper's fate. */}
          <div role="group" aria-labelledby="respond-hint" className="space-y-2">
            <p id="respond-hint" className="text-sm text-slate-700">
              Accept or decline reviewing this paper (this is not your recommendation on it).
            </p>
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                disabled={busy}
                onClick={() => post({ intent: 'respond', status: 'Accepted' })}
                className="rounded-md bg-green-700 px-5 py-2 font-semibold text-white hover:bg-green-800 disabled:opacity-50"
              >
                Accept
              </button>
              {declined ? null : (
                <Button disabled={busy} onClick={sendComment}>
                  Send Comments
                </Button>
              )}
              <button
                type="button"
                disabled={busy}
                onClick={() => post({ intent: 'respond', status: 'Declined' })}
                className="rounded-md bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-50"
              >
                Decline
              </button>
            </div>
          </div>
          {myComments.length ? (
            <section aria-labelledby="my-comments-heading" className="rounded-xl bg-brand-50 p-5">
              <h2 id="my-comments-heading" className="font-semibold text-brand-900">
                Your earlier comments
              </h2>
              <ol className="mt-3 space-y-3">
                {myComments.map((c, i) => (
                  <li key={`${c.createdAt}-${i}`} className="rounded-lg bg-white p-3">
                    <p className="text-xs font-medium text-slate-600">
                      <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
                    </p>
                    <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{c.text}</p>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          {declined ? (
            <Alert tone="info">{MESSAGES.declinedFormClosed}</Alert>
          ) : (
            <ReviewForm saved={review} reviewDeadline={reviewDeadline} mayStillSave={mayStillSave} questions={questions} />
          )}
          {/* Decision 0032: the other reviews as the chairs allow, and the paper's discussion (not for one who declined). */}
          {declined ? null : (
            <>
              {otherReviews ? <OtherReviews reviews={otherReviews} questions={questions ?? []} /> : null}
              {discussion ? (
                <DiscussionPanel key={paper._id} discussion={discussion} pollPath={`/reviewer/dashboard/${paper._id}/discussion`} />
              ) : null}
            </>
          )}
        </div>
      </div>
    </article>
  );
}
