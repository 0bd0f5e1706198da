import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from '../support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Browser tests share one server, so the Editor accounts they create are listed up front. */
export const E2E_EDITORS = ['editor@e2e.example.org', 'journey-editor@e2e.example.org', 'payments-editor@e2e.example.org', 'admin-editor@e2e.example.org'];

/** One production server for the browser tests, started the way `npm start` starts it (after the build). */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'imse-e2e-'));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    EDITOR_EMAILS: E2E_EDITORS.join(','),
    WEB_DIR: path.resolve(process.env.BUILD_DIR ?? 'build', 'client'),
    PAYU_KEY: 'e2e-payu-key',
    PAYU_SALT: 'e2e-payu-salt',
  });
  project.provide('baseUrl', server.url);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
