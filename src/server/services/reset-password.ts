import { eq } from 'drizzle-orm';
import { RESET_LINK_BAD, type ResetBody } from '../../core/schemas/accounts';
import { hashPassword } from '../auth/password';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { AppError } from '../errors';
import { consumeAccountToken, revokeAccountTokens } from './account-tokens';
import { recordAudit } from './audit';

/**
 * A new password through a reset link: the link is used up, the account's other reset links die, and
 * every login token issued before now is refused (tokens_valid_after). The link reached the mailbox,
 * so the address is verified too. Returns the account id.
 */
export async function resetPassword(db: Db, body: ResetBody, opts: { ip?: string } = {}): Promise<{ userId: string; email: string }> {
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const userId = await consumeAccountToken(tx, { token: body.token, purpose: 'reset' });
    if (!userId) throw new AppError('bad_request', RESET_LINK_BAD);
    const [user] = await tx.select({ verified: users.emailVerifiedAt, email: users.email, role: users.role }).from(users).where(eq(users.id, userId));
    await tx.update(users).set({ passwordHash, tokensValidAfter: new Date(), emailVerifiedAt: user?.verified ?? new Date() }).where(eq(users.id, userId));
    await revokeAccountTokens(tx, { userId, purpose: 'reset' });
    await recordAudit(tx, { actorId: userId, actorRole: user?.role ?? null, action: 'password.reset', ip: opts.ip });
    return { userId, email: user?.email ?? '' };
  });
}
