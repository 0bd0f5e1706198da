import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Debian's PgBouncer (package pgbouncer): `.ci/run` installs it when it is missing. */
const BINARIES = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'];

export interface Pooler {
  /** The same database as the one given, through PgBouncer. */
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A real PgBouncer in front of the PostgreSQL server at `url`, in the pool mode asked for, with few server
 * connections so that clients really share them (every transaction may land on another server session).
 */
export async function startPgBouncer(
  url: string,
  opts: { poolMode: 'transaction' | 'session'; serverConnections?: number },
): Promise<Pooler> {
  const binary = BINARIES.find((b) => existsSync(b));
  if (!binary)
    throw new Error("PgBouncer is missing: install Debian's package (apt-get install pgbouncer); .ci/run does it when it is missing.");
  const target = new URL(url);
  const user = decodeURIComponent(target.username || 'postgres');
  const password = decodeURIComponent(target.password);
  const dbName = target.pathname.slice(1);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'imse-pgbouncer-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const authFile = path.join(dir, 'users.txt');
  writeFileSync(authFile, `"${user}" "${password.replace(/"/g, '""')}"\n`);
  const ini = path.join(dir, 'pgbouncer.ini');
  writeFileSync(
    ini,
    [
      '[databases]',
      `${dbName} = host=${target.hostname} port=${target.port || 5432} dbname=${dbName}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir =`,
      `auth_type = ${password ? 'plain' : 'trust'}`,
      `auth_file = ${authFile}`,
      `pool_mode = ${opts.poolMode}`,
      `default_pool_size = ${opts.serverConnections ?? 4}`,
      'max_client_conn = 200',
      // The server's own settings that node-postgres sends at startup.
      'ignore_startup_parameters = extra_float_digits,options',
      'logfile =',
      '',
    ].join('\n'),
  );
  for (const f of [authFile, ini]) chmodSync(f, 0o644);
  // PgBouncer refuses to run as root: as root, it runs as the postgres user Debian's package made.
  const args = process.getuid?.() === 0 ? ['-u', 'postgres', ini] : [ini];
  const child: ChildProcess = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const through = new URL(url);
  through.hostname = '127.0.0.1';
  through.port = String(port);
  // Ready when it answers a query through itself.
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`PgBouncer stopped at start (${child.exitCode}): ${output}`);
    const c = new pg.Client({ connectionString: through.toString() });
    c.on('error', () => {});
    try {
      await c.connect();
      await c.query('select 1');
      await c.end();
      break;
    } catch (e) {
      await c.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`PgBouncer did not answer: ${(e as Error).message}\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url: through.toString(),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
