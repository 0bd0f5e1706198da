// Lighthouse (mobile preset) on every public route of the production build, served by our server.
// Run alone: node --import tsx bench/lighthouse.ts   (BENCH_PAGES=/,/committee to choose pages)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PUBLIC_PATHS } from '../src/core/routes';
import { startServer } from './lib/server';
import { ensureCommand, ensureWebDir, fmt, onCleanup, printMachine, printTable, runBench } from './lib/util';

const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',') : [...PUBLIC_PATHS];
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu';

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}
interface LighthouseResult {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, { title: string; score: number | null; numericValue?: number; details?: { items?: NetworkRequest[] } }>;
  runtimeError?: { message: string };
}

/** gzip size of a built file: its .gz from the build, else gzipped here. */
function gzipSizeOf(webDir: string, pathname: string): number {
  const file = path.join(webDir, decodeURIComponent(pathname));
  if (!file.startsWith(webDir) || !existsSync(file) || !statSync(file).isFile()) return 0;
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file), { level: 9 }).length;
}

runBench('lighthouse: every public route, mobile preset', async () => {
  printMachine();
  const chrome = process.env.CHROME_PATH ?? ensureCommand('chromium', 'chromium');
  // Lighthouse is not a project dependency (its lock entries break `npm ci` on this registry): the bench
  // installs the Node-20 compatible 12.8.2 into a cache folder of its own on first use.
  const toolDir = path.join(os.tmpdir(), 'imse-bench-lighthouse-12.8.2');
  const lighthouse = path.join(toolDir, 'node_modules', '.bin', 'lighthouse');
  if (!existsSync(lighthouse)) {
    console.log(`installing lighthouse 12.8.2 into ${toolDir} …`);
    const r = spawnSync('npm', ['install', '--no-save', '--prefix', toolDir, 'lighthouse@12.8.2'], { stdio: 'inherit' });
    if (r.status !== 0 || !existsSync(lighthouse)) throw new Error('could not install lighthouse 12.8.2 with npm');
  }
  const version = spawnSync(lighthouse, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const webDir = ensureWebDir();
  const server = await startServer({ webDir });
  const out = mkdtempSync(path.join(os.tmpdir(), 'imse-bench-lh-'));
  onCleanup(() => rmSync(out, { recursive: true, force: true }));
  console.log(`lighthouse ${version}, mobile preset (simulated throttling), CHROME_PATH=${chrome}, ${CHROME_FLAGS}\n`);

  const rows: Array<Array<string | number>> = [];
  const findings: string[] = [];
  for (const page of PAGES) {
    const report = path.join(out, `${page.replace(/\W+/g, '_') || 'home'}.json`);
    const r = spawnSync(
      lighthouse,
      [
        `${server.url}${page}`,
        '--quiet',
        '--output=json',
        `--output-path=${report}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        `--chrome-flags=${CHROME_FLAGS}`,
        '--max-wait-for-load=60000',
      ],
      { encoding: 'utf8', env: { ...process.env, CHROME_PATH: chrome }, timeout: 180_000 },
    );
    if (r.status !== 0 || !existsSync(report)) {
      rows.push([page, 'failed', '', '', '', '', '', '', '']);
      console.error(`lighthouse failed on ${page}: ${(r.stderr || r.error?.message || '').slice(-500)}`);
      continue;
    }
    const lhr = JSON.parse(readFileSync(report, 'utf8')) as LighthouseResult;
    const score = (id: string) => {
      const s = lhr.categories[id]?.score;
      return s === null || s === undefined ? '–' : String(Math.round(s * 100));
    };
    const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((i) => i.resourceType === 'Script');
    const jsGzip = scripts.reduce((n, s) => n + (s.url.startsWith(server.url) ? gzipSizeOf(webDir, new URL(s.url).pathname) : 0), 0);
    const jsTransfer = scripts.reduce((n, s) => n + (s.transferSize ?? 0), 0);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    rows.push([
      page,
      score('performance'),
      score('accessibility'),
      score('best-practices'),
      score('seo'),
      fmt(metric('cumulative-layout-shift'), 3),
      fmt(metric('largest-contentful-paint') / 1000, 1),
      fmt(metric('total-blocking-time'), 0),
      scripts.length,
      fmt(jsGzip / 1024, 1),
      fmt(jsTransfer / 1024, 1),
    ]);
    if (lhr.runtimeError) console.error(`${page}: ${lhr.runtimeError.message}`);
    // What costs points outside performance (whose metrics are in the table).
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) findings.push(`${page} ${id}: ${audit.title} (${ref.id})`);
      }
    }
  }
  printTable(
    ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'CLS', 'LCP s', 'TBT ms', 'scripts', 'JS gzip KB', 'JS sent KB (br)'],
    rows,
  );
  if (findings.length) console.log(`Failed audits:\n${findings.map((f) => `- ${f}`).join('\n')}\n`);
});
