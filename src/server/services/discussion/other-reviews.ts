import { and, eq, ne } from 'drizzle-orm';
import type { OtherReviewsJson } from '../../../core/schemas/discussion';
import { formatUtcDateTime } from '../../../core/format';
import type { Db } from '../../db/connect';
import { reviews } from '../../db/schema';
import { reviewCounts } from '../shared/counted-reviews';
import { getSettingsRow } from '../shared/settings';
import { paperReviewerLabels } from '../review/paper-participants';

export const OTHER_REVIEWS_REASONS = {
  afterOwn: 'You will see the other reviews after saving your own.',
  afterDeadline: (deadline: Date | null) =>
    deadline
      ? `You will see the other reviews after the review deadline (${formatUtcDateTime(deadline)}).`
      : 'You will see the other reviews after the review deadline, which the chairs have not set yet.',
  never: 'The chairs do not show reviews to other reviewers.',
  shown: 'The other reviews of this paper, each under the label its reviewer has on this paper.',
  none: 'No other reviewer has saved a review of this paper yet.',
} as const;

/**
 * The other reviews of a paper for one of its reviewers (checked by the route), as the conference's setting allows
 * (decision 0032): after saving their own review (the default), after the review deadline, or never. Counted reviews
 * only, each under its "Reviewer n" label; no names, ids or comments to the editor.
 */
export async function listOtherReviews(opts: { db: Db; paperId: string; reviewerId: string; now?: Date }): Promise<OtherReviewsJson> {
  const { db, paperId, reviewerId } = opts;
  const now = opts.now ?? new Date();
  const settings = await getSettingsRow({ db });
  const visibility = settings?.reviewVisibility ?? 'after-own-review';
  const hidden = (reason: string): OtherReviewsJson => ({ visible: false, reason, reviews: [] });
  if (visibility === 'never') return hidden(OTHER_REVIEWS_REASONS.never);
  if (visibility === 'after-deadline') {
    const deadline = settings?.reviewDeadline ?? null;
    if (!deadline || now.getTime() <= deadline.getTime()) return hidden(OTHER_REVIEWS_REASONS.afterDeadline(deadline));
  } else {
    const [own] = await db
      .select({ paperId: reviews.paperId })
      .from(reviews)
      .where(and(eq(reviews.paperId, paperId), eq(reviews.reviewerId, reviewerId)))
      .limit(1);
    if (!own) return hidden(OTHER_REVIEWS_REASONS.afterOwn);
  }
  const [rows, labels] = await Promise.all([
    db
      .select({
        reviewerId: reviews.reviewerId,
        recommendation: reviews.recommendation,
        confidence: reviews.confidence,
        commentsToAuthors: reviews.commentsToAuthors,
        answers: reviews.answers,
        submittedAt: reviews.submittedAt,
      })
      .from(reviews)
      .where(and(eq(reviews.paperId, paperId), ne(reviews.reviewerId, reviewerId), reviewCounts)),
    paperReviewerLabels({ db, paperId }),
  ]);
  const list = rows
    .map((r) => ({
      reviewer: labels.get(r.reviewerId) ?? 'Reviewer',
      recommendation: r.recommendation,
      confidence: r.confidence,
      commentsToAuthors: r.commentsToAuthors,
      ...(r.answers && Object.keys(r.answers).length ? { answers: r.answers } : {}),
      submittedAt: r.submittedAt.toISOString(),
    }))
    .sort((a, b) => a.reviewer.localeCompare(b.reviewer, 'en', { numeric: true }));
  return { visible: true, reason: list.length ? OTHER_REVIEWS_REASONS.shown : OTHER_REVIEWS_REASONS.none, reviews: list };
}
