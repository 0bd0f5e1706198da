import { and, desc, eq, sql } from 'drizzle-orm';
import type { Bid, BiddingPaperJson } from '../../core/schemas/review-cycle';
import type { Db } from '../db/connect';
import { bids, papers } from '../db/schema';
import { AppError } from '../errors';
import { papersConflictedForReviewer } from './conflicts';
import { isReviewerApproved } from './reviewer-checks';
import { recordAudit } from './audit';

export const AWAITING_APPROVAL = 'Your reviewer account is waiting for an editor\'s approval: you can bid on papers once it is approved.';

/** Every submitted paper a reviewer may bid on (not conflicted by person or the author's declaration), with their bid; none before approval. */
export async function listBiddingPapers(opts: { db: Db; reviewer: { id: string; email: string } }): Promise<BiddingPaperJson[]> {
  // Issue 16.6: a reviewer waiting for approval sees no papers (not even their titles).
  if (!(await isReviewerApproved(opts.db, opts.reviewer.id))) return [];
  const rows = await opts.db.select({ p: papers, bid: bids.bid }).from(papers)
    .leftJoin(bids, and(eq(bids.paperId, papers.id), eq(bids.reviewerId, opts.reviewer.id)))
    .orderBy(desc(papers.id));
  const hidden = await papersConflictedForReviewer(opts.db, opts.reviewer, rows.map((r) => r.p.id));
  return rows.filter((r) => !hidden.has(r.p.id)).map(({ p, bid }) => ({
    _id: p.id, title: p.title, abstract: p.abstract, keywords: p.keywords, bid: bid ?? null,
  }));
}

/** Place, change or withdraw (null) the reviewer's bid on a paper they may see, audited. */
export async function placeBid(opts: { db: Db; reviewer: { id: string; email: string; ip: string }; paperId: string; bid: Bid | null }): Promise<{ paperId: string; bid: Bid | null }> {
  const [paper] = await opts.db.select({ id: papers.id }).from(papers).where(eq(papers.id, opts.paperId)).limit(1);
  if (!paper) throw new AppError('not_found', 'Paper not found');
  if (!(await isReviewerApproved(opts.db, opts.reviewer.id))) throw new AppError('forbidden', AWAITING_APPROVAL);
  if ((await papersConflictedForReviewer(opts.db, opts.reviewer, [paper.id])).has(paper.id)) throw new AppError('not_found', 'Paper not found');
  if (opts.bid === null) {
    await opts.db.delete(bids).where(and(eq(bids.paperId, paper.id), eq(bids.reviewerId, opts.reviewer.id)));
  } else {
    await opts.db.insert(bids).values({ paperId: paper.id, reviewerId: opts.reviewer.id, bid: opts.bid })
      .onConflictDoUpdate({ target: [bids.paperId, bids.reviewerId], set: { bid: opts.bid, updatedAt: sql`now()` } });
  }
  await recordAudit(opts.db, { actorId: opts.reviewer.id, actorRole: 'Reviewer', action: 'bid.place', paperId: paper.id, ip: opts.reviewer.ip, details: { bid: opts.bid } });
  return { paperId: paper.id, bid: opts.bid };
}
