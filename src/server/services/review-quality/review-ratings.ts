import { and, eq } from 'drizzle-orm';
import type { RatingResponse, ReviewRating, ReviewRatingJson } from '../../../core/schemas/review-quality';
import type { Db } from '../../db/connect';
import { reviewRatings, reviews } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../shared/audit';

type RatingRow = typeof reviewRatings.$inferSelect;
const toJson = (r: RatingRow): ReviewRatingJson => ({ rating: r.rating, note: r.note, updatedAt: r.updatedAt.toISOString() });

/** The chairs' rating of a review, or null. Committee only: never part of a reviewer's or an author's answer. */
export async function findReviewRating({
  db,
  paperId,
  reviewerId,
}: {
  db: Db;
  paperId: string;
  reviewerId: string;
}): Promise<ReviewRatingJson | null> {
  const [row] = await db
    .select()
    .from(reviewRatings)
    .where(and(eq(reviewRatings.paperId, paperId), eq(reviewRatings.reviewerId, reviewerId)))
    .limit(1);
  return row ? toJson(row) : null;
}

/**
 * Rate a review helpful, adequate or poor with a note for the committee, or clear the rating (null), audited in
 * the same transaction (docs/product.md#deliberation). The route admits the editor and the paper's chair who is not conflicted.
 * 404 'Review not found' when the reviewer has not saved a review of the paper.
 */
export async function rateReview(opts: {
  db: Db;
  paperId: string;
  reviewerId: string;
  rating: ReviewRating | null;
  note?: string;
  rater: Actor & { role: 'Editor' | 'Chair' };
}): Promise<RatingResponse> {
  const { db, paperId, reviewerId, rater } = opts;
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ paperId: reviews.paperId })
      .from(reviews)
      .where(and(eq(reviews.paperId, paperId), eq(reviews.reviewerId, reviewerId)))
      .for('update')
      .limit(1);
    if (!review) throw new AppError('not_found', 'Review not found');
    const key = and(eq(reviewRatings.paperId, paperId), eq(reviewRatings.reviewerId, reviewerId));
    let saved: ReviewRatingJson | null = null;
    if (opts.rating === null) {
      await tx.delete(reviewRatings).where(key);
    } else {
      const values = { ratedBy: rater.id, rating: opts.rating, note: opts.note ?? '', updatedAt: new Date() };
      const [row] = await tx
        .insert(reviewRatings)
        .values({ paperId, reviewerId, ...values })
        .onConflictDoUpdate({ target: [reviewRatings.paperId, reviewRatings.reviewerId], set: values })
        .returning();
      saved = toJson(row!);
    }
    await recordAudit(tx, {
      actorId: rater.id,
      actorRole: rater.role,
      action: opts.rating === null ? 'review.unrate' : 'review.rate',
      paperId,
      ip: rater.ip,
      details: { reviewerId, rating: opts.rating },
    });
    return { message: opts.rating === null ? 'Rating cleared.' : 'Rating saved.', rating: saved };
  });
}
