import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, onCleanup, sleep } from './util';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

export interface RunningServer {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  /** Resident set size of the server process now, in MB (VmRSS from /proc). */
  rssMb(): number;
  /** Memory of the server and of the embedded database's processes, in MB: PSS (shared pages counted once). */
  totalPssMb(): number;
  /** SIGTERM (graceful), then SIGKILL after 10 s. */
  stop(): Promise<void>;
  log(): string;
}

/** The compiled server `npm start` runs (scripts/build-server.mjs), or the sources through tsx when there is none. */
export function serverCommand(root = ROOT): string[] {
  const compiled = path.join(root, 'build', 'app-server', 'main.mjs');
  return existsSync(compiled) ? [compiled] : ['--import', 'tsx', 'src/server/main.ts'];
}

/**
 * The production server in its own process, as `npm start` runs it once built (the compiled server), on
 * loopback, NODE_ENV=production, LOG_LEVEL=warn; without DATABASE_URL it starts its embedded PostgreSQL.
 */
export async function startServer(opts: {
  webDir: string;
  dataDir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Run the server from the sources of this checkout (through tsx) instead of the compiled build, e.g. an older commit's worktree. */
  sourcesIn?: string;
}): Promise<RunningServer> {
  const port = await freePort();
  const ownDataDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'imse-bench-data-'));
  const logFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'imse-bench-log-')), 'server.log');
  const out = openSync(logFile, 'a');
  // E.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server (bench/flame.ts draws it).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, ...(opts.sourcesIn ? ['--import', 'tsx', 'src/server/main.ts'] : serverCommand())],
    {
      cwd: opts.sourcesIn ?? ROOT,
      stdio: ['ignore', out, out],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIR: opts.webDir,
        JWT_SECRET: BENCH_JWT_SECRET,
        DATABASE_URL: opts.databaseUrl ?? '',
        ...opts.env,
      },
    },
  );
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const log = () => readFileSync(logFile, 'utf8');
  const server: RunningServer = {
    url,
    port,
    pid: child.pid!,
    dataDir,
    log,
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
    },
    totalPssMb: () => [child.pid!, ...embeddedDatabasePids(dataDir)].reduce((sum, pid) => sum + pssMb(pid), 0),
    stop: async () => {
      if (!exited) {
        child.kill('SIGTERM');
        await Promise.race([exitedPromise, sleep(10_000)]);
        if (!exited) {
          child.kill('SIGKILL');
          await exitedPromise;
        }
      }
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
      rmSync(path.dirname(logFile), { recursive: true, force: true });
    },
  };
  onCleanup(server.stop);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`server exited during startup:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not answer /api/health within 60 s:\n${log()}`);
    await sleep(100);
  }
  return server;
}

/** Sample a process's RSS every `everyMs` until stopped; returns the samples in MB. */
export function sampleRss(server: RunningServer, everyMs = 50): { stop(): number[]; peak(): number } {
  const samples: number[] = [server.rssMb()];
  const timer = setInterval(() => {
    try {
      samples.push(server.rssMb());
    } catch {
      /* process gone */
    }
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      return samples;
    },
    peak: () => Math.max(...samples),
  };
}

/** Proportional set size of one process in MB (its private pages plus its share of shared ones). */
export function pssMb(pid: number): number {
  try {
    return Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The embedded database's postmaster in DATA_DIR/pg and every process it started. */
export function embeddedDatabasePids(dataDir: string): number[] {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return [];
  }
  return [postmaster, ...childPids(postmaster)];
}

/** A process's children (from /proc's parent pids). */
export function childPids(parent: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) found.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return found;
}
