import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './server';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Where the bench's server should run from: the compiled server (`npm run build`) when it is newer than every
 * source file it is built from, else the sources through tsx (`sourcesIn`). startServer prefers any compiled
 * server it finds, and on a checkout that moved on since the last build a benchmark would silently measure
 * old code (a seen case: a ranked list measured as it was an hour before).
 */
export function serverSources(root = ROOT): { sourcesIn?: string; note: string } {
  const compiled = path.join(root, 'build', 'app-server', 'main.mjs');
  if (!existsSync(compiled)) return { note: 'server: the sources through tsx (no build)' };
  const built = statSync(compiled).mtimeMs;
  const sources = Math.max(newestMtime(path.join(root, 'src', 'server')), newestMtime(path.join(root, 'src', 'core')));
  if (sources > built) return { sourcesIn: root, note: 'server: the sources through tsx (the build is older than the sources)' };
  return { note: 'server: the compiled build' };
}
