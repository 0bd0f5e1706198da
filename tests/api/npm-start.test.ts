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
    } catch {
      /* gone */
    }
  }
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const answers = async (url: string) => {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
};

async function npmStart(env: Record<string, string> = {}) {
  const dir = newDataDir();
  dirs.push(dir);
  const port = await freePort();
  const npm = spawn('npm', ['start'], {
    env: {
      ...process.env,
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      [RUN_ENV]: currentRun(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(npm);
  let output = '';
  npm.stdout.on('data', (b: Buffer) => {
    output += b.toString();
  });
  npm.stderr.on('data', (b: Buffer) => {
    output += b.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  // A first start may build the site: wait as long as that takes, not a fixed time.
  await expect
    .poll(() => answers(url), { timeout: 170_000, interval: 200 })
    .toBe(true)
    .catch((e: Error) => {
      throw new Error(`${e.message}; npm start wrote:\n${output}`);
    });
  // npm's shell execs the server (package.json: "exec node scripts/start.mjs"), so npm's child is the server.
  const server = children(npm.pid!).find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('start.mjs'))!;
  const postmaster = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { npm: npm.pid!, server, postmaster, url, dir, port, output: () => output };
}

describe('npm start under a supervisor', () => {
  for (const [who, signal] of [
    ['npm', 'SIGTERM'],
    ['npm', 'SIGINT'],
    ['npm', 'SIGKILL'],
    ['server', 'SIGTERM'],
    ['server', 'SIGINT'],
  ] as const) {
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

describe('what npm start shows', () => {
  test("a first start builds quietly, keeps the build's output in a log, and says in one line where to go", async () => {
    // A build folder of its own, so this start builds the site whatever the shared one holds (inside the
    // project: the prerender imports the built server, which finds its packages in node_modules).
    const buildDir = path.resolve(`build-npm-start-${currentRun()}`);
    dirs.push(buildDir);
    const s = await npmStart({ BUILD_DIR: buildDir });
    await expect.poll(() => s.output(), { timeout: 10_000 }).toContain('IMSE is running');
    const out = s.output();
    expect(out).toContain(
      `IMSE is running: open http://localhost:${s.port}  (database: ${path.join(s.dir, 'pg')}; mail: kept in the outbox (no SMTP_URL)`,
    );
    expect(out).toContain(`Building the site (its output: ${path.join(s.dir, 'build.log')})… done in`);
    // The build's hundreds of lines are in its log, not on the screen.
    expect(out).not.toMatch(/assets\/[\w-]+\.js/);
    expect(out).not.toContain('envFile');
    expect(out.trim().split('\n').length).toBeLessThan(15);
    expect(readFileSync(path.join(s.dir, 'build.log'), 'utf8')).toMatch(/assets\/[\w-]+\.js/);
    process.kill(s.server, 'SIGTERM');
    await expect.poll(() => alive(s.postmaster), { timeout: 60_000 }).toBe(false);
  }, 300_000);
});
