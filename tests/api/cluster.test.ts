import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { startTestApp, type TestApp } from '../support/app';
import { freshPostgresUrl } from '../support/database';
import { pdfBytes, submitPaper } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0020: two instances of the server (two buildApp, each with its own DATA_DIR) on one PostgreSQL
 * database behave as one: files, login throttling and cached lists are shared through the database.
 */
let pg: { url: string; drop: () => Promise<void> };
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  pg = await freshPostgresUrl();
  // Started together: the second waits on the migration lock instead of migrating at the same time.
  const env = { DATABASE_URL: pg.url, FILE_STORE: 'postgres' };
  [a, b] = await Promise.all([startTestApp(env), startTestApp(env)]);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await pg?.drop();
});

describe('settings for several instances', () => {
  test('with DATABASE_URL, startup refuses without JWT_SECRET, and files go to PostgreSQL unless FILE_STORE=disk', () => {
    const url = 'postgres://db.example/conference';
    expect(() => loadConfig({ DATABASE_URL: url, DATA_DIR: '/tmp/imse-cluster-config' })).toThrow(
      /^JWT_SECRET must be set when DATABASE_URL is/,
    );
    const secret = 'x'.repeat(32);
    expect(loadConfig({ DATABASE_URL: url, JWT_SECRET: secret, DATA_DIR: '/tmp/imse-cluster-config' }).FILE_STORE).toBe('postgres');
    expect(loadConfig({ DATABASE_URL: url, JWT_SECRET: secret, FILE_STORE: 'disk', DATA_DIR: '/tmp/imse-cluster-config' }).FILE_STORE).toBe(
      'disk',
    );
    expect(loadConfig({ JWT_SECRET: secret, DATA_DIR: '/tmp/imse-cluster-config' }).FILE_STORE).toBe('disk');
    expect(() => loadConfig({ JWT_SECRET: secret, FILE_STORE: 's3', DATA_DIR: '/tmp/imse-cluster-config' })).toThrow(
      /FILE_STORE: must be postgres or disk/,
    );
  });
});

describe('two instances on one database', () => {
  test('they keep files in PostgreSQL, not in their own DATA_DIR', () => {
    expect([a.config.FILE_STORE, b.config.FILE_STORE]).toEqual(['postgres', 'postgres']);
    expect(a.dataDir).not.toBe(b.dataDir);
  });

  test('a paper submitted through one is listed, with identical PDF bytes, through the other', async () => {
    const author = await signupAs(a.app, 'Author');
    const pdf = pdfBytes('cluster', 600_000);
    const paper = await submitPaper(a.app, author.auth, { title: 'Submitted through A', pdf });
    const list = await b.app.inject({ url: '/api/author/my-papers', headers: author.auth });
    expect(list.statusCode).toBe(200);
    const listed = (list.json().papers as Array<{ _id: string; title: string; pdf: string }>).find((p) => p._id === paper._id);
    expect(listed?.title).toBe('Submitted through A');
    const file = await b.app.inject({ url: listed!.pdf });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/pdf/);
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  test('five failed logins spread over both instances give 429 on either', async () => {
    const victim = await signupAs(b.app, 'Author');
    const login = (app: TestApp, password: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: victim.user.email, password, role: 'Author' },
      });
    const answers = [];
    for (const app of [a, b, a, b, a]) answers.push((await login(app, 'not-the-password')).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401]);
    // Counted in PostgreSQL (src/server/auth/login-limiter.ts): the sixth try is refused by both.
    const sixthOnB = await login(b, 'not-the-password');
    expect(sixthOnB.statusCode).toBe(429);
    expect(sixthOnB.json()).toEqual({ message: expect.stringMatching(/^Too many failed logins/) });
    expect((await login(a, victim.password)).statusCode).toBe(429);
  });

  test('a write through one is never hidden by a list the other has cached', async () => {
    const editor = await signupAs(a.app, 'Editor', { email: `editor.${Date.now()}@chair.example` });
    const reviewer: SignedUp = await signupAs(a.app, 'Reviewer');
    const author = await signupAs(a.app, 'Author');
    const assigned = async () => {
      const res = await b.app.inject({ url: `/api/reviewer/assigned-papers/${reviewer.user._id}`, headers: reviewer.auth });
      expect(res.statusCode).toBe(200);
      return (res.json() as Array<{ _id: string }>).map((p) => p._id).sort();
    };
    const sent: string[] = [];
    for (let round = 0; round < 5; round++) {
      // B builds and caches the reviewer's list, twice so that the second read is a hit.
      expect(await assigned()).toEqual([...sent].sort());
      expect(await assigned()).toEqual([...sent].sort());
      const paper = await submitPaper(a.app, author.auth, { title: `Round ${round}`, pdf: pdfBytes(`round-${round}`) });
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/editor/send-paper',
        headers: editor.auth,
        payload: { paperId: paper._id, reviewerId: reviewer.user._id },
      });
      expect(res.statusCode).toBe(200);
      sent.push(paper._id);
      // The very next read through B, as soon as A has answered, shows the paper.
      expect(await assigned()).toEqual([...sent].sort());
    }
  });
});
