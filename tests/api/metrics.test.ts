import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../../src/core/ids';
import { migrateLocked } from '../../src/server/db/connect';
import { startTestApp, type TestApp } from '../support/app';
import { startSmtpListener } from '../support/smtp';
import { multipart, pdfBytes, submitPaper } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

/**
 * GET /metrics and GET /api/health/ready (decision 0067) on the real server and database: the scrape is guarded
 * by its token, parses as Prometheus's text format, counts requests by route pattern, and readiness says no while
 * the server sheds load or migrates. One API turn and no queue, so one held upload makes the server full.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
const scrapeAuth = { authorization: `Bearer ${TOKEN}` };

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let author: SignedUp;
beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({
    METRICS_TOKEN: TOKEN,
    SMTP_URL: smtp.url,
    MAIL_RATE_PER_MINUTE: '0',
    API_CONCURRENCY: '1',
    API_QUEUE: '0',
    API_QUEUE_WAIT_MS: '60000',
  });
  author = await signupAs(t.app, 'Author');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Prometheus's text format (0.0.4), read strictly: every line a comment (# HELP, # TYPE) or a sample
 * `name{label="value",…} number`; anything else throws.
 */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*$/.test(line)) continue;
    // Values as Prometheus reads them (Go's ParseFloat: NaN and Inf in any case; prom-client writes "Nan").
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? ([-+]?(?:[0-9.eE+-]+|[Ii]nf|[Nn]a[Nn]))$/.exec(line);
    if (!m) throw new Error(`not a line of the text format: ${JSON.stringify(line)}`);
    const labels: Record<string, string> = {};
    const body = m[2] ?? '';
    const label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/gy;
    let read = 0;
    for (let l = label.exec(body); l; l = label.exec(body)) {
      labels[l[1]!] = l[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      read = label.lastIndex;
    }
    if (read !== body.length) throw new Error(`labels not in the text format: ${JSON.stringify(line)}`);
    const raw = m[3]!.toLowerCase();
    samples.push({
      name: m[1]!,
      labels,
      value: raw === 'nan' ? NaN : /inf$/.test(raw) ? (raw.startsWith('-') ? -Infinity : Infinity) : Number(raw),
    });
  }
  return { samples, types };
}

async function scrape(on: TestApp = t) {
  const res = await on.app.inject({ url: '/metrics', headers: scrapeAuth });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(res.body);
}

/** The value of one series (0 when it has not been reported yet). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return found.reduce((sum, s) => sum + s.value, 0);
}

/** A submission whose body arrives in two halves: it holds the server's one turn until `finish()`. */
async function heldUpload() {
  const { payload, contentType } = await multipart([
    ['title', 'Held while shedding'],
    ['abstract', 'Arrives slowly.'],
    ['keywords', 'AI'],
    ['file', pdfBytes('held', 100_000), 'paper.pdf'],
  ]);
  const body = new PassThrough();
  const answer = t.app.inject({
    method: 'POST',
    url: '/api/author/new-paper',
    payload: body,
    headers: { ...author.auth, 'content-type': contentType, 'content-length': String(payload.length) },
  });
  body.write(payload.subarray(0, payload.length >> 1));
  await expect.poll(() => t.app.admission.stats().active, { timeout: 10_000 }).toBe(1);
  return { answer, finish: () => body.end(payload.subarray(payload.length >> 1)) };
}

describe('GET /metrics', () => {
  test('is 404 when neither METRICS_TOKEN nor METRICS_ADDRESS is set', async () => {
    const plain = await startTestApp();
    try {
      expect(plain.app.metrics).toBeNull();
      const res = await plain.app.inject({ url: '/metrics', headers: scrapeAuth });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('imse_');
    } finally {
      await plain.close();
    }
  });

  test('without the token, or with another, it is 401 and shows nothing', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-0123', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('imse_');
    }
  });

  test("with the token, the text format parses and names every metric of the operator's list", async () => {
    await t.app.inject({ url: '/api/tracks' });
    const { samples, types } = await scrape();
    const expected: Record<string, string> = {
      imse_http_requests_total: 'counter',
      imse_http_request_duration_seconds: 'histogram',
      imse_admission_active: 'gauge',
      imse_admission_waiting: 'gauge',
      imse_admission_concurrency: 'gauge',
      imse_admission_queue_limit: 'gauge',
      imse_admission_shedding: 'gauge',
      imse_admission_admitted_total: 'counter',
      imse_admission_shed_total: 'counter',
      imse_admission_refused_total: 'counter',
      imse_password_hash_running: 'gauge',
      imse_password_hash_waiting: 'gauge',
      imse_password_hash_queue_limit: 'gauge',
      imse_password_hashes_total: 'counter',
      imse_password_hash_refused_total: 'counter',
      imse_db_pool_connections: 'gauge',
      imse_db_pool_idle: 'gauge',
      imse_db_pool_waiting: 'gauge',
      imse_db_pool_max: 'gauge',
      imse_mail_queue: 'gauge',
      imse_mail_queue_overdue_seconds: 'gauge',
      imse_mail_deliveries_total: 'counter',
      imse_file_store_operations_total: 'counter',
      imse_file_store_operation_duration_seconds: 'histogram',
      process_cpu_seconds_total: 'counter',
      process_resident_memory_bytes: 'gauge',
      nodejs_eventloop_lag_seconds: 'gauge',
    };
    for (const [name, type] of Object.entries(expected)) expect(types.get(name), name).toBe(type);
    // Read when scraped: the admission limits as configured, the pool as node-postgres holds it.
    expect(valueOf(samples, 'imse_admission_concurrency')).toBe(1);
    expect(valueOf(samples, 'imse_db_pool_max')).toBe(10);
    expect(valueOf(samples, 'imse_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'imse_password_hashes_total')).toBeGreaterThanOrEqual(1); // the author's signup
    for (const state of ['queued', 'sending', 'failed', 'outbox'])
      expect(samples.some((s) => s.name === 'imse_mail_queue' && s.labels.state === state)).toBe(true);
  });

  test('a request counts under its route pattern, method and status class, never its URL', async () => {
    const id = 'a'.repeat(24);
    const route = { method: 'GET', route: '/api/author/paper/:id', status_class: '4xx' };
    const before = valueOf((await scrape()).samples, 'imse_http_requests_total', route);
    const res = await t.app.inject({ url: `/api/author/paper/${id}`, headers: author.auth });
    expect(res.statusCode).toBe(404);
    const { samples } = await scrape();
    expect(valueOf(samples, 'imse_http_requests_total', route)).toBe(before + 1);
    expect(valueOf(samples, 'imse_http_request_duration_seconds_count', route)).toBe(before + 1);
    expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes(id)))).toBe(false);
    // A URL no route knows is counted under one label, whatever the URL.
    await t.app.inject({ method: 'DELETE', url: `/api/no-such-route/${id}` });
    const after = (await scrape()).samples;
    expect(valueOf(after, 'imse_http_requests_total', { route: '(unmatched)', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes('no-such-route')))).toBe(false);
  });

  test('file store operations and mail deliveries are counted where they happen', async () => {
    await submitPaper(t.app, author.auth, { title: 'Counted on the disk' });
    const { samples } = await scrape();
    expect(valueOf(samples, 'imse_file_store_operations_total', { operation: 'put', store: 'disk', outcome: 'ok' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(
      valueOf(samples, 'imse_file_store_operation_duration_seconds_count', { operation: 'put', store: 'disk' }),
    ).toBeGreaterThanOrEqual(1);
    // The signup's mail went to the SMTP listener: one delivery counted as sent.
    await expect
      .poll(async () => valueOf((await scrape()).samples, 'imse_mail_deliveries_total', { outcome: 'sent' }), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(1);
  });

  test("the mail queue gauge counts every edition's mails, not only the current edition's view", async () => {
    const before = valueOf((await scrape()).samples, 'imse_mail_queue', { state: 'failed' });
    const db = t.app.database.db;
    await db.execute(sql`INSERT INTO editions (id, year, is_current) VALUES ('edition-metrics-2019', 2019, false)`);
    await db.execute(sql`
      INSERT INTO mail_queue_all (id, "to", subject, body, template, status, attempts, edition_id)
      VALUES (${newId()}, 'gone@example.org', 'An old edition', 'Body', 'signup', 'failed', 10, 'edition-metrics-2019')`);
    const current = await db.execute(sql`SELECT count(*)::int AS n FROM mail_queue WHERE status = 'failed'`);
    expect((current as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(before);
    expect(valueOf((await scrape()).samples, 'imse_mail_queue', { state: 'failed' })).toBe(before + 1);
  });
});

describe('GET /api/health/ready', () => {
  test('ready when idle; 503 "shedding" while every turn is taken and the queue full, ready again after', async () => {
    expect((await t.app.inject({ url: '/api/health/ready' })).json()).toEqual({ status: 'ready' });
    const upload = await heldUpload();
    const busy = await t.app.inject({ url: '/api/health/ready' });
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toMatchObject({ status: 'unavailable', reason: 'shedding' });
    expect(busy.headers['retry-after']).toBe('5');
    // Liveness and the scrape do not wait for a turn either.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect(valueOf((await scrape()).samples, 'imse_admission_shedding')).toBe(1);
    upload.finish();
    expect((await upload.answer).statusCode).toBe(201);
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });

  // How long readiness keeps saying "shedding" after the last request shed is a unit test (src/server/http/admission.test.ts):
  // timed here, it would depend on how fast a loaded machine finishes the upload.
  test('a request shed is counted, under its route, and the gate says it sheds', async () => {
    const before = valueOf((await scrape()).samples, 'imse_admission_shed_total');
    const upload = await heldUpload();
    const shed = await t.app.inject({ url: '/api/tracks' });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBeDefined();
    const { samples } = await scrape();
    upload.finish();
    expect((await upload.answer).statusCode).toBe(201);
    expect(valueOf(samples, 'imse_admission_shed_total')).toBe(before + 1);
    expect(valueOf(samples, 'imse_http_requests_total', { route: '/api/tracks', status_class: '5xx' })).toBeGreaterThanOrEqual(1);
  });

  test('503 "migrating" while this process waits for another instance\'s migrations, ready once they are done', async () => {
    const other = await startTestApp();
    // Another instance holds the migration lock (the key in src/server/db/connect.ts): this one waits to migrate.
    const holder = new pg.Client({ connectionString: other.config.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [0x696d7365]);
      const migrating = migrateLocked(other.app.database.pool);
      const answer = await other.app.inject({ url: '/api/health/ready' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ status: 'unavailable', reason: 'migrating' });
      await holder.query('select pg_advisory_unlock($1)', [0x696d7365]);
      await migrating;
      expect((await other.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    } finally {
      await holder.end();
      await other.close();
    }
  });
});

test('METRICS_ADDRESS: the metrics on an address of their own without a token, and not on the public port', async () => {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const p = (probe.address() as { port: number }).port;
      probe.close(() => resolve(p));
    });
  });
  const separate = await startTestApp({ METRICS_ADDRESS: `127.0.0.1:${port}` });
  try {
    await separate.app.inject({ url: '/api/tracks' });
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    const { samples } = parseExposition(await res.text());
    expect(valueOf(samples, 'imse_http_requests_total', { route: '/api/tracks', status_class: '2xx' })).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/api/tracks`)).status).toBe(404);
    expect((await separate.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  } finally {
    await separate.close();
  }
  // Closed with the server.
  await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
});

test('over the socket: /metrics passes the built site, and its pages and assets count under one label', async () => {
  const web = mkdtempSync(path.join(tmpdir(), 'metrics-web-'));
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Home</title><p>Home</p>');
  writeFileSync(path.join(web, 'robots.txt'), 'User-agent: *\n');
  const site = await startTestApp({ METRICS_TOKEN: TOKEN, WEB_DIR: web });
  try {
    await site.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = site.app.server.address() as { port: number };
    const url = `http://127.0.0.1:${port}`;
    expect((await fetch(`${url}/robots.txt`)).status).toBe(200);
    expect((await fetch(`${url}/robots.txt?x=${'a'.repeat(24)}`)).status).toBe(200);
    // The site would answer an unknown path with its 404 page: /metrics goes to the server, token and all.
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const res = await fetch(`${url}/metrics`, { headers: scrapeAuth });
    expect(res.status).toBe(200);
    const { samples } = parseExposition(await res.text());
    expect(valueOf(samples, 'imse_http_requests_total', { method: 'GET', route: '(site)', status_class: '2xx' })).toBe(2);
    expect(valueOf(samples, 'imse_http_requests_total', { route: '/metrics', status_class: '4xx' })).toBe(1);
    expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes('robots')))).toBe(false);
  } finally {
    await site.close();
    rmSync(web, { recursive: true, force: true });
  }
});
