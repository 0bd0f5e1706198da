import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
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

const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };

async function stopPostmasterIn(dir: string) {
  const pid = postmasterPid(dir);
  if (pid && alive(pid)) {
    process.kill(pid, 'SIGINT');
    await expect.poll(() => alive(pid), { timeout: 30_000 }).toBe(false);
  }
}

async function signUp(url: string, email: string) {
  const res = await fetch(`${url}/api/signup`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada', email, password: 'correct horse battery', confirmPassword: 'correct horse battery', role: 'Author' }),
  });
  return res.status;
}

async function logIn(url: string, email: string) {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery', role: 'Author' }),
  });
  return res.status;
}

describe('embedded PostgreSQL', () => {
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
      env: { ...process.env, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn', [RUN_ENV]: currentRun(), ...SECRET },
      encoding: 'utf8', timeout: 120_000,
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
      env: { ...process.env, DATA_DIR: other, PORT: port, HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn', [RUN_ENV]: currentRun(), ...SECRET },
      encoding: 'utf8', timeout: 120_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    // Its database was stopped on the way out.
    expect(postmasterPid(other)).toBeUndefined();
    await first.stop();
  });
});
