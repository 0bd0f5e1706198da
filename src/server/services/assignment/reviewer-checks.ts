import { eq, sql } from 'drizzle-orm';
import { REVISION_MESSAGES } from '../../../core/messages';
import { findPersonConflicts } from '../../../core/person-conflicts';
import type { Db } from '../../db/connect';
import { papers, users } from '../../db/schema';
import { AppError } from '../../errors';
import { findCoAuthors } from '../submissions/co-authors';
import { getSettings } from '../shared/settings';

export const UNVERIFIED_REVIEWER = 'This reviewer has not verified their email address yet, and the settings require a verified email.';
export const SAME_PERSON = 'This reviewer is an author of the paper (the same email address): a paper cannot be sent to its own author.';

/** The editor's setting (decision 0016): only reviewers with a verified e-mail are suggested, sent or auto-assigned. */
export async function isVerifiedEmailRequired({ db }: { db: Db }): Promise<boolean> {
  return (await getSettings({ db })).requireVerifiedEmail;
}

/** The condition as plain SQL over the `users` row in scope (for queries outside drizzle too). */
export const VERIFIED_IF_REQUIRED_SQL =
  '(email_verified_at is not null or not coalesce((select require_verified_email from settings where id = 1), false))';
/** SQL condition on `users`: the reviewer may be suggested or auto-assigned under the current setting. */
export const verifiedIfRequired = sql.raw(VERIFIED_IF_REQUIRED_SQL);

export const NOT_APPROVED =
  'This reviewer has not been approved yet: approve them on the Reviewers page (/editor/reviewers) before sending them papers.';

/** The editor's setting (docs/product.md#the-review-cycle): new reviewers wait for approval before they are suggested, sent, shown bids or auto-assigned. */
export async function isApprovalRequired({ db }: { db: Db }): Promise<boolean> {
  return (await getSettings({ db })).reviewerApproval;
}

/** The condition as plain SQL over the `users` row in scope (for queries outside drizzle too). */
export const APPROVED_IF_REQUIRED_SQL =
  '(approved_at is not null or not coalesce((select reviewer_approval from settings where id = 1), false))';
/** SQL condition on `users`: the reviewer is approved, or the setting does not ask for approval. */
export const approvedIfRequired = sql.raw(APPROVED_IF_REQUIRED_SQL);

/** True when the reviewer may receive papers under the approval setting. */
export async function isReviewerApproved({ db, reviewerId }: { db: Db; reviewerId: string }): Promise<boolean> {
  const [row] = await db
    .select({ ok: sql<boolean>`${approvedIfRequired}` })
    .from(users)
    .where(eq(users.id, reviewerId))
    .limit(1);
  return row?.ok ?? false;
}

/**
 * Before a paper is sent to a reviewer: never to its own author or co-author (same address, any domain),
 * only to a verified reviewer when the setting asks for it, and only to an approved one when approval is on
 * (docs/product.md#the-review-cycle), and never a paper its authors withdrew (docs/product.md#assignments-declines-and-withdrawals). Throws 409 with the reason.
 */
export async function checkReviewerForPaper(opts: { db: Db; paperId: string; reviewerId: string }): Promise<void> {
  const { db } = opts;
  const [row] = await db
    .select({ authorEmail: users.email, withdrawnAt: papers.withdrawnAt })
    .from(papers)
    .innerJoin(users, eq(users.id, papers.authorId))
    .where(eq(papers.id, opts.paperId))
    .limit(1);
  if (row?.withdrawnAt) throw new AppError('conflict', REVISION_MESSAGES.withdrawnPaper);
  const [reviewer] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt, approved: sql<boolean>`${approvedIfRequired}` })
    .from(users)
    .where(eq(users.id, opts.reviewerId))
    .limit(1);
  if (!row || !reviewer) return;
  const coAuthors = (await findCoAuthors({ db, paperId: opts.paperId })).map((c) => c.email);
  if (findPersonConflicts(reviewer.email, { author: row.authorEmail, coAuthors }).some((c) => c.reason === 'same-person')) {
    throw new AppError('conflict', SAME_PERSON);
  }
  if (!reviewer.verifiedAt && (await isVerifiedEmailRequired({ db }))) throw new AppError('conflict', UNVERIFIED_REVIEWER);
  if (!reviewer.approved) throw new AppError('conflict', NOT_APPROVED);
}

/** An existing reviewer still waiting for approval while the setting asks for it (an unknown id is not: other checks answer it). */
export async function isWaitingForApproval({ db, reviewerId }: { db: Db; reviewerId: string }): Promise<boolean> {
  const [row] = await db
    .select({ ok: sql<boolean>`${approvedIfRequired}` })
    .from(users)
    .where(eq(users.id, reviewerId))
    .limit(1);
  return row ? !row.ok : false;
}
