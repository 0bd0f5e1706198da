import { rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { newDataDir } from './app';
import { checkResponsesAgainstOpenApi } from './contract';
import { freshPostgresUrl } from './database';

export interface LogLine {
  level: number;
  msg?: string;
  [key: string]: unknown;
}
export interface LoggedApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  /** The database's own URL (a fresh copy of the migrated template). */
  databaseUrl: string;
  /** Every line the server logged so far, parsed, and as the text it wrote. */
  lines: LogLine[];
  text(): string;
  /** Close the server, drop its database and data folder, and fail on any response outside the contract. */
  close(): Promise<void>;
}

/** pino's numeric levels. */
export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/**
 * The real server (buildApp) as tests/support/app.ts starts it, but with its log lines kept in memory at
 * `LOG_LEVEL` (info unless env says otherwise), so that a test can read what the server writes to its log.
 * A DATA_DIR given in env is the caller's to remove.
 */
export async function startLoggedApp(env: Record<string, string> = {}): Promise<LoggedApp> {
  const pgdb = await freshPostgresUrl();
  const ownDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? newDataDir();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    FILE_STORE: 'disk',
    DATABASE_URL: pgdb.url,
    ...env,
  });
  let written = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      written += String(chunk);
      done();
    },
  });
  const app = await buildApp(config, { web: false, logStream: sink });
  const check = checkResponsesAgainstOpenApi(app);
  await app.ready();
  return {
    app,
    config,
    dataDir,
    databaseUrl: pgdb.url,
    get lines() {
      return written
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as LogLine);
    },
    text: () => written,
    close: async () => {
      try {
        await app.close();
      } finally {
        await pgdb.drop();
        if (ownDir) rmSync(dataDir, { recursive: true, force: true });
      }
      check.assertMatches();
    },
  };
}
