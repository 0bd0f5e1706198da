import { and, eq } from 'drizzle-orm';
import { conferenceTitle } from '../../../core/conference-facts';
import { REVISION_MESSAGES } from '../../../core/messages';
import type { Db } from '../../db/connect';
import { papers, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mailer, MailState } from '../../mail/send';
import { recordAudit } from '../shared/audit';
import { conflictBetween, refuseConflict } from '../submissions/conflicts';
import { recordInvitation } from '../submissions/review-status';
import { isWaitingForApproval, NOT_APPROVED } from './reviewer-checks';

/**
 * Invite a reviewer to review a paper: the mail is queued, the status 'Mail Sent' recorded and the action
 * audited in one transaction, so none of them exists without the others. Then waits up to `waitMs` for the
 * worker to deliver it, so the editor hears "sent" when the mail server is up.
 */
export async function sendReviewInvitation(opts: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  editorId: string;
  ip: string;
  reviewerEmail: string;
  reviewerId: string;
  paperId: string;
  waitMs: number;
}): Promise<{ email: string; result: MailState }> {
  const { db } = opts;
  // docs/product.md#the-review-cycle: an invitation names the paper; a reviewer waiting for approval gets none.
  if (await isWaitingForApproval({ db, reviewerId: opts.reviewerId })) throw new AppError('conflict', NOT_APPROVED);
  const [reviewer] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, opts.reviewerId), eq(users.role, 'Reviewer')))
    .limit(1);
  if (!reviewer) throw new AppError('not_found', 'Reviewer not found');
  if (reviewer.email.toLowerCase() !== opts.reviewerEmail.toLowerCase())
    throw new AppError('bad_request', "The email is not this reviewer's email");
  const [paper] = await db.select().from(papers).where(eq(papers.id, opts.paperId)).limit(1);
  if (!paper) throw new AppError('not_found', 'Paper not found');
  if (paper.withdrawnAt) throw new AppError('conflict', REVISION_MESSAGES.withdrawnPaper);
  // The invitation names the paper: a reviewer conflicted with it is refused, as Send Paper refuses them (409).
  refuseConflict(await conflictBetween({ db, paperId: paper.id, reviewerId: reviewer.id }));
  const queued = await db.transaction(async (tx) => {
    const mail = await opts.mailer.send({
      tx,
      to: reviewer.email,
      template: 'reviewInvitation',
      values: {
        name: reviewer.name,
        paperTitle: paper.title,
        paperId: paper.id,
        conference: conferenceTitle(opts.mailer.conference()),
        loginUrl: `${opts.publicUrl}/login`,
      },
    });
    await recordInvitation({ db: tx, paperId: paper.id, reviewerId: reviewer.id });
    await recordAudit(tx, {
      actorId: opts.editorId,
      actorRole: 'Editor',
      action: 'review.invite',
      paperId: paper.id,
      ip: opts.ip,
      details: { reviewerId: reviewer.id, mailId: mail.id },
    });
    return mail;
  });
  const result = queued.result === 'outbox' ? 'outbox' : await opts.mailer.waitForDelivery(queued.id, opts.waitMs);
  return { email: reviewer.email, result };
}
