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
  /**
   * Of the turns, at most this many to uploads (`enter(address, { upload: true })`), and a turn that comes free goes
   * to a waiting request of another kind first: reads do not queue behind a surge of submissions (issue 30.2).
   * Unset: as many as `concurrency`, no preference.
   */
  maxUploads?: number;
}

export interface AdmissionStats {
  admitted: number;
  active: number;
  waiting: number;
  /** Answered 503: the queue (or the client's share of it) was full, or the wait ran out. */
  refused: number;
}

interface Waiter { address: string; upload: boolean; admit: () => void; refuse: (e: AppError) => void; timer: NodeJS.Timeout }

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
  private activeUploads = 0;
  private waiting = 0;
  private admitted = 0;
  private refused = 0;
  /** Waiting requests by address, in the order of the round: uploads apart, served after the others. */
  private readonly queues = new Map<string, Waiter[]>();
  private readonly uploadQueues = new Map<string, Waiter[]>();
  private readonly maxUploads: number;
  /** Moving average of how long an admitted request holds its turn, to say when a refused client should retry. */
  private averageMs = 50;
  private readonly perAddress: number;

  constructor(private readonly opts: AdmissionOptions) {
    if (!(opts.concurrency >= 1)) throw new Error('admission concurrency must be at least 1');
    this.perAddress = Math.max(1, opts.maxWaitingPerAddress ?? Math.ceil(opts.maxWaiting / 4));
    this.maxUploads = Math.max(1, Math.min(opts.concurrency, opts.maxUploads ?? opts.concurrency));
  }

  stats(): AdmissionStats {
    return { admitted: this.admitted, active: this.active, waiting: this.waiting, refused: this.refused };
  }

  /**
   * A turn for one request from `address`: resolves with the function that gives it back (call it once, when
   * the response is finished or the connection closed); rejects with a 503 AppError when no turn can be had.
   */
  async enter(address: string, kind: { upload?: boolean } = {}): Promise<() => void> {
    const upload = kind.upload === true;
    const queues = upload ? this.uploadQueues : this.queues;
    // At once when a turn is free and nobody of this kind waits (an upload also needs its share free and no
    // other request waiting, since those go first).
    const free = this.active < this.opts.concurrency && (upload
      ? this.activeUploads < this.maxUploads && this.uploadQueues.size === 0 && this.queues.size === 0
      : this.queues.size === 0);
    if (free) {
      this.active++;
      if (upload) this.activeUploads++;
    } else {
      const mine = queues.get(address);
      if (this.waiting >= this.opts.maxWaiting || (mine?.length ?? 0) >= this.perAddress) throw this.busy();
      // The turn is handed over by leave(): `active` (and `activeUploads`) stay counted for it.
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          address, upload, admit: resolve, refuse: reject,
          timer: setTimeout(() => { this.drop(waiter); reject(this.busy()); }, this.opts.maxWaitMs),
        };
        waiter.timer.unref();
        if (mine) mine.push(waiter);
        else queues.set(address, [waiter]);
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
      this.leave(upload);
    };
  }

  private leave(upload: boolean): void {
    if (upload) this.activeUploads--;
    // The freed turn: to the next request of another kind, else to the next upload while uploads are under their share.
    const waiter = this.next(this.queues) ?? (this.activeUploads < this.maxUploads ? this.next(this.uploadQueues) : undefined);
    if (!waiter) {
      this.active--;
      return;
    }
    if (waiter.upload) this.activeUploads++;
    this.waiting--;
    clearTimeout(waiter.timer);
    waiter.admit();
  }

  /** The first waiter of the round, its address moved to the back of the round. */
  private next(queues: Map<string, Waiter[]>): Waiter | undefined {
    const first = queues.entries().next();
    if (first.done) return undefined;
    const [address, waiters] = first.value;
    const waiter = waiters.shift()!;
    queues.delete(address);
    if (waiters.length > 0) queues.set(address, waiters); // to the back of the round
    return waiter;
  }

  /** Take a waiter whose wait ran out off its queue. */
  private drop(waiter: Waiter): void {
    const queues = waiter.upload ? this.uploadQueues : this.queues;
    const list = queues.get(waiter.address);
    const i = list?.indexOf(waiter) ?? -1;
    if (!list || i < 0) return;
    list.splice(i, 1);
    if (list.length === 0) queues.delete(waiter.address);
    this.waiting--;
  }

  private busy(): AppError {
    this.refused++;
    // The time the requests ahead need: the queue's length in rounds of `concurrency`, at least a second.
    const seconds = Math.min(60, Math.max(1, Math.ceil(((this.waiting / this.opts.concurrency) + 1) * this.averageMs / 1000)));
    return new AppError('unavailable', SERVER_BUSY, { 'retry-after': String(seconds) });
  }
}
