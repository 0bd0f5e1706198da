import { performance } from 'node:perf_hooks';
import { SERVER_BUSY } from '../../core/messages';
import { AppError } from '../errors';

export interface AdmissionOptions {
  /** API requests handled at once; more wait for a turn. */
  concurrency: number;
  /** Requests waiting for a turn; one more is answered 503 at once. */
  maxWaiting: number;
  /** Of those, at most this many from one client address (its fair share), so one client cannot fill the queue. */
  maxWaitingPerAddress?: number;
  /** A request that waited this long without a turn is answered 503 (a bounded delay, never a timeout). */
  maxWaitMs: number;
}

export interface AdmissionStats {
  admitted: number;
  active: number;
  waiting: number;
  /** Answered 503: the queue (or the client's share of it) was full, or the wait ran out. */
  refused: number;
}

interface Waiter { address: string; admit: () => void; refuse: (e: AppError) => void; timer: NodeJS.Timeout }

/**
 * The server's front door for API requests (issue 30.3). At most `concurrency` run at once; up to `maxWaiting`
 * wait, taking turns round-robin between client addresses (a flood from one address waits behind its own
 * requests, not in front of everyone else's); the rest, and any that waited `maxWaitMs`, are answered 503 with
 * Retry-After at once instead of piling up until every request times out. A request admitted runs to its end:
 * an upload in progress is never cut off to serve a newcomer. The same shape as the password-hashing queue
 * (src/server/auth/hash-queue.ts, docs/decisions/0022-hashing-queue.md), one level up.
 */
export class AdmissionGate {
  private active = 0;
  private waiting = 0;
  private admitted = 0;
  private refused = 0;
  private readonly queues = new Map<string, Waiter[]>();
  /** Moving average of how long an admitted request holds its turn, to say when a refused client should retry. */
  private averageMs = 50;
  private readonly perAddress: number;

  constructor(private readonly opts: AdmissionOptions) {
    if (!(opts.concurrency >= 1)) throw new Error('admission concurrency must be at least 1');
    this.perAddress = Math.max(1, opts.maxWaitingPerAddress ?? Math.ceil(opts.maxWaiting / 4));
  }

  stats(): AdmissionStats {
    return { admitted: this.admitted, active: this.active, waiting: this.waiting, refused: this.refused };
  }

  /**
   * A turn for one request from `address`: resolves with the function that gives it back (call it once, when
   * the response is finished or the connection closed); rejects with a 503 AppError when no turn can be had.
   */
  async enter(address: string): Promise<() => void> {
    if (this.active < this.opts.concurrency && this.waiting === 0) {
      this.active++;
    } else {
      const mine = this.queues.get(address);
      if (this.waiting >= this.opts.maxWaiting || (mine?.length ?? 0) >= this.perAddress) throw this.busy();
      // The turn is handed over by leave(): `active` stays counted for it.
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          address, admit: resolve, refuse: reject,
          timer: setTimeout(() => { this.drop(waiter); reject(this.busy()); }, this.opts.maxWaitMs),
        };
        waiter.timer.unref();
        if (mine) mine.push(waiter);
        else this.queues.set(address, [waiter]);
        this.waiting++;
      });
    }
    this.admitted++;
    const t0 = performance.now();
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.averageMs = this.averageMs * 0.9 + (performance.now() - t0) * 0.1;
      this.leave();
    };
  }

  private leave(): void {
    const next = this.queues.entries().next();
    if (next.done) {
      this.active--;
      return;
    }
    const [address, waiters] = next.value;
    const waiter = waiters.shift()!;
    this.queues.delete(address);
    if (waiters.length > 0) this.queues.set(address, waiters); // to the back of the round
    this.waiting--;
    clearTimeout(waiter.timer);
    waiter.admit();
  }

  /** Take a waiter whose wait ran out off its queue. */
  private drop(waiter: Waiter): void {
    const list = this.queues.get(waiter.address);
    const i = list?.indexOf(waiter) ?? -1;
    if (!list || i < 0) return;
    list.splice(i, 1);
    if (list.length === 0) this.queues.delete(waiter.address);
    this.waiting--;
  }

  private busy(): AppError {
    this.refused++;
    // The time the requests ahead need: the queue's length in rounds of `concurrency`, at least a second.
    const seconds = Math.min(60, Math.max(1, Math.ceil(((this.waiting / this.opts.concurrency) + 1) * this.averageMs / 1000)));
    return new AppError('unavailable', SERVER_BUSY, { 'retry-after': String(seconds) });
  }
}
