import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { MESSAGES, REVISION_MESSAGES } from '../../../core/messages';
import type { Bid, BiddingPaperJson } from '../../../core/schemas/review-cycle';
import type { Db } from '../../db/connect';
import { bids, papers, tracks, users } from '../../db/schema';
import { AppError } from '../../errors';
import { papersConflictedForReviewer } from '../submissions/conflicts';
import { approvedIfRequired } from './reviewer-checks';
import { recordAudit } from '../shared/audit';
import { getSettingsRow, isPast } from '../shared/settings';

export const AWAITING_APPROVAL = "Your reviewer account is waiting for an editor's approval: you can bid on papers once it is approved.";
export const VERIFY_BEFORE_BIDDING =
  'Verify your email address before bidding: open the link we mailed you, or choose "Verify email" at the top of the page to get a new one.';
/** The one answer for a paper a reviewer may not bid on: missing, hidden by a conflict, or any later reason alike. */
const UNSEEN = 'Paper not found';

/**
 * docs/product.md#who-sees-whom: who may bid at all. The titles a reviewer sees, and the papers hidden from them by a conflict,
 * tell whose paper it is; an account whose address is not verified could be anyone's (one signup per guessed
 * domain or address), so it sees nothing and places nothing: 403 with what to do.
 */
async function readBidder(db: Db, reviewerId: string): Promise<{ approved: boolean }> {
  const [row] = await db
    .select({ verifiedAt: users.emailVerifiedAt, approved: sql<boolean>`${approvedIfRequired}` })
    .from(users)
    .where(eq(users.id, reviewerId))
    .limit(1);
  if (!row?.verifiedAt) throw new AppError('forbidden', VERIFY_BEFORE_BIDDING);
  return { approved: row.approved };
}

/** 403 unless the reviewer may place bids now (verified; approved when approval is on), whatever the paper. */
export async function checkMayBid({ db, reviewerId }: { db: Db; reviewerId: string }): Promise<void> {
  if (!(await readBidder(db, reviewerId)).approved) throw new AppError('forbidden', AWAITING_APPROVAL);
}

/**
 * Every submitted paper a reviewer may bid on (not conflicted by person or the author's declaration, not withdrawn),
 * with their bid; none before approval.
 */
export async function listBiddingPapers(opts: { db: Db; reviewer: { id: string; email: string } }): Promise<BiddingPaperJson[]> {
  const { approved } = await readBidder(opts.db, opts.reviewer.id);
  // docs/product.md#the-review-cycle: a reviewer waiting for approval sees no papers (not even their titles).
  if (!approved) return [];
  const rows = await opts.db
    .select({ p: papers, bid: bids.bid, trackName: tracks.name })
    .from(papers)
    .leftJoin(bids, and(eq(bids.paperId, papers.id), eq(bids.reviewerId, opts.reviewer.id)))
    .leftJoin(tracks, eq(tracks.id, papers.trackId))
    .where(isNull(papers.withdrawnAt))
    .orderBy(desc(papers.id));
  const hidden = await papersConflictedForReviewer({ db: opts.db, reviewer: opts.reviewer, paperIds: rows.map((r) => r.p.id) });
  return rows
    .filter((r) => !hidden.has(r.p.id))
    .map(({ p, bid, trackName }) => ({
      _id: p.id,
      title: p.title,
      abstract: p.abstract,
      keywords: p.keywords,
      bid: bid ?? null,
      track: { id: p.trackId, name: trackName ?? '' },
    }));
}

/**
 * Place, change or withdraw (null) the reviewer's bid on a paper they may see, audited. Who may bid is
 * settled before the paper is looked at, and a paper hidden by a conflict answers as a missing one, so no
 * answer tells a paper's existence or its authors apart (docs/product.md#who-sees-whom).
 */
export async function placeBid(opts: {
  db: Db;
  reviewer: { id: string; email: string; ip: string };
  paperId: string;
  bid: Bid | null;
}): Promise<{ paperId: string; bid: Bid | null }> {
  await checkMayBid({ db: opts.db, reviewerId: opts.reviewer.id });
  const [paper] = await opts.db
    .select({ id: papers.id, withdrawnAt: papers.withdrawnAt })
    .from(papers)
    .where(eq(papers.id, opts.paperId))
    .limit(1);
  if (!paper || (await papersConflictedForReviewer({ db: opts.db, reviewer: opts.reviewer, paperIds: [paper.id] })).has(paper.id))
    throw new AppError('not_found', UNSEEN);
  // docs/product.md#assignments-declines-and-withdrawals: a withdrawn paper takes no bids (one the reviewer could see before).
  if (paper.withdrawnAt) throw new AppError('conflict', REVISION_MESSAGES.withdrawnPaper);
  // Decision 0035: the bidding deadline closes bidding; a conflict of interest may always be declared.
  if (opts.bid !== 'conflict' && isPast((await getSettingsRow({ db: opts.db }))?.biddingDeadline))
    throw new AppError('forbidden', MESSAGES.biddingClosed);
  await opts.db.transaction(async (tx) => {
    if (opts.bid === null) {
      await tx.delete(bids).where(and(eq(bids.paperId, paper.id), eq(bids.reviewerId, opts.reviewer.id)));
    } else {
      await tx
        .insert(bids)
        .values({ paperId: paper.id, reviewerId: opts.reviewer.id, bid: opts.bid })
        .onConflictDoUpdate({ target: [bids.paperId, bids.reviewerId], set: { bid: opts.bid, updatedAt: sql`now()` } });
    }
    await recordAudit(tx, {
      actorId: opts.reviewer.id,
      actorRole: 'Reviewer',
      action: 'bid.place',
      paperId: paper.id,
      ip: opts.reviewer.ip,
      details: { bid: opts.bid },
    });
  });
  return { paperId: paper.id, bid: opts.bid };
}
