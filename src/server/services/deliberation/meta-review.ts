import { eq } from 'drizzle-orm';
import { REVISION_MESSAGES } from '../../../core/messages';
import type { MetaReviewBody, MetaReviewJson } from '../../../core/schemas/deliberation';
import type { Db } from '../../db/connect';
import { metaReviews, papers, users } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../shared/audit';
import { getPaper } from '../submissions/papers';

/** The meta-review of a paper with who last saved it, or null before one is written; 404 'Paper not found'. */
export async function findMetaReview(opts: { db: Db; paperId: string }): Promise<MetaReviewJson | null> {
  const { id: paperId } = await getPaper(opts);
  const [row] = await opts.db
    .select({ m: metaReviews, authorName: users.name })
    .from(metaReviews)
    .innerJoin(users, eq(users.id, metaReviews.authorId))
    .where(eq(metaReviews.paperId, paperId))
    .limit(1);
  return row ? toJson(row.m, row.authorName) : null;
}

/**
 * Write (or replace) a paper's meta-review (decision 0033), audited (the recommendation only: the texts stay in
 * their table). Refused on a paper its authors withdrew (409).
 */
export async function saveMetaReview(opts: { db: Db; paperId: string; body: MetaReviewBody; editor: Actor }): Promise<MetaReviewJson> {
  return opts.db.transaction(async (tx) => {
    const [paper] = await tx
      .select({ withdrawnAt: papers.withdrawnAt })
      .from(papers)
      .where(eq(papers.id, opts.paperId))
      .for('update')
      .limit(1);
    if (!paper) throw new AppError('not_found', 'Paper not found');
    if (paper.withdrawnAt) throw new AppError('conflict', REVISION_MESSAGES.withdrawnPaper);
    const values = {
      authorId: opts.editor.id,
      recommendation: opts.body.recommendation,
      toAuthors: opts.body.toAuthors,
      toCommittee: opts.body.toCommittee ?? '',
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(metaReviews)
      .values({ paperId: opts.paperId, ...values })
      .onConflictDoUpdate({ target: metaReviews.paperId, set: values })
      .returning();
    await recordAudit(tx, {
      actorId: opts.editor.id,
      actorRole: 'Editor',
      action: 'meta-review.save',
      paperId: opts.paperId,
      ip: opts.editor.ip,
      details: { recommendation: values.recommendation },
    });
    const [author] = await tx.select({ name: users.name }).from(users).where(eq(users.id, opts.editor.id)).limit(1);
    return toJson(row!, author?.name ?? '');
  });
}

const toJson = (m: typeof metaReviews.$inferSelect, authorName: string): MetaReviewJson => ({
  paperId: m.paperId,
  recommendation: m.recommendation,
  toAuthors: m.toAuthors,
  toCommittee: m.toCommittee,
  authorName,
  updatedAt: m.updatedAt.toISOString(),
});
