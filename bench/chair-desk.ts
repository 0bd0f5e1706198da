// A track chair's desk at the scale of the largest conferences (decision 0023): 20,000 papers in the call for papers'
// four tracks and 20,000 reviewers with topics from every track, bids on a share of the pairs, and one chair of
// one track. Measured: the chair's paper list (first and a deep page) and every call of the chair's paper page,
// alone and as the page makes them (at once), on the embedded PostgreSQL and on a PostgreSQL server.
// Run alone: node --import tsx bench/chair-desk.ts   (BENCH_PAPERS / BENCH_REVIEWERS / BENCH_BIDS / BENCH_SAMPLES)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { signToken } from '../src/server/auth/tokens';
import { connectDatabase } from '../src/server/db/connect';
import { bearer, request } from './lib/http';
import { freshPostgresDatabase, POSTGRES_ADMIN_URL, postgresAvailable } from './lib/postgres';
import { rng, rowsOf, seedReviewDesk, type Seeded } from './lib/seed';
import { serverSources } from './lib/stale-build';
import { BENCH_JWT_SECRET, embeddedDatabasePids, startServer, type RunningServer } from './lib/server';
import { cpuMs, ensureWebDir, fmt, onCleanup, percentile, printMachine, printTable, runBench, verdict } from './lib/util';

const PAPERS = Number(process.env.BENCH_PAPERS ?? 20_000);
const REVIEWERS = Number(process.env.BENCH_REVIEWERS ?? 20_000);
/** Each reviewer bids on 0–2× this many papers of their main track: 25 → about 500,000 bids at full scale. */
const BIDS_PER_REVIEWER = Number(process.env.BENCH_BIDS ?? 25);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const WARMUP = 10;
const TARGET_P95_MS = 50;
const PAGE = 50;
const CHAIR_TRACK = 'track-2';
/**
 * The calls of the chair's paper page (paths under /api, :id the paper). Since the ranked list (decision 0025) the
 * loader (src/web/routes/editor/editor-view-more.tsx) reads the paper first (a conflicted chair gets no more),
 * then the ranked list's first page and the reviews at once; before it, the paper, the suggestions, the
 * statuses, the conflicted reviewers and the reviews at once. Each call is also measured alone, with the
 * statuses and the conflicted reviewers (the issue's list).
 */
const RANKED = '/editor/papers/:id/ranked-reviewers?limit=50';
const PAPER = '/editor/papers/:id';
const REVIEWS = '/editor/papers/:id/reviews';
const SUGGESTED = '/editor/suggested-reviewers?paperId=:id';
const STATUSES = '/reviewer/status/:id';
const CONFLICTED = '/editor/papers/:id/conflicted-reviewers';
const RANKED_PAGE_STEPS = [[PAPER], [RANKED, REVIEWS]];
const OLD_PAGE_STEPS = [[PAPER, SUGGESTED, STATUSES, CONFLICTED, REVIEWS]];

interface Measured {
  name: string;
  p50: number;
  p95: number;
  max: number;
  items: string;
  kb: number;
  serverCpu: number;
  dbCpu: number;
}

/**
 * The processes whose CPU time a request costs: the server, and the database's (the embedded cluster's
 * processes, or the PostgreSQL server's backends on the bench's database). CPU time, unlike latency, hardly
 * changes when other work shares the machine. `reaped`: the CPU of the embedded cluster's exited children
 * (the postmaster's cutime + cstime), so that parallel query workers, which live for one query, are counted;
 * the PostgreSQL server's postmaster serves other databases too, so there they are not.
 */
interface CpuProbe {
  server: number;
  database(): Promise<number[]>;
  reaped?(): number;
}
interface CpuAt {
  server: number;
  db: Map<number, number>;
  reaped: number;
}
async function cpuSnapshot(probe: CpuProbe): Promise<CpuAt> {
  return {
    server: cpuMs(probe.server),
    db: new Map((await probe.database()).map((pid) => [pid, cpuMs(pid)])),
    reaped: probe.reaped?.() ?? 0,
  };
}
async function cpuSince(probe: CpuProbe, before: CpuAt): Promise<{ server: number; db: number }> {
  const now = await cpuSnapshot(probe);
  let db = 0;
  for (const [pid, ms] of now.db) db += ms - (before.db.get(pid) ?? 0);
  if (probe.reaped) {
    // A child that exited in between counts whole in `reaped`: less what it had used before.
    db += now.reaped - before.reaped;
    for (const [pid, ms] of before.db) if (!now.db.has(pid)) db -= ms;
  }
  return { server: now.server - before.server, db };
}

/** CPU ms of a process's exited and waited-for children (cutime + cstime, /proc/<pid>/stat). */
function childrenCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** Items in an answer: a list's length, a page's `reviewers` or `papers`, else one. */
const count = (body: unknown): number => {
  if (Array.isArray(body)) return body.length;
  const o = body as { reviewers?: unknown[]; papers?: unknown[] };
  return o.reviewers?.length ?? o.papers?.length ?? 1;
};

/**
 * WARMUP + SAMPLES sequential rounds; a round is one request, or steps of requests sent at once (each step after
 * the previous one's answers), timed to the last answer.
 */
async function measure(
  probe: CpuProbe,
  name: string,
  next: () => string[] | string[][],
  headers: Record<string, string>,
  onBody?: (body: unknown, res: { headers: Record<string, unknown> }) => void,
): Promise<Measured> {
  const times: number[] = [];
  let items = 0;
  let bytes = 0;
  let cpuBefore = await cpuSnapshot(probe);
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    if (i === WARMUP) cpuBefore = await cpuSnapshot(probe);
    const round = next();
    const steps = typeof round[0] === 'string' ? [round as string[]] : (round as string[][]);
    const started = performance.now();
    const answers = [];
    for (const urls of steps) {
      const got = await Promise.all(urls.map((url) => request(url, { headers })));
      for (const [k, res] of got.entries()) {
        if (res.status !== 200) throw new Error(`${name}: ${urls[k]} answered ${res.status} ${res.body.toString().slice(0, 200)}`);
      }
      answers.push(...got);
    }
    const ms = performance.now() - started;
    const body = JSON.parse(answers[0]!.body.toString()) as unknown;
    onBody?.(body, answers[0]!);
    if (i < WARMUP) continue;
    times.push(ms);
    items += answers.length === 1 ? count(body) : answers.length;
    bytes += answers.reduce((sum, r) => sum + r.body.length, 0);
  }
  const cpu = await cpuSince(probe, cpuBefore);
  return {
    name,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: Math.max(...times),
    items: fmt(items / SAMPLES, 0),
    kb: bytes / SAMPLES / 1024,
    serverCpu: cpu.server / SAMPLES,
    dbCpu: cpu.db / SAMPLES,
  };
}

/** The PostgreSQL server's backend processes connected to one database. */
async function backendPids(database: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await c.connect();
  try {
    return (await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database])).rows.map((r) => r.pid);
  } finally {
    await c.end();
  }
}

/** Whether the server answers the chair this call (a route that has not landed yet, or one refused to chairs, does not). */
async function exists(url: string, headers: Record<string, string>): Promise<boolean> {
  const res = await request(url, { headers });
  return res.status === 200;
}

async function measureChairDesk(
  server: RunningServer,
  probe: CpuProbe,
  seeded: Seeded,
  trackPapers: string[],
  deepCursor: string,
): Promise<{ rows: Measured[]; page: string[][] }> {
  const key = new TextEncoder().encode(BENCH_JWT_SECRET);
  const chair = bearer(await signToken({ sub: seeded.chair!.id, role: 'Editor' }, key));
  const api = `${server.url}/api`;
  const rand = rng(11);
  const randomPaper = () => trackPapers[Math.floor(rand() * trackPapers.length)]!;
  const at = (call: string, id: string) => `${api}${call.replaceAll(':id', id)}`;
  const label = (call: string) => `GET /api${call.replace('/:id', '/:paperId').replace('=:id', '=')}`;

  // The ranked list's page once its route has landed, else the page as it was.
  const ranked = await exists(at(RANKED, trackPapers[0]!), chair);
  if (!ranked) console.log(`GET /api${RANKED} does not answer: the paper page as it was before the ranked list is measured.`);
  const page = ranked ? RANKED_PAGE_STEPS : OLD_PAGE_STEPS;

  const rows: Measured[] = [];
  rows.push(
    await measure(
      probe,
      `GET /api/editor/papers?limit=${PAGE} (the chair's first page)`,
      () => [`${api}/editor/papers?limit=${PAGE}`],
      chair,
    ),
  );
  rows.push(
    await measure(
      probe,
      `GET /api/editor/papers?limit=${PAGE}&cursor= (a deep page, ~90 % down)`,
      () => [`${api}/editor/papers?limit=${PAGE}&cursor=${deepCursor}`],
      chair,
    ),
  );
  let cursor: string | null = null;
  rows.push(
    await measure(
      probe,
      `GET /api/editor/papers?limit=${PAGE} (walking the cursor)`,
      () => [`${api}/editor/papers?limit=${PAGE}${cursor ? `&cursor=${cursor}` : ''}`],
      chair,
      (_b, res) => {
        cursor = (res.headers['x-next-cursor'] as string | undefined) ?? null;
      },
    ),
  );
  for (const call of [PAPER, ...(ranked ? [RANKED] : []), SUGGESTED, STATUSES, CONFLICTED, REVIEWS]) {
    rows.push(await measure(probe, `${label(call)} (random paper of the track)`, () => [at(call, randomPaper())], chair));
  }
  rows.push(
    await measure(
      probe,
      `the paper page: ${page.map((step) => step.length).join(' then ')} calls at once, to the last answer`,
      () => {
        const id = randomPaper();
        return page.map((step) => step.map((call) => at(call, id)));
      },
      chair,
    ),
  );
  return { rows, page };
}

runBench(
  `chair-desk: ${PAPERS.toLocaleString('en-US')} papers in 4 tracks, ${REVIEWERS.toLocaleString('en-US')} reviewers, a chair of one track`,
  async () => {
    printMachine();
    const webDir = ensureWebDir();
    const from = serverSources();
    console.log(`${from.note}.`);
    const seedRows: Array<Array<string | number>> = [];
    const rows: Array<Array<string | number>> = [];
    const drivers: Array<'embedded' | 'postgres'> = ['embedded'];
    if (process.env.BENCH_EMBEDDED_ONLY) console.log('BENCH_EMBEDDED_ONLY: embedded PostgreSQL only.');
    else if (await postgresAvailable()) drivers.push('postgres');
    else console.log('PostgreSQL is not answering: embedded PostgreSQL only.');
    let shape = '';
    let page: string[][] = [];

    for (const driver of drivers) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'imse-bench-chair-'));
      onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
      const fresh = driver === 'postgres' ? await freshPostgresDatabase() : undefined;
      const databaseUrl = fresh?.url;
      const database = await connectDatabase({ databaseUrl, dataDir });
      const started = performance.now();
      const seeded = await seedReviewDesk(database.db, {
        papers: PAPERS,
        reviewers: REVIEWERS,
        tracks: true,
        bidsPerReviewer: BIDS_PER_REVIEWER,
        chairTrackId: CHAIR_TRACK,
      });
      const seedSeconds = (performance.now() - started) / 1000;
      // What autovacuum does after a bulk load (statistics, the visibility map), and the checkpoint after it, done
      // now: otherwise they run during the measurements and their CPU counts as the requests'.
      await database.db.execute(sql`vacuum analyze`);
      await database.db.execute(sql`checkpoint`);
      const trackPapers = seeded.paperIds.filter((_, i) => seeded.paperTracks[i] === CHAIR_TRACK);
      // Newest first: the cursor of the page about 90 % of the way down the chair's list.
      const newestFirst = [...trackPapers].sort().reverse();
      const deepCursor = newestFirst[Math.floor(newestFirst.length * 0.9)]!;
      const [stats] = rowsOf<{ conflicted: string; declared: string }>(
        await database.db.execute(sql`
      select (select count(*) from bids where bid = 'conflict') as conflicted, (select count(*) from declared_conflicts) as declared`),
      );
      shape =
        `${trackPapers.length.toLocaleString('en-US')} of ${PAPERS.toLocaleString('en-US')} papers in the chair's track; ` +
        `${seeded.bids.toLocaleString('en-US')} bids (${Number(stats!.conflicted).toLocaleString('en-US')} of them conflict bids); ` +
        `${Number(stats!.declared).toLocaleString('en-US')} declared conflicts; 2 co-authors and 3 review statuses a paper`;
      await database.close();
      seedRows.push([driver, seeded.rows.toLocaleString('en-US'), fmt(seedSeconds, 1), fmt(seeded.rows / seedSeconds, 0)]);

      const server = await startServer({ webDir, dataDir, databaseUrl, sourcesIn: from.sourcesIn });
      const probe: CpuProbe = fresh
        ? { server: server.pid, database: () => backendPids(fresh.name) }
        : {
            server: server.pid,
            database: async () => embeddedDatabasePids(dataDir),
            reaped: () => childrenCpuMs(embeddedDatabasePids(dataDir)[0] ?? 0),
          };
      const measured = await measureChairDesk(server, probe, seeded, trackPapers, deepCursor);
      page = measured.page;
      await server.stop();
      for (const m of measured.rows) {
        rows.push([
          m.name,
          driver,
          fmt(m.p50, 1),
          fmt(m.p95, 1),
          fmt(m.max, 1),
          fmt(m.serverCpu, 1),
          fmt(m.dbCpu, 1),
          m.items,
          fmt(m.kb, 1),
          verdict(m.p95 <= TARGET_P95_MS),
        ]);
      }
    }

    console.log(`Seeded: ${shape}.`);
    console.log('Seeding (batched drizzle inserts; the VACUUM ANALYZE and CHECKPOINT after it not counted):');
    printTable(['database', 'rows', 'seconds', 'rows/s'], seedRows);
    console.log(`The chair's paper page loads ${page.map((step) => step.map((c) => `GET /api${c}`).join(' and ')).join(', then ')}.`);
    console.log(`Latency as the chair, ${SAMPLES} sequential rounds each after ${WARMUP} warm-up, keep-alive client on loopback:`);
    console.log(
      "CPU ms: per request (per round for the page), of the server process and of the database's processes (on the PostgreSQL server without its parallel workers).",
    );
    printTable(
      ['request', 'database', 'p50 ms', 'p95 ms', 'max ms', 'server CPU ms', 'db CPU ms', 'items', 'KB', `p95 ≤ ${TARGET_P95_MS} ms`],
      rows,
    );
  },
);
