import { sql } from 'drizzle-orm';
import { reviews } from '../../db/schema';

/**
 * docs/product.md#assignments-declines-and-withdrawals: a review counts (summaries, charts, the decision mail, the author's page) unless its reviewer has
 * since declined the paper; the editor still sees it, marked. A condition on the `reviews` table, by its key.
 */
export const reviewCounts = sql<boolean>`not exists (select 1 from review_statuses declined
  where declined.paper_id = ${reviews.paperId} and declined.reviewer_id = ${reviews.reviewerId} and declined.status = 'Declined')`;
