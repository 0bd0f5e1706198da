// `npm start`: build what is missing or older than its sources (the site, the compiled server), then run the
// server in this very process, so a SIGTERM or Ctrl-C sent to `npm start` reaches the server itself, which
// finishes its requests and stops its database before exiting.
// The build's own output (hundreds of lines) goes to DATA_DIR/build.log (the build empties its own folder),
// and its end is shown when the build fails; `npm start -- --verbose` shows it all as it comes. BUILD_DIR
// (default `build`) is the build's folder, as for `npm run build`.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const newest = (dir) => {
  let t = 0;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const s = statSync(full);
    t = Math.max(t, s.isDirectory() ? newest(full) : s.mtimeMs);
  }
  return t;
};
const stale = (file, dirs) => !existsSync(file) || statSync(file).mtimeMs < Math.max(...dirs.map(newest));
const buildDir = process.env.BUILD_DIR || 'build';
const verbose = process.argv.includes('--verbose');
const step = (label, args) => {
  if (verbose) {
    console.log(`${label}…`);
    const r = spawnSync('npm', args, { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
    return;
  }
  const dataDir = process.env.DATA_DIR || 'data';
  mkdirSync(dataDir, { recursive: true });
  const log = path.join(dataDir, 'build.log');
  process.stdout.write(`${label} (its output: ${log})… `);
  const started = Date.now();
  const fd = openSync(log, 'w');
  const r = spawnSync('npm', args, { stdio: ['ignore', fd, fd] });
  closeSync(fd);
  if (r.status !== 0) {
    console.log('failed.');
    const lines = readFileSync(log, 'utf8').trimEnd().split('\n');
    console.error(lines.slice(-40).join('\n'));
    console.error(`\nThe build failed${lines.length > 40 ? ` (its last 40 lines above; all ${lines.length} in ${log})` : ''}.`);
    process.exit(r.status ?? 1);
  }
  console.log(`done in ${Math.round((Date.now() - started) / 1000)} s.`);
};

const server = path.join(buildDir, 'app-server', 'main.mjs');
if (stale(path.join(buildDir, 'client', 'index.html'), ['src/web', 'src/core', 'public']))
  step('Building the site', ['run', '-s', 'build']);
else if (stale(server, ['src/server', 'src/core'])) step('Compiling the server', ['run', '-s', 'build:server']);
// The server serves the site this build made (config.ts: WEB_DIR, ./build/client unless told).
if (process.env.BUILD_DIR && !process.env.WEB_DIR) process.env.WEB_DIR = path.join(buildDir, 'client');
watchLaunchers();
await import(pathToFileURL(path.resolve(server)).href);

/**
 * npm runs this script through `sh -c`. A process manager that stops `npm start` signals npm, and npm's shell
 * dies without passing the signal on; the server would live on, orphaned, holding its port. So the server
 * watches the processes that launched it (up to npm) and stops itself, cleanly, when one of them is gone.
 */
function watchLaunchers() {
  const launchers = [];
  for (let pid = process.ppid; pid > 1 && launchers.length < 3; pid = parentOf(pid)) {
    const cmd = commandOf(pid);
    if (!/(^|\/)(npm|sh|bash|dash|node)\b|npm-cli|npm\b/.test(cmd)) break;
    launchers.push(pid);
    if (/npm/.test(cmd)) break;
  }
  if (launchers.length === 0) return;
  const timer = setInterval(() => {
    if (launchers.every(isAlive)) return;
    clearInterval(timer);
    process.kill(process.pid, 'SIGTERM');
  }, 500);
  timer.unref();
}

function parentOf(pid) {
  try {
    // The command name in /proc/PID/stat is in parentheses and may hold spaces: read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

function commandOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}
