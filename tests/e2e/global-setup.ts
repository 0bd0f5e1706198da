import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { cleanLeftovers, currentRun, RUN_ENV, tempPrefix } from '../support/leftovers';
import { startServerProcess } from '../support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Browser tests share one server, so the Editor accounts they create are listed up front. */
export const E2E_EDITORS = ['editor@e2e.example.org', 'journey-editor@e2e.example.org', 'payments-editor@e2e.example.org', 'admin-editor@e2e.example.org', 'cycle-editor@e2e.example.org', 'audit-editor@e2e.example.org', 'newcomer-editor@e2e.example.org'];

/**
 * One production server for the browser tests, started the way `npm start` starts it (after the build), on
 * its embedded database. Whatever it leaves is removed at teardown, or by the next run if this one dies.
 */
export default async function setup(project: TestProject) {
  process.env[RUN_ENV] = currentRun();
  cleanLeftovers({ self: process.env[RUN_ENV]!, includeSelf: false });
  const dataDir = mkdtempSync(tempPrefix());
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    EDITOR_EMAILS: E2E_EDITORS.join(','),
    WEB_DIR: path.resolve(process.env.BUILD_DIR ?? 'build', 'client'),
    PAYU_KEY: 'e2e-payu-key',
    PAYU_SALT: 'e2e-payu-salt',
  });
  project.provide('baseUrl', server.url);
  return async () => {
    try {
      await server.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      cleanLeftovers({ self: process.env[RUN_ENV]!, includeSelf: true });
    }
  };
}
