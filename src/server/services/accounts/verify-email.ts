import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { formatLongDateTime } from '../../../core/format';
import { VERIFY_LINK_BAD, VERIFY_TAKEN } from '../../../core/schemas/accounts';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { lockAccountDecisions } from './sign-up-user';
import type { Mailer, MailState, SendResult } from '../../mail/send';
import { consumeAccountToken, issueAccountToken } from './account-tokens';
import { recordAudit } from '../shared/audit';

const VERIFY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Mail an account a link that confirms its e-mail address (at signup, or again on request). */
export async function sendVerificationMail(opts: {
  db: Db;
  user: { id: string; name: string; email: string; role: string; createdAt: Date };
  mailer: Mailer;
  publicUrl: string;
}): Promise<{ id: string; result: SendResult }> {
  const { db, user } = opts;
  const token = await issueAccountToken({ db, userId: user.id, purpose: 'verify', ttlMs: VERIFY_TTL_MS });
  // The mail names the account it verifies (role, name, when): the reader decides whether that signup was theirs.
  const signedUpOn = `${formatLongDateTime(user.createdAt, 'UTC')} UTC`;
  return opts.mailer.send({
    to: user.email,
    template: 'verifyEmail',
    values: { name: user.name, role: user.role, signedUpOn, verifyUrl: `${opts.publicUrl}/verify-email?token=${token}` },
  });
}

/**
 * Mark the one account the link was mailed for as verified. Only that account: another account that
 * names the same address (perhaps someone else's signup) has not shown it owns the mailbox.
 */
export async function verifyEmail(opts: { db: Db; token: string; ip?: string }): Promise<{ userId: string }> {
  return opts.db.transaction(async (tx) => {
    const userId = await consumeAccountToken({ db: tx, token: opts.token, purpose: 'verify' });
    if (!userId) throw new AppError('bad_request', VERIFY_LINK_BAD);
    const [row] = await tx
      .select({ at: users.emailVerifiedAt, role: users.role, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (!row?.at) {
      await lockAccountDecisions(tx);
      // One verified account per address and role: another one already holds them (the owner's own signup).
      const [taken] = row
        ? await tx
            .select({ id: users.id })
            .from(users)
            .where(and(sql`lower(${users.email}) = ${row.email.toLowerCase()}`, eq(users.role, row.role), isNotNull(users.emailVerifiedAt)))
            .limit(1)
        : [];
      if (taken) throw new AppError('conflict', VERIFY_TAKEN);
      await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
    }
    await recordAudit(tx, { actorId: userId, actorRole: row?.role ?? null, action: 'email.verify', ip: opts.ip });
    return { userId };
  });
}

/**
 * Mail the link again to an account that is not verified yet (an already verified account gets nothing), and
 * wait up to `waitMs` for the mail server to take it: what became of it, said as it is (decision 0041).
 */
export async function resendVerificationMail(opts: {
  db: Db;
  userId: string;
  mailer: Mailer;
  publicUrl: string;
  waitMs: number;
}): Promise<MailState> {
  const { db } = opts;
  const [user] = await db.select().from(users).where(eq(users.id, opts.userId));
  if (!user) throw new AppError('unauthorized', 'Please login first');
  if (user.emailVerifiedAt) throw new AppError('bad_request', 'Your email address is already verified');
  const mail = await sendVerificationMail({ db, user, mailer: opts.mailer, publicUrl: opts.publicUrl });
  // Essential: never held for a digest nor turned off.
  if (mail.result === 'outbox') return 'outbox';
  return opts.mailer.waitForDelivery(mail.id, opts.waitMs);
}
