import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
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
export async function connectDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** 'transaction': DATABASE_URL is a transaction pooler (PgBouncer's transaction mode; decision 0075). */
  poolMode?: 'session' | 'transaction';
}): Promise<Database> {
  if (opts.poolMode === 'transaction' && opts.databaseUrl) namedStatements = false;
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

/**
 * Named prepared statements are parsed once per connection. A transaction pooler hands each transaction any server
 * connection, where a statement parsed on another is unknown: once this process talks to one, every statement is
 * unnamed (decision 0075). Process-wide: turning it off costs a parse per query, never a wrong answer.
 */
let namedStatements = true;

/** The name to prepare a hot query under: its own, or '' (unnamed) behind a transaction pooler. */
export function statementName(name: string): string {
  return namedStatements ? name : '';
}

/** Any fixed number: the key of the advisory lock instances starting together take to migrate one at a time. */
const MIGRATION_LOCK = 0x696d7365;

/**
 * Apply the migrations in one transaction that first takes a transaction-scoped advisory lock, so instances
 * starting together on one database migrate one after the other (the later ones find nothing left to do). The lock
 * ends with the transaction, so it also holds through a transaction pooler, where a session lock would stay on
 * whichever server connection took it (decision 0075). The bookkeeping is drizzle's own table and rule: a
 * migration runs when it is newer than the newest one recorded.
 */
export async function migrateLocked(pool: pg.Pool): Promise<void> {
  migrating++;
  const client = await pool.connect().catch((e: unknown) => {
    migrating--;
    throw e;
  });
  try {
    const migrations = readMigrationFiles({ migrationsFolder });
    await client.query('begin');
    try {
      await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query('create schema if not exists drizzle');
      await client.query(
        'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
      );
      const { rows } = await client.query<{ created_at: string }>(
        'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
      );
      const last = rows[0] ? Number(rows[0].created_at) : undefined;
      for (const migration of migrations) {
        if (last !== undefined && last >= migration.folderMillis) continue;
        for (const statement of migration.sql) await client.query(statement);
        await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
          migration.hash,
          migration.folderMillis,
        ]);
      }
      await client.query('commit');
    } catch (e) {
      await client.query('rollback').catch(() => {});
      throw e;
    }
  } finally {
    client.release();
    migrating--;
  }
}
