import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { AppError } from '../errors';

export const HASHING_BUSY = 'The server is busy. Please try again in a few seconds.';

export interface HashQueueOptions {
  /** Hashes running at once (each takes a libuv thread and 16 MB for ~40 ms). */
  concurrency: number;
  /** Hashes waiting for a turn; one more is refused with 503 at once. */
  maxWaiting: number;
  /** Of those, at most this many from one client address (its fair share), so one client cannot fill the queue. */
  maxWaitingPerAddress?: number;
}

export interface HashQueueStats {
  /** Hashes started since the server started. */
  started: number;
  running: number;
  waiting: number;
  /** Requests refused (503) because the queue, or the client's share of it, was full. */
  refused: number;
}

/**
 * Every password hash (scrypt) of one server waits here for one of `concurrency` turns (decision 0022).
 * Unbounded, a flood of requests that hash put every login behind hundreds of 40 ms hashes on 2 cores; here
 * at most `maxWaiting` wait (a bounded delay) and the rest are answered 503 with Retry-After at once. Turns go
 * round-robin between client addresses, so a login from one address waits behind at most one hash of each
 * other busy address, not behind a flood from one of them (decision 0022).
 */
export class HashQueue {
  private running = 0;
  private waiting = 0;
  private started = 0;
  private refused = 0;
  /** Waiting turns per address; the map's order is the round-robin order. */
  private readonly queues = new Map<string, Array<() => void>>();
  /** Moving average of a hash's duration, to say how long a refused client should wait. */
  private averageMs = 50;
  private readonly perAddress: number;

  constructor(private readonly opts: HashQueueOptions) {
    if (!(opts.concurrency >= 1)) throw new Error('hash queue concurrency must be at least 1');
    this.perAddress = Math.max(1, opts.maxWaitingPerAddress ?? Math.floor(opts.maxWaiting / 4));
  }

  stats(): HashQueueStats {
    return { started: this.started, running: this.running, waiting: this.waiting, refused: this.refused };
  }

  /** Run `work` (one hash) in a turn of the queue for `address`; throws 503 when no turn can be waited for. */
  async run<T>(address: string, work: () => Promise<T>): Promise<T> {
    if (this.running < this.opts.concurrency && this.waiting === 0) {
      this.running++;
    } else {
      const mine = this.queues.get(address);
      if (this.waiting >= this.opts.maxWaiting || (mine?.length ?? 0) >= this.perAddress) throw this.busy();
      // The turn is handed over by release(): `running` stays counted for it.
      await new Promise<void>((resolve) => {
        if (mine) mine.push(resolve);
        else this.queues.set(address, [resolve]);
        this.waiting++;
      });
    }
    this.started++;
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      this.averageMs = this.averageMs * 0.9 + (performance.now() - t0) * 0.1;
      this.release();
    }
  }

  private release(): void {
    const next = this.queues.entries().next();
    if (next.done) {
      this.running--;
      return;
    }
    const [address, turns] = next.value;
    const resolve = turns.shift()!;
    this.queues.delete(address);
    if (turns.length > 0) this.queues.set(address, turns); // to the back of the round
    this.waiting--;
    resolve();
  }

  private busy(): AppError {
    this.refused++;
    // The time the hashes ahead need: the queue's length in rounds of `concurrency`.
    const seconds = Math.max(1, Math.ceil(((this.waiting / this.opts.concurrency + 1) * this.averageMs) / 1000));
    return new AppError('unavailable', HASHING_BUSY, { 'retry-after': String(seconds) });
  }
}

interface HashingScope {
  queue: HashQueue;
  address: string;
}
const scope = new AsyncLocalStorage<HashingScope>();

/**
 * Run `fn` (a request) with `queue` as the queue its password hashes wait in, counted for `address`.
 * app.ts opens one for every request, so services hash through the queue without knowing of it.
 */
export function withHashingScope<T>(queue: HashQueue, address: string, fn: () => T): T {
  return scope.run({ queue, address }, fn);
}

/** Run one hash in the current request's queue; outside a request (scripts, seeds), at once. */
export function inHashingTurn<T>(work: () => Promise<T>): Promise<T> {
  const current = scope.getStore();
  return current ? current.queue.run(current.address, work) : work();
}
