// Automatic assignment at NeurIPS scale: 20,000 papers × 20,000 reviewers (tags as in the review-desk bench),
// random bids on 5 % of the pairs, 1 % of the pairs conflicted (same institution), 3 reviewers per paper,
// at most 4 papers per reviewer. Prints the time to the preview answer, to apply, the peak RSS, the pairs,
// the total score and the bound it is proven optimal against.
// Run alone: node --import tsx bench/assign.ts   (BENCH_PAPERS, BENCH_REVIEWERS, BENCH_BID_PERCENT to change the scale)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { signToken } from '../src/server/auth/tokens';
import { connectDatabase } from '../src/server/db/connect';
import { freshPostgresDatabase, postgresAvailable } from './lib/postgres';
import { seedReviewDesk } from './lib/seed';
import { BENCH_JWT_SECRET } from './lib/server';
import { fmt, onCleanup, printMachine, printTable, runBench, verdict } from './lib/util';

const PAPERS = Number(process.env.BENCH_PAPERS ?? 20_000);
const REVIEWERS = Number(process.env.BENCH_REVIEWERS ?? 20_000);
const BID_PERCENT = Number(process.env.BENCH_BID_PERCENT ?? 5);
const DOMAINS = 100; // one pair in 100 shares an institution: 1 % conflicts
const BODY = { reviewersPerPaper: 3, maxPapersPerReviewer: 4 };

interface Measured {
  label: string; ms: number; serverMs: number; serializeMs: number; bytes: number; rssBeforeMb: number; peakRssMb: number;
  assigned: number; totalScore: number; bound: { pairs: number; totalScore: number }; unfilled: number; rounds: number; candidatePairs: number; phases: number; timings: Record<string, number>;
}

/** In its own process, so its peak RSS is the server's alone: build the app on the database, then preview and apply. */
async function measure(databaseUrl: string, editorId: string): Promise<void> {
  const { buildApp } = await import('../src/server/app');
  const { loadConfig } = await import('../src/server/config');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'imse-bench-assign-'));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', JWT_SECRET: BENCH_JWT_SECRET }), { logger: false });
  const token = await signToken({ sub: editorId, role: 'Editor' }, new TextEncoder().encode(BENCH_JWT_SECRET));
  const out: Measured[] = [];
  for (const apply of [false, true]) {
    global.gc?.();
    const rssBeforeMb = process.memoryUsage().rss / 2 ** 20;
    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/editor/auto-assign', payload: { ...BODY, apply }, headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
    const body = JSON.parse(res.body) as { unfilled: unknown[]; stats: { ms: number; assigned: number; totalScore: number; bound: Measured['bound']; rounds: number; candidatePairs: number; phases: number; timings: Record<string, number> } };
    // What serializing the answer alone costs (the route does it once inside `ms`).
    const s0 = performance.now();
    JSON.stringify(JSON.parse(res.body));
    const serializeMs = performance.now() - s0;
    out.push({
      label: apply ? 'apply' : 'preview', ms, serverMs: body.stats.ms, serializeMs, bytes: res.body.length, rssBeforeMb,
      peakRssMb: process.resourceUsage().maxRSS / 1024, assigned: body.stats.assigned, totalScore: body.stats.totalScore,
      bound: body.stats.bound, unfilled: body.unfilled.length, rounds: body.stats.rounds, candidatePairs: body.stats.candidatePairs, phases: body.stats.phases, timings: body.stats.timings,
    });
  }
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`RESULT ${JSON.stringify(out)}`);
}

async function seed(url: string): Promise<{ editorId: string; bids: number; conflictedPairs: number }> {
  const database = await connectDatabase({ databaseUrl: url, dataDir: mkdtempSync(path.join(os.tmpdir(), 'imse-bench-assign-seed-')) });
  const seeded = await seedReviewDesk(database.db, { papers: PAPERS, reviewers: REVIEWERS });
  await database.close();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    // A fresh call for papers: no earlier assignments; authors and reviewers spread over DOMAINS institutions.
    await c.query('delete from comments');
    await c.query('delete from review_statuses');
    await c.query(`update users set email = split_part(email, '@', 1) || '@inst' || (abs(hashtext(id)) % ${DOMAINS}) || '.example' where role in ('Author', 'Reviewer')`);
    // Issue 12's table, created here only when its migration is not there yet.
    await c.query('create table if not exists bids (paper_id text not null, reviewer_id text not null, bid text not null)');
    // Each paper bid on by a window of BID_PERCENT % of the reviewers (in id order, which is random), from a random start.
    const perPaper = Math.round((REVIEWERS * BID_PERCENT) / 100);
    const t0 = performance.now();
    await c.query(`
      with r as (select id, (row_number() over (order by id) - 1)::int as i from users where role = 'Reviewer'),
           p as (select id, abs(hashtext(id)) % ${REVIEWERS} as start from papers)
      insert into bids (paper_id, reviewer_id, bid)
      select p.id, r.id, (array['eager', 'willing', 'not-willing', 'conflict'])[1 + (abs(hashtext(p.id || k::text)) % 4)]
      from p cross join generate_series(0, ${perPaper - 1}) k join r on r.i = (p.start + k) % ${REVIEWERS}`);
    await c.query('analyze');
    const bids = Number((await c.query<{ n: string }>('select count(*) as n from bids')).rows[0]!.n);
    const conflictedPairs = Number((await c.query<{ n: string }>(`
      select sum(a.n * b.n) as n from
        (select split_part(u.email, '@', 2) d, count(*) n from papers p join users u on u.id = p.author_id group by 1) a
        join (select split_part(email, '@', 2) d, count(*) n from users where role = 'Reviewer' group by 1) b using (d)`)).rows[0]!.n);
    console.log(`seeded ${bids.toLocaleString('en-US')} bids in ${fmt((performance.now() - t0) / 1000)} s`);
    return { editorId: seeded.editorId, bids, conflictedPairs };
  } finally {
    await c.end();
  }
}

if (process.argv[2] === '--measure') {
  measure(process.argv[3]!, process.argv[4]!).catch((err) => { console.error(err); process.exit(1); });
} else {
  runBench(`assign: ${PAPERS.toLocaleString('en-US')} papers × ${REVIEWERS.toLocaleString('en-US')} reviewers, 3 per paper, ≤ 4 per reviewer`, async () => {
    printMachine();
    if (!(await postgresAvailable())) throw new Error('No PostgreSQL on 127.0.0.1:5432 (BENCH_POSTGRES_URL)');
    const db = await freshPostgresDatabase();
    onCleanup(db.drop);
    const t0 = performance.now();
    const { editorId, bids, conflictedPairs } = await seed(db.url);
    const pairs = PAPERS * REVIEWERS;
    console.log(`seeded in ${fmt((performance.now() - t0) / 1000)} s: ${PAPERS} papers, ${REVIEWERS} reviewers, ${bids.toLocaleString('en-US')} bids (${fmt((100 * bids) / pairs, 2)} % of pairs), ${conflictedPairs.toLocaleString('en-US')} same-institution pairs (${fmt((100 * conflictedPairs) / pairs, 2)} %)`);
    const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/assign.ts', '--measure', db.url, editorId], { encoding: 'utf8', maxBuffer: 1 << 26 });
    if (run.status !== 0) throw new Error(`measure failed: ${run.stderr}`);
    const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '));
    const results = JSON.parse(line!.slice(7)) as Measured[];
    printTable(['step', 'answer (s)', 'in service (s)', 'JSON (ms)', 'body (MB)', 'RSS before (MB)', 'peak RSS (MB)', 'pairs', 'total score', 'bound: pairs / score', 'unfilled', 'rounds', 'candidates', 'phases', 'target'],
      results.map((r) => [r.label, fmt(r.ms / 1000, 2), fmt(r.serverMs / 1000, 2), fmt(r.serializeMs, 0), fmt(r.bytes / 2 ** 20, 1), fmt(r.rssBeforeMb, 0), fmt(r.peakRssMb, 0),
        r.assigned.toLocaleString('en-US'), r.totalScore.toLocaleString('en-US'), `${r.bound.pairs.toLocaleString('en-US')} / ${r.bound.totalScore.toLocaleString('en-US')}`,
        r.unfilled, r.rounds, r.candidatePairs.toLocaleString('en-US'), r.phases,
        verdict(r.ms <= (r.label === 'preview' ? 30_000 : 60_000) && r.peakRssMb - results[0]!.rssBeforeMb <= 1024)]));
    for (const r of results) console.log(`${r.label}: time in the service by step (ms): ${JSON.stringify(r.timings)}`);
  });
}
