import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
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

export interface ServerProcess { url: string; child: ChildProcess; stop(signal?: NodeJS.Signals): Promise<void> }

/** Whatever this worker started is killed when it exits, whichever way a test ended. */
const started = new Set<ChildProcess>();
process.once('exit', () => { for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL'); });

/**
 * The real server as its own process (src/server/main.ts, as `npm start` runs it), ready when /api/health
 * answers. It starts its embedded database unless env gives DATABASE_URL. It gets as long as it needs to
 * start (a first start initialises a database; a busy machine is slow) but stops waiting when it exits.
 */
export async function startServerProcess(env: Record<string, string>, opts: { startTimeoutMs?: number } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
    } catch { /* not yet */ }
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
