import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Everything a test run starts or mounts carries the run's id (the pid of the process that ran the global
 * setup): server processes and the database servers they start inherit IMSE_TEST_RUN in their environment,
 * temporary folders are named imse-test-<run>-…. A run's teardown removes its own; a run's setup also removes
 * what an earlier run that died (its pid is gone) left, and never touches a run that is still going.
 */
export const RUN_ENV = 'IMSE_TEST_RUN';

export function currentRun(): string {
  return process.env[RUN_ENV] ?? String(process.pid);
}

export const tempPrefix = (run = currentRun()) => path.join(os.tmpdir(), `imse-test-${run}-`);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs to clean: this one, and any whose process is gone. */
const doomed = (run: string, me: string) => run === me || !alive(Number(run));

export function cleanLeftovers(opts: { self: string; includeSelf: boolean }): { killed: number; unmounted: number; removed: number } {
  const shouldGo = (run: string | undefined) =>
    Boolean(run && /^\d+$/.test(run) && (run === opts.self ? opts.includeSelf : doomed(run, opts.self)));
  let killed = 0;
  let unmounted = 0;
  let removed = 0;
  for (const entry of safeReaddir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let environ = '';
    try {
      environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
    } catch {
      continue;
    }
    const run = environ
      .split('\0')
      .find((kv) => kv.startsWith(`${RUN_ENV}=`))
      ?.slice(RUN_ENV.length + 1);
    // Only what a run started: its own test workers carry the variable too, and are left to vitest.
    if (!shouldGo(run) || !isStartedServer(pid)) continue;
    try {
      process.kill(pid, 'SIGKILL');
      killed++;
    } catch {
      /* gone */
    }
  }
  let mounts = '';
  try {
    mounts = readFileSync('/proc/mounts', 'utf8');
  } catch {
    /* not Linux */
  }
  const tmp = os.tmpdir();
  for (const line of mounts.split('\n')) {
    const where = line.split(' ')[1]?.replace(/\\040/g, ' ');
    const m = where && where.startsWith(tmp) ? /imse-test-(\d+)-/.exec(where) : null;
    if (!m || !shouldGo(m[1])) continue;
    try {
      execFileSync('umount', ['-l', where!], { stdio: 'ignore' });
      unmounted++;
    } catch {
      /* not ours to unmount */
    }
  }
  for (const name of safeReaddir(tmp)) {
    const m = /^imse-test-(\d+)-/.exec(name);
    if (!m || !shouldGo(m[1])) continue;
    rmSync(path.join(tmp, name), { recursive: true, force: true });
    removed++;
  }
  return { killed, unmounted, removed };
}

/** A server process (src/server/main.ts, or compiled: app-server/main.mjs) or a PostgreSQL server, not a vitest worker. */
function isStartedServer(pid: number): boolean {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return (
      cmd.includes('src/server/main.ts') ||
      cmd.includes('build/server/') ||
      cmd.includes('app-server/main.mjs') ||
      /(^|\/)postgres\0/.test(cmd)
    );
  } catch {
    return false;
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
