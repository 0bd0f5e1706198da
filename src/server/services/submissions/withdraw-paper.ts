import { eq, sql } from 'drizzle-orm';
import { conferenceTitle } from '../../../core/conference-facts';
import { REVISION_MESSAGES } from '../../../core/messages';
import type { Db } from '../../db/connect';
import { papers, reviewStatuses, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/send';
import { canReviewerWorkOnPaper, type Caller } from '../../permissions';
import { recordAudit } from '../shared/audit';
import { findAuthorPaper } from './author-papers';
import { findCoAuthors } from './co-authors';
import { toPaperJson } from './paper-json';

/**
 * The submitting author withdraws their paper before a decision is taken (docs/product.md#assignments-declines-and-withdrawals): withdrawn_at is set, and
 * from then on the paper is out of bidding, automatic assignment and Send Paper, and no review or comment is
 * saved on it. Each assigned reviewer who has not declined is told no review is needed, and each co-author that
 * the paper was withdrawn; the change, its audit row and the mails commit together. 409 when it is already
 * withdrawn or a decision was taken (even one cleared after the authors were told).
 */
export async function withdrawPaper(opts: { db: Db; secret: string; mailer: Mailer; caller: Caller; ip: string; paperId: string }) {
  const { db, caller } = opts;
  const { paper: found } = await findAuthorPaper({ db, caller, paperId: opts.paperId, submitterOnly: true });
  const updated = await db.transaction(async (tx) => {
    // The row locked: a second withdrawal, or a decision taken meanwhile, is seen here.
    const [paper] = await tx.select().from(papers).where(eq(papers.id, found.id)).for('update');
    if (!paper) throw new AppError('not_found', 'Paper not found');
    if (paper.withdrawnAt) throw new AppError('conflict', REVISION_MESSAGES.alreadyWithdrawn);
    if (paper.decision || paper.notifiedDecision) throw new AppError('conflict', REVISION_MESSAGES.withdrawAfterDecision);
    const [row] = await tx
      .update(papers)
      .set({ withdrawnAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(papers.id, paper.id))
      .returning();
    // Told: the reviewers the paper's screens still let work on it (canReviewerWorkOnPaper), as every mail about a paper.
    const reviewers = (
      await tx
        .select({ name: users.name, email: users.email, assigned: reviewStatuses.assigned, status: reviewStatuses.status })
        .from(reviewStatuses)
        .innerJoin(users, eq(users.id, reviewStatuses.reviewerId))
        .where(eq(reviewStatuses.paperId, paper.id))
        .orderBy(reviewStatuses.sentAt, reviewStatuses.reviewerId)
    ).filter((r) => !canReviewerWorkOnPaper(r));
    const coAuthors = await findCoAuthors({ db: tx, paperId: paper.id });
    const paperValues = { paperTitle: paper.title, paperId: paper.id, conference: conferenceTitle(opts.mailer.conference()) };
    await opts.mailer.sendMany(
      [
        ...reviewers.map((r) => ({ to: r.email, template: 'paperWithdrawn' as const, values: { ...paperValues, name: r.name } })),
        ...coAuthors.map((c) => ({
          to: c.email,
          template: 'paperWithdrawnCoAuthor' as const,
          values: { ...paperValues, name: c.name, submitter: caller.name },
        })),
      ],
      tx,
    );
    await recordAudit(tx, {
      actorId: caller.id,
      actorRole: 'Author',
      action: 'paper.withdraw',
      paperId: paper.id,
      ip: opts.ip,
      details: { reviewersTold: reviewers.length, coAuthorsTold: coAuthors.length },
    });
    return row!;
  });
  const [json] = await toPaperJson({
    db,
    secret: opts.secret,
    papers: [updated],
    versions: true,
    coAuthors: true,
    viewerId: caller.id,
    author: true,
  });
  return json!;
}
