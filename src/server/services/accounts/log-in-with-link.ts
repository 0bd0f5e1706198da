import { eq } from 'drizzle-orm';
import { LOGIN_LINK_BAD, type UserJson } from '../../../core/schemas/auth';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/send';
import { consumeAccountToken, issueAccountToken } from './account-tokens';
import { recordAudit } from '../shared/audit';
import { toUserJson, type UserRow } from '../shared/user-json';

export const LOGIN_LINK_TTL_MS = 15 * 60 * 1000;

/**
 * Mail an account a one-time login link (decision 0022): its right password was typed from an address it has
 * not logged in from while its failed-login ceiling holds. The link proves the mailbox on top of the password.
 */
export async function mailLoginLink(
  db: Db,
  opts: { user: Pick<UserRow, 'id' | 'name' | 'email' | 'role'>; mailer: Mailer; publicUrl: string },
): Promise<void> {
  const { user } = opts;
  const token = await issueAccountToken({ db, userId: user.id, purpose: 'login', ttlMs: LOGIN_LINK_TTL_MS });
  await opts.mailer.send({
    to: user.email,
    template: 'loginLink',
    values: {
      name: user.name,
      role: user.role,
      minutes: String(LOGIN_LINK_TTL_MS / 60_000),
      loginUrl: `${opts.publicUrl}/login-link?token=${token}`,
    },
  });
}

/** Use a login link once: the account it was mailed for, with an audit row. */
export async function logInWithLink(opts: { db: Db; token: string; ip?: string }): Promise<UserJson> {
  return opts.db.transaction(async (tx) => {
    const userId = await consumeAccountToken({ db: tx, token: opts.token, purpose: 'login' });
    const [user] = userId ? await tx.select().from(users).where(eq(users.id, userId)) : [];
    if (!user) throw new AppError('bad_request', LOGIN_LINK_BAD);
    await recordAudit(tx, { actorId: user.id, actorRole: user.role, action: 'login.link', ip: opts.ip });
    return toUserJson(user);
  });
}
