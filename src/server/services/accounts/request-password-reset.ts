import { and, desc, eq, sql } from 'drizzle-orm';
import type { ForgotBody } from '../../../core/schemas/accounts';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import type { Mailer } from '../../mail/send';
import { issueAccountToken } from './account-tokens';

export const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * When the account exists, mail it a single-use link valid for one hour. The route answers the same
 * before this even looks the account up (it runs after the answer), so neither the answer nor its
 * timing tells who is registered. When only unconfirmed accounts share the address and role (docs/product.md#accounts-and-verified-addresses),
 * each gets its own link, the mail naming the account; a confirmed account is the only one that does.
 */
export async function requestPasswordReset(opts: { db: Db; body: ForgotBody; mailer: Mailer; publicUrl: string }): Promise<void> {
  const { db } = opts;
  const accounts = await db
    .select({ id: users.id, name: users.name, email: users.email, verified: sql<boolean>`${users.emailVerifiedAt} is not null` })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${opts.body.email.toLowerCase()}`, eq(users.role, opts.body.role)))
    .orderBy(sql`${users.emailVerifiedAt} is null`, desc(users.createdAt));
  const verified = accounts.filter((a) => a.verified);
  for (const user of verified.length ? verified : accounts) {
    const token = await issueAccountToken({ db, userId: user.id, purpose: 'reset', ttlMs: RESET_TTL_MS });
    await opts.mailer.send({
      to: user.email,
      template: 'passwordReset',
      values: { name: user.name, role: opts.body.role, resetUrl: `${opts.publicUrl}/reset-password?token=${token}` },
    });
  }
}
