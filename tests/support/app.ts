import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { inject } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { freshPostgresUrl } from './database';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** Close the server and build it again on the same data (same DATA_DIR, same database). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A new temporary DATA_DIR. On PGlite its database starts as a copy of the migrated template made once
 * per run (tests/api/global-setup.ts): the same database a first start creates, in a tenth of the time.
 */
export function newDataDir(): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'imse-test-'));
  if (!process.env.TEST_DATABASE_URL) cpSync(path.join(inject('pgliteTemplate'), 'db'), path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

/** The real server (buildApp) on a temporary DATA_DIR, on PGlite or a fresh PostgreSQL database. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const pgdb = env.DATABASE_URL ? undefined : await freshPostgresUrl();
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
      await t.app.close();
      await pgdb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await t.app.ready();
  return t;
}

export const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);
