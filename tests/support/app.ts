import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { freshPostgresUrl } from './database';
import { tempPrefix } from './leftovers';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** Close the server and build it again on the same data (same DATA_DIR, same database). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** A new temporary DATA_DIR, named for this test run so that a run's teardown finds what it leaves. */
export function newDataDir(): string {
  return mkdtempSync(tempPrefix());
}

/** The real server (buildApp) on a temporary DATA_DIR and a fresh, migrated PostgreSQL database. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const pgdb = env.DATABASE_URL !== undefined ? undefined : await freshPostgresUrl();
  const dataDir = newDataDir();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    WEB_DIR: path.resolve(process.env.BUILD_DIR ?? 'build', 'client'),
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    ...env,
  });
  const t: TestApp = {
    app: await buildApp(config, { logger: false }),
    config,
    dataDir,
    restart: async () => {
      await t.app.close();
      t.app = await buildApp(config, { logger: false });
      await t.app.ready();
    },
    close: async () => {
      try {
        await t.app.close();
      } finally {
        await pgdb?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
  await t.app.ready();
  return t;
}
