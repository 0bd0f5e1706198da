import { AppError } from '../errors';

/**
 * Requests per key within a window (every request counts, not only failures). In memory like the login
 * limiter (docs/decisions/0005); to move into the shared PostgreSQL limiter once it exists.
 */
export class RequestLimiter {
  private hits = new Map<string, number[]>();
  constructor(private readonly limit: number, private readonly windowMs: number, private readonly message: string, private readonly now = () => Date.now()) {}

  /** Counts one request for every key; throws 429 with Retry-After when any key is over its limit. */
  take(keys: string[]): void {
    const now = this.now();
    const cutoff = now - this.windowMs;
    for (const key of keys) {
      const list = (this.hits.get(key) ?? []).filter((t) => t > cutoff);
      if (list.length >= this.limit) {
        const retryAfter = Math.max(1, Math.ceil(((list[0] ?? now) + this.windowMs - now) / 1000));
        throw new AppError('too_many', this.message, { 'retry-after': String(retryAfter) });
      }
      this.hits.set(key, list);
    }
    for (const key of keys) this.hits.get(key)!.push(now);
    if (this.hits.size > 100_000) this.hits.clear();
  }
}
