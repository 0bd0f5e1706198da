import { MissingReviewsJson, MissingReviewsQuery, RemindReviewersBody, RemindReviewersJson } from '../schemas/missing-reviews';
import { endpoints } from './endpoint';

/**
 * The review desk (docs/product.md#assignments-declines-and-withdrawals): the assignments still waiting for a review and reminders about them. The editor
 * sees every paper; a track chair their tracks' papers, less those they are conflicted with.
 */
export const REVIEW_DESK = endpoints('review', {
  listMissingReviews: {
    method: 'GET',
    path: '/editor/missing-reviews',
    summary: 'The assignments without a review, the review deadline first, then the oldest assignment',
    description:
      'Assigned, not declined, the paper not withdrawn, no review saved. Without `limit`, the whole list; with it, one page and ' +
      "`nextCursor` for the next. `total` and `reviewers` count the whole list. A track chair sees their tracks' papers, less those they are conflicted with.",
    query: MissingReviewsQuery,
    response: MissingReviewsJson,
  },
  remindReviewers: {
    method: 'POST',
    path: '/editor/missing-reviews/remind',
    summary: 'Remind one reviewer, or every reviewer, of their missing reviews: one mail each, listing their papers',
    description:
      "Within the caller's papers (a chair: their tracks', not conflicted). 409 when the reviewer has no missing review there (with `all`: when nobody has); 404 for an id that is no reviewer's. " +
      'Each reminded paper is audited as review.remind. One reviewer: 200 once the mail server took the mail (or, without a mail server, it is kept in the outbox), ' +
      '202 while it is still queued, 502 when it failed. Every reviewer: 202 queued, or 200 kept in the outbox.',
    body: RemindReviewersBody,
    response: RemindReviewersJson,
    also: { 202: RemindReviewersJson },
    errors: [409, 502],
  },
});
