import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { BACKUP_FILES_LOCK } from '../../src/server/storage/backup-lock';
import { newDataDir, startTestApp } from '../support/app';
import { freshPostgresUrl } from '../support/database';
import { injectMultipart, pdfBytes } from '../support/multipart';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { signupAs } from '../support/users';

/**
 * Decision 0068: `npm run backup` taken while papers are being submitted, restored by `npm run restore` into a
 * fresh DATA_DIR or an empty database, serves every paper acknowledged before the backup began, byte for byte,
 * with an audit log that is whole: each of its rows is the source's row unchanged, every row written before the
 * backup began is there, and the rows of each paper are all there or (submitted after the snapshot) none.
 */

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  const errors: unknown[] = [];
  for (const c of cleanups.reverse())
    await Promise.resolve()
      .then(c)
      .catch((e) => errors.push(e));
  if (errors.length) throw errors[0];
}, 180_000);

const SECRET = 'backup-restore-secret-backup-restore-01';

/** Run one of the ops commands as `npm run` does, with the server's settings. */
function runTool(script: 'backup-cli' | 'restore-cli', env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', `src/server/ops/${script}.ts`, ...args],
      { env: { ...process.env, DATABASE_URL: '', FILE_STORE: '', ...env }, timeout: 170_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function json(res: Response) {
  const text = await res.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function signup(url: string, role: string) {
  const email = `${role.toLowerCase()}@${Math.random().toString(36).slice(2)}.example`;
  const res = await fetch(`${url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: role,
      email,
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      role,
      tags: [],
    }),
  });
  const body = await json(res);
  return { email, auth: { authorization: `Bearer ${body.token}` } };
}

async function login(url: string, email: string) {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery', role: 'Editor' }),
  });
  expect(res.status).toBe(200);
  return { authorization: `Bearer ${(await json(res)).token}` };
}

function submit(url: string, auth: Record<string, string>, title: string, pdf: Buffer) {
  const fd = new FormData();
  fd.append('title', title);
  fd.append('abstract', 'Backed up');
  fd.append('keywords', 'AI');
  fd.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'p.pdf');
  return fetch(`${url}/api/author/new-paper`, { method: 'POST', headers: auth, body: fd });
}

type AuditEntry = { _id: string; paperId: string | null } & Record<string, unknown>;
async function auditLog(url: string, auth: Record<string, string>): Promise<AuditEntry[]> {
  const all: AuditEntry[] = [];
  for (let cursor: string | null = null; ;) {
    const res = await fetch(`${url}/api/editor/audit?limit=500${cursor ? `&cursor=${cursor}` : ''}`, { headers: auth });
    expect(res.status).toBe(200);
    const page = (await json(res)) as { entries: AuditEntry[]; nextCursor: string | null };
    all.push(...page.entries);
    if (!page.nextCursor) return all;
    cursor = page.nextCursor;
  }
}

async function drill(opts: { source: Record<string, string>; target: Record<string, string>; backupDir: string }) {
  const source = await startServerProcess(opts.source);
  cleanups.push(() => source.stop());
  const editor = await signup(source.url, 'Editor');
  const author = await signup(source.url, 'Author');

  // Several submissions at once, before, during and after the backup.
  const submitted: Array<{ id: string; pdf: Buffer; sentAt: number }> = [];
  let stop = false;
  const writers = Array.from({ length: 4 }, async (_, w) => {
    for (let i = 0; !stop; i++) {
      const pdf = pdfBytes(`writer ${w} paper ${i} ${Math.random()}`, 20_000 + ((w * 7919 + i * 104_729) % 40_000));
      const sentAt = Date.now();
      const res = await submit(source.url, author.auth, `W${w}-${i}`, pdf);
      if (res.status === 201) submitted.push({ id: (await json(res)).paper._id, pdf, sentAt });
      else await res.arrayBuffer();
    }
  });
  const waitFor = async (n: number) => {
    const until = Date.now() + 60_000;
    while (submitted.length < n && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  };
  await waitFor(8);
  const backupStarted = Date.now();
  const acknowledgedBefore = [...submitted];
  const backup = await runTool('backup-cli', opts.source, [opts.backupDir]);
  expect(backup.stderr).toBe('');
  expect(backup.code, backup.stderr).toBe(0);
  const during = submitted.filter((s) => s.sentAt >= backupStarted).length;
  await waitFor(submitted.length + 4);
  stop = true;
  await Promise.all(writers);
  const archives = readdirSync(opts.backupDir).filter((n) => n.endsWith('.tar.gz'));
  expect(archives).toHaveLength(1);
  const archive = path.join(opts.backupDir, archives[0]!);
  const sourceAudit = await auditLog(source.url, editor.auth);
  await source.stop();

  const restore = await runTool('restore-cli', opts.target, [archive]);
  expect(restore.code, restore.stderr).toBe(0);
  expect(restore.stdout).toMatch(/Restored into/);

  const restored = await startServerProcess(opts.target);
  cleanups.push(() => restored.stop());
  const editorAuth = await login(restored.url, editor.email);
  const papers = (await json(await fetch(`${restored.url}/api/editor/papers`, { headers: editorAuth }))) as Array<{
    _id: string;
    pdf: string | null;
  }>;
  const byId = new Map(papers.map((p) => [p._id, p]));
  for (const s of acknowledgedBefore) expect(byId.has(s.id), `paper ${s.id} acknowledged before the backup`).toBe(true);
  const sent = new Map(submitted.map((s) => [s.id, s.pdf]));
  for (const p of papers) {
    // Every paper the backup has was acknowledged, and its PDF reads back whole.
    expect(sent.has(p._id), `paper ${p._id} was acknowledged`).toBe(true);
    const file = await fetch(`${restored.url}${p.pdf}`, { headers: editorAuth });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(sent.get(p._id)!), `PDF of ${p._id}`).toBe(true);
  }

  const restoredAudit = await auditLog(restored.url, editorAuth);
  const sourceById = new Map(sourceAudit.map((e) => [e._id, e]));
  for (const e of restoredAudit) expect(e, 'a restored audit row is the source row unchanged').toEqual(sourceById.get(e._id));
  const restoredIds = new Set(restoredAudit.map((e) => e._id));
  for (const e of sourceAudit) {
    if (e.paperId === null && Date.parse(String(e.at)) < backupStarted - 1000)
      expect(restoredIds.has(e._id), `audit row ${e._id} (${String(e.action)})`).toBe(true);
    if (e.paperId !== null) {
      // A paper's rows come with it: all of them when the paper is there, none when it is not.
      expect(restoredIds.has(e._id), `audit row of paper ${e.paperId}`).toBe(byId.has(e.paperId));
    }
  }
  return { restored, archive, papers: papers.length, acknowledgedBefore: acknowledgedBefore.length, during, total: submitted.length };
}

describe('backup and restore', () => {
  test('disk store: while a backup holds its lock, a failed upload leaves its file; once it is let go, discarded files go again (decision 0068)', async () => {
    const t = await startTestApp({ FILE_STORE: 'disk' });
    cleanups.push(() => t.close());
    const author = await signupAs(t.app, 'Author');
    const fail = (pdf: Buffer) =>
      injectMultipart(
        t.app,
        'POST',
        '/api/author/new-paper',
        [
          ['title', 'Discarded'],
          ['abstract', 'x'],
          ['file', pdf, 'a.pdf'],
          ['keywords', 'bad\u0000'],
        ],
        author.auth,
      );
    const pdf = pdfBytes(`held ${Math.random()}`, 5000);
    const key = createHash('sha256').update(pdf).digest('hex');
    const backup = await t.app.database.pool.connect();
    try {
      await backup.query('select pg_advisory_lock($1)', [BACKUP_FILES_LOCK]);
      expect((await fail(pdf)).statusCode).toBe(400);
      expect(await t.app.files.exists(key), 'kept while the backup copies files').toBe(true);
      await backup.query('select pg_advisory_unlock($1)', [BACKUP_FILES_LOCK]);
    } finally {
      backup.release();
    }
    // Its hold (storage/holds.ts) now keeps that file for the hold period; another failed upload's goes at once.
    const other = pdfBytes(`after ${Math.random()}`, 5000);
    expect((await fail(other)).statusCode).toBe(400);
    expect(await t.app.files.exists(createHash('sha256').update(other).digest('hex'))).toBe(false);
  });

  test('embedded database and disk store: a backup under load restores into a fresh DATA_DIR, whole; a second restore is refused', async () => {
    const [a, c, backups] = [newDataDir(), newDataDir(), newDataDir()];
    cleanups.push(() => {
      for (const d of [a, c, backups]) rmSync(d, { recursive: true, force: true });
    });
    const r = await drill({ source: { DATA_DIR: a }, target: { DATA_DIR: c }, backupDir: backups });
    expect(r.papers).toBeGreaterThanOrEqual(r.acknowledgedBefore);
    expect(r.total).toBeGreaterThan(r.papers);
    expect(r.during, 'submissions sent while the backup ran').toBeGreaterThan(0);

    // Restoring over data is refused with exit code 2, with a server running on it or not.
    let again = await runTool('restore-cli', { DATA_DIR: c }, [r.archive]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/is running on DATA_DIR/);
    await r.restored.stop();
    again = await runTool('restore-cli', { DATA_DIR: c }, [r.archive]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/not empty/);
  }, 300_000);

  test('scheduled backups: BACKUP_EVERY hours apart, the newest BACKUP_KEEP kept', async () => {
    const [a, backups] = [newDataDir(), newDataDir()];
    cleanups.push(() => {
      for (const d of [a, backups]) rmSync(d, { recursive: true, force: true });
    });
    // 0.001 hours: one every 3.6 s.
    const server = await startServerProcess({ DATA_DIR: a, BACKUP_DIR: backups, BACKUP_EVERY: '0.001', BACKUP_KEEP: '2' });
    cleanups.push(() => server.stop());
    const seen = new Set<string>();
    const archivesNow = () => readdirSync(backups).filter((n) => /^imse-backup-.*\.tar\.gz$/.test(n));
    const until = Date.now() + 120_000;
    while (seen.size < 3 && Date.now() < until) {
      for (const n of archivesNow()) seen.add(n);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(seen.size).toBeGreaterThanOrEqual(3);
    // Each backup is written before the oldest goes: three for a moment, two once the server stopped.
    await server.stop();
    expect(archivesNow().length).toBe(2);
    expect(readdirSync(backups).filter((n) => n.startsWith('.staging') || n.endsWith('.partial'))).toEqual([]);
  }, 180_000);

  test('PostgreSQL server and FILE_STORE=postgres: restores into an empty database; a migrated one is refused; a damaged archive is refused', async () => {
    const source = await freshPostgresUrl();
    const target = await freshPostgresUrl({ migrated: false });
    const used = await freshPostgresUrl();
    const [a, c, backups] = [newDataDir(), newDataDir(), newDataDir()];
    cleanups.push(async () => {
      for (const db of [source, target, used]) await db.drop();
      for (const d of [a, c, backups]) rmSync(d, { recursive: true, force: true });
    });
    const server = (url: string, dir: string) => ({ DATA_DIR: dir, DATABASE_URL: url, JWT_SECRET: SECRET, FILE_STORE: 'postgres' });
    const r: { restored: ServerProcess; archive: string } = await drill({
      source: server(source.url, a),
      target: server(target.url, c),
      backupDir: backups,
    });
    await r.restored.stop();

    const refused = await runTool('restore-cli', server(used.url, c), [r.archive]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/The database is not empty/);

    const damaged = path.join(backups, 'damaged.tar.gz');
    const bytes = readFileSync(r.archive);
    writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const empty = await freshPostgresUrl({ migrated: false });
    cleanups.push(() => empty.drop());
    const cut = await runTool('restore-cli', server(empty.url, c), [damaged]);
    expect(cut.code).toBe(1);
    expect(cut.stderr).toMatch(/not a whole backup archive/);
  }, 300_000);
});
