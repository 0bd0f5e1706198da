// Public pages from the conference's facts (decision 0050): how long the server takes to render
// every prerendered page again after the editor saves the facts (text, brotli 11 and gzip 9 off the event loop,
// ETag, CSP), and what a page's answer costs, idle and while renders run back to back.
// Run alone: node --import tsx bench/page-facts.ts (WEB_DIR or BUILD_DIR/client: a build)
import { createServer } from 'node:http';
import { CONFERENCE_FACTS_DEFAULTS, type ConferenceFacts } from '../src/core/conference-facts';
import { loadWebSite, serveSiteFirst } from '../src/server/web';
import type { runWrk } from './lib/wrk';
import { ensureCommand, ensureWebDir, fmt, freePort, onCleanup, percentile, printMachine, printTable, runBench } from './lib/util';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RENDERS = 10;
const changed = (i: number): ConferenceFacts => ({
  ...CONFERENCE_FACTS_DEFAULTS,
  edition: `${i}th`,
  datesText: `March ${i}-${i + 2} 2027`,
  importantDates: [...CONFERENCE_FACTS_DEFAULTS.importantDates, { label: `Extra date ${i}`, date: '1 May 2027' }],
});

runBench('public pages from the facts', async () => {
  printMachine();
  ensureCommand('wrk', 'wrk');
  const root = ensureWebDir();
  let t = performance.now();
  const site = loadWebSite(root, {}, { extraScriptHashes: [], formTargets: [] });
  const loadMs = performance.now() - t;
  t = performance.now();
  await site.settled();
  const firstMs = performance.now() - t;

  const times: number[] = [];
  let pages = 0;
  for (let i = 0; i < RENDERS; i++) {
    const r = await site.render(changed(i + 1));
    pages = r!.pages;
    times.push(r!.ms);
  }
  // The event loop's longest stall during a render: what a request arriving then would wait at most.
  let stall = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last - 1);
    last = now;
  }, 1);
  await site.render(changed(99));
  clearInterval(ticker);

  printTable(
    ['figure', 'value'],
    [
      ['pages with facts', pages],
      ['load (read files, first text render), ms', fmt(loadMs)],
      ['first compression after load, ms', fmt(firstMs)],
      [`render all pages after a save, median of ${RENDERS}, ms`, fmt(percentile(times, 50))],
      [`render all pages after a save, max of ${RENDERS}, ms`, fmt(Math.max(...times))],
      ['longest event-loop stall during a render, ms', fmt(stall)],
    ],
  );

  // Answers: in-process lookups, then HTTP with wrk, idle and while the facts change back to back.
  const N = 2_000_000;
  t = performance.now();
  for (let i = 0; i < N; i++) site('GET', '/', { acceptEncoding: 'br, gzip' });
  const lookupNs = ((performance.now() - t) * 1e6) / N;

  const port = await freePort();
  const server = createServer(
    serveSiteFirst(
      () => site,
      (_req, res) => {
        res.statusCode = 404;
        res.end();
      },
    ),
  );
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  onCleanup(() => new Promise<void>((r) => server.close(() => r())));
  const url = `http://127.0.0.1:${port}/`;
  const headers = { 'accept-encoding': 'br, gzip' };
  const idleResult = await runWrkAsync(url, headers);
  let rendering = true;
  let during = 0;
  const loop = (async () => {
    for (let i = 0; rendering; i++) {
      await site.render(changed(i));
      during++;
    }
  })();
  const busyResult = await runWrkAsync(url, headers);
  rendering = false;
  await loop;
  printTable(
    ['/ (brotli)', 'answer (in process), ns', 'requests/s', 'p50 ms', 'p99 ms', 'renders meanwhile'],
    [
      ['idle', fmt(lookupNs, 0), fmt(idleResult.requestsPerSecond, 0), fmt(idleResult.p50Ms, 2), fmt(idleResult.p99Ms, 2), 0],
      ['facts changing back to back', '', fmt(busyResult.requestsPerSecond, 0), fmt(busyResult.p50Ms, 2), fmt(busyResult.p99Ms, 2), during],
    ],
  );
});

/** wrk blocks its caller (spawnSync): run it in a child's time while this process keeps serving. */
async function runWrkAsync(url: string, headers: Record<string, string>) {
  const { Worker } = await import('node:worker_threads');
  return new Promise<ReturnType<typeof runWrk>>((resolve, reject) => {
    const worker = new Worker(
      `
      const { spawnSync } = require('node:child_process');
      const { workerData, parentPort } = require('node:worker_threads');
      const r = spawnSync('wrk', ['-t1', '-c50', '-d' + workerData.seconds + 's', '--latency', '-H', 'accept-encoding: br, gzip', workerData.url], { encoding: 'utf8' });
      parentPort.postMessage(r.stdout);
    `,
      { eval: true, workerData: { url, seconds: SECONDS, headers } },
    );
    worker.once('message', (out: string) => resolve(parseWrk(out)));
    worker.once('error', reject);
  });
}

function parseWrk(out: string): ReturnType<typeof runWrk> {
  const ms = (s: string | undefined) => {
    const m = /([\d.]+)(us|ms|s)/.exec(s ?? '');
    if (!m) return NaN;
    return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
  };
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN),
    p50Ms: ms(/50%\s+(\S+)/.exec(out)?.[1]),
    p99Ms: ms(/99%\s+(\S+)/.exec(out)?.[1]),
    maxMs: ms(/Latency\s+\S+\s+\S+\s+(\S+)/.exec(out)?.[1]),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    socketErrors: 0,
  };
}
