// The review desk at the scale of the largest conferences: 20,000 papers and 20,000 reviewers, then the
// latency of the editor's, author's and reviewer's lists, on the embedded PostgreSQL and on a PostgreSQL server.
// Run alone: node --import tsx bench/review-desk.ts   (BENCH_PAPERS / BENCH_REVIEWERS to change the scale)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { signToken } from '../src/server/auth/tokens';
import { connectDatabase } from '../src/server/db/connect';
import { bearer, request } from './lib/http';
import { freshPostgresDatabase, postgresAvailable } from './lib/postgres';
import { seedReviewDesk, rng, type Seeded } from './lib/seed';
import { serverSources } from './lib/stale-build';
import { BENCH_JWT_SECRET, startServer, type RunningServer } from './lib/server';
import { ensureWebDir, fmt, onCleanup, percentile, printMachine, printTable, runBench, verdict } from './lib/util';

const PAPERS = Number(process.env.BENCH_PAPERS ?? 20_000);
const REVIEWERS = Number(process.env.BENCH_REVIEWERS ?? 20_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const WARMUP = 10;
const TARGET_P95_MS = 50;

interface Measured {
  name: string;
  p50: number;
  p95: number;
  max: number;
  items: string;
  kb: number;
}

async function measure(
  name: string,
  next: () => string,
  headers: Record<string, string>,
  onBody?: (body: unknown, res: { headers: Record<string, unknown> }) => void,
): Promise<Measured> {
  const times: number[] = [];
  let items = 0;
  let bytes = 0;
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const res = await request(next(), { headers });
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.body.toString().slice(0, 200)}`);
    const body = JSON.parse(res.body.toString()) as unknown;
    onBody?.(body, res);
    if (i < WARMUP) continue;
    times.push(res.ms);
    items += Array.isArray(body) ? body.length : ((body as { papers?: unknown[] }).papers?.length ?? 0);
    bytes += res.body.length;
  }
  return {
    name,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: Math.max(...times),
    items: fmt(items / SAMPLES, 0),
    kb: bytes / SAMPLES / 1024,
  };
}

async function once(name: string, url: string, headers: Record<string, string>): Promise<Measured> {
  const res = await request(url, { headers, timeoutMs: 120_000 });
  if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
  const body = JSON.parse(res.body.toString()) as unknown[];
  return { name, p50: res.ms, p95: NaN, max: res.ms, items: fmt(body.length, 0), kb: res.body.length / 1024 };
}

async function measureDesk(server: RunningServer, seeded: Seeded): Promise<{ timed: Measured[]; single: Measured[] }> {
  const token = (sub: string, role: 'Editor' | 'Author' | 'Reviewer') =>
    signToken({ sub, role }, new TextEncoder().encode(BENCH_JWT_SECRET));
  const editor = bearer(await token(seeded.editorId, 'Editor'));
  const author = bearer(await token(seeded.authorId, 'Author'));
  const reviewer = bearer(await token(seeded.reviewerId, 'Reviewer'));
  const rand = rng(7);
  const api = `${server.url}/api`;

  const timed: Measured[] = [];
  timed.push(
    await measure(
      'GET /api/editor/suggested-reviewers?paperId= (random paper)',
      () => `${api}/editor/suggested-reviewers?paperId=${seeded.paperIds[Math.floor(rand() * seeded.paperIds.length)]}`,
      editor,
    ),
  );
  let cursor: string | null = null;
  timed.push(
    await measure(
      'GET /api/editor/papers?limit=50 (walking the cursor)',
      () => `${api}/editor/papers?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
      editor,
      (_b, res) => {
        cursor = (res.headers['x-next-cursor'] as string | undefined) ?? null;
      },
    ),
  );
  timed.push(await measure('GET /api/author/my-papers (author with 20 papers)', () => `${api}/author/my-papers`, author));
  timed.push(
    await measure(
      'GET /api/reviewer/assigned-papers/:id (20 assigned)',
      () => `${api}/reviewer/assigned-papers/${seeded.reviewerId}`,
      reviewer,
    ),
  );

  const single = [
    await once('GET /api/editor/papers (no limit: every paper)', `${api}/editor/papers`, editor),
    await once('GET /api/editor/suggested-reviewers (no paperId: every reviewer)', `${api}/editor/suggested-reviewers`, editor),
  ];
  return { timed, single };
}

runBench(`review-desk: ${PAPERS.toLocaleString('en-US')} papers, ${REVIEWERS.toLocaleString('en-US')} reviewers`, async () => {
  printMachine();
  const webDir = ensureWebDir();
  const from = serverSources();
  console.log(`${from.note}.`);
  const seedRows: Array<Array<string | number>> = [];
  const rows: Array<Array<string | number>> = [];
  const singles: Array<Array<string | number>> = [];
  const drivers: Array<'embedded' | 'postgres'> = ['embedded'];
  if (await postgresAvailable()) drivers.push('postgres');
  else console.log('PostgreSQL is not answering: embedded PostgreSQL only.');

  for (const driver of drivers) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'imse-bench-desk-'));
    onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
    const databaseUrl = driver === 'postgres' ? (await freshPostgresDatabase()).url : undefined;
    const database = await connectDatabase({ databaseUrl, dataDir });
    const started = performance.now();
    const seeded = await seedReviewDesk(database.db, { papers: PAPERS, reviewers: REVIEWERS });
    const seedSeconds = (performance.now() - started) / 1000;
    // Production tables carry planner statistics (autovacuum's analyze); a bulk load has none yet.
    await database.db.execute(sql`analyze`);
    await database.close();
    seedRows.push([driver, seeded.rows.toLocaleString('en-US'), fmt(seedSeconds, 1), fmt(seeded.rows / seedSeconds, 0)]);

    const server = await startServer({ webDir, dataDir, databaseUrl, sourcesIn: from.sourcesIn });
    const { timed, single } = await measureDesk(server, seeded);
    await server.stop();
    for (const m of timed) {
      rows.push([
        m.name,
        driver,
        fmt(m.p50, 1),
        fmt(m.p95, 1),
        fmt(m.max, 1),
        m.items,
        fmt(m.kb, 1),
        driver === 'postgres' ? verdict(m.p95 <= TARGET_P95_MS) : '',
      ]);
    }
    for (const m of single) singles.push([m.name, driver, fmt(m.p50, 0), m.items, fmt(m.kb, 0)]);
  }

  console.log('Seeding (batched drizzle inserts of 1,000 rows, then ANALYZE not counted):');
  printTable(['database', 'rows', 'seconds', 'rows/s'], seedRows);
  console.log(`Latency, ${SAMPLES} sequential requests each after ${WARMUP} warm-up, keep-alive client on loopback:`);
  printTable(['request', 'database', 'p50 ms', 'p95 ms', 'max ms', 'items', 'KB', `p95 ≤ ${TARGET_P95_MS} ms on PostgreSQL`], rows);
  console.log('For information, one request each (what a page that does not page would cost):');
  printTable(['request', 'database', 'ms', 'items', 'KB'], singles);
});
