import { and, eq, sql } from 'drizzle-orm';
import type { ForgotBody } from '../../core/schemas/accounts';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import type { Mailer } from '../mail/send';
import { issueAccountToken } from './account-tokens';

export const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * When the account exists, mail it a single-use link valid for one hour. The route answers the same
 * before this even looks the account up (it runs after the answer), so neither the answer nor its
 * timing tells who is registered.
 */
export async function requestPasswordReset(db: Db, opts: { body: ForgotBody; mailer: Mailer; publicUrl: string }): Promise<void> {
  const [user] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users)
    .where(and(sql`lower(${users.email}) = ${opts.body.email.toLowerCase()}`, eq(users.role, opts.body.role))).limit(1);
  if (!user) return;
  const token = await issueAccountToken(db, { userId: user.id, purpose: 'reset', ttlMs: RESET_TTL_MS });
  await opts.mailer.send({
    to: user.email, template: 'passwordReset',
    values: { name: user.name, role: opts.body.role, resetUrl: `${opts.publicUrl}/reset-password?token=${token}` },
  });
}
