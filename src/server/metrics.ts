import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * What an operator can scrape (decision 0067): one registry per server (tests run several in one process), in
 * Prometheus's text format through prom-client. Counters the layers record themselves (HTTP, file store, mail
 * deliveries) are methods here; queue and pool sizes are read when scraped from the objects that own them.
 * This module imports none of the server's own modules, so any layer may import it.
 */

/** What the gauges read at scrape time; given once the server has built them. */
export interface MetricSources {
  admission: {
    stats(): { admitted: number; active: number; waiting: number; shed: number; refused: number };
    shedding(): boolean;
  };
  admissionLimits: { concurrency: number; maxWaiting: number };
  hashing: { stats(): { started: number; running: number; waiting: number; refused: number } };
  hashingLimits: { concurrency: number; maxWaiting: number };
  pool: { totalCount: number; idleCount: number; waitingCount: number; options: { max?: number } };
  /** The mail queue of every edition by state, and how late its most overdue mail is (seconds; 0 when none). */
  mailQueue(): Promise<{ counts: Record<MailQueueState, number>; overdueSeconds: number }>;
}

export const MAIL_QUEUE_STATES = ['queued', 'sending', 'failed', 'outbox'] as const;
export type MailQueueState = (typeof MAIL_QUEUE_STATES)[number];
export type MailDeliveryOutcome = 'sent' | 'retry' | 'failed';
export type FileStoreKind = 'disk' | 'postgres';

/** The route label of an answer no route of the framework gave: a page or asset served from memory (src/server/web.ts). */
export const SITE_ROUTE = '(site)';
/** The route label of a request that matched no route (the framework's 404). */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Seconds: from a cached list (a few ms) to a 20 MB upload on a slow line. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30];
const FILE_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics {
  readonly registry = new Registry();
  private readonly httpRequests: Counter<'method' | 'route' | 'status_class'>;
  private readonly httpDuration: Histogram<'method' | 'route' | 'status_class'>;
  private readonly fileOperations: Counter<'operation' | 'store' | 'outcome'>;
  private readonly fileDuration: Histogram<'operation' | 'store'>;
  private readonly mailDeliveries: Counter<'outcome'>;
  private sources: MetricSources | null = null;
  /** The count under way: the two mail gauges of one scrape, and scrapes at once, share one query. */
  private mailCount: Promise<Awaited<ReturnType<MetricSources['mailQueue']>> | null> | null = null;

  constructor() {
    const registers = [this.registry];
    const src = () => this.sources;
    collectDefaultMetrics({ register: this.registry });

    this.httpRequests = new Counter({
      name: 'imse_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status class',
      labelNames: ['method', 'route', 'status_class'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'imse_http_request_duration_seconds',
      help: 'Time from a request to its answer, by method, route pattern and status class',
      labelNames: ['method', 'route', 'status_class'],
      buckets: HTTP_BUCKETS,
      registers,
    });

    // The admission gate (decision 0036): the server's front door for API requests.
    gaugeOf(registers, 'imse_admission_active', 'API requests holding a turn now', () => src()?.admission.stats().active);
    gaugeOf(registers, 'imse_admission_waiting', 'API requests waiting for a turn now', () => src()?.admission.stats().waiting);
    gaugeOf(
      registers,
      'imse_admission_concurrency',
      'API requests handled at once (API_CONCURRENCY)',
      () => src()?.admissionLimits.concurrency,
    );
    gaugeOf(
      registers,
      'imse_admission_queue_limit',
      'API requests that may wait for a turn (API_QUEUE)',
      () => src()?.admissionLimits.maxWaiting,
    );
    gaugeOf(registers, 'imse_admission_shedding', '1 while the server sheds load (readiness answers 503), else 0', () =>
      src() ? Number(src()!.admission.shedding()) : undefined,
    );
    counterOf(registers, 'imse_admission_admitted_total', 'API requests given a turn', () => src()?.admission.stats().admitted);
    counterOf(
      registers,
      'imse_admission_shed_total',
      'API requests answered 503 because the server was full (its queue, or a wait that ran out)',
      () => src()?.admission.stats().shed,
    );
    counterOf(
      registers,
      'imse_admission_refused_total',
      "API requests answered 503 at the front door: shed, or over their client's share of the queue",
      () => src()?.admission.stats().refused,
    );

    // The password hashing queue (decision 0022).
    gaugeOf(registers, 'imse_password_hash_running', 'Password hashes running now', () => src()?.hashing.stats().running);
    gaugeOf(registers, 'imse_password_hash_waiting', 'Password hashes waiting for a turn now', () => src()?.hashing.stats().waiting);
    gaugeOf(
      registers,
      'imse_password_hash_queue_limit',
      'Password hashes that may wait (HASH_QUEUE)',
      () => src()?.hashingLimits.maxWaiting,
    );
    counterOf(registers, 'imse_password_hashes_total', 'Password hashes started', () => src()?.hashing.stats().started);
    counterOf(
      registers,
      'imse_password_hash_refused_total',
      'Requests answered 503 because the password hashing queue was full',
      () => src()?.hashing.stats().refused,
    );

    // The database pool (node-postgres).
    gaugeOf(registers, 'imse_db_pool_connections', 'Connections the pool holds (idle and in use)', () => src()?.pool.totalCount);
    gaugeOf(registers, 'imse_db_pool_idle', 'Connections of the pool idle now', () => src()?.pool.idleCount);
    gaugeOf(registers, 'imse_db_pool_waiting', 'Queries waiting for a connection of the pool', () => src()?.pool.waitingCount);
    gaugeOf(registers, 'imse_db_pool_max', 'Connections the pool may open', () => src()?.pool.options.max);

    // The mail queue, counted in the database (every edition's, every instance's).
    const mail = () => this.mailQueue();
    new Gauge({
      name: 'imse_mail_queue',
      help: 'Mails in the queue by state (queued: waiting or retrying; sending: claimed by a worker; failed: given up; outbox: no SMTP_URL)',
      labelNames: ['state'],
      registers,
      async collect() {
        const m = await mail();
        if (!m) return;
        for (const state of MAIL_QUEUE_STATES) this.set({ state }, m.counts[state]);
      },
    });
    new Gauge({
      name: 'imse_mail_queue_overdue_seconds',
      help: 'How long the most overdue queued mail has been due (0 when none is)',
      registers,
      async collect() {
        const m = await mail();
        if (m) this.set(m.overdueSeconds);
      },
    });
    this.mailDeliveries = new Counter({
      name: 'imse_mail_deliveries_total',
      help: "This instance's delivery attempts by outcome (sent; retry: refused for now, tried again later; failed: given up)",
      labelNames: ['outcome'],
      registers,
    });

    this.fileOperations = new Counter({
      name: 'imse_file_store_operations_total',
      help: 'File store operations by operation, store (disk or postgres) and outcome (ok or error)',
      labelNames: ['operation', 'store', 'outcome'],
      registers,
    });
    this.fileDuration = new Histogram({
      name: 'imse_file_store_operation_duration_seconds',
      help: 'Time a file store operation took (a read: until its stream ended), by operation and store',
      labelNames: ['operation', 'store'],
      buckets: FILE_BUCKETS,
      registers,
    });
  }

  /** Give the gauges what they read; until then they are not reported. */
  bind(sources: MetricSources): void {
    this.sources = sources;
  }

  observeHttp(opts: { method: string; route: string; status: number; seconds: number }): void {
    const labels = { method: opts.method, route: opts.route, status_class: `${Math.floor(opts.status / 100)}xx` };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, opts.seconds);
  }

  observeFileOperation(opts: { operation: string; store: FileStoreKind; ok: boolean; seconds: number }): void {
    this.fileOperations.inc({ operation: opts.operation, store: opts.store, outcome: opts.ok ? 'ok' : 'error' });
    this.fileDuration.observe({ operation: opts.operation, store: opts.store }, opts.seconds);
  }

  countMailDelivery(outcome: MailDeliveryOutcome): void {
    this.mailDeliveries.inc({ outcome });
  }

  /** The text Prometheus scrapes, and its content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private mailQueue() {
    const sources = this.sources;
    if (!sources) return Promise.resolve(null);
    if (!this.mailCount) {
      // The database not answering leaves the mail gauges as they were rather than failing the scrape.
      this.mailCount = sources
        .mailQueue()
        .catch(() => null)
        .finally(() => setImmediate(() => (this.mailCount = null)));
    }
    return this.mailCount;
  }
}

function gaugeOf(registers: Registry[], name: string, help: string, read: () => number | undefined): Gauge {
  return new Gauge({
    name,
    help,
    registers,
    collect() {
      const v = read();
      if (v !== undefined) this.set(v);
    },
  });
}

/** A counter that follows a running total kept elsewhere (the admission gate's, the hashing queue's). */
function counterOf(registers: Registry[], name: string, help: string, read: () => number | undefined): Counter {
  let seen = 0;
  return new Counter({
    name,
    help,
    registers,
    collect() {
      const v = read();
      if (v === undefined || v <= seen) return;
      this.inc(v - seen);
      seen = v;
    },
  });
}

/**
 * Whether an Authorization header carries `Bearer <token>`: compared as SHA-256 digests with timingSafeEqual,
 * so the time taken says nothing of how much of the token was right, nor of its length.
 */
export function bearsToken(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const given = createHash('sha256')
    .update(m?.[1] ?? '')
    .digest();
  const expected = createHash('sha256').update(token).digest();
  return timingSafeEqual(given, expected) && m !== null;
}
