import { and, desc, eq, sql } from 'drizzle-orm';
import { REVISION_MESSAGES } from '../../../core/messages';
import { deny } from '../../auth/caller';
import { statementName, type Db } from '../../db/connect';
import { AppError } from '../../errors';
import { canReviewerReadPaper, canReviewerWorkOnPaper } from '../../permissions';
import { recordAudit, type Actor } from '../shared/audit';
import { papers, reviewStatuses } from '../../db/schema';
import type { Paper } from './papers';

/** A reviewer's own answer is never overwritten by the editor's later actions. */
const FINAL = ['Accepted', 'Declined'];

/** The editor invited the reviewer by mail: 'Mail Sent', not assigned (assignments: assign-reviewers.ts). */
export async function recordInvitation(input: { db: Db; paperId: string; reviewerId: string }): Promise<void> {
  await input.db
    .insert(reviewStatuses)
    .values({ paperId: input.paperId, reviewerId: input.reviewerId, status: 'Mail Sent', assigned: false })
    .onConflictDoUpdate({
      target: [reviewStatuses.paperId, reviewStatuses.reviewerId],
      set: {
        status: sql`case when ${reviewStatuses.status} in (${sql.join(
          FINAL.map((s) => sql`${s}`),
          sql`, `,
        )}) then ${reviewStatuses.status} else 'Mail Sent' end`,
        updatedAt: new Date(),
      },
    });
}

export async function isAssigned({ db, paperId, reviewerId }: { db: Db; paperId: string; reviewerId: string }): Promise<boolean> {
  const [row] = await db
    .select({ a: reviewStatuses.assigned })
    .from(reviewStatuses)
    .where(and(eq(reviewStatuses.paperId, paperId), eq(reviewStatuses.reviewerId, reviewerId)))
    .limit(1);
  return row?.a === true;
}

export async function recordResponse(input: {
  db: Db;
  paperId: string;
  reviewerId: string;
  status: 'Accepted' | 'Declined';
}): Promise<void> {
  await input.db
    .update(reviewStatuses)
    .set({ status: input.status, updatedAt: new Date() })
    .where(and(eq(reviewStatuses.paperId, input.paperId), eq(reviewStatuses.reviewerId, input.reviewerId)));
}

const prepareAssigned = (db: Db) =>
  db
    .select({ paper: papers })
    .from(reviewStatuses)
    .innerJoin(papers, eq(papers.id, reviewStatuses.paperId))
    .where(and(eq(reviewStatuses.reviewerId, sql.placeholder('reviewerId')), eq(reviewStatuses.assigned, true)))
    .orderBy(desc(papers.id))
    .prepare(statementName('assigned_papers'));
const assignedByDb = new WeakMap<Db, ReturnType<typeof prepareAssigned>>();

/** The papers an editor has sent to this reviewer, newest first. */
export async function findPapersForReviewer({ db, reviewerId }: { db: Db; reviewerId: string }): Promise<Paper[]> {
  let q = assignedByDb.get(db);
  if (!q) assignedByDb.set(db, (q = prepareAssigned(db)));
  return (await q.execute({ reviewerId })).map((r) => r.paper);
}

/** Each reviewer's status on a paper (the editor's view). */
export async function listReviewStatuses(opts: { db: Db; paperId: string }): Promise<Array<{ reviewerId: string; status: string }>> {
  return opts.db
    .select({ reviewerId: reviewStatuses.reviewerId, status: reviewStatuses.status })
    .from(reviewStatuses)
    .where(eq(reviewStatuses.paperId, opts.paperId));
}

/** 403 'This paper has not been sent to you' unless the paper is assigned to the reviewer. */
export async function checkAssigned(opts: { db: Db; paperId: string; reviewerId: string }): Promise<void> {
  deny(canReviewerReadPaper(await isAssigned(opts)));
}

/**
 * 403 unless the paper is assigned to the reviewer, they have not declined it, and its authors have not withdrawn
 * it (saving a review, commenting).
 */
export async function checkMayReview(opts: { db: Db; paperId: string; reviewerId: string }): Promise<void> {
  const [row] = await opts.db
    .select({ assigned: reviewStatuses.assigned, status: reviewStatuses.status, withdrawnAt: papers.withdrawnAt })
    .from(reviewStatuses)
    .innerJoin(papers, eq(papers.id, reviewStatuses.paperId))
    .where(and(eq(reviewStatuses.paperId, opts.paperId), eq(reviewStatuses.reviewerId, opts.reviewerId)))
    .limit(1);
  deny(canReviewerReadPaper(row?.assigned === true));
  if (row!.withdrawnAt) throw new AppError('forbidden', REVISION_MESSAGES.withdrawnNoReview);
  deny(canReviewerWorkOnPaper(row));
}

/** The reviewer accepts or declines a paper sent to them (403 otherwise), audited. */
export async function respondToPaper(opts: { db: Db; paperId: string; reviewer: Actor; status: 'Accepted' | 'Declined' }): Promise<void> {
  const { db, paperId, reviewer, status } = opts;
  await checkAssigned({ db, paperId, reviewerId: reviewer.id });
  // Nothing to accept or decline once the authors withdrew the paper (docs/product.md#assignments-declines-and-withdrawals).
  const [paper] = await db.select({ withdrawnAt: papers.withdrawnAt }).from(papers).where(eq(papers.id, paperId)).limit(1);
  if (paper?.withdrawnAt) throw new AppError('forbidden', REVISION_MESSAGES.withdrawnNoReview);
  await db.transaction(async (tx) => {
    await recordResponse({ db: tx, paperId, reviewerId: reviewer.id, status });
    await recordAudit(tx, {
      actorId: reviewer.id,
      actorRole: 'Reviewer',
      action: 'review.respond',
      paperId,
      ip: reviewer.ip,
      details: { status },
    });
  });
}
