import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { onCleanup } from './util';

/** The PostgreSQL server to create bench databases on (trust auth on loopback here). */
export const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh, empty database on POSTGRES_ADMIN_URL's server, dropped when the benchmark ends. */
export async function freshPostgresDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `imse_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  onCleanup(drop);
  return { url: url.toString(), name, drop };
}

/** Whether the PostgreSQL server answers (the PostgreSQL half of a bench is skipped when not). */
export async function postgresAvailable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}
