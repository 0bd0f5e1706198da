import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { loadConfig } from '../../src/server/config';
import { startTestApp, type TestApp } from '../support/app';
import { freshPostgresUrl } from '../support/database';
import { pdfBytes, submitPaper } from '../support/multipart';
import { startPgBouncer, type Pooler } from '../support/pgbouncer';
import { signupAs } from '../support/users';

/**
 * Decision 0075: two instances reach one database through a real PgBouncer in transaction mode (Debian's package),
 * with four server connections for their twenty clients, so consecutive transactions land on other server sessions.
 * Migrations, files, login throttling, cached lists and the hot prepared queries all work through it.
 */
let pgdb: { url: string; drop: () => Promise<void> };
let pooler: Pooler;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  // Not migrated: the two instances migrate it through the pooler, together.
  pgdb = await freshPostgresUrl({ migrated: false });
  pooler = await startPgBouncer(pgdb.url, { poolMode: 'transaction', serverConnections: 4 });
  const env = { DATABASE_URL: pooler.url, DATABASE_POOL_MODE: 'transaction', FILE_STORE: 'postgres' };
  [a, b] = await Promise.all([startTestApp(env), startTestApp(env)]);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await pooler?.stop();
  await pgdb?.drop();
});

describe('the setting', () => {
  test('DATABASE_POOL_MODE is session or transaction, and scheduled backups need a direct connection', () => {
    const base = { DATABASE_URL: 'postgres://db.example/c', JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/imse-pooler-config' };
    expect(loadConfig(base).DATABASE_POOL_MODE).toBe('session');
    expect(loadConfig({ ...base, DATABASE_POOL_MODE: 'transaction' }).DATABASE_POOL_MODE).toBe('transaction');
    expect(() => loadConfig({ ...base, DATABASE_POOL_MODE: 'statement' })).toThrow(/DATABASE_POOL_MODE: must be session or transaction/);
    expect(() => loadConfig({ ...base, DATABASE_POOL_MODE: 'transaction', BACKUP_EVERY: '24' })).toThrow(
      /^BACKUP_EVERY needs a direct connection to PostgreSQL/,
    );
  });
});

describe('two instances behind PgBouncer in transaction mode', () => {
  test('started together, they migrated the empty database once', async () => {
    const direct = new pg.Client({ connectionString: pgdb.url });
    await direct.connect();
    try {
      const { rows } = await direct.query<{ n: number; distinct: number }>(
        'select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
      );
      expect(rows[0]!.n).toBeGreaterThan(20);
      expect(rows[0]!.distinct).toBe(rows[0]!.n);
    } finally {
      await direct.end();
    }
  });

  test('papers submitted through both are listed, with identical bytes, through the other', async () => {
    const author = await signupAs(a.app, 'Author');
    const pdfs = [pdfBytes('pooler-a', 400_000), pdfBytes('pooler-b', 300_000)];
    const first = await submitPaper(a.app, author.auth, { title: 'Through A and the pooler', pdf: pdfs[0]! });
    const second = await submitPaper(b.app, author.auth, { title: 'Through B and the pooler', pdf: pdfs[1]! });
    for (const [app, paper, pdf] of [
      [b, first, pdfs[0]!],
      [a, second, pdfs[1]!],
    ] as const) {
      const list = await app.app.inject({ url: '/api/author/my-papers', headers: author.auth });
      expect(list.statusCode).toBe(200);
      const listed = (list.json().papers as Array<{ _id: string; pdf: string }>).find((p) => p._id === paper._id);
      const file = await app.app.inject({ url: listed!.pdf });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(pdf)).toBe(true);
    }
  });

  test('many requests at once on both instances: every hot prepared query answers (no statement lost between sessions)', async () => {
    const editor = await signupAs(a.app, 'Editor', { email: `editor.${Date.now()}@pooler.example` });
    const reviewer = await signupAs(b.app, 'Reviewer');
    const author = await signupAs(a.app, 'Author');
    const paper = await submitPaper(a.app, author.auth, { title: 'Sent through the pooler', pdf: pdfBytes('pooler-sent') });
    const sent = await b.app.inject({
      method: 'POST',
      url: '/api/editor/send-paper',
      headers: editor.auth,
      payload: { paperId: paper._id, reviewerId: reviewer.user._id },
    });
    expect(sent.statusCode).toBe(200);
    // 120 requests in flight over 20 clients and 4 server sessions: the caller, settings, assigned-papers and
    // paper queries are prepared queries; behind the pooler each must still answer on whatever session it lands.
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) => {
        const app = i % 2 ? a : b;
        if (i % 3 === 0) return app.app.inject({ url: `/api/reviewer/assigned-papers/${reviewer.user._id}`, headers: reviewer.auth });
        if (i % 3 === 1) return app.app.inject({ url: '/api/author/my-papers', headers: author.auth });
        return app.app.inject({ url: '/api/editor/settings', headers: editor.auth });
      }),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const assigned = answers[0]!.json() as Array<{ _id: string }>;
    expect(assigned.map((p) => p._id)).toEqual([paper._id]);
  });

  test('five failed logins spread over both instances give 429 on either', async () => {
    const victim = await signupAs(b.app, 'Author');
    const login = (app: TestApp, password: string) =>
      app.app.inject({ method: 'POST', url: '/api/login', payload: { email: victim.user.email, password, role: 'Author' } });
    const answers = [];
    for (const app of [a, b, a, b, a]) answers.push((await login(app, 'not-the-password')).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401]);
    expect((await login(b, 'not-the-password')).statusCode).toBe(429);
    expect((await login(a, victim.password)).statusCode).toBe(429);
  });
});
