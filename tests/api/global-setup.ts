import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../../src/server/db/connect';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/server/db/embedded-postgres';
import { cleanLeftovers, currentRun, RUN_ENV, tempPrefix } from '../support/leftovers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's PostgreSQL server (a database to connect to as admin) and a migrated template database on it. */
    testDatabase: { url: string; template: string };
  }
}

/**
 * One PostgreSQL server for the whole run: TEST_DATABASE_URL's, or else an embedded one started here (the
 * same server `npm start` runs by default). On it, one database migrated once, which every test copies.
 */
export default async function setup(project: TestProject) {
  process.env[RUN_ENV] = currentRun();
  const run = process.env[RUN_ENV]!;
  const before = cleanLeftovers({ self: run, includeSelf: false });
  if (before.killed + before.unmounted + before.removed) console.log(`Removed what an earlier test run left: ${JSON.stringify(before)}`);

  let embedded: EmbeddedPostgres | undefined;
  let base = process.env.TEST_DATABASE_URL;
  if (!base) {
    embedded = await startEmbeddedPostgres({ dir: `${mkdtempSync(tempPrefix(run))}/pg` });
    base = embedded.url;
  }
  const template = `imse_template_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${template}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${template}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  await migrate(drizzle(pool), { migrationsFolder });
  await pool.end();
  project.provide('testDatabase', { url: base, template });

  return async () => {
    const c = new pg.Client({ connectionString: base });
    await c
      .connect()
      .then(() => c.query(`drop database if exists ${template} with (force)`))
      .catch(() => {});
    await c.end().catch(() => {});
    await embedded?.stop();
    cleanLeftovers({ self: run, includeSelf: true });
  };
}
