import { sql } from 'drizzle-orm';
import { conferenceTitle } from '../../../core/conference-facts';
import { newId } from '../../../core/ids';
import { formatUtcDateTime } from '../../../core/format';
import type { Db } from '../../db/connect';
import { pgArray } from '../../db/pg-array';
import type { Mailer } from '../../mail/send';
import type { Actor } from '../shared/audit';
import { getSettingsRow } from '../shared/settings';
import { checkAssignmentLimits } from './assignment-limits';
import { checkReviewerForPaper } from './reviewer-checks';

/** How the editor gave the paper: Send Paper on one reviewer, or the automatic assignment's result applied. */
export type AssignVia = 'send-paper' | 'auto-assign';

/**
 * The one way a reviewer gets a paper (decision 0018): each pair is recorded as assigned with status 'Sent' (a
 * reviewer's own Accepted/Declined is kept), audited as 'review.assign', and each newly assigned reviewer is
 * mailed the title, the review deadline and the paper's link (docs/product.md#assignments-declines-and-withdrawals; a pair already assigned gets no second
 * mail), all in one transaction, whether one pair (Send Paper) or thousands (auto-assign, statements over arrays).
 * Send Paper's single pair is checked here (own author, verification and approval settings, and the saved
 * limits unless `override`: decision 0025); the automatic solver only offers eligible pairs within the limits.
 * Cached lists are invalidated by the write request itself (app.ts).
 */
export async function assignReviewers(opts: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  editor: Actor;
  pairs: Array<{ paperId: string; reviewerId: string }>;
  via: AssignVia;
  /** Send Paper beyond the saved limits (decision 0025), recorded in the audit row. */
  override?: boolean;
}): Promise<void> {
  const { pairs, editor, via } = opts;
  const override = opts.override === true;
  if (pairs.length === 0) return;
  const paperIds = pairs.map((p) => p.paperId);
  const reviewerIds = pairs.map((p) => p.reviewerId);
  const auditIds = pairs.map(() => newId());
  const array = (values: string[]) => sql`${pgArray(values)}::text[]`;
  await opts.db.transaction(async (tx) => {
    if (via === 'send-paper') {
      for (const p of pairs) {
        await checkReviewerForPaper({ db: tx, paperId: p.paperId, reviewerId: p.reviewerId });
        await checkAssignmentLimits({ tx, paperId: p.paperId, reviewerId: p.reviewerId, override });
      }
    }
    // Every part of one statement sees the table as it was before it: `was` holds the pairs assigned already.
    const res = await tx.execute(sql`with input as (select p, r from unnest(${array(paperIds)}, ${array(reviewerIds)}) as t(p, r)),
      was as (select s.paper_id, s.reviewer_id from review_statuses s join input on s.paper_id = input.p and s.reviewer_id = input.r where s.assigned),
      up as (insert into review_statuses (paper_id, reviewer_id, status, assigned)
        select p, r, 'Sent', true from input
        on conflict (paper_id, reviewer_id) do update set
          status = case when review_statuses.status in ('Accepted', 'Declined') then review_statuses.status else 'Sent' end,
          assigned = true, updated_at = now()
        returning paper_id, reviewer_id)
      select up.paper_id as "paperId", p.title, u.name, u.email from up
        join papers p on p.id = up.paper_id join users u on u.id = up.reviewer_id
        where not exists (select 1 from was where was.paper_id = up.paper_id and was.reviewer_id = up.reviewer_id)
        order by up.reviewer_id, up.paper_id`);
    await tx.execute(sql`insert into audit_log (id, actor_id, actor_role, action, paper_id, ip, details)
      select a, ${editor.id}, 'Editor', 'review.assign', p, ${editor.ip}, jsonb_build_object('reviewerId', r, 'via', ${via}::text)
        || case when ${override}::boolean then '{"override": true}'::jsonb else '{}'::jsonb end
      from unnest(${array(auditIds)}, ${array(paperIds)}, ${array(reviewerIds)}) as t(a, p, r)`);
    const told = (res as unknown as { rows: Array<{ paperId: string; title: string; name: string; email: string }> }).rows;
    if (told.length === 0) return;
    const reviewDeadline = (await getSettingsRow({ db: tx }))?.reviewDeadline;
    const deadline = reviewDeadline ? formatUtcDateTime(reviewDeadline) : 'no deadline set';
    await opts.mailer.sendMany(
      told.map((m) => ({
        to: m.email,
        template: 'reviewAssigned',
        values: {
          name: m.name,
          paperTitle: m.title,
          paperId: m.paperId,
          deadline,
          conference: conferenceTitle(opts.mailer.conference()),
          paperUrl: `${opts.publicUrl}/reviewer/dashboard/${m.paperId}`,
        },
      })),
      tx,
    );
  });
}
