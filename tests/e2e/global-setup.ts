import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { cleanLeftovers, currentRun, RUN_ENV, tempPrefix } from '../support/leftovers';
import { compiledServer, prepareDataTemplate, startServerProcess } from '../support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** A migrated database that journeys with a server of their own start on a copy of (startOwnServer). */
    dataTemplate: string;
    /** The compiled server to run, or '' to run the source (compiledServer). */
    serverEntry: string;
  }
}

/** Browser tests share one server, so the Editor accounts they create are listed up front. */
export const E2E_EDITORS = [
  'editor@e2e.example.org',
  'journey-editor@e2e.example.org',
  'payments-editor@e2e.example.org',
  'admin-editor@e2e.example.org',
  'cycle-editor@e2e.example.org',
  'audit-editor@e2e.example.org',
  'newcomer-editor@e2e.example.org',
  'proceedings-editor@e2e.example.org',
  'site-editor@e2e.example.org',
];

/**
 * One production server for the browser tests, started the way `npm start` starts it (the build's compiled server;
 * the source when the build is older than it), on its embedded database. That database, and those of the journeys
 * with a server of their own, start as copies of one made and migrated here first. Whatever a run leaves is
 * removed at teardown, or by the next run if this one dies.
 */
export default async function setup(project: TestProject) {
  process.env[RUN_ENV] = currentRun();
  cleanLeftovers({ self: process.env[RUN_ENV]!, includeSelf: false });
  const entry = compiledServer();
  project.provide('serverEntry', entry ?? '');
  const dataTemplate = mkdtempSync(tempPrefix());
  await prepareDataTemplate(dataTemplate, { entry });
  project.provide('dataTemplate', dataTemplate);
  const dataDir = mkdtempSync(tempPrefix());
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      EDITOR_EMAILS: E2E_EDITORS.join(','),
      WEB_DIR: path.resolve(process.env.BUILD_DIR ?? 'build', 'client'),
      PAYU_KEY: 'e2e-payu-key',
      PAYU_SALT: 'e2e-payu-salt',
    },
    { template: dataTemplate, entry },
  );
  project.provide('baseUrl', server.url);
  return async () => {
    try {
      await server.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(dataTemplate, { recursive: true, force: true });
      cleanLeftovers({ self: process.env[RUN_ENV]!, includeSelf: true });
    }
  };
}
