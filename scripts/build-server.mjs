// The server compiled once to JavaScript (build/app-server/main.mjs), so `npm start` does not transpile
// TypeScript at every start; its migrations are copied beside it. Dependencies stay in node_modules.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const out = path.join(process.env.BUILD_DIR ?? 'build', 'app-server');
rmSync(out, { recursive: true, force: true });
const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};
await build({ ...options, entryPoints: ['src/server/main.ts'], outfile: path.join(out, 'main.mjs') });
// The child process that reads and rewrites PDFs (src/server/storage/pdf-jobs.ts looks for it beside main.mjs).
await build({ ...options, entryPoints: ['src/server/storage/pdf-worker.ts'], outfile: path.join(out, 'pdf-worker.mjs') });
// Decision 0076: the worker threads that compute affinities and read imported publications files (looked for beside main.mjs).
await build({
  ...options,
  entryPoints: ['src/server/services/affinity/affinity-worker.ts'],
  outfile: path.join(out, 'affinity-worker.mjs'),
});
await build({
  ...options,
  entryPoints: ['src/server/services/publications/formats/parse-worker.ts'],
  outfile: path.join(out, 'publications-parse-worker.mjs'),
});
// Decision 0073: the abstract book drawn in a worker thread (src/server/documents/abstract-book-in-worker.ts looks for it beside main.mjs).
await build({
  ...options,
  entryPoints: ['src/server/documents/abstract-book-worker.ts'],
  outfile: path.join(out, 'abstract-book-worker.mjs'),
});
// The worker thread of the PDF preflight (decision 0072; src/server/preflight/run.ts looks for it beside main.mjs).
await build({ ...options, entryPoints: ['src/server/preflight/preflight-worker.ts'], outfile: path.join(out, 'preflight-worker.mjs') });
cpSync('src/server/db/migrations', path.join(out, 'migrations'), { recursive: true });
console.log(`server compiled to ${out}/main.mjs`);
