import type { BodyOf } from '../../core/api/endpoint';
import { REVIEW_DESK } from '../../core/api/review-desk';
import { call, callPages } from './client';

/**
 * The first `count` missing reviews, oldest assignment first (the list is paged with a cursor; `nextCursor` is set
 * when more are left), and the whole list's counts.
 */
export async function getMissingReviewsUpTo(count: number) {
  const { rows, nextCursor, last } = await callPages(REVIEW_DESK.listMissingReviews, {
    count,
    rows: (answer) => answer.assignments,
    cursorOf: (answer) => answer.nextCursor,
  });
  return { assignments: rows, nextCursor, total: last?.total ?? 0, reviewers: last?.reviewers ?? 0 };
}

/** Remind one reviewer ({reviewerId}) or every reviewer ({all: true}); the answer's message says what happened to the mail. */
export const remindReviewers = (body: BodyOf<typeof REVIEW_DESK.remindReviewers>) => call(REVIEW_DESK.remindReviewers, { body });
