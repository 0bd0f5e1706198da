import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services see. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /** The pool behind `db`, for what drizzle does not cover (LISTEN, advisory locks). */
  pool: pg.Pool;
  /** 'embedded': the server this process started in DATA_DIR/pg; 'postgres': a server given by DATABASE_URL. */
  driver: 'embedded' | 'postgres';
  /** Where the data is, for people: the embedded cluster's folder, or DATABASE_URL's server without its password. */
  location: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Next to this file in the sources; next to the compiled server in a build (scripts/build-server.mjs copies it). */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * node-postgres to the server at DATABASE_URL, or, when there is none, to a PostgreSQL server this process
 * starts from npm's binaries in DATA_DIR/pg. The same migrations are applied either way.
 */
export async function connectDatabase(opts: { databaseUrl?: string; dataDir: string; poolSize?: number }): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let unlock = () => {};
  let url = opts.databaseUrl;
  if (!url) {
    unlock = lockDataDir(opts.dataDir);
    try {
      embedded = await startEmbeddedPostgres({ dir: path.join(opts.dataDir, 'pg') });
    } catch (e) {
      unlock();
      throw e;
    }
    url = embedded.url;
  }
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema }) as unknown as Db;
  const stopAll = async () => {
    await pool.end().catch(() => {});
    await embedded?.stop();
    unlock();
  };
  try {
    await migrateLocked(pool);
  } catch (e) {
    await stopAll();
    throw e;
  }
  return {
    db,
    pool,
    driver: embedded ? 'embedded' : 'postgres',
    location: embedded ? embedded.dir : serverOf(url),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: stopAll,
  };
}

function serverOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** Migrations this process is applying (or waiting to apply under the lock) now: readiness says no meanwhile (decision 0067). */
let migrating = 0;
export function isMigrating(): boolean {
  return migrating > 0;
}

/** Any fixed number: the key of the advisory lock instances starting together take to migrate one at a time. */
const MIGRATION_LOCK = 0x696d7365;

/**
 * Apply the migrations on one connection holding a PostgreSQL advisory lock, so instances starting together
 * on one database migrate one after the other (the later ones find nothing left to do). The lock goes with
 * the connection if the process dies.
 */
export async function migrateLocked(pool: pg.Pool): Promise<void> {
  migrating++;
  const client = await pool.connect().catch((e: unknown) => {
    migrating--;
    throw e;
  });
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    }
  } finally {
    client.release();
    migrating--;
  }
}
