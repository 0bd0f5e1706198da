// The publication profiles and the stored affinities in the product (decision 0076), on a fresh PostgreSQL database:
// a 500-entry BibTeX file (abstracts included) imported through the product's import (parsed in its worker thread,
// deduplicated, stored in one transaction); a whole refresh of 1,000 papers × 1,000 reviewers with 20 publications
// each (read, computed in the worker thread with the explanations of the top 100 pairs, written); and the chair's
// ranked list of one paper read from the store (p50, p95).
// Run alone: node --import tsx bench/affinity-store.ts   (BENCH_PAPERS / BENCH_REVIEWERS to change the scale)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { newId } from '../src/core/ids';
import { connectDatabase } from '../src/server/db/connect';
import { papers, publications, users } from '../src/server/db/schema';
import { paperAffinities } from '../src/server/services/affinity/read-affinities';
import { refreshOnce, requestAffinityRefresh } from '../src/server/services/affinity/refresh';
import { importPublications } from '../src/server/services/publications/publications';
import { makePaper, makeProfile } from './lib/expertise-texts';
import { freshPostgresDatabase, postgresAvailable } from './lib/postgres';
import { fmt, percentile, printMachine, printTable, runBench } from './lib/util';

const PAPERS = Number(process.env.BENCH_PAPERS ?? 1000);
const REVIEWERS = Number(process.env.BENCH_REVIEWERS ?? 1000);
const PER_REVIEWER = 20;
const SAMPLES = 200;

/** A BibTeX file of `n` entries as a reference manager writes it, each with an abstract. */
function bibtexFile(n: number): string {
  return makeProfile(7, n)
    .map(
      (p, i) =>
        `@article{key${i},\n  author = {M{\\"u}ller, Jana and Wei, Li},\n  title = {${p.title} ${i}},\n  journal = {Journal of Things},\n  year = {${p.year}},\n  doi = {10.5555/bench.${i}},\n  abstract = {${p.abstract}}\n}\n`,
    )
    .join('\n');
}

runBench('Affinity store: import, refresh, ranked list', async () => {
  if (!(await postgresAvailable())) {
    console.log('No PostgreSQL server: nothing measured.');
    return;
  }
  printMachine();
  const pgdb = await freshPostgresDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'affinity-bench-'));
  const database = await connectDatabase({ databaseUrl: pgdb.url, dataDir });
  const { db } = database;
  const rows: Array<Array<string | number>> = [];
  try {
    // 1. Import.
    const [person] = await db
      .insert(users)
      .values({ id: newId(), name: 'Jana Müller', email: 'jana@bench.example', role: 'Reviewer', passwordHash: 'x' })
      .returning();
    const file = new TextEncoder().encode(bibtexFile(500));
    for (let run = 0; run < 3; run++) {
      await db.delete(publications).where(sql`user_id = ${person!.id}`);
      const started = performance.now();
      const cpu = process.cpuUsage();
      const result = await importPublications({ db, userId: person!.id, bytes: file });
      const used = process.cpuUsage(cpu);
      rows.push([
        `import 500 BibTeX entries (${fmt(file.length / 1024, 0)} KB), run ${run + 1}`,
        fmt(performance.now() - started, 0),
        `${result.added} added; ${fmt((used.user + used.system) / 1000, 0)} ms of CPU in this process (worker included)`,
      ]);
    }
    await db.delete(publications);
    await db.delete(users);

    // 2. A whole refresh.
    const author = newId();
    await db.insert(users).values({ id: author, name: 'Author', email: 'a@bench.example', role: 'Author', passwordHash: 'x' });
    for (let i = 0; i < PAPERS; i += 500) {
      await db.insert(papers).values(
        Array.from({ length: Math.min(500, PAPERS - i) }, (_, j) => {
          const p = makePaper(i + j);
          return { id: `paper-${i + j}`, authorId: author, title: p.title, abstract: p.abstract };
        }),
      );
    }
    for (let r = 0; r < REVIEWERS; r += 100) {
      const people = Array.from({ length: Math.min(100, REVIEWERS - r) }, (_, j) => ({
        id: `reviewer-${r + j}`,
        name: `Reviewer ${r + j}`,
        email: `r${r + j}@bench.example`,
        role: 'Reviewer' as const,
        passwordHash: 'x',
      }));
      await db.insert(users).values(people);
      await db.insert(publications).values(
        people.flatMap((u, j) =>
          makeProfile(r + j, PER_REVIEWER).map((p, k) => ({
            id: newId(),
            userId: u.id,
            title: p.title,
            abstract: p.abstract ?? '',
            year: p.year ?? null,
            source: 'manual' as const,
            dedupKey: `title:${k}`,
          })),
        ),
      );
    }
    await requestAffinityRefresh(db);
    const logged: Array<Record<string, number>> = [];
    const log = { info: (o: object) => logged.push(o as Record<string, number>), error: (o: object) => console.error(o) };
    const started = performance.now();
    const cpu = process.cpuUsage();
    const rssBefore = process.memoryUsage().rss;
    if (!(await refreshOnce(db, log))) throw new Error('the refresh did not run');
    const refreshMs = performance.now() - started;
    const refreshCpu = process.cpuUsage(cpu);
    const facts = logged[0]!;
    rows.push([
      `refresh ${PAPERS} papers × ${REVIEWERS} reviewers × ${PER_REVIEWER} publications`,
      fmt(refreshMs, 0),
      `${facts.pairs} pairs stored; read ${facts.readMs} ms, computed ${facts.computeMs} ms (worker), written ${facts.writeMs} ms; ${fmt((refreshCpu.user + refreshCpu.system) / 1000, 0)} ms of CPU in this process (worker included); server RSS +${fmt((process.memoryUsage().rss - rssBefore) / 2 ** 20, 0)} MB`,
    ]);

    // 3. The ranked list of one paper, read from the store (with the refresh state).
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t = performance.now();
      const list = await paperAffinities({ db, paperId: `paper-${(i * 37) % PAPERS}` });
      times.push(performance.now() - t);
      if (i === 0 && list.reviewers.length === 0) throw new Error('no stored pairs');
    }
    rows.push([
      `ranked list of one paper (top 100 with explanations), ${SAMPLES} reads`,
      fmt(percentile(times, 95), 1),
      `p50 ${fmt(percentile(times, 50), 1)} ms, p95 shown`,
    ]);
    printTable(['what', 'ms', 'notes'], rows);
  } finally {
    await database.close();
    await pgdb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
