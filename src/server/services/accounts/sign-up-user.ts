import { and, eq, sql } from 'drizzle-orm';
import { newId } from '../../../core/ids';
import { nameOrEmailPrefix, type SignupBody, type UserJson } from '../../../core/schemas/auth';
import { hashPassword } from '../../auth/password';
import type { Db } from '../../db/connect';
import { settings, trackChairs, users } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../shared/audit';
import { checkReviewerTopics } from '../shared/track-rules';
import { toUserJson, type UserRow } from '../shared/user-json';
import { nameColumns } from '../shared/name-parts';

/**
 * One decision about who holds an address at a time (signup's "already registered" and "first Editor",
 * verification, reset): a transaction-scoped lock every instance on the database honours.
 */
export const lockAccountDecisions = (tx: Pick<Db, 'execute'>) => tx.execute(sql`select pg_advisory_xact_lock(7312001)`);

/** Unconfirmed accounts that may share one address and role (a login tries each one's password). */
export const MAX_UNVERIFIED_PER_ADDRESS = 3;

/** The new account as the reply shows it, and whom its verification mail names (the mail says when they signed up). */
export interface SignedUp {
  user: UserJson;
  verifyMailTo: { id: string; name: string; email: string; role: string; createdAt: Date };
}

/**
 * An account is one email in one role. Editors see every paper, so an Editor account is open only to
 * EDITOR_EMAILS, or, when that is empty, to the first Editor of the instance; an address named chair of a track
 * gets an Editor account that chairs only (decision 0023). The sign-up is audited.
 */
export async function signUpUser(opts: { db: Db; body: SignupBody; editorEmails: readonly string[]; ip: string }): Promise<SignedUp> {
  const { db, body, editorEmails } = opts;
  const email = body.email.toLowerCase();
  const passwordHash = await hashPassword(body.password);
  const row: typeof users.$inferInsert = {
    id: newId(),
    // Decision 0074: the display name from the parts when sent, else the name as sent (or the address's prefix).
    ...nameColumns({ ...body, name: nameOrEmailPrefix(body.name, email) }),
    email,
    role: body.role,
    passwordHash,
    // A reviewer's topics come from every track, or the 50 tags (decision 0023).
    tags: body.role === 'Reviewer' ? await checkReviewerTopics({ db, topics: body.tags }) : [],
  };
  const user = await db.transaction(async (tx) => {
    // One signup at a time decides "first Editor" and "already registered" (both drivers honour this lock).
    await lockAccountDecisions(tx);
    // An account that confirmed the address holds it. Unconfirmed ones do not: they may be a stranger's signup
    // with this address, which must not keep its owner out (docs/product.md#accounts-and-verified-addresses). A few may wait side by side; the
    // first to confirm through the mailed link keeps the address, and the others can no longer confirm it.
    const existing = await tx
      .select({ verified: sql<boolean>`${users.emailVerifiedAt} is not null` })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, eq(users.role, body.role)));
    if (existing.some((e) => e.verified) || existing.length >= MAX_UNVERIFIED_PER_ADDRESS) {
      throw new AppError('conflict', `An ${body.role} account with this email already exists. Please log in.`);
    }
    if (body.role === 'Editor') {
      // An address the editor named chair of a track may sign up as an Editor that chairs only (decision 0023).
      const [chair] = await tx.select({ email: trackChairs.email }).from(trackChairs).where(eq(trackChairs.email, email)).limit(1);
      if (editorEmails.length > 0) {
        if (!editorEmails.includes(email)) {
          if (!chair)
            throw new AppError(
              'forbidden',
              'Editor accounts are by invitation only: ask the organisers to add your email to the editors list.',
            );
          row.chairOnly = true;
        }
      } else {
        const [editor] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'Editor')).limit(1);
        if (editor) {
          if (!chair)
            throw new AppError(
              'forbidden',
              'Editor signup is closed: this conference already has an editor. Ask the organisers for access.',
            );
          row.chairOnly = true;
        }
      }
    }
    // docs/product.md#the-review-cycle: a reviewer who signs up while the editor asks for approval waits for it.
    const [setting] = await tx.select({ on: settings.reviewerApproval }).from(settings).where(eq(settings.id, 1)).limit(1);
    row.approvedAt = body.role === 'Reviewer' && setting?.on ? null : new Date();
    const [created] = await tx.insert(users).values(row).returning();
    await recordAudit(tx, { actorId: created!.id, actorRole: created!.role, action: 'user.signup', ip: opts.ip });
    return created as UserRow;
  });
  return {
    user: toUserJson(user),
    verifyMailTo: { id: user.id, name: user.name, email: user.email, role: user.role, createdAt: user.createdAt },
  };
}
