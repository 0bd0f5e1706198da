import { z } from '../zod';
import { Id, PaperId } from '../schemas/common';
import { AnonymisedExportJson, RatingBody, RatingResponse, ReviewHistoryJson } from '../schemas/review-quality';
import { endpoints, fileAnswer } from './endpoint';

const ReviewParams = z.object({ paperId: PaperId, reviewerId: Id });

/**
 * Decision 0034 and docs/product.md#deliberation: a review's history with what changed between versions, the chairs' rating of a
 * review (never shown to reviewers or authors), and the anonymised export of every review.
 */
export const REVIEW_QUALITY = endpoints('review', {
  listReviewVersions: {
    method: 'GET',
    path: '/editor/papers/:paperId/reviews/:reviewerId/versions',
    summary: 'Every saved version of a review, newest first, with what changed, and its rating',
    description: "For the editor and the chair of the paper's track (not conflicted). 404 when there is no such review.",
    params: ReviewParams,
    response: ReviewHistoryJson,
  },
  rateReview: {
    method: 'PUT',
    path: '/editor/papers/:paperId/reviews/:reviewerId/rating',
    summary: 'Rate a review helpful, adequate or poor, with a note for the committee (null clears it)',
    description: "For the editor and the chair of the paper's track (not conflicted). 404 when there is no such review. Audited.",
    params: ReviewParams,
    body: RatingBody,
    response: RatingResponse,
  },
  exportAnonymisedCsv: {
    method: 'GET',
    path: '/editor/exports/reviews-anonymised.csv',
    summary: 'Every counted review with reviewers as stable pseudonyms (CSV)',
    description:
      'One row per review: paper, track, decision, pseudonym, scores, comments, one column per form question, the meta-review and the author response. ' +
      "No names, addresses or user ids. A track chair gets their tracks' papers, less those they are conflicted with.",
    response: fileAnswer('text/csv', 'The CSV file'),
  },
  exportAnonymisedJson: {
    method: 'GET',
    path: '/editor/exports/reviews-anonymised.json',
    summary: 'Every counted review with reviewers as stable pseudonyms (JSON), by paper',
    description:
      "The same records as the CSV, grouped by paper. A track chair gets their tracks' papers, less those they are conflicted with.",
    response: AnonymisedExportJson,
  },
});
