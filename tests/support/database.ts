import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * When TEST_DATABASE_URL is set, each caller gets a fresh database on that server (dropped by the
 * returned cleanup), so runs never see each other's rows. Otherwise undefined: PGlite is used.
 */
export async function freshPostgresUrl(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const name = `imse_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
