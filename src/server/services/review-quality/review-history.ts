import { and, asc, eq } from 'drizzle-orm';
import { diffReviewVersions } from '../../../core/review-diff';
import type { ReviewHistoryJson, ReviewVersionJson } from '../../../core/schemas/review-quality';
import type { Db } from '../../db/connect';
import { reviewQuestions, reviews, reviewVersions } from '../../db/schema';
import { AppError } from '../../errors';
import { findReviewRating } from './review-ratings';

export const REVIEW_NOT_FOUND = 'Review not found';

/** 404 'Review not found' unless the reviewer has saved a review of the paper. */
export async function checkReviewExists({ db, paperId, reviewerId }: { db: Db; paperId: string; reviewerId: string }): Promise<void> {
  const [row] = await db
    .select({ paperId: reviews.paperId })
    .from(reviews)
    .where(and(eq(reviews.paperId, paperId), eq(reviews.reviewerId, reviewerId)))
    .limit(1);
  if (!row) throw new AppError('not_found', REVIEW_NOT_FOUND);
}

/** Question id → label, retired questions included (old versions may answer them). */
export async function questionLabels({ db }: { db: Db }): Promise<Record<string, string>> {
  const rows = await db
    .select({ id: reviewQuestions.id, label: reviewQuestions.label })
    .from(reviewQuestions)
    .orderBy(asc(reviewQuestions.position));
  return Object.fromEntries(rows.map((q) => [q.id, q.label]));
}

/**
 * Every saved version of a review, newest first, each with what changed from the one before (decision 0034),
 * and the chairs' rating of the review (23.7). For the committee only: the route admits the editor and the
 * paper's chair. 404 'Review not found' when the reviewer has not saved a review of the paper.
 */
export async function listReviewVersions(opts: { db: Db; paperId: string; reviewerId: string }): Promise<ReviewHistoryJson> {
  const { db, paperId, reviewerId } = opts;
  await checkReviewExists({ db, paperId, reviewerId });
  const [rows, labels, rating] = await Promise.all([
    db
      .select()
      .from(reviewVersions)
      .where(and(eq(reviewVersions.paperId, paperId), eq(reviewVersions.reviewerId, reviewerId)))
      .orderBy(asc(reviewVersions.version)),
    questionLabels({ db }),
    findReviewRating({ db, paperId, reviewerId }),
  ]);
  const versions: ReviewVersionJson[] = rows.map((v, i) => ({
    version: v.version,
    savedAt: v.savedAt.toISOString(),
    recommendation: v.recommendation,
    confidence: v.confidence,
    commentsToAuthors: v.commentsToAuthors,
    commentsToEditor: v.commentsToEditor,
    answers: v.answers,
    changes: i === 0 ? [] : diffReviewVersions(rows[i - 1]!, v, labels),
  }));
  return { versions: versions.reverse(), rating };
}
