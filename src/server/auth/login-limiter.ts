import { AppError } from '../errors';
import { addressKey, type Limit, type LimiterDb, type Refusal, retryIn, type SharedLimiter, tooMany } from './request-limiter';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Logins, counted in PostgreSQL (decisions 0019 and 0022):
 * - failures per e-mail and address: 5 in 15 minutes, so a guesser is stopped without locking the owner out
 *   from anywhere else;
 * - failures per address: 100 in an hour, across every e-mail (a hundred typos an hour is a lot);
 * - failures per e-mail: 1000 in an hour from all addresses together, against guessing spread over many
 *   addresses. One address can never reach it alone (its own ceiling is 100). When it is reached, the right
 *   password still gets in from an address that logged in to the account before, and from a new address it
 *   earns a one-time login link by mail (decision 0022);
 * - every login per address, successful or not: 300 in an hour. Each costs a password hash; a class of 100
 *   behind one NAT address logging in (a few times each) stays well under it.
 * A refused attempt does not check the password.
 */
export const LOGIN_LIMITS = {
  perEmailAndAddress: { limit: 5, windowMs: 15 * MINUTE },
  perAddress: { limit: 100, windowMs: HOUR },
  perEmail: { limit: 1000, windowMs: HOUR },
  attemptsPerAddress: { limit: 300, windowMs: HOUR },
} as const;

export type LoginLimits = { [K in keyof typeof LOGIN_LIMITS]: { limit: number; windowMs: number } };

/** How long an address an account logged in from stays known to it. */
export const KNOWN_ADDRESS_MS = 90 * DAY;

/** The limits as configured (LOGIN_ATTEMPTS_PER_ADDRESS, LOGIN_FAILURES_PER_EMAIL): every login check uses these. */
export function configuredLoginLimits(config: { LOGIN_ATTEMPTS_PER_ADDRESS: number; LOGIN_FAILURES_PER_EMAIL: number }): LoginLimits {
  return {
    ...LOGIN_LIMITS,
    attemptsPerAddress: { ...LOGIN_LIMITS.attemptsPerAddress, limit: config.LOGIN_ATTEMPTS_PER_ADDRESS },
    perEmail: { ...LOGIN_LIMITS.perEmail, limit: config.LOGIN_FAILURES_PER_EMAIL },
  };
}

export class LoginLimiter {
  constructor(
    private readonly shared: SharedLimiter,
    private readonly limits: LoginLimits = LOGIN_LIMITS,
  ) {}

  private failureLimits(email: string, ip: string): [Limit, Limit, Limit] {
    const e = email.trim().toLowerCase();
    const a = addressKey(ip);
    return [
      { key: `login:ea:${a}:${e}`, ...this.limits.perEmailAndAddress },
      { key: `login:a:${a}`, ...this.limits.perAddress },
      { key: `login:e:${e}`, ...this.limits.perEmail },
    ];
  }

  /** Throws 429 with Retry-After when this e-mail may not be tried from this address now (any failure limit). */
  async check(email: string, ip: string): Promise<void> {
    const refusal = await this.shared.check(this.failureLimits(email, ip));
    if (refusal) throw tooMany(refusal, 'Too many failed logins.');
  }

  /**
   * A password login from `ip`: counts it (every one), and throws 429 when this address has made too many
   * logins or failed too often. Returns the per-e-mail ceiling's refusal when the account has reached it: the
   * route then lets in only a known address.
   */
  async admit(email: string, ip: string): Promise<Refusal | null> {
    await this.countAttempt(ip);
    const limits = this.failureLimits(email, ip);
    const refusal = await this.shared.check(limits);
    if (!refusal) return null;
    if (refusal.limit.key !== limits[2].key) throw tooMany(refusal, 'Too many failed logins.');
    return refusal;
  }

  /** Counts one login of any kind (password or link) from `ip`; throws 429 past attemptsPerAddress. */
  async countAttempt(ip: string): Promise<void> {
    const refusal = await this.shared.take([{ key: `login:all:${addressKey(ip)}`, ...this.limits.attemptsPerAddress }]);
    if (refusal) throw tooMany(refusal, 'Too many logins from your address.');
  }

  /** Counts one failure of this e-mail from this address; in `tx` when given, with the failure's audit row. */
  async fail(email: string, ip: string, tx?: LimiterDb): Promise<void> {
    await this.shared.take(this.failureLimits(email, ip), tx);
  }

  /** The right password from this address: its failures for this e-mail are forgotten and the address is known to the account. */
  async succeed(email: string, ip: string, userId: string): Promise<void> {
    await this.shared.reset(this.failureLimits(email, ip)[0].key);
    await this.remember(userId, ip);
  }

  /** Remember that account `userId` logged in from `ip` (by password, or by a mailed link). */
  async remember(userId: string, ip: string): Promise<void> {
    await this.shared.remember(`login:known:${userId}:${addressKey(ip)}`, KNOWN_ADDRESS_MS);
  }

  /** Has account `userId` logged in from this address (its /64 for IPv6) in the last 90 days? */
  async knows(userId: string, ip: string): Promise<boolean> {
    return this.shared.remembers(`login:known:${userId}:${addressKey(ip)}`);
  }
}

/**
 * 429 for a login while the account's per-e-mail ceiling holds and the address is not known to it: the same
 * answer whether the password was right (a login link is mailed) or wrong, so the ceiling still stops guessing.
 */
export function accountLocked(refusal: Refusal, mailConfigured = true): AppError {
  // Without SMTP the link is only kept in the outbox (decision 0041): a server-wide fact, the same for every account.
  const link = mailConfigured
    ? "we have e-mailed a one-time login link to the account's address"
    : "a one-time login link was kept in the site's outbox (mail is not configured, so nothing was sent: the organisers can read it)";
  return new AppError(
    'too_many',
    `Too many failed logins for this account. If the password was right, ${link}; ` + `otherwise please try again in ${retryIn(refusal)}.`,
    { 'retry-after': String(refusal.retryAfterSeconds) },
  );
}
