import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeNextDocument } from '../../src/server/services/programme-documents/document-jobs';
import { freshPostgresUrl } from '../support/database';
import { startTestApp, type TestApp } from '../support/app';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0073: the programme PDF and the abstract book are made in the background when the programme is published,
 * the organiser sees their state (queued, making n of N, ready at …), the public routes serve the stored file, and of
 * two instances on one database only one makes each document. Two real server instances share a real PostgreSQL
 * database and file store (FILE_STORE=postgres), as in a cluster.
 */
let pg: Awaited<ReturnType<typeof freshPostgresUrl>>;
let a: TestApp;
let b: TestApp;
let editor: SignedUp;

interface Status {
  kind: string;
  status: string;
  done: number;
  total: number;
  readyAt: string | null;
}
const statuses = async (app: TestApp) => {
  const res = await app.app.inject({ method: 'GET', url: '/api/editor/programme-documents', headers: editor.auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as { documents: Status[] }).documents;
};
const jobRows = async () =>
  (
    (await a.app.database.db.execute(
      sql`select kind, made_for, requested_for, storage_key from document_jobs order by kind`,
    )) as unknown as { rows: { kind: string; made_for: string | null; requested_for: string; storage_key: string | null }[] }
  ).rows;
async function stored(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of a.app.files.get(key)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  pg = await freshPostgresUrl();
  const env = { DATABASE_URL: pg.url, FILE_STORE: 'postgres' };
  [a, b] = await Promise.all([startTestApp(env), startTestApp(env)]);
  editor = await signupAs(a.app, 'Editor');
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await pg?.drop();
});

describe('documents made in the background', () => {
  test('before any publication the organiser sees that nothing is made yet; the state is the editor’s only', async () => {
    expect((await statuses(a)).map((d) => [d.kind, d.status])).toEqual([
      ['programme', 'none'],
      ['abstract-book', 'none'],
    ]);
    expect((await a.app.inject({ method: 'GET', url: '/api/editor/programme-documents' })).statusCode).toBe(401);
  });

  test('publishing queues both documents; they are made, the organiser sees them ready, and the public routes serve the stored files', async () => {
    const published = await a.app.inject({
      method: 'POST',
      url: '/api/editor/program/publish',
      headers: editor.auth,
      payload: { acknowledgeWarnings: true },
    });
    expect(published.statusCode).toBe(200);
    // Queued or already under way right after the publication, never "none".
    expect((await statuses(a)).every((d) => ['queued', 'making', 'ready'].includes(d.status))).toBe(true);
    await expect.poll(async () => (await statuses(b)).map((d) => d.status), { timeout: 60_000, interval: 200 }).toEqual(['ready', 'ready']);
    const ready = await statuses(a);
    for (const d of ready) expect(Number.isNaN(Date.parse(d.readyAt ?? ''))).toBe(false);

    const rows = await jobRows();
    expect(rows.map((r) => r.kind)).toEqual(['abstract-book', 'programme']);
    for (const r of rows) expect(r.made_for).toBe(r.requested_for);
    const programme = await b.app.inject({ method: 'GET', url: '/api/program.pdf' });
    expect(programme.statusCode).toBe(200);
    expect(programme.rawPayload.equals(await stored(rows.find((r) => r.kind === 'programme')!.storage_key!))).toBe(true);
    const book = await a.app.inject({ method: 'GET', url: '/api/program/abstract-book.pdf' });
    expect(book.statusCode).toBe(200);
    expect(book.rawPayload.equals(await stored(rows.find((r) => r.kind === 'abstract-book')!.storage_key!))).toBe(true);
  });

  test('of two instances asking at once, each document is made by one of them only', async () => {
    // Asked again (as a new publication would): the stored files no longer answer what is asked for.
    await a.app.database.db.execute(sql`update document_jobs set made_for = null, status = 'queued'`);
    const conference = a.app.conference.current();
    const makers = [a, b, a, b].map((app) => makeNextDocument({ db: app.app.database.db, files: app.app.files, conference }));
    const made = (await Promise.all(makers)).filter((k) => k !== null);
    // The instances' own makers may take a document meanwhile: whatever these calls made, none made the same twice.
    expect(new Set(made).size).toBe(made.length);
    await expect.poll(async () => (await statuses(a)).map((d) => d.status), { timeout: 60_000, interval: 200 }).toEqual(['ready', 'ready']);
    expect(await makeNextDocument({ db: b.app.database.db, files: b.app.files, conference })).toBeNull();
  });
});
