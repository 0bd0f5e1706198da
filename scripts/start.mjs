// `npm start`: build the site when the build is missing or older than the sources, then serve everything.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const stamp = 'build/client/index.html';
const newest = (dir) => {
  let t = 0;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const s = statSync(full);
    t = Math.max(t, s.isDirectory() ? newest(full) : s.mtimeMs);
  }
  return t;
};
const sourcesTime = Math.max(newest('src/web'), newest('src/core'), newest('public'));
if (!existsSync(stamp) || statSync(stamp).mtimeMs < sourcesTime) {
  console.log('Building the site…');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
process.exit(r.status ?? 0);
