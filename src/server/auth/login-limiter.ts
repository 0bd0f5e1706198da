import { addressKey, type Limit, type SharedLimiter, tooMany } from './request-limiter';

const MINUTE = 60 * 1000;

/**
 * Failed logins, counted in PostgreSQL (issue 16 point 5):
 * - per e-mail and address: 5 in 15 minutes, so a guesser is stopped without locking the owner out
 *   from anywhere else;
 * - per address: 100 in an hour, across every e-mail (a class behind one NAT still logs in: successes
 *   are not counted, and a hundred typos an hour is a lot);
 * - per e-mail: 1000 in an hour from all addresses together, against guessing spread over many
 *   addresses. One address can never reach it alone (its own ceiling is 100).
 * Only failures count; a refused attempt does not check the password and is not counted.
 */
export const LOGIN_LIMITS = {
  perEmailAndAddress: { limit: 5, windowMs: 15 * MINUTE },
  perAddress: { limit: 100, windowMs: 60 * MINUTE },
  perEmail: { limit: 1000, windowMs: 60 * MINUTE },
} as const;

export class LoginLimiter {
  constructor(private readonly shared: SharedLimiter) {}

  private limits(email: string, ip: string): Limit[] {
    const e = email.trim().toLowerCase();
    const a = addressKey(ip);
    return [
      { key: `login:ea:${a}:${e}`, ...LOGIN_LIMITS.perEmailAndAddress },
      { key: `login:a:${a}`, ...LOGIN_LIMITS.perAddress },
      { key: `login:e:${e}`, ...LOGIN_LIMITS.perEmail },
    ];
  }

  /** Throws 429 with Retry-After when this e-mail may not be tried from this address now. */
  async check(email: string, ip: string): Promise<void> {
    const refusal = await this.shared.check(this.limits(email, ip));
    if (refusal) throw tooMany(refusal, 'Too many failed logins.');
  }

  async fail(email: string, ip: string): Promise<void> {
    await this.shared.take(this.limits(email, ip));
  }

  /** The right password from this address clears its failures for this e-mail. */
  async succeed(email: string, ip: string): Promise<void> {
    await this.shared.reset(this.limits(email, ip)[0]!.key);
  }
}
