import { LoginBody } from '../../../core/schemas/auth';
import { accountLocked, type LoginLimiter } from '../../auth/login-limiter';
import type { SharedLimiter } from '../../auth/request-limiter';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/send';
import { recordAudit } from '../shared/audit';
import type { UserRow } from '../shared/user-json';
import { logInUser } from './log-in-user';
import { mailLoginLink } from './log-in-with-link';
import { findLinkedAccounts } from './switch-role';

/** One-time login links mailed per account: a flood of right passwords from new addresses does not flood the mailbox. */
export const LOGIN_LINKS_PER_ACCOUNT = { limit: 3, windowMs: 60 * 60 * 1000 } as const;

/**
 * A password login, within the login limits (decisions 0019 and 0022): the account and the other roles' accounts
 * the same password opens (`links`). The body is read here, after the limits that need the e-mail as sent: a
 * limited address hears 429 whatever its body, and every login counts for its address, a malformed one too.
 * A wrong password is counted and audited ('login.failed') in one transaction.
 */
export async function logIn(opts: {
  db: Db;
  limiter: LoginLimiter;
  shared: SharedLimiter;
  mailer: Mailer;
  publicUrl: string;
  /** The request's body, not yet validated. */
  body: unknown;
  ip: string;
  /** A one-time login link mailed after the answer failed to go out. */
  onLinkMailError: (err: unknown) => void;
}): Promise<{ user: UserRow; links: string[] }> {
  const { db, limiter, ip } = opts;
  const raw = (opts.body ?? {}) as { email?: unknown };
  const emailKey = typeof raw.email === 'string' ? raw.email.trim() : '';
  // `locked`: the account's per-e-mail ceiling of failures holds; the right password then gets in only
  // from an address that logged in to it before (decision 0022).
  const locked = await limiter.admit(emailKey, ip);
  const body = LoginBody.parse(opts.body ?? {});
  const user = await logInUser(db, body).catch(async (err: unknown) => {
    if (err instanceof AppError && err.code === 'unauthorized') {
      await db.transaction(async (tx) => {
        await limiter.fail(body.email, ip, tx);
        await recordAudit(tx, { actorId: null, actorRole: body.role, action: 'login.failed', ip, details: { email: body.email } });
      });
      if (locked) throw accountLocked(locked, opts.mailer.configured);
    }
    throw err;
  });
  if (locked && !(await limiter.knows(user.id, ip))) {
    // The right password from a new address: the wrong password's answer, counted like it (the next
    // answer's Retry-After must not tell either), and a one-time link by mail after it (at most 3 an hour
    // per account).
    await limiter.fail(body.email, ip);
    void mailLinkLimited(opts, user).catch(opts.onLinkMailError);
    throw accountLocked(locked, opts.mailer.configured);
  }
  await limiter.succeed(body.email, ip, user.id);
  const links = await findLinkedAccounts(db, { user, password: body.password });
  return { user, links };
}

async function mailLinkLimited(opts: { db: Db; shared: SharedLimiter; mailer: Mailer; publicUrl: string }, user: UserRow): Promise<void> {
  if (await opts.shared.take([{ key: `login-link:u:${user.id}`, ...LOGIN_LINKS_PER_ACCOUNT }])) return;
  await mailLoginLink(opts.db, { user, mailer: opts.mailer, publicUrl: opts.publicUrl });
}
