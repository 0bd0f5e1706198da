import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../../src/server/db/connect';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR whose PGlite database is created and migrated, to copy (creating one costs seconds). */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'imse-pglite-template-'));
  const database = await connectDatabase({ dataDir: dir });
  await database.close();
  project.provide('pgliteTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
