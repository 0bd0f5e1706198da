// `npm run bench`: every benchmark in bench/, one after another, each printing its tables of figures.
// `npm run bench -- public-pages login` runs only those. Benchmarks print figures; none of them is a test.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';

const ALL = [
  'public-pages',
  'review-desk',
  'chair-desk',
  'uploads',
  'login',
  'hash-flood',
  'blind-pdf',
  'preflight',
  'lighthouse',
  'load',
  'engine',
  'assign',
  'cluster',
  'deadline',
  'deliberation',
  'mail',
  'camera-ready-zip',
  'attendees',
  'receipts',
  'abstract-book',
  'documents',
  'page-facts',
  'slow-bodies',
  'editions',
  'backup',
  'expertise',
  'expertise-scale',
  'affinity-store',
];
const wanted = process.argv.slice(2);
const unknown = wanted.filter((n) => !ALL.includes(n));
if (unknown.length) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Choose from: ${ALL.join(', ')}`);
  process.exit(2);
}
const names = wanted.length ? wanted : ALL;

// Build once here (WEB_DIR, else BUILD_DIR/client, else build/client), so no benchmark builds mid-run.
const webDir = process.env.WEB_DIR ?? `${process.env.BUILD_DIR ?? 'build'}/client`;
if (!existsSync(`${webDir}/index.html`)) {
  console.log(`No build in ${webDir}: running npm run build…`);
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const [l1, l5] = os.loadavg();
console.log(`# Benchmarks: ${names.join(', ')}`);
console.log(
  `load average before: ${l1.toFixed(2)} (1 min), ${l5.toFixed(2)} (5 min) on ${os.availableParallelism()} cores` +
    (l1 > os.availableParallelism() / 2 ? ' — the machine is busy: figures will be low and noisy' : ''),
);

const results = [];
for (const name of names) {
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', `bench/${name}.ts`], { stdio: 'inherit' });
  results.push({ name, ok: r.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}
console.log('\n# Summary');
for (const { name, ok, seconds } of results) console.log(`${ok ? 'ran   ' : 'FAILED'} ${name} (${seconds} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
