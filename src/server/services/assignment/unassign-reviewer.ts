import { sql } from 'drizzle-orm';
import { conferenceTitle } from '../../../core/conference-facts';
import { REVIEWER_NOT_ASSIGNED, reviewedCannotUnassign } from '../../../core/assignment/messages';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/send';
import { recordAudit, type Actor } from '../shared/audit';
import { getPaper } from '../submissions/papers';

/**
 * Take an assignment back (decision 0025): only from a reviewer who has not saved a review of the paper (409
 * otherwise; 404 when the paper is not assigned to them). The pair's record goes, so the reviewer no longer
 * sees the paper and may be assigned it again later, except when they had declined: their answer is kept (not
 * assigned) so that automatic assignment does not offer them the paper again. The change, its audit row
 * ('review.unassign') and the mail telling the reviewer commit together. The record is locked first, so a
 * second unassign of the same pair waits and then finds nothing to undo.
 */
export async function unassignReviewer(opts: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  editor: Actor;
  paperId: string;
  reviewerId: string;
}): Promise<{ reviewerName: string }> {
  const { editor, reviewerId } = opts;
  const paper = await getPaper({ db: opts.db, paperId: opts.paperId });
  return opts.db.transaction(async (tx) => {
    const res = await tx.execute(sql`select s.status, u.name, u.email,
        exists (select 1 from reviews r where r.paper_id = s.paper_id and r.reviewer_id = s.reviewer_id) as reviewed
      from review_statuses s join users u on u.id = s.reviewer_id
      where s.paper_id = ${paper.id} and s.reviewer_id = ${reviewerId} and s.assigned
      for update of s`);
    const [row] = (res as unknown as { rows: Array<{ status: string; name: string; email: string; reviewed: boolean }> }).rows;
    if (!row) throw new AppError('not_found', REVIEWER_NOT_ASSIGNED);
    if (row.reviewed) throw new AppError('conflict', reviewedCannotUnassign(row.name));
    if (row.status === 'Declined') {
      await tx.execute(
        sql`update review_statuses set assigned = false, updated_at = now() where paper_id = ${paper.id} and reviewer_id = ${reviewerId}`,
      );
    } else {
      await tx.execute(sql`delete from review_statuses where paper_id = ${paper.id} and reviewer_id = ${reviewerId}`);
      // Assigned again later, they are reminded again.
      await tx.execute(sql`delete from review_reminders where paper_id = ${paper.id} and reviewer_id = ${reviewerId}`);
    }
    await recordAudit(tx, {
      actorId: editor.id,
      actorRole: 'Editor',
      action: 'review.unassign',
      paperId: paper.id,
      ip: editor.ip,
      details: { reviewerId, status: row.status },
    });
    await opts.mailer.send({
      to: row.email,
      template: 'reviewUnassigned',
      tx,
      values: {
        name: row.name,
        paperTitle: paper.title,
        paperId: paper.id,
        conference: conferenceTitle(opts.mailer.conference()),
        dashboardUrl: `${opts.publicUrl}/reviewer/dashboard`,
      },
    });
    return { reviewerName: row.name };
  });
}
