import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ConfigError, type Config } from '../config';
import { EmbeddedPostgresError, lockDataDir, runningEmbeddedPostgres, startEmbeddedPostgres } from '../db/embedded-postgres';

/** The database a backup or restore works on: DATABASE_URL's, the embedded one a running server holds, or its own. */
export interface ToolDatabase {
  pool: pg.Pool;
  /** For messages: the server without its password, or the embedded cluster. */
  location: string;
  /** The embedded database belongs to a server running now (its pid). */
  serverPid?: number;
  close(): Promise<void>;
}

export class TargetError extends Error {
  constructor(
    message: string,
    /** The exit code the command ends with. */
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

function describe(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Open the configured database without migrating it. On the embedded database, a server running on DATA_DIR is
 * joined (its database stays up: a backup is taken while serving); with none, this process starts the database
 * itself, holding DATA_DIR as a server would, and stops it on close. `refuseRunning`: a restore, which must
 * not work under a running server; `mustExist`: a backup, which must not make a new, empty database.
 */
export async function openToolDatabase(config: Config, opts: { refuseRunning?: boolean; mustExist?: boolean } = {}): Promise<ToolDatabase> {
  const poolOf = (url: string) => {
    const pool = new pg.Pool({ connectionString: url, max: 3, connectionTimeoutMillis: 10_000 });
    pool.on('error', () => {});
    return pool;
  };
  if (config.DATABASE_URL) {
    const pool = poolOf(config.DATABASE_URL);
    return { pool, location: describe(config.DATABASE_URL), close: () => pool.end() };
  }
  const running = runningEmbeddedPostgres(config.DATA_DIR);
  if (running) {
    if (opts.refuseRunning)
      throw new TargetError(`A server (pid ${running.serverPid}) is running on DATA_DIR ${config.DATA_DIR}: stop it before restoring.`, 2);
    const pool = poolOf(running.url);
    return { pool, location: `${config.DATA_DIR} (the running server's database)`, serverPid: running.serverPid, close: () => pool.end() };
  }
  if (opts.mustExist && !existsSync(path.join(config.DATA_DIR, 'pg-password')))
    throw new TargetError(`There is no database in DATA_DIR ${config.DATA_DIR}: nothing to back up (set DATA_DIR, or DATABASE_URL).`);
  const unlock = lockDataDir(config.DATA_DIR);
  try {
    const embedded = await startEmbeddedPostgres({ dir: path.join(config.DATA_DIR, 'pg') });
    const pool = poolOf(embedded.url);
    return {
      pool,
      location: embedded.dir,
      close: async () => {
        await pool.end().catch(() => {});
        await embedded.stop();
        unlock();
      },
    };
  } catch (e) {
    unlock();
    throw e;
  }
}

/**
 * Run a command-line tool (backup, restore): a setting, database or target problem prints its own message and
 * exits with its code (a TargetError's, else 1); anything else prints "<what> failed: …" and exits 1.
 */
export function runTool(what: string, main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    if (err instanceof ConfigError || err instanceof EmbeddedPostgresError || err instanceof TargetError) {
      console.error(err.message);
      process.exit(err instanceof TargetError ? err.exitCode : 1);
    }
    console.error(`${what} failed: ${(err as Error).message}`);
    process.exit(1);
  });
}
