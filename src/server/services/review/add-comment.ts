import { newId } from '../../../core/ids';
import type { Db } from '../../db/connect';
import { comments } from '../../db/schema';
import { recordAudit, type Actor } from '../shared/audit';
import { checkMayReview } from '../submissions/review-status';

/** A reviewer's comment on a paper sent to them and not declined (403 otherwise), audited. */
export async function addComment(opts: { db: Db; paperId: string; reviewer: Actor; text: string }): Promise<void> {
  const { db, paperId, reviewer } = opts;
  await checkMayReview({ db, paperId, reviewerId: reviewer.id });
  await db.transaction(async (tx) => {
    await tx.insert(comments).values({ id: newId(), paperId, reviewerId: reviewer.id, text: opts.text });
    await recordAudit(tx, { actorId: reviewer.id, actorRole: 'Reviewer', action: 'review.comment', paperId, ip: reviewer.ip });
  });
}
