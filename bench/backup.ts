// The restore drill (decision 0068): a server filled with papers of incompressible PDFs, `npm run backup` taken
// while authors keep submitting, `npm run restore` into a fresh DATA_DIR, a server started on it, and every paper
// acknowledged before the backup read back and compared byte for byte. Prints the archive's size and the times.
//
// Run: npm run bench -- backup   (or npx tsx bench/backup.ts)
//   BENCH_BACKUP_PAPERS (100)          papers before the backup
//   BENCH_BACKUP_MB (2)                PDF size in MB
//   BENCH_BACKUP_STORE=disk|postgres   FILE_STORE (disk by default, on the embedded database)
//   BENCH_POSTGRES_URL                 with BENCH_BACKUP_STORE=postgres: a server to make two databases on
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { systemClusterHome } from '../src/server/db/embedded-postgres';

const PAPERS = Number(process.env.BENCH_BACKUP_PAPERS ?? 100);
const MB = Number(process.env.BENCH_BACKUP_MB ?? 2);
const STORE = process.env.BENCH_BACKUP_STORE === 'postgres' ? 'postgres' : 'disk';
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = 'bench-backup-secret-bench-backup-secret-1';

const work = mkdtempSync(path.join(os.tmpdir(), 'imse-bench-backup-'));
// The embedded database's own user (root runs it as postgres) must reach the DATA_DIRs inside.
chmodSync(work, 0o755);
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: '', FILE_STORE: STORE, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error('the server exited');
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 1800) throw new Error('the server did not start in 3 minutes');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function tool(script: string, env: Record<string, string>, args: string[]) {
  return new Promise<{ ms: number; stdout: string }>((resolve, reject) => {
    const started = performance.now();
    execFile(
      process.execPath,
      ['--import', 'tsx', `src/server/ops/${script}.ts`, ...args],
      { env: { ...process.env, DATABASE_URL: '', FILE_STORE: STORE, ...env }, maxBuffer: 1 << 20 },
      (err, stdout, stderr) => (err ? reject(new Error(`${script}: ${stderr}`)) : resolve({ ms: performance.now() - started, stdout })),
    );
  });
}

const body = randomBytes(Math.round(MB * 1024 * 1024) + 65_536);
function pdf(label: string, n: number): Buffer {
  const size = Math.round(MB * 1024 * 1024) - 200;
  const head = Buffer.from(
    `%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Title (backup ${label}) /Filter /FlateDecode /Length ${size} >>\nstream\n`,
    'latin1',
  );
  const tail = Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  return Buffer.concat([head, body.subarray(n % 65_536, (n % 65_536) + size), tail]);
}

async function newDatabase(): Promise<string> {
  const name = `imse_bench_backup_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  cleanupDatabases.push(name);
  return u.toString();
}
const cleanupDatabases: string[] = [];

async function main() {
  const envFor = async (dir: string): Promise<Record<string, string>> =>
    STORE === 'postgres' ? { DATA_DIR: dir, DATABASE_URL: await newDatabase(), JWT_SECRET: SECRET } : { DATA_DIR: dir };
  const sourceEnv = await envFor(path.join(work, 'source'));
  const server = await startServer(sourceEnv);
  const password = 'correct horse battery';
  const signup = async (role: string) => {
    const email = `${role.toLowerCase()}@bench-${randomBytes(4).toString('hex')}.example`;
    const res = await fetch(`${server.url}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: role, email, password, confirmPassword: password, role, tags: [] }),
    });
    return { email, token: ((await res.json()) as { token: string }).token };
  };
  const editor = await signup('Editor');
  const author = await signup('Author');
  const acknowledged = new Map<string, Buffer>();
  let n = 0;
  const submit = async () => {
    const file = pdf(`paper ${n}`, n++);
    const fd = new FormData();
    fd.append('title', `Paper ${n}`);
    fd.append('abstract', 'Restore drill');
    fd.append('keywords', 'AI');
    fd.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'p.pdf');
    const res = await fetch(`${server.url}/api/author/new-paper`, {
      method: 'POST',
      headers: { authorization: `Bearer ${author.token}` },
      body: fd,
    });
    if (res.status === 201) acknowledged.set(((await res.json()) as { paper: { _id: string } }).paper._id, file);
    else await res.arrayBuffer();
  };
  const fillStarted = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (n < PAPERS) await submit();
    }),
  );
  console.log(
    `# Restore drill: ${acknowledged.size} papers of ${MB} MB (incompressible), FILE_STORE=${STORE}, filled in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s`,
  );

  const before = new Map(acknowledged);
  let writing = true;
  let during = 0;
  const writer = (async () => {
    while (writing) {
      await submit();
      during++;
    }
  })();
  const backupDir = path.join(work, 'backups');
  const backup = await tool('backup-cli', sourceEnv, [backupDir]);
  writing = false;
  await writer;
  await server.stop();
  const archive = path.join(
    backupDir,
    readdirSync(backupDir).find((f) => f.endsWith('.tar.gz'))!,
  );
  const bytes = statSync(archive).size;

  const targetEnv = await envFor(path.join(work, 'target'));
  const restore = await tool('restore-cli', targetEnv, [archive]);
  const restored = await startServer(targetEnv);
  const login = await fetch(`${restored.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: editor.email, password, role: 'Editor' }),
  });
  const auth = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const papers = (await (await fetch(`${restored.url}/api/editor/papers`, { headers: auth })).json()) as Array<{
    _id: string;
    pdf: string;
  }>;
  const byId = new Map(papers.map((p) => [p._id, p]));
  let identical = 0;
  for (const [id, file] of before) {
    const p = byId.get(id);
    if (!p) continue;
    const got = Buffer.from(await (await fetch(`${restored.url}${p.pdf}`, { headers: auth })).arrayBuffer());
    if (got.equals(file)) identical++;
  }
  await restored.stop();
  const table = [
    ['papers acknowledged before the backup', String(before.size)],
    ['submitted while it ran', String(during)],
    ['archive size', `${(bytes / 1024 / 1024).toFixed(1)} MB`],
    ['npm run backup (process start to exit)', `${(backup.ms / 1000).toFixed(1)} s`],
    ['npm run restore (process start to exit)', `${(restore.ms / 1000).toFixed(1)} s`],
    ['papers read back identical after restore', `${identical} of ${before.size}`],
  ];
  for (const [k, v] of table) console.log(`| ${k} | ${v} |`);
  if (identical !== before.size) process.exitCode = 1;
}

try {
  await main();
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
  for (const d of ['source', 'target']) rmSync(systemClusterHome(path.join(work, d)), { recursive: true, force: true });
  if (cleanupDatabases.length) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    for (const name of cleanupDatabases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
