// Decision 0053: the abstract book at 3,000 accepted papers (BENCH_BOOK_PAPERS), each with a ~1,500-character abstract
// and 3–6 authors whose names mix Latin with accents, Devanagari and Thai, on a fresh database of the local PostgreSQL
// server. The book is made by track (every accepted paper) and by session (a published programme of 6 papers a
// session) through the service the routes call, while RSS and the V8 heap are sampled every 50 ms: time, peak
// memory, pages and size. Figures, not a test. The camera-ready bundle at 3,000 papers is bench/camera-ready-zip.ts
// with BENCH_ZIP_PAPERS=3000.
// Run alone: node --expose-gc --import tsx bench/abstract-book.ts
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import { CONFERENCE_FACTS_DEFAULTS } from '../src/core/conference-facts';
import { newId } from '../src/core/ids';
import type { PublishedSession } from '../src/core/program';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { cameraReady, paperCoAuthors, papers, programPublications, users } from '../src/server/db/schema';
import { renderAbstractBook } from '../src/server/services/programme-documents/programme-documents';
import { freshPostgresDatabase, postgresAvailable } from './lib/postgres';
import { fmt, onCleanup, printMachine, printTable, runBench } from './lib/util';

const N = Number(process.env.BENCH_BOOK_PAPERS ?? 3000);
const MiB = 1024 * 1024;

const GIVEN = [
  'Zoë',
  'Ångström',
  'José',
  'Łukasz',
  'Søren',
  'Chloé',
  'Müller',
  'Ada',
  'Ravi',
  'Mei',
  'अनीता',
  'प्रिया',
  'राहुल',
  'सुनीता',
  'สมชาย',
  'สุดารัตน์',
  'ประยุทธ์',
  'Nguyễn',
  'Ólafur',
  'Émilie',
];
const FAMILY = [
  'Ångström-Núñez',
  'Kowalski',
  'Dvořák',
  'Østergaard',
  'Lovelace',
  'शर्मा',
  'वर्मा',
  'कुमार',
  'ใจดี',
  'ศรีสุข',
  'Sørensen',
  'Fernández',
  'Çelik',
  'Yılmaz',
  'Tanaka',
  'García',
];
const AFFILIATIONS = [
  ['Chulalongkorn University', 'TH'],
  ['Indian Institute of Technology Delhi', 'IN'],
  ['Universitat de València', 'ES'],
  ['Uniwersytet Warszawski', 'PL'],
  ['Danmarks Tekniske Universitet', 'DK'],
  ['มหาวิทยาลัยมหิดล', 'TH'],
  ['भारतीय विज्ञान संस्थान', 'IN'],
  ['Universidade de São Paulo', 'BR'],
  ['ETH Zürich', 'CH'],
  ['University of Oxford', 'GB'],
] as const;
const WORDS = (
  'analysis model data network energy system learning method results performance materials study proposed approach optimisation control ' +
  'simulation experimental design structure dynamic thermal efficiency signal algorithm framework evaluation sustainable management process ' +
  'quality supply chain decision robust adaptive estimation measurement sensor wireless power grid renewable storage battery composite ' +
  'polymer ceramic corrosion surface nanoparticles temperature pressure stress strain fatigue crack growth prediction accuracy baseline ' +
  'dataset validation survey respondents regression statistical significant improvement reduction increase decrease observed compared ' +
  'the of and in to with for on by from a an is are was were this that these which its their than under over between across within'
).split(' ');

let seed = 42;
const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
const personName = () => `${pick(GIVEN)} ${pick(FAMILY)}`;
function sentence(words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(pick(WORDS));
  const s = out.join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}
function abstract(): string {
  let text = '';
  while (text.length < 1450) text += `${sentence(8 + Math.floor(rand() * 14))} `;
  return text.trim();
}

/** Peak RSS and heap while `work` runs, sampled every 50 ms. */
async function measure<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; rss: [number, number]; heap: [number, number] }> {
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  const heap0 = process.memoryUsage().heapUsed;
  let rss = rss0;
  let heap = heap0;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 50);
  const t0 = performance.now();
  const value = await work();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  const m = process.memoryUsage();
  return { value, seconds, rss: [rss0, Math.max(rss, m.rss)], heap: [heap0, Math.max(heap, m.heapUsed)] };
}

runBench(`Abstract book at ${N} papers`, async () => {
  printMachine();
  console.log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}\n`,
  );
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is not answering on BENCH_POSTGRES_URL');
  const fresh = await freshPostgresDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-book-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = await buildApp(
    loadConfig({
      DATABASE_URL: fresh.url,
      DATA_DIR: dataDir,
      FILE_STORE: 'disk',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      WEB_DIR: '/nonexistent',
    }),
    { web: false, logger: false },
  );
  onCleanup(() => app.close());
  await app.ready();
  const { db } = app.database;

  // The papers: a submitter each (3,000 accounts), 2–5 co-authors, tracks 1–4 in turn, every other one with a camera-ready row.
  const t0 = performance.now();
  const ids: { id: string; title: string; presenter: string }[] = [];
  let authorCount = 0;
  for (let b = 0; b < N; b += 500) {
    const userRows = [];
    const paperRows = [];
    const coRows = [];
    const finals = [];
    for (let i = b; i < Math.min(N, b + 500); i++) {
      const [affiliation, country] = pick(AFFILIATIONS);
      const user = {
        id: newId(),
        name: personName(),
        email: `author${i}@bench.example.org`,
        role: 'Author' as const,
        passwordHash: 'x',
        affiliation,
        country,
      };
      userRows.push(user);
      const id = newId();
      const title = sentence(6 + Math.floor(rand() * 8)).slice(0, -1);
      paperRows.push({
        id,
        authorId: user.id,
        title,
        abstract: abstract(),
        decision: 'Accepted' as const,
        notifiedDecision: 'Accepted' as const,
        trackId: `track-${1 + (i % 4)}`,
      });
      const co = 2 + Math.floor(rand() * 4);
      authorCount += 1 + co;
      for (let k = 0; k < co; k++) {
        const [aff, c] = pick(AFFILIATIONS);
        coRows.push({ paperId: id, position: k, name: personName(), email: `co${i}-${k}@bench.example.org`, affiliation: aff, country: c });
      }
      if (i % 2 === 0) finals.push({ paperId: id, storageKey: `bench-${id}`, size: 1, fileName: 'final.pdf' });
      ids.push({ id, title, presenter: user.name });
    }
    await db.insert(users).values(userRows);
    await db.insert(papers).values(paperRows);
    await db.insert(paperCoAuthors).values(coRows);
    if (finals.length) await db.insert(cameraReady).values(finals);
  }
  // A published programme: 6 papers a session, 10 sessions a day from 27 December (Bangkok).
  const sessions: PublishedSession[] = [];
  for (let s = 0; s * 6 < N; s++) {
    const day = Math.floor(s / 10);
    const slot = s % 10;
    const start = new Date(Date.UTC(2023, 11, 27 + day, 1 + slot, 0));
    sessions.push({
      _id: `s${s}`,
      title: `Session ${s + 1}: ${sentence(4).slice(0, -1)}`,
      track: `Track ${1 + (s % 4)}`,
      room: `Room ${1 + (s % 8)}`,
      link: '',
      start: start.toISOString(),
      end: new Date(start.getTime() + 55 * 60_000).toISOString(),
      chair: personName(),
      papers: ids
        .slice(s * 6, s * 6 + 6)
        .map((p) => ({ _id: p.id, title: p.title, presenter: p.presenter, presenterEmail: 'x@bench.example.org' })),
    });
  }
  await db.insert(programPublications).values({ sessions });
  console.log(
    `seeded ${N} accepted papers with ${authorCount} authors in all and ${sessions.length} published sessions in ${fmt((performance.now() - t0) / 1000, 1)} s\n`,
  );

  const rows: Array<Array<string | number>> = [];
  for (const by of ['track', 'session'] as const) {
    const r = await measure(() => renderAbstractBook({ db, files: app.files, conference: CONFERENCE_FACTS_DEFAULTS, by }));
    const bytes = r.value;
    const pages = (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
    rows.push([
      `by ${by}`,
      N,
      fmt(r.seconds, 1),
      fmt((r.seconds * 1000) / N, 1),
      pages,
      fmt(bytes.length / MiB, 1),
      fmt(r.rss[0] / MiB, 0),
      fmt(r.rss[1] / MiB, 0),
      fmt(r.heap[0] / MiB, 0),
      fmt(r.heap[1] / MiB, 0),
    ]);
    console.log(`by ${by}: ${fmt(r.seconds, 1)} s, ${pages} pages`);
  }
  console.log('');
  printTable(
    [
      'abstract book',
      'papers',
      'time s',
      'ms per paper',
      'pages',
      'size MiB',
      'RSS before MiB',
      'RSS peak MiB',
      'heap before MiB',
      'heap peak MiB',
    ],
    rows,
  );
  console.log(
    `load average at end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
});
