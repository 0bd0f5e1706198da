// Editions (decision 0060): the time to open the next edition with a full one behind it (3,000 papers, their
// reviews, bids and comments), and what the edition views cost a query against the tables below them.
// Run alone: node --expose-gc --import tsx bench/editions.ts   (BENCH_EDITION_PAPERS=3000)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { connectDatabase } from '../src/server/db/connect';
import { openEdition } from '../src/server/services/editions/editions';
import { CARRY_OVER } from '../src/core/api/editions';
import { freshPostgresDatabase, postgresAvailable } from './lib/postgres';
import { seedReviewDesk } from './lib/seed';
import { fmt, onCleanup, printMachine, printTable, runBench } from './lib/util';

const PAPERS = Number(process.env.BENCH_EDITION_PAPERS ?? 3000);

runBench('Editions: opening the next one, and the views', async () => {
  if (!(await postgresAvailable())) {
    console.log('No PostgreSQL server at BENCH_POSTGRES_URL or 127.0.0.1:5432: skipped.');
    return;
  }
  printMachine();
  const pg = await freshPostgresDatabase();
  onCleanup(() => pg.drop());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-editions-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const database = await connectDatabase({ databaseUrl: pg.url, dataDir });
  onCleanup(() => database.close());
  const { db } = database;
  const seeded = await seedReviewDesk(db, { papers: PAPERS, reviewers: Math.round(PAPERS / 5), tracks: true, bidsPerReviewer: 20 });
  const count = async (q: string) => Number(((await db.execute(sql.raw(q))) as unknown as { rows: [{ n: number }] }).rows[0].n);
  const rows = {
    papers: await count('select count(*)::int as n from papers'),
    reviews: await count('select count(*)::int as n from review_statuses'),
    bids: await count('select count(*)::int as n from bids'),
  };

  // A query through the view against the same query on the table below it, the median of 15 runs each.
  const median = async (q: string) => {
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const t0 = performance.now();
      await db.execute(sql.raw(q));
      times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b)[7]!;
  };
  const list = (from: string, statuses: string) =>
    `select p.id, p.title, count(s.reviewer_id) from ${from} p left join ${statuses} s on s.paper_id = p.id group by p.id, p.title order by p.title limit 50`;
  const viewMs = await median(list('papers', 'review_statuses'));
  const tableMs = await median(list('papers_all', 'review_statuses_all'));

  const t0 = performance.now();
  await openEdition({ db, body: { year: 2027, carry: [...CARRY_OVER] }, editor: { id: seeded.editorId, ip: '127.0.0.1' } });
  const openMs = performance.now() - t0;
  const after = await count('select count(*)::int as n from papers');
  const kept = await count("select count(*)::int as n from papers_all where edition_id = 'edition-2026'");
  const viewAfterMs = await median(list('papers', 'review_statuses'));

  printTable(
    ['figure', 'value'],
    [
      ['papers / review rows / bids in the first edition', `${rows.papers} / ${rows.reviews} / ${rows.bids}`],
      ['open the next edition, carrying everything that may carry (ms)', fmt(openMs)],
      ["papers in the new edition's view / kept in the first", `${after} / ${kept}`],
      ['editor list query through the views, first edition (ms, median of 15)', fmt(viewMs, 2)],
      ['same query on the tables below, no edition filter (ms)', fmt(tableMs, 2)],
      ['same query through the views in the new, empty edition (ms)', fmt(viewAfterMs, 2)],
    ],
  );
});
