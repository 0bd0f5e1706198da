import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { currentRun, RUN_ENV } from './leftovers';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Whatever this worker started is killed when it exits, whichever way a test ended. */
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/**
 * The real server as its own process (src/server/main.ts, as `npm start` runs it), ready when /api/health
 * answers. It starts its embedded database unless env gives DATABASE_URL. It gets as long as it needs to
 * start (a first start initialises a database; a busy machine is slow) but stops waiting when it exits.
 * With `template` (a folder prepareDataTemplate made), DATA_DIR starts as a copy of its database; with `entry`
 * (the build's app-server/main.mjs, see compiledServer), the compiled server runs instead of the source.
 */
export async function startServerProcess(
  env: Record<string, string>,
  opts: { startTimeoutMs?: number; template?: string; entry?: string } = {},
): Promise<ServerProcess> {
  if (opts.template) copyDataTemplate(opts.template, env.DATA_DIR);
  const port = await freePort();
  const child = spawn(process.execPath, opts.entry ? [opts.entry] : ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: '', [RUN_ENV]: currentRun(), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
  const url = `http://127.0.0.1:${port}`;
  const limit = opts.startTimeoutMs ?? 120_000;
  const deadline = Date.now() + limit;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in ${limit / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      // A clean stop waits for requests in flight and the database; past a minute, it is not clean.
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * A DATA_DIR holding only a stopped, migrated embedded database (the cluster and its password): a server that
 * needs a database of its own starts on a copy of it instead of initialising one (initdb and every migration,
 * seconds each time on a busy machine). The server makes its own secret, log and files beside the copy.
 */
export async function prepareDataTemplate(dir: string, opts: { entry?: string } = {}): Promise<void> {
  const server = await startServerProcess({ DATA_DIR: dir }, opts);
  await server.stop();
  for (const name of readdirSync(dir))
    if (name !== 'pg' && name !== 'pg-password') rmSync(path.join(dir, name), { recursive: true, force: true });
}

function copyDataTemplate(template: string, dataDir: string | undefined) {
  if (!dataDir) throw new Error('a template needs DATA_DIR to copy it into');
  if (readdirSync(dataDir).length > 0) throw new Error(`DATA_DIR ${dataDir} is not empty: a template is copied into an empty folder`);
  // cp -a keeps the owner and modes: as root the cluster belongs to the user postgres, and PostgreSQL refuses a
  // data folder others can read.
  execFileSync('cp', ['-a', `${template}/.`, dataDir]);
}

const newest = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (t, e) => Math.max(t, e.isDirectory() ? newest(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).mtimeMs),
    0,
  );

/**
 * The build's compiled server (BUILD_DIR/app-server/main.mjs, what `npm start` runs) when it is newer than the
 * server's sources, else undefined (run the source with tsx): it starts seconds sooner, having nothing to transpile.
 */
export function compiledServer(buildDir = process.env.BUILD_DIR ?? 'build'): string | undefined {
  const entry = path.resolve(buildDir, 'app-server', 'main.mjs');
  if (!existsSync(entry)) return undefined;
  const built = statSync(entry).mtimeMs;
  return ['src/server', 'src/core'].every((dir) => newest(dir) <= built) ? entry : undefined;
}
