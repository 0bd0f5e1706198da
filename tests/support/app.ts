import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { checkResponsesAgainstOpenApi } from './contract';
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

type ContractCheck = ReturnType<typeof checkResponsesAgainstOpenApi>;
/** The response checks of the apps this test file has running. */
const liveChecks = new Set<ContractCheck>();

/** Throw (and forget) every response of the given checks that did not match the OpenAPI document. */
function assertAndClear(checks: Iterable<ContractCheck>): void {
  const problems: string[] = [];
  for (const check of checks) {
    try {
      check.assertMatches();
    } catch (e) {
      problems.push((e as Error).message);
    }
    check.mismatches.length = 0;
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

// Registered when a test file imports this module: the test that received a response the document does not
// describe fails, with the list (responses sent in beforeAll count towards the file's first test).
afterEach(() => assertAndClear(liveChecks));

/** buildApp with every response checked against the app's own OpenAPI document (tests/support/contract.ts). */
async function buildCheckedApp(config: Config): Promise<{ app: FastifyInstance; check: ContractCheck }> {
  const app = await buildApp(config, { logger: false });
  const check = checkResponsesAgainstOpenApi(app);
  liveChecks.add(check);
  await app.ready();
  return { app, check };
}

/**
 * The real server (buildApp) on a temporary DATA_DIR and a fresh, migrated PostgreSQL database. Every
 * /api response it sends is checked against GET /api/openapi.json: a mismatch fails the running test
 * (afterEach) or, if sent after the last test, close().
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const pgdb = env.DATABASE_URL !== undefined ? undefined : await freshPostgresUrl();
  const dataDir = newDataDir();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    WEB_DIR: path.resolve(process.env.BUILD_DIR ?? 'build', 'client'),
    // Files on the disk unless a test asks for FILE_STORE=postgres (tests/api/cluster.test.ts, file-race.test.ts):
    // many tests look in DATA_DIR/files to prove that a refused upload keeps nothing.
    FILE_STORE: 'disk',
    ...(pgdb ? { DATABASE_URL: pgdb.url } : {}),
    ...env,
  });
  let built = await buildCheckedApp(config);
  const checks: ContractCheck[] = [built.check];
  const t: TestApp = {
    app: built.app,
    config,
    dataDir,
    restart: async () => {
      await t.app.close();
      built = await buildCheckedApp(config);
      checks.push(built.check);
      t.app = built.app;
    },
    close: async () => {
      try {
        await t.app.close();
      } finally {
        await pgdb?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
      for (const c of checks) liveChecks.delete(c);
      assertAndClear(checks);
    },
  };
  return t;
}
