import { sql } from 'drizzle-orm';
import { newId } from '../../../core/ids';
import type { Db } from '../../db/connect';
import type { Actor } from '../shared/audit';
import { checkReviewerForPaper } from './reviewer-checks';

/** How the editor gave the paper: Send Paper on one reviewer, or the automatic assignment's result applied. */
export type AssignVia = 'send-paper' | 'auto-assign';

/**
 * The one way a reviewer gets a paper (issue 29 §1.4): each pair is recorded as assigned with status 'Sent' (a
 * reviewer's own Accepted/Declined is kept) and audited as 'review.assign', all in one transaction, whether one
 * pair (Send Paper) or thousands (auto-assign, one statement over arrays). Send Paper's single pair is checked
 * here (own author, verification and approval settings); the automatic solver only offers eligible pairs.
 * Cached lists are invalidated by the write request itself (app.ts, before its answer goes out).
 */
export async function assignReviewers(opts: { db: Db; editor: Actor; pairs: Array<{ paperId: string; reviewerId: string }>; via: AssignVia }): Promise<void> {
  const { pairs, editor, via } = opts;
  if (pairs.length === 0) return;
  const paperIds = pairs.map((p) => p.paperId);
  const reviewerIds = pairs.map((p) => p.reviewerId);
  const auditIds = pairs.map(() => newId());
  const array = (values: string[]) => sql`${`{${values.join(',')}}`}::text[]`;
  await opts.db.transaction(async (tx) => {
    if (via === 'send-paper') for (const p of pairs) await checkReviewerForPaper(tx, p);
    await tx.execute(sql`insert into review_statuses (paper_id, reviewer_id, status, assigned)
      select p, r, 'Sent', true from unnest(${array(paperIds)}, ${array(reviewerIds)}) as t(p, r)
      on conflict (paper_id, reviewer_id) do update set
        status = case when review_statuses.status in ('Accepted', 'Declined') then review_statuses.status else 'Sent' end,
        assigned = true, updated_at = now()`);
    await tx.execute(sql`insert into audit_log (id, actor_id, actor_role, action, paper_id, ip, details)
      select a, ${editor.id}, 'Editor', 'review.assign', p, ${editor.ip}, jsonb_build_object('reviewerId', r, 'via', ${via}::text)
      from unnest(${array(auditIds)}, ${array(paperIds)}, ${array(reviewerIds)}) as t(a, p, r)`);
  });
}
