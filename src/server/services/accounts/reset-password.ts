import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { RESET_LINK_BAD, type ResetBody } from '../../../core/schemas/accounts';
import { hashPassword } from '../../auth/password';
import type { Db } from '../../db/connect';
import { accountTokens, users } from '../../db/schema';
import { AppError } from '../../errors';
import { lockAccountDecisions } from './sign-up-user';
import { consumeAccountToken, findAccountToken, revokeAccountTokens } from './account-tokens';
import { recordAudit } from '../shared/audit';
import { endOtherSessions } from '../sessions/sessions';

/**
 * Resets per client address in an hour (decision 0022). A reset needs a link from the mailbox, one per person; a
 * class behind one NAT address resetting 30 passwords in one hour is already unusual, and one refused waits a
 * few minutes with its link still valid. Every attempt counts, a bad link too.
 */
export const RESETS_PER_ADDRESS = { limit: 30, windowMs: 60 * 60 * 1000 } as const;

/**
 * A new password through a reset link: the link is used up, the account's other reset links die, and
 * every login token issued before now is refused (tokens_valid_after). The link reached the mailbox,
 * so the address is verified too. Returns the account id.
 *
 * The link is checked before the password is hashed (decision 0022: a bad link costs no scrypt) and used up
 * after it, in the transaction that saves the password: a hash refused by a full queue leaves it usable.
 */
export async function resetPassword({
  db,
  body,
  ip,
}: {
  db: Db;
  body: ResetBody;
  ip?: string;
}): Promise<{ userId: string; email: string }> {
  if (!(await findAccountToken({ db, token: body.token, purpose: 'reset' }))) throw new AppError('bad_request', RESET_LINK_BAD);
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    // Used by another request since it was looked up (a double click): only one of them wins.
    const userId = await consumeAccountToken({ db: tx, token: body.token, purpose: 'reset' });
    if (!userId) throw new AppError('bad_request', RESET_LINK_BAD);
    const [user] = await tx
      .select({ verified: users.emailVerifiedAt, email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw new AppError('bad_request', RESET_LINK_BAD);
    // The link proves the mailbox, unless another account already holds this address and role (docs/product.md#accounts-and-verified-addresses:
    // one verified account each); the signup lock keeps that decision and a verification from racing.
    await lockAccountDecisions(tx);
    const [holder] = user.verified
      ? []
      : await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = ${user.email.toLowerCase()}`, eq(users.role, user.role), isNotNull(users.emailVerifiedAt)))
          .limit(1);
    await tx
      .update(users)
      .set({ passwordHash, tokensValidAfter: new Date(), emailVerifiedAt: user.verified ?? (holder ? null : new Date()) })
      .where(eq(users.id, userId));
    await revokeAccountTokens({ db: tx, userId, purpose: 'reset' });
    // Every session of the account ends too (decision 0071): the reset is made signed out, from a mailed link.
    await endOtherSessions({ db: tx, userId });
    // docs/product.md#accounts-and-verified-addresses: a reset ends every verification still pending for this address, whichever account asked for it:
    // a stranger's signup mail lying in the inbox can no longer be confirmed by mistake.
    await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(accountTokens.purpose, 'verify'),
          isNull(accountTokens.usedAt),
          inArray(
            accountTokens.userId,
            tx
              .select({ id: users.id })
              .from(users)
              .where(sql`lower(${users.email}) = ${user.email.toLowerCase()}`),
          ),
        ),
      );
    await recordAudit(tx, { actorId: userId, actorRole: user.role, action: 'password.reset', ip });
    return { userId, email: user.email };
  });
}
