import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AddressInfo } from 'node:net';
import { chromiumPath, launchBrowser } from '../e2e/browser';
import { tempPrefix } from '../support/leftovers';
import { LEVEL, startLoggedApp, type LoggedApp } from '../support/logged-app';
import { injectMultipart, pdfBytes, submitPaper, type Part } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

// docs/product.md#validation-and-messages: an upload the server cannot keep because its disk is full is the server's failure (503), never
// the client's (it was 400 "The form data is malformed or incomplete" with FILE_STORE=postgres).

const FILES_FULL = 'The server cannot store files right now. Please try again later.';

/** Bytes nothing can compress (PostgreSQL compresses what it stores out of line), behind a PDF's or a PNG's signature. */
const bigPdf = (bytes = 3 * 1024 * 1024) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(bytes)]);
const bigPng = (bytes = 1536 * 1024) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(bytes)]);

/** Run cleanups in reverse order, each even when an earlier one failed. */
async function runAll(cleanups: Array<() => unknown>): Promise<void> {
  const errors: unknown[] = [];
  for (const c of cleanups.reverse())
    await Promise.resolve()
      .then(c)
      .catch((e: unknown) => errors.push(e));
  if (errors.length) throw errors[0];
}

/** A small tmpfs mounted in a folder named for this test run (its teardown unmounts what a killed run left). */
function mountTinyDisk(dir: string, cleanups: Array<() => unknown>): string | null {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return 'this machine does not allow mounting a small tmpfs';
  }
  cleanups.push(() => execFileSync('umount', ['-l', dir], { stdio: 'ignore' }));
  return null;
}

/**
 * A real full disk under PostgreSQL: the test database's file_chunks table moved to a tablespace on a 1 MB
 * tmpfs, so that storing more than fits fails inside PostgreSQL with its own "could not extend file …: No
 * space left on device" (SQLSTATE 53100). Needs root and the database server on this machine.
 */
async function chunksOnTinyDisk(databaseUrl: string, cleanups: Array<() => unknown>): Promise<{ dir: string } | { skipped: string }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const {
      rows: [me],
    } = await client.query<{ rolsuper: boolean }>('select rolsuper from pg_roles where rolname = current_user');
    if (!me?.rolsuper) return { skipped: 'the test database user may not create a tablespace' };
    const {
      rows: [where],
    } = await client.query<{ data_directory: string }>('show data_directory');
    let owner: { uid: number; gid: number };
    try {
      owner = statSync(where!.data_directory);
    } catch {
      return { skipped: 'the database server is not on this machine' };
    }
    const dir = mkdtempSync(tempPrefix());
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const why = mountTinyDisk(dir, cleanups);
    if (why) return { skipped: why };
    chownSync(dir, owner.uid, owner.gid);
    const name = `imse_full_${randomBytes(5).toString('hex')}`;
    await client.query(`create tablespace ${name} location '${dir}'`);
    // Dropped once the test database (whose table lives there) is gone: registered before the database's drop runs.
    cleanups.push(async () => {
      const admin = new pg.Client({ connectionString: databaseUrl.replace(/\/[^/]*$/, '/postgres') });
      await admin.connect();
      try {
        await admin.query(`drop tablespace if exists ${name}`);
      } finally {
        await admin.end();
      }
    });
    await client.query(`alter table file_chunks set tablespace ${name}`);
    return { dir };
  } finally {
    await client.end();
  }
}

/** Everything the uploads below could have left behind, counted. */
async function storedCounts(t: LoggedApp) {
  const {
    rows: [c],
  } = await t.app.database.pool.query(`select
    (select count(*)::int from file_chunks) as chunks, (select count(*)::int from stored_files) as files,
    (select count(*)::int from papers) as papers, (select count(*)::int from paper_files) as versions,
    (select count(*)::int from keynote_speakers) as speakers, (select count(*)::int from users where photo_key is not null) as photos`);
  return c as Record<string, number>;
}

/** The four routes that store an upload (every caller of storeUpload), each with a file too big for what is left. */
function uploads(t: () => LoggedApp, who: () => { editor: SignedUp; author: SignedUp; paperId: string }) {
  return [
    [
      'a new paper',
      () =>
        injectMultipart(
          t().app,
          'POST',
          '/api/author/new-paper',
          [
            ['title', 'Too big for the disk'],
            ['abstract', 'A'],
            ['keywords', 'AI'],
            ['file', bigPdf(), 'big.pdf'],
          ],
          who().author.auth,
        ),
    ],
    [
      'a new version of a paper',
      () =>
        injectMultipart(
          t().app,
          'PATCH',
          `/api/author/paper/${who().paperId}`,
          [
            ['abstract', 'Revised'],
            ['file', bigPdf(), 'v2.pdf'],
          ],
          who().author.auth,
        ),
    ],
    [
      'a profile photo',
      () =>
        injectMultipart(
          t().app,
          'PATCH',
          '/api/me',
          [
            ['name', 'Photo Author'],
            ['photo', bigPng(), 'me.png'],
          ],
          who().author.auth,
        ),
    ],
    [
      'a keynote speaker photo',
      () =>
        injectMultipart(
          t().app,
          'POST',
          '/api/keynote-speakers',
          [
            ['name', 'Speaker'],
            ['designation', 'Professor'],
            ['position', 'Somewhere'],
            ['photo', bigPng(), 'speaker.png'],
          ],
          who().editor.auth,
        ),
    ],
  ] as const;
}

async function accounts(t: LoggedApp) {
  const editor = await signupAs(t.app, 'Editor');
  const author = await signupAs(t.app, 'Author');
  // Stored while there is room: the new version below replaces nothing of it.
  const paper = await submitPaper(t.app, author.auth, { title: 'Stored before the disk filled', pdf: pdfBytes('small', 20_000) });
  return { editor, author, paperId: paper._id };
}

/** Posts a paper through a real socket, as a browser does, and reads the status and body the server sent. */
async function submitOverHttp(t: LoggedApp, auth: Record<string, string>, pdf: Buffer) {
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const fd = new FormData();
  fd.append('title', 'Sent over a socket');
  fd.append('abstract', 'A');
  fd.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'socket.pdf');
  const res = await fetch(`${url}/api/author/new-paper`, { method: 'POST', headers: auth, body: fd });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as unknown };
}

/** Why the browser check cannot run here (no Chromium installed), or null. */
function noChromium(): string | null {
  try {
    chromiumPath();
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** The upload the site makes (src/web/api/client.ts uploadWithProgress: XMLHttpRequest), in a real Chromium. */
async function uploadFromChromium(t: LoggedApp, token: string, bytes: number): Promise<{ status: number; message: unknown }> {
  const url = t.app.server.listening
    ? `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    : await t.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    // A blank page of the server's origin (the API's own answers carry a policy that allows no script).
    await page.route(`${url}/upload-page`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>upload</title>' }),
    );
    await page.goto(`${url}/upload-page`);
    return await page.evaluate(
      async ({ token, bytes }) => {
        const form = new FormData();
        form.append('title', 'From the browser');
        form.append('abstract', 'A');
        const body = new Uint8Array(bytes);
        for (let i = 0; i < bytes; i += 65536) crypto.getRandomValues(body.subarray(i, Math.min(bytes, i + 65536)));
        body.set(new TextEncoder().encode('%PDF-1.7\n'));
        form.append('file', new Blob([body], { type: 'application/pdf' }), 'browser.pdf');
        return new Promise<{ status: number; message: unknown }>((resolve) => {
          const xhr = new XMLHttpRequest();
          xhr.open('POST', '/api/author/new-paper');
          xhr.setRequestHeader('authorization', `Bearer ${token}`);
          xhr.onerror = () => resolve({ status: 0, message: 'network error' });
          xhr.onload = () => resolve({ status: xhr.status, message: (JSON.parse(xhr.responseText) as { message?: unknown }).message });
          xhr.send(form);
        });
      },
      { token, bytes },
    );
  } finally {
    await browser.close();
  }
}

describe.each([
  ['a real full disk (file_chunks in a tablespace on a 1 MB tmpfs)', 'disk'],
  ['PostgreSQL raising disk_full (SQLSTATE 53100) from a trigger on file_chunks', 'trigger'],
] as const)('FILE_STORE=postgres, %s', (_label, how) => {
  let t: LoggedApp;
  let who: Awaited<ReturnType<typeof accounts>>;
  let skipped: string | null = null;
  let tinyDisk = '';
  const cleanups: Array<() => unknown> = [];

  beforeAll(async () => {
    t = await startLoggedApp({ FILE_STORE: 'postgres' });
    // The database goes before its tablespace, which goes before its disk.
    cleanups.push(() => t.close());
    who = await accounts(t);
    if (how === 'disk') {
      const later: Array<() => unknown> = [];
      const disk = await chunksOnTinyDisk(t.databaseUrl, later);
      cleanups.unshift(...later);
      if ('dir' in disk) tinyDisk = disk.dir;
      else skipped = disk.skipped;
      if (skipped) console.warn(`SKIPPED the real full disk: ${skipped}; the trigger's SQLSTATE 53100 still runs the same code path`);
    } else {
      await t.app.database.pool.query(`create function full_disk() returns trigger language plpgsql as $$ begin
        raise exception using errcode = 'disk_full', message = 'could not extend file "pg_tblspc/1/2": No space left on device'; end $$`);
      await t.app.database.pool.query('create trigger full_disk before insert on file_chunks for each row execute function full_disk()');
    }
  });
  afterAll(async () => {
    await runAll(cleanups);
  });

  test.each(
    uploads(
      () => t,
      () => who,
    ),
  )('%s answers 503 with a clear message, logs an error, and stores nothing', async (_what, send) => {
    if (skipped) return;
    const before = await storedCounts(t);
    const errorsBefore = t.lines.filter((l) => l.level >= LEVEL.error).length;
    const res = await send();
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ message: FILES_FULL });
    expect(res.headers['retry-after']).toBe('60');
    expect(await storedCounts(t)).toEqual(before);
    const logged = t.lines.filter((l) => l.level >= LEVEL.error).slice(errorsBefore);
    expect(logged.map((l) => (l.err as { code?: string } | undefined)?.code)).toContain('53100');
  });

  test('the browser reads the 503 over a real connection, and the paper is not there', async () => {
    if (skipped) return;
    const res = await submitOverHttp(t, who.author.auth, bigPdf());
    expect(res).toEqual({ status: 503, retryAfter: '60', body: { message: FILES_FULL } });
    const mine = await t.app.inject({ url: '/api/author/my-papers', headers: who.author.auth });
    expect(mine.json().papers.map((p: { title: string }) => p.title)).toEqual(['Stored before the disk filled']);
  });

  test("the site's upload (XMLHttpRequest in Chromium) reads the 503 and its message", async (ctx) => {
    if (skipped) return;
    if (noChromium()) ctx.skip();
    expect(await uploadFromChromium(t, who.author.token, 3 * 1024 * 1024)).toEqual({ status: 503, message: FILES_FULL });
  });

  test('once there is room again, uploads go through', async () => {
    if (skipped) return;
    // The administrator gives the disk more room (VACUUM itself needs room to run).
    if (how === 'disk') execFileSync('mount', ['-o', 'remount,size=16m', tinyDisk]);
    else await t.app.database.pool.query('drop trigger full_disk on file_chunks');
    const res = await injectMultipart(
      t.app,
      'POST',
      '/api/author/new-paper',
      [
        ['title', 'Fits now'],
        ['abstract', 'A'],
        ['file', pdfBytes('fits', 50_000), 'fits.pdf'],
      ] as Part[],
      who.author.auth,
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('FILE_STORE=disk on a full disk (DATA_DIR/files on a 1 MB tmpfs)', () => {
  let t: LoggedApp;
  let who: Awaited<ReturnType<typeof accounts>>;
  let skipped: string | null = null;
  const cleanups: Array<() => unknown> = [];
  let filesDir = '';

  beforeAll(async () => {
    const dataDir = mkdtempSync(tempPrefix());
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    filesDir = path.join(dataDir, 'files');
    mkdirSync(filesDir);
    skipped = mountTinyDisk(filesDir, cleanups);
    if (skipped) console.warn(`SKIPPED: ${skipped}, so the disk store cannot be filled here`);
    t = await startLoggedApp({ FILE_STORE: 'disk', DATA_DIR: dataDir });
    cleanups.push(() => t.close());
    who = await accounts(t);
  });
  afterAll(async () => {
    await runAll(cleanups);
  });

  test.each(
    uploads(
      () => t,
      () => who,
    ),
  )('%s answers 503 with a clear message, logs an error, and leaves no file', async (_what, send) => {
    if (skipped) return;
    const before = await storedCounts(t);
    const filesBefore = readdirSync(filesDir, { recursive: true }).sort();
    const errorsBefore = t.lines.filter((l) => l.level >= LEVEL.error).length;
    const res = await send();
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ message: FILES_FULL });
    expect(await storedCounts(t)).toEqual(before);
    expect(readdirSync(filesDir, { recursive: true }).sort()).toEqual(filesBefore);
    const logged = t.lines.filter((l) => l.level >= LEVEL.error).slice(errorsBefore);
    expect(logged.map((l) => JSON.stringify(l.err))).toContainEqual(expect.stringMatching(/ENOSPC/));
  });

  test('the browser reads the 503 over a real connection', async () => {
    if (skipped) return;
    expect(await submitOverHttp(t, who.author.auth, bigPdf())).toEqual({ status: 503, retryAfter: '60', body: { message: FILES_FULL } });
  });
  test("the site's upload (XMLHttpRequest in Chromium) reads the 503 and its message", async (ctx) => {
    if (skipped) return;
    if (noChromium()) ctx.skip();
    expect(await uploadFromChromium(t, who.author.token, 3 * 1024 * 1024)).toEqual({ status: 503, message: FILES_FULL });
  });
});
