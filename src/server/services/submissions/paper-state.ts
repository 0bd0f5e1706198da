import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { pgArray } from '../../db/pg-array';
import { reviewStatuses } from '../../db/schema';

export interface AssignedCount {
  reviewers: number;
  anyAssigned: boolean;
}
export const NO_ASSIGNMENT: AssignedCount = { reviewers: 0, anyAssigned: false };

/**
 * Per paper, the assigned reviewers who have not declined (k in 'n of k reviews', docs/product.md#statuses) and whether anyone
 * was ever assigned: one aggregate over the ids, on review_statuses' key.
 */
export async function assignedReviewerCounts({ db, paperIds }: { db: Db; paperIds: string[] }): Promise<Map<string, AssignedCount>> {
  const out = new Map<string, AssignedCount>();
  if (paperIds.length === 0) return out;
  const rows = await db
    .select({
      paperId: reviewStatuses.paperId,
      reviewers: sql<number>`(count(*) filter (where ${reviewStatuses.status} <> 'Declined'))::int`,
    })
    .from(reviewStatuses)
    .where(and(sql`${reviewStatuses.paperId} = any(${pgArray(paperIds)}::text[])`, eq(reviewStatuses.assigned, true)))
    .groupBy(reviewStatuses.paperId);
  for (const r of rows) out.set(r.paperId, { reviewers: r.reviewers, anyAssigned: true });
  return out;
}
