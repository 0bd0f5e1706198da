import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { newDataDir } from '../support/app';
import { currentRun, RUN_ENV } from '../support/leftovers';
import { freePort } from '../support/server-process';

/**
 * `npm start` under a supervisor: whichever process of it gets SIGTERM or SIGINT (npm or the server; npm's
 * shell execs the server), the server finishes, its database stops, and nothing is left holding the port.
 */
const started: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const c of started) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function children(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(entry));
    } catch { /* gone */ }
  }
  return out;
}

const alive = (pid: number) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const answers = async (url: string) => { try { return (await fetch(`${url}/api/health`)).ok; } catch { return false; } };

async function npmStart() {
  const dir = newDataDir();
  dirs.push(dir);
  const port = await freePort();
  const npm = spawn('npm', ['start'], {
    env: { ...process.env, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn', [RUN_ENV]: currentRun() },
    stdio: 'ignore',
  });
  started.push(npm);
  const url = `http://127.0.0.1:${port}`;
  // A first start may build the site: wait as long as that takes, not a fixed time.
  await expect.poll(() => answers(url), { timeout: 170_000, interval: 200 }).toBe(true);
  // npm's shell execs the server (package.json: "exec node scripts/start.mjs"), so npm's child is the server.
  const server = children(npm.pid!).find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('start.mjs'))!;
  const postmaster = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { npm: npm.pid!, server, postmaster, url, dir };
}

describe('npm start under a supervisor', () => {
  for (const [who, signal] of [['npm', 'SIGTERM'], ['npm', 'SIGINT'], ['npm', 'SIGKILL'], ['server', 'SIGTERM'], ['server', 'SIGINT']] as const) {
    test(`${signal} to the ${who} stops the server and its database`, async () => {
      const s = await npmStart();
      expect(alive(s.postmaster)).toBe(true);
      process.kill(s[who], signal);
      await expect.poll(() => alive(s.server), { timeout: 60_000 }).toBe(false);
      await expect.poll(() => alive(s.postmaster), { timeout: 60_000 }).toBe(false);
      expect(await answers(s.url)).toBe(false);
      expect(existsSync(path.join(s.dir, 'server.pid'))).toBe(false);
    }, 300_000);
  }
});
