// `npm test`: every check the project has, in order — lint, typecheck, build, unit, API (on PostgreSQL: the
// server at TEST_DATABASE_URL when set, else an embedded one the tests start), browser (real Chromium,
// installed here when it can be). A stage that fails stops the run; each stage cleans up what it started.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (label, cmd, args, env = {}) => {
  const started = Date.now();
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${label}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  if (r.status !== 0) process.exit(r.status ?? 1);
};

function ensureChromium() {
  const paths = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  if (paths.some((p) => existsSync(p))) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("Chromium is missing: installing Debian's chromium package for the browser tests…");
    run('install chromium', 'sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
    return;
  }
  console.error(
    'The browser tests need Chromium. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\nor set CHROMIUM_PATH.',
  );
  process.exit(1);
}

const only = process.argv[2];
const npx = 'npx';
// Lint: eslint's rules, then the formatter's check (`npm run lint`; `npx prettier --write .` formats).
if (!only || only === 'lint') run('lint', 'npm', ['run', '-s', 'lint']);
if (!only || only === 'typecheck') run('typecheck', 'npm', ['run', '-s', 'typecheck']);
if (!only || only === 'build' || only === 'e2e' || only === 'api') run('build', 'npm', ['run', '-s', 'build']);
// The public pages' JavaScript must not grow (decision 0030): every public page has a budget, the figure measured
// when its islands were built (docs/benchmarks.md) rounded up by half a KB or so; decision 0030's ceilings are 15 KB,
// and 50 KB for the home page, /registration and /program.
const PUBLIC_JS_BUDGETS = {
  '/': 12.5,
  '/registration': 6,
  '/program': 3.5,
  '/keynote': 3,
  '/previous-events': 2.5,
  '/technical-workshop': 2,
  '/awards-2026': 2.5,
};
const PUBLIC_JS_ARGS = ['--max', '1', ...Object.entries(PUBLIC_JS_BUDGETS).flatMap(([page, kb]) => ['--max-page', `${page}=${kb}`])];
if (!only || only === 'build') run("public pages' JavaScript budget", 'node', ['scripts/public-js.mjs', ...PUBLIC_JS_ARGS]);
if (!only || only === 'unit') run('unit tests', npx, ['vitest', 'run', '--project', 'unit']);
if (!only || only === 'api') {
  const where = process.env.TEST_DATABASE_URL ? 'the PostgreSQL server at TEST_DATABASE_URL' : 'an embedded PostgreSQL';
  run(`API tests on ${where}`, npx, ['vitest', 'run', '--project', 'api']);
}
if (!only || only === 'e2e') {
  ensureChromium();
  run('browser tests (server on its embedded PostgreSQL)', npx, ['vitest', 'run', '--project', 'e2e']);
}
