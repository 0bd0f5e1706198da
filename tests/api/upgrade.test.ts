import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { newDataDir } from '../support/app';
import { freshPostgresUrl } from '../support/database';
import { pdfBytes } from '../support/multipart';
import { startServerProcess } from '../support/server-process';

/**
 * Decision 0068: the data a previous release wrote starts under this one. The fixture (tests/fixtures/upgrade,
 * made by scripts/make-upgrade-fixture.ts from the last landed commit's own tree and API) is that release's
 * backup: restoring it runs the migrations its database had run, loads its rows, then runs this release's
 * later migrations, as an upgrade in place does; the server started on it must read everything back.
 */

const fixtures = path.resolve('tests/fixtures/upgrade');
const expected = JSON.parse(readFileSync(path.join(fixtures, 'release.json'), 'utf8')) as {
  commit: string;
  password: string;
  editor: { email: string };
  author: { email: string };
  reviewer: { email: string };
  papers: Array<{ id: string; title: string; sha256: string }>;
  review: { paperId: string; recommendation: number; confidence: number; commentsToAuthors: string; commentsToEditor: string };
  settings: { reviewersPerPaper: number; maxPapersPerReviewer: number };
  conference: { organiserName: string; organiserTitle: string };
  registration: { code: string; name: string; email: string };
};

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await Promise.resolve().then(c);
}, 120_000);

function restore(env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/server/ops/restore-cli.ts', path.join(fixtures, 'release.tar.gz')],
      { env: { ...process.env, DATABASE_URL: '', FILE_STORE: '', ...env }, timeout: 170_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function get(url: string, auth: string, p: string) {
  const res = await fetch(`${url}/api${p}`, { headers: { authorization: `Bearer ${auth}` } });
  expect(res.status, p).toBe(200);
  return res;
}

async function checkEverything(url: string) {
  const login = async (email: string, role: string) => {
    const res = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: expected.password, role }),
    });
    expect(res.status, `${role} logs in with the old password`).toBe(200);
    return (await res.json()).token as string;
  };
  const editor = await login(expected.editor.email, 'Editor');
  const author = await login(expected.author.email, 'Author');
  const reviewer = await login(expected.reviewer.email, 'Reviewer');

  const papers = (await (await get(url, editor, '/editor/papers')).json()) as Array<{ _id: string; title: string; pdf: string }>;
  for (const p of expected.papers) {
    const found = papers.find((x) => x._id === p.id);
    expect(found?.title).toBe(p.title);
    const pdf = Buffer.from(await (await fetch(`${url}${found!.pdf}`, { headers: { authorization: `Bearer ${author}` } })).arrayBuffer());
    expect(createHash('sha256').update(pdf).digest('hex'), `PDF of ${p.title}`).toBe(p.sha256);
  }

  const reviews = JSON.stringify(await (await get(url, editor, `/editor/papers/${expected.review.paperId}/reviews`)).json());
  expect(reviews).toContain(expected.review.commentsToAuthors);
  const own = await (await get(url, reviewer, `/reviewer/review/${expected.review.paperId}`)).json();
  expect(own).toMatchObject({
    recommendation: expected.review.recommendation,
    confidence: expected.review.confidence,
    commentsToAuthors: expected.review.commentsToAuthors,
    commentsToEditor: expected.review.commentsToEditor,
  });

  expect(await (await get(url, editor, '/editor/settings')).json()).toMatchObject(expected.settings);
  expect(await (await get(url, editor, '/editor/conference')).json()).toMatchObject(expected.conference);

  const attendees = JSON.stringify(
    await (await get(url, editor, `/editor/attendees?q=${encodeURIComponent(expected.registration.code)}`)).json(),
  );
  expect(attendees).toContain(expected.registration.name);

  // And the upgraded data takes new writes.
  const fd = new FormData();
  fd.append('title', 'Written after the upgrade');
  fd.append('abstract', 'New');
  fd.append('keywords', 'AI');
  fd.append('file', new Blob([new Uint8Array(pdfBytes('after upgrade'))], { type: 'application/pdf' }), 'p.pdf');
  const res = await fetch(`${url}/api/author/new-paper`, { method: 'POST', headers: { authorization: `Bearer ${author}` }, body: fd });
  expect(res.status).toBe(201);
}

describe(`upgrade from the previous release (${expected.commit.slice(0, 8)})`, () => {
  test('its data, restored into a fresh DATA_DIR and migrated, reads back whole through the API', async () => {
    const dataDir = newDataDir();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const r = await restore({ DATA_DIR: dataDir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout, 'no released migration was edited').not.toMatch(/warning/);
    const server = await startServerProcess({ DATA_DIR: dataDir });
    cleanups.push(() => server.stop());
    await checkEverything(server.url);
  }, 240_000);

  test('the same on a PostgreSQL server with its files moved into FILE_STORE=postgres', async () => {
    const db = await freshPostgresUrl({ migrated: false });
    const dataDir = newDataDir();
    cleanups.push(async () => {
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      JWT_SECRET: 'upgrade-test-secret-upgrade-test-secret-1',
      FILE_STORE: 'postgres',
    };
    const r = await restore(env);
    expect(r.code, r.stderr).toBe(0);
    const server = await startServerProcess(env);
    cleanups.push(() => server.stop());
    await checkEverything(server.url);
  }, 240_000);
});
