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
   * to a waiting request of another kind first: reads do not queue behind a surge of submissions.
   * Unset: as many as `concurrency`, no preference.
   */
  maxUploads?: number;
  /** Of the upload turns, at most this many to one client address (an upload holds its turn while its body arrives). Unset: no cap of its own. */
  maxUploadsPerAddress?: number;
}

export interface AdmissionStats {
  admitted: number;
  active: number;
  waiting: number;
  /** Answered 503: the queue (or the client's share of it) was full, or the wait ran out. */
  refused: number;
  /** Of those, refused because the server as a whole was full (the queue, or a wait that ran out): load shed. */
  shed: number;
}

/** How long after shedding a request the gate still says it sheds (readiness, decision 0067): a probe every few seconds sees it. */
export const SHEDDING_HOLD_MS = 5000;

interface Waiter {
  address: string;
  upload: boolean;
  admit: () => void;
  refuse: (e: AppError) => void;
  timer: NodeJS.Timeout;
}

/**
 * The server's front door for API requests (decision 0036). At most `concurrency` run at once; up to
 * `maxWaiting` wait, taking turns round-robin between client addresses (a flood from one address waits behind its
 * own requests, not in front of everyone else's); the rest, and any that waited `maxWaitMs`, are answered 503 with
 * Retry-After at once instead of piling up until every request times out. A request admitted runs to its end:
 * an upload in progress is never cut off to serve a newcomer. An upload holds its turn while its body arrives, so
 * one address runs at most `maxUploadsPerAddress` of them: slow uploads from one address cannot hold every upload
 * turn (decision 0057). The same shape as the password-hashing queue (src/server/auth/hash-queue.ts,
 * decision 0022), one level up.
 */
export class AdmissionGate {
  private active = 0;
  private activeUploads = 0;
  private waiting = 0;
  private admitted = 0;
  private refused = 0;
  private shed = 0;
  /** When the gate last shed a request (performance.now()), or never. */
  private lastShedAt = -Infinity;
  /** Waiting requests by address, in the order of the round: uploads apart, served after the others. */
  private readonly queues = new Map<string, Waiter[]>();
  private readonly uploadQueues = new Map<string, Waiter[]>();
  /** Running uploads by address (only addresses with at least one). */
  private readonly uploadsByAddress = new Map<string, number>();
  private readonly maxUploads: number;
  private readonly maxUploadsPerAddress: number;
  /** Moving average of how long an admitted request holds its turn, to say when a refused client should retry. */
  private averageMs = 50;
  private readonly perAddress: number;

  constructor(private readonly opts: AdmissionOptions) {
    if (!(opts.concurrency >= 1)) throw new Error('admission concurrency must be at least 1');
    this.perAddress = Math.max(1, opts.maxWaitingPerAddress ?? Math.ceil(opts.maxWaiting / 4));
    this.maxUploads = Math.max(1, Math.min(opts.concurrency, opts.maxUploads ?? opts.concurrency));
    this.maxUploadsPerAddress = Math.max(1, Math.min(this.maxUploads, opts.maxUploadsPerAddress ?? this.maxUploads));
  }

  stats(): AdmissionStats {
    return { admitted: this.admitted, active: this.active, waiting: this.waiting, refused: this.refused, shed: this.shed };
  }

  /**
   * Whether the server sheds load (decision 0067): every turn taken and the queue full, so a request that must wait
   * is refused, or a request refused so in the last `holdMs`. A client over its own share of the queue is refused
   * without the server being full: that is not shedding.
   */
  shedding(now = performance.now(), holdMs = SHEDDING_HOLD_MS): boolean {
    if (this.active >= this.opts.concurrency && this.waiting >= this.opts.maxWaiting) return true;
    return now - this.lastShedAt < holdMs;
  }

  /**
   * A turn for one request from `address`: resolves with the function that gives it back (call it once, when
   * the response is finished or the connection closed); rejects with a 503 AppError when no turn can be had.
   */
  async enter(address: string, kind: { upload?: boolean } = {}): Promise<() => void> {
    const upload = kind.upload === true;
    const queues = upload ? this.uploadQueues : this.queues;
    // At once when a turn is free for it and nobody of this kind waits (an upload also needs no other request
    // waiting, since those go first).
    if (this.canRun(address, upload) && queues.size === 0 && (!upload || this.queues.size === 0)) {
      this.take(address, upload);
    } else {
      const mine = queues.get(address);
      if (this.waiting >= this.opts.maxWaiting) throw this.busy(true);
      if ((mine?.length ?? 0) >= this.perAddress) throw this.busy(false);
      // The turn is handed over by pump(), which counts it as taken before admitting.
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          address,
          upload,
          admit: resolve,
          refuse: reject,
          timer: setTimeout(() => {
            this.drop(waiter);
            reject(this.busy(true));
          }, this.opts.maxWaitMs),
        };
        waiter.timer.unref();
        if (mine) mine.push(waiter);
        else queues.set(address, [waiter]);
        this.waiting++;
        // An upload may be queued behind uploads of an address at its own cap while a turn is free for this one.
        this.pump();
      });
    }
    this.admitted++;
    const t0 = performance.now();
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.averageMs = this.averageMs * 0.9 + (performance.now() - t0) * 0.1;
      this.leave(address, upload);
    };
  }

  private canRun(address: string, upload: boolean): boolean {
    if (this.active >= this.opts.concurrency) return false;
    return !upload || (this.activeUploads < this.maxUploads && (this.uploadsByAddress.get(address) ?? 0) < this.maxUploadsPerAddress);
  }

  private take(address: string, upload: boolean): void {
    this.active++;
    if (!upload) return;
    this.activeUploads++;
    this.uploadsByAddress.set(address, (this.uploadsByAddress.get(address) ?? 0) + 1);
  }

  private leave(address: string, upload: boolean): void {
    this.active--;
    if (upload) {
      this.activeUploads--;
      const n = (this.uploadsByAddress.get(address) ?? 1) - 1;
      if (n > 0) this.uploadsByAddress.set(address, n);
      else this.uploadsByAddress.delete(address);
    }
    this.pump();
  }

  /** Free turns to waiting requests: other requests first, then uploads of addresses under their own cap. */
  private pump(): void {
    while (this.active < this.opts.concurrency) {
      const waiter = this.next(this.queues) ?? (this.activeUploads < this.maxUploads ? this.next(this.uploadQueues) : undefined);
      if (!waiter) return;
      this.take(waiter.address, waiter.upload);
      this.waiting--;
      clearTimeout(waiter.timer);
      waiter.admit();
    }
  }

  /** The first waiter of the round that may run now, its address moved to the back of the round. */
  private next(queues: Map<string, Waiter[]>): Waiter | undefined {
    for (const [address, waiters] of queues) {
      if (!this.canRun(address, waiters[0]!.upload)) continue;
      const waiter = waiters.shift()!;
      queues.delete(address);
      if (waiters.length > 0) queues.set(address, waiters); // to the back of the round
      return waiter;
    }
    return undefined;
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

  /** The 503 for a request refused; `shed`: because the server as a whole is full, not the client's share. */
  private busy(shed: boolean): AppError {
    this.refused++;
    if (shed) {
      this.shed++;
      this.lastShedAt = performance.now();
    }
    // The time the requests ahead need: the queue's length in rounds of `concurrency`, at least a second.
    const seconds = Math.min(60, Math.max(1, Math.ceil(((this.waiting / this.opts.concurrency + 1) * this.averageMs) / 1000)));
    return new AppError('unavailable', SERVER_BUSY, { 'retry-after': String(seconds) });
  }
}

/**
 * One request's turn at the gate, which it may give back while its body arrives and take again to run
 * (decision 0057). `end()` (the connection closed or the answer sent) gives back whatever it holds, also a
 * turn granted after the end.
 */
export class Turn {
  private leave: (() => void) | null = null;
  private released = false;
  private ended = false;

  constructor(
    private readonly gate: AdmissionGate,
    private readonly address: string,
    readonly upload: boolean,
  ) {}

  async take(): Promise<void> {
    const leave = await this.gate.enter(this.address, { upload: this.upload });
    if (this.ended) leave();
    else this.leave = leave;
  }

  giveBack(): void {
    if (!this.leave) return;
    this.leave();
    this.leave = null;
    this.released = true;
  }

  async takeAgain(): Promise<void> {
    if (!this.released || this.ended) return;
    this.released = false;
    await this.take();
  }

  end(): void {
    this.ended = true;
    this.leave?.();
    this.leave = null;
  }
}
