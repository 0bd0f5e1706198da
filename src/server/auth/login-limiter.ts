import { AppError } from '../errors';

const WINDOW_MS = 15 * 60 * 1000;

/**
 * Failed logins within 15 minutes, per email (5) and per client address (20). In memory: the product
 * runs as one process; a restart forgets, which errs on the side of letting people in.
 */
export class LoginLimiter {
  private failures = new Map<string, number[]>();
  constructor(private readonly perEmail = 5, private readonly perAddress = 20, private readonly now = () => Date.now()) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - WINDOW_MS;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Throws 429 with Retry-After when either limit is reached. */
  check(email: string, address: string): void {
    for (const [key, limit] of [[`e:${email.toLowerCase()}`, this.perEmail], [`a:${address}`, this.perAddress]] as const) {
      const list = this.recent(key);
      if (list.length >= limit) {
        const retryAfter = Math.max(1, Math.ceil(((list[0] ?? 0) + WINDOW_MS - this.now()) / 1000));
        throw new AppError('too_many', `Too many failed logins. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`, { 'retry-after': String(retryAfter) });
      }
    }
  }

  fail(email: string, address: string): void {
    for (const key of [`e:${email.toLowerCase()}`, `a:${address}`]) {
      this.recent(key);
      this.failures.set(key, [...(this.failures.get(key) ?? []), this.now()]);
    }
    if (this.failures.size > 100_000) this.failures.clear();
  }

  succeed(email: string): void {
    this.failures.delete(`e:${email.toLowerCase()}`);
  }
}
