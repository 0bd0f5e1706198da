import { isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { AppError } from '../errors';

/** The longest window a shared limit may use; rows older than twice this are deleted. */
export const MAX_WINDOW_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Limit {
  /** What is counted, e.g. `contact:a:203.0.113.7`. */
  key: string;
  /** Most events in any window of `windowMs`. */
  limit: number;
  windowMs: number;
}

export interface Refusal {
  limit: Limit;
  retryAfterSeconds: number;
}

/** The database or an open transaction: a count taken in a transaction commits with the change it goes with. */
export type LimiterDb = Pick<Db, 'execute'>;

/**
 * Where a client comes from, as a limiter key: the address itself for IPv4, its /64 network for IPv6
 * (one subscriber usually holds a whole /64, so counting single IPv6 addresses would count nothing).
 */
export function addressKey(ip: string): string {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

interface Window {
  start: number;
  previous: number;
  fraction: number;
}

function windowOf(limit: Limit, now: number): Window {
  const start = Math.floor(now / limit.windowMs) * limit.windowMs;
  return { start, previous: start - limit.windowMs, fraction: (now - start) / limit.windowMs };
}

/**
 * A sliding window approximated from two fixed ones: this window's count plus the previous window's,
 * weighted by the part of it still inside the sliding window. Returns the seconds until the estimate
 * falls under the limit when it is at or over it, else 0.
 */
export function secondsOver(limit: Limit, w: Window, current: number, previous: number): number {
  const estimate = current + previous * (1 - w.fraction);
  if (estimate < limit.limit) return 0;
  const left = (1 - w.fraction) * limit.windowMs;
  let waitMs: number;
  if (current < limit.limit && previous > 0) {
    // Still in this window: when previous * (1 - f) < limit - current.
    waitMs = (1 - (limit.limit - current) / previous - w.fraction) * limit.windowMs;
  } else {
    // Into the next window, where this window's count is the one that fades: current * (1 - g) < limit.
    waitMs = left + Math.max(0, 1 - limit.limit / Math.max(current, 1)) * limit.windowMs;
  }
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/**
 * Counters shared by every instance on one PostgreSQL database (decision 0019): each count is one
 * atomic `insert … on conflict do update … returning`, so N instances behind a balancer refuse together.
 * Rows of windows that can no longer matter are deleted at most once a minute per instance.
 */
export class SharedLimiter {
  private lastSweep = 0;
  constructor(
    private readonly db: Db,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * Counts one event on every limit and returns the first one now over its limit (this event included), or null.
   * In `tx` when given, so the count commits or rolls back with what it counts.
   */
  async take(limits: Limit[], tx?: LimiterDb): Promise<Refusal | null> {
    return this.run(limits, true, tx ?? this.db);
  }

  /** Like take, without counting: is any limit already reached? */
  async check(limits: Limit[]): Promise<Refusal | null> {
    return this.run(limits, false, this.db);
  }

  /**
   * Remembers that `key` happened, for `keepMs` (longer than any counting window): one row per key, whose
   * window_start is the day the memory ends, so the sweep of old windows deletes it only then.
   */
  async remember(key: string, keepMs: number): Promise<void> {
    const until = new Date(Math.ceil((this.now() + keepMs) / DAY_MS) * DAY_MS).toISOString();
    await this.db.execute(sql`
      with gone as (delete from rate_limits where key = ${key} and window_start <> ${until}::timestamptz)
      insert into rate_limits (key, window_start, count) values (${key}, ${until}::timestamptz, 1)
      on conflict (key, window_start) do update set count = rate_limits.count + 1`);
  }

  /** Whether `key` is remembered (see remember) and its memory has not ended. */
  async remembers(key: string): Promise<boolean> {
    const res = await this.db.execute(sql`
      select 1 from rate_limits where key = ${key} and window_start > ${new Date(this.now()).toISOString()}::timestamptz limit 1`);
    return (res as unknown as { rows: unknown[] }).rows.length > 0;
  }

  /** Forgets a key (e.g. failed logins after a success). */
  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${key}`);
  }

  private async run(limits: Limit[], count: boolean, db: LimiterDb): Promise<Refusal | null> {
    const unique = [...new Map(limits.map((l) => [l.key, l])).values()];
    if (unique.length === 0) return null;
    for (const l of unique) {
      if (l.windowMs > MAX_WINDOW_MS || l.windowMs <= 0) throw new Error(`limit window out of range for ${l.key}`);
    }
    const now = this.now();
    this.sweep(now);
    const windows = unique.map((l) => windowOf(l, now));
    const input = JSON.stringify(
      unique.map((l, i) => ({
        key: l.key,
        ws: new Date(windows[i]!.start).toISOString(),
        ps: new Date(windows[i]!.previous).toISOString(),
      })),
    );
    const res = count
      ? await db.execute(sql`
        with input as (select * from jsonb_to_recordset(${input}::jsonb) as i(key text, ws timestamptz, ps timestamptz)),
        up as (
          insert into rate_limits (key, window_start, count) select key, ws, 1 from input
          on conflict (key, window_start) do update set count = rate_limits.count + 1
          returning key, count)
        select input.key, up.count as current,
          coalesce((select p.count from rate_limits p where p.key = input.key and p.window_start = input.ps), 0) as previous
        from input join up on up.key = input.key`)
      : await db.execute(sql`
        with input as (select * from jsonb_to_recordset(${input}::jsonb) as i(key text, ws timestamptz, ps timestamptz))
        select input.key,
          coalesce((select c.count from rate_limits c where c.key = input.key and c.window_start = input.ws), 0) as current,
          coalesce((select p.count from rate_limits p where p.key = input.key and p.window_start = input.ps), 0) as previous
        from input`);
    // Lookups are scalar subqueries on the primary key: a join would let the planner scan the whole table.
    const rows = (res as unknown as { rows: { key: string; current: number; previous: number }[] }).rows;
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (const [i, l] of unique.entries()) {
      const row = byKey.get(l.key);
      // Counting, this event is in `current`: refuse only above the limit; checking, refuse at it.
      const current = Number(row?.current ?? 0) - (count ? 1 : 0);
      const wait = secondsOver(l, windows[i]!, current, Number(row?.previous ?? 0));
      if (wait > 0) return { limit: l, retryAfterSeconds: wait };
    }
    return null;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    const cutoff = new Date(now - 2 * MAX_WINDOW_MS).toISOString();
    // In the background and bounded: a request never waits for it, and one sweep never runs long.
    void this.db
      .execute(
        sql`
      delete from rate_limits where ctid in (
        select ctid from rate_limits where window_start < ${cutoff}::timestamptz limit 10000)`,
      )
      .catch(() => {
        /* the next sweep tries again */
      });
  }
}

/** When a refused client may try again, in words: "17 minutes". */
export function retryIn(refusal: Refusal): string {
  const minutes = Math.max(1, Math.ceil(refusal.retryAfterSeconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** 429 with Retry-After and a message saying when to try again. */
export function tooMany(refusal: Refusal, what: string): AppError {
  return new AppError('too_many', `${what} Please try again in ${retryIn(refusal)}.`, { 'retry-after': String(refusal.retryAfterSeconds) });
}

/**
 * Requests per key within a window, in this process's memory (used where a per-instance count is
 * enough; shared limits use SharedLimiter). Full, it forgets the expired entries, then the oldest keys,
 * never everything at once.
 */
export class RequestLimiter {
  private hits = new Map<string, number[]>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly message: string,
    private readonly now = () => Date.now(),
    private readonly maxKeys = 100_000,
  ) {}

  /** Counts one request for every key; throws 429 with Retry-After when any key is over its limit. */
  take(keys: string[]): void {
    const now = this.now();
    const cutoff = now - this.windowMs;
    for (const key of keys) {
      const list = (this.hits.get(key) ?? []).filter((t) => t > cutoff);
      this.hits.delete(key); // re-inserted: the map's order is the order of last use, refused tries included
      this.hits.set(key, list);
      if (list.length >= this.limit) {
        const retryAfter = Math.max(1, Math.ceil(((list[0] ?? now) + this.windowMs - now) / 1000));
        throw new AppError('too_many', this.message, { 'retry-after': String(retryAfter) });
      }
    }
    for (const key of keys) this.hits.get(key)!.push(now);
    if (this.hits.size > this.maxKeys) this.trim(cutoff);
  }

  private trim(cutoff: number): void {
    for (const [key, list] of this.hits) if (!list.some((t) => t > cutoff)) this.hits.delete(key);
    for (const key of this.hits.keys()) {
      if (this.hits.size <= this.maxKeys * 0.9) break;
      this.hits.delete(key);
    }
  }
}
