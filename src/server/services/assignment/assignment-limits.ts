import { sql, type SQL } from 'drizzle-orm';
import { paperAtLimit, reviewerAtLimit } from '../../../core/assignment/messages';
import { SETTINGS_DEFAULTS } from '../../../core/schemas/settings';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';

/**
 * A reviewer's load (decision 0025): the papers assigned to them that they have not declined, withdrawn papers
 * aside. The same count the ranked list shows ("3 / 10") and Send Paper holds against the limit. Reads
 * review_statuses by its reviewer index, each paper by its key.
 */
export const reviewerLoadSql = (reviewerId: SQL) => sql`(select count(*)::int from review_statuses ls join papers lp on lp.id = ls.paper_id
  where ls.reviewer_id = ${reviewerId} and ls.assigned and ls.status <> 'Declined' and lp.withdrawn_at is null)`;

/** A paper's reviewers assigned and not declined, against reviewersPerPaper. */
export const paperReviewersSql = (paperId: SQL) => sql`(select count(*)::int from review_statuses ps
  where ps.paper_id = ${paperId} and ps.assigned and ps.status <> 'Declined')`;

/** The saved limits (the defaults until the editor saves any), as SQL for one statement. */
export const limitsSql = sql`coalesce((select reviewers_per_paper from settings where id = 1), ${SETTINGS_DEFAULTS.reviewersPerPaper})::int as "reviewersPerPaper",
  coalesce((select max_papers_per_reviewer from settings where id = 1), ${SETTINGS_DEFAULTS.maxPapersPerReviewer})::int as "maxPapersPerReviewer"`;

/**
 * Inside Send Paper's transaction, before the pair is written: a new assignment may not take the reviewer past
 * maxPapersPerReviewer nor the paper past reviewersPerPaper (409 with the figures) unless the chair says
 * `override`. A pair assigned already is not a new assignment. Two Send Papers on the same reviewer or the
 * same paper wait for each other (transaction-scoped advisory locks, always the reviewer's first, then the
 * paper's, so they cannot deadlock), so two chairs cannot both take the last place.
 */
export async function checkAssignmentLimits(opts: {
  tx: Pick<Db, 'execute'>;
  paperId: string;
  reviewerId: string;
  override: boolean;
}): Promise<void> {
  if (opts.override) return;
  const { tx } = opts;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`assign-reviewer:${opts.reviewerId}`}, 0)),
    pg_advisory_xact_lock(hashtextextended(${`assign-paper:${opts.paperId}`}, 0))`);
  const res = await tx.execute(sql`select
      (select name from users where id = ${opts.reviewerId}) as name,
      exists (select 1 from review_statuses where paper_id = ${opts.paperId} and reviewer_id = ${opts.reviewerId} and assigned) as "already",
      ${reviewerLoadSql(sql`${opts.reviewerId}`)} as load,
      ${paperReviewersSql(sql`${opts.paperId}`)} as "paperReviewers",
      ${limitsSql}`);
  const [row] = (
    res as unknown as {
      rows: Array<{
        name: string | null;
        already: boolean;
        load: number;
        paperReviewers: number;
        reviewersPerPaper: number;
        maxPapersPerReviewer: number;
      }>;
    }
  ).rows;
  if (!row || row.already) return;
  if (row.load >= row.maxPapersPerReviewer)
    throw new AppError('conflict', reviewerAtLimit(row.name ?? 'This reviewer', row.load, row.maxPapersPerReviewer));
  if (row.paperReviewers >= row.reviewersPerPaper) throw new AppError('conflict', paperAtLimit(row.paperReviewers, row.reviewersPerPaper));
}
