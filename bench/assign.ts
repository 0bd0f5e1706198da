// Automatic assignment at NeurIPS scale: 20,000 papers × 20,000 reviewers (tags as in the review-desk bench),
// random bids on 5 % of the pairs, 1 % of the pairs conflicted (same institution), 3 reviewers per paper,
// at most 4 papers per reviewer. Prints the time to the preview answer, to apply, the peak RSS, the pairs,
// the total score and the bound it is proven optimal against.
// Run alone: node --import tsx bench/assign.ts   (BENCH_PAPERS, BENCH_REVIEWERS, BENCH_BID_PERCENT to change the scale;
// BENCH_KEEP_DB=1 keeps the seeded database, BENCH_DB_URL=<url> measures on a kept one without seeding)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { signToken } from '../src/server/auth/tokens';
import { connectDatabase } from '../src/server/db/connect';
import { freshPostgresDatabase, POSTGRES_ADMIN_URL, postgresAvailable } from './lib/postgres';
import { seedReviewDesk } from './lib/seed';
import { BENCH_JWT_SECRET } from './lib/server';
import { fmt, printMachine, printTable, runBench, verdict } from './lib/util';

const PAPERS = Number(process.env.BENCH_PAPERS ?? 20_000);
const REVIEWERS = Number(process.env.BENCH_REVIEWERS ?? 20_000);
const BID_PERCENT = Number(process.env.BENCH_BID_PERCENT ?? 5);
/** BENCH_KEEP_DB=1 keeps the seeded database; BENCH_DB_URL=<its url> measures on it again without seeding. */
const KEEP_DB = process.env.BENCH_KEEP_DB === '1';
const REUSE_URL = process.env.BENCH_DB_URL;
const DOMAINS = 100; // one pair in 100 shares an institution: 1 % conflicts
const BODY = { reviewersPerPaper: 3, maxPapersPerReviewer: 4 };

interface Measured {
  label: string;
  ms: number;
  serverMs: number;
  serializeMs: number;
  bytes: number;
  rssBeforeMb: number;
  peakRssMb: number;
  assigned: number;
  totalScore: number;
  bound: { pairs: number; totalScore: number };
  unfilled: number;
  rounds: number;
  candidatePairs: number;
  phases: number;
  timings: Record<string, number>;
}

/** In its own process, so its peak RSS is the server's alone: build the app on the database, then preview and apply. */
async function measure(databaseUrl: string, editorId: string): Promise<void> {
  const { buildApp } = await import('../src/server/app');
  const { loadConfig } = await import('../src/server/config');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'imse-bench-assign-'));
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', JWT_SECRET: BENCH_JWT_SECRET }),
    { logger: false },
  );
  const token = await signToken({ sub: editorId, role: 'Editor' }, new TextEncoder().encode(BENCH_JWT_SECRET));
  const out: Measured[] = [];
  for (const apply of [false, true]) {
    global.gc?.();
    const rssBeforeMb = process.memoryUsage().rss / 2 ** 20;
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/editor/auto-assign',
      payload: { ...BODY, apply },
      headers: { authorization: `Bearer ${token}` },
    });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
    const body = JSON.parse(res.body) as {
      unfilled: unknown[];
      stats: {
        ms: number;
        assigned: number;
        totalScore: number;
        bound: Measured['bound'];
        rounds: number;
        candidatePairs: number;
        phases: number;
        timings: Record<string, number>;
      };
    };
    // What serializing the answer alone costs (the route does it once inside `ms`).
    const s0 = performance.now();
    JSON.stringify(JSON.parse(res.body));
    const serializeMs = performance.now() - s0;
    out.push({
      label: apply ? 'apply' : 'preview',
      ms,
      serverMs: body.stats.ms,
      serializeMs,
      bytes: res.body.length,
      rssBeforeMb,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      assigned: body.stats.assigned,
      totalScore: body.stats.totalScore,
      bound: body.stats.bound,
      unfilled: body.unfilled.length,
      rounds: body.stats.rounds,
      candidatePairs: body.stats.candidatePairs,
      phases: body.stats.phases,
      timings: body.stats.timings,
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
    await c.query(
      `update users set email = split_part(email, '@', 1) || '@inst' || (abs(hashtext(id)) % ${DOMAINS}) || '.example' where role in ('Author', 'Reviewer')`,
    );
    // The bids table (docs/product.md#the-review-cycle), created here only when its migration is not there yet.
    await c.query('create table if not exists bids (paper_id text not null, reviewer_id text not null, bid text not null)');
    // Each paper bid on by a window of BID_PERCENT % of the reviewers (in id order, which is random), from a random start.
    const perPaper = Math.round((REVIEWERS * BID_PERCENT) / 100);
    const t0 = performance.now();
    // 20 M rows one by one through a primary key, a second index and two foreign keys took 774 s (random
    // b-tree inserts, a foreign-key lookup per row). So: the table's own constraints and indexes (read from
    // the catalog, so they stay whatever the migrations made) are dropped, the rows inserted in one statement,
    // then the indexes rebuilt by sorting and the foreign keys validated in one pass each: the same table in
    // the end.
    const defs = (
      await c.query<{ name: string; def: string; kind: string }>(`
      select conname as name, pg_get_constraintdef(oid) as def, contype as kind from pg_constraint where conrelid = 'bids_all'::regclass
      union all
      select i.relname, pg_get_indexdef(i.oid), 'i' from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = 'bids_all'::regclass and not exists (select 1 from pg_constraint k where k.conindid = i.oid and k.conrelid = x.indrelid)`)
    ).rows;
    for (const d of defs.filter((d) => d.kind === 'f')) await c.query(`alter table bids_all drop constraint ${d.name}`);
    for (const d of defs.filter((d) => d.kind !== 'f' && d.kind !== 'i')) await c.query(`alter table bids_all drop constraint ${d.name}`);
    for (const d of defs.filter((d) => d.kind === 'i')) await c.query(`drop index ${d.name}`);
    await c.query(`
      with r as (select id, (row_number() over (order by id) - 1)::int as i from users where role = 'Reviewer'),
           p as (select id, abs(hashtext(id)) % ${REVIEWERS} as start from papers)
      insert into bids (paper_id, reviewer_id, bid)
      select p.id, r.id, (array['eager', 'willing', 'not-willing', 'conflict'])[1 + (abs(hashtext(p.id || k::text)) % 4)]
      from p cross join generate_series(0, ${perPaper - 1}) k join r on r.i = (p.start + k) % ${REVIEWERS}`);
    const steps: string[] = [`insert ${fmt((performance.now() - t0) / 1000)} s`];
    const step = async (label: string, sql: string) => {
      const t = performance.now();
      await c.query(sql);
      steps.push(`${label} ${fmt((performance.now() - t) / 1000)} s`);
    };
    await c.query(`set maintenance_work_mem = '512MB'`);
    for (const d of defs.filter((d) => d.kind !== 'f' && d.kind !== 'i'))
      await step(d.name, `alter table bids_all add constraint ${d.name} ${d.def}`);
    for (const d of defs.filter((d) => d.kind === 'i')) await step(d.name, d.def);
    for (const d of defs.filter((d) => d.kind === 'f')) await step(d.name, `alter table bids_all add constraint ${d.name} ${d.def}`);
    // What autovacuum would do after such an insert: statistics and the visibility map.
    await step('vacuum analyze', 'vacuum analyze bids');
    await c.query('analyze');
    console.log(`bids seeded by step: ${steps.join(', ')}`);
    const bids = Number((await c.query<{ n: string }>('select count(*) as n from bids')).rows[0]!.n);
    const conflictedPairs = Number(
      (
        await c.query<{ n: string }>(`
      select sum(a.n * b.n) as n from
        (select split_part(u.email, '@', 2) d, count(*) n from papers p join users u on u.id = p.author_id group by 1) a
        join (select split_part(email, '@', 2) d, count(*) n from users where role = 'Reviewer' group by 1) b using (d)`)
      ).rows[0]!.n,
    );
    console.log(`seeded ${bids.toLocaleString('en-US')} bids in ${fmt((performance.now() - t0) / 1000)} s`);
    return { editorId: seeded.editorId, bids, conflictedPairs };
  } finally {
    await c.end();
  }
}

/** A new database on the bench's server that outlives the run (freshPostgresDatabase drops its own). */
async function keptDatabase(): Promise<{ url: string }> {
  const name = `imse_bench_assign_kept_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString() };
}

/** A kept database as the seed left it: the assignments an earlier apply recorded removed. */
async function resetKept(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('delete from review_statuses');
    return (await c.query<{ id: string }>(`select id from users where role = 'Editor' order by id limit 1`)).rows[0]!.id;
  } finally {
    await c.end();
  }
}

if (process.argv[2] === '--measure') {
  measure(process.argv[3]!, process.argv[4]!).catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  runBench(
    `assign: ${PAPERS.toLocaleString('en-US')} papers × ${REVIEWERS.toLocaleString('en-US')} reviewers, 3 per paper, ≤ 4 per reviewer`,
    async () => {
      printMachine();
      if (!(await postgresAvailable())) throw new Error('No PostgreSQL on 127.0.0.1:5432 (BENCH_POSTGRES_URL)');
      let url: string;
      let editorId: string;
      if (REUSE_URL) {
        url = REUSE_URL;
        editorId = await resetKept(url);
        console.log(`reusing ${url} (its earlier apply undone)`);
      } else {
        const db = KEEP_DB ? await keptDatabase() : await freshPostgresDatabase();
        if (KEEP_DB) console.log(`BENCH_KEEP_DB: keeping ${db.url} (drop it when done; rerun on it with BENCH_DB_URL=${db.url})`);
        const t0 = performance.now();
        const seeded = await seed(db.url);
        const pairs = PAPERS * REVIEWERS;
        console.log(
          `seeded in ${fmt((performance.now() - t0) / 1000)} s: ${PAPERS} papers, ${REVIEWERS} reviewers, ${seeded.bids.toLocaleString('en-US')} bids (${fmt((100 * seeded.bids) / pairs, 2)} % of pairs), ${seeded.conflictedPairs.toLocaleString('en-US')} same-institution pairs (${fmt((100 * seeded.conflictedPairs) / pairs, 2)} %)`,
        );
        url = db.url;
        editorId = seeded.editorId;
      }
      console.log(
        `load average before measuring: ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(', ')} (1, 5, 15 min) on ${os.availableParallelism()} cores`,
      );
      const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/assign.ts', '--measure', url, editorId], {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      });
      if (run.status !== 0) throw new Error(`measure failed: ${run.stderr}`);
      const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '));
      const results = JSON.parse(line!.slice(7)) as Measured[];
      printTable(
        [
          'step',
          'answer (s)',
          'in service (s)',
          'JSON (ms)',
          'body (MB)',
          'RSS before (MB)',
          'peak RSS (MB)',
          'pairs',
          'total score',
          'bound: pairs / score',
          'unfilled',
          'rounds',
          'candidates',
          'phases',
          'target',
        ],
        results.map((r) => [
          r.label,
          fmt(r.ms / 1000, 2),
          fmt(r.serverMs / 1000, 2),
          fmt(r.serializeMs, 0),
          fmt(r.bytes / 2 ** 20, 1),
          fmt(r.rssBeforeMb, 0),
          fmt(r.peakRssMb, 0),
          r.assigned.toLocaleString('en-US'),
          r.totalScore.toLocaleString('en-US'),
          `${r.bound.pairs.toLocaleString('en-US')} / ${r.bound.totalScore.toLocaleString('en-US')}`,
          r.unfilled,
          r.rounds,
          r.candidatePairs.toLocaleString('en-US'),
          r.phases,
          verdict(r.ms <= (r.label === 'preview' ? 30_000 : 60_000) && r.peakRssMb - results[0]!.rssBeforeMb <= 1024),
        ]),
      );
      for (const r of results) console.log(`${r.label}: time in the service by step (ms): ${JSON.stringify(r.timings)}`);
    },
  );
}
