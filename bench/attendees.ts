// Decision 0047: the registration desk at 3,000 attendees (BENCH_ATTENDEES). Paid registrations with names in Latin
// (accented), Thai and Devanagari are written straight to a fresh database; then, over HTTP against the real app:
// the badges PDF for all of them (time, size, pages, the process's RSS peak), one page of the attendee list
// (first and deep, by cursor), every page of it, and the CSV. Figures, not a test.
// Run alone: node --expose-gc --import tsx bench/attendees.ts
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import { newId } from '../src/core/ids';
import { REGISTRATION_CATEGORIES } from '../src/core/registration';
import { buildApp } from '../src/server/app';
import { signToken } from '../src/server/auth/tokens';
import { loadConfig } from '../src/server/config';
import { registrations, users } from '../src/server/db/schema';
import { newDocumentCode } from '../src/server/documents/codes';
import { freshPostgresDatabase, postgresAvailable } from './lib/postgres';
import { rng } from './lib/seed';
import { fmt, onCleanup, percentile, printMachine, printTable, runBench } from './lib/util';

const ATTENDEES = Number(process.env.BENCH_ATTENDEES ?? 3000);
const mib = (bytes: number) => bytes / 1024 / 1024;

const GIVEN = [
  'Ana',
  'Somchai',
  'Priya',
  'Jean-Luc',
  'Zoë',
  'Nguyễn Văn',
  'Siobhán',
  'Rahul',
  'Mei',
  'Olusegun',
  'สมชาย',
  'प्रिया',
  'Łukasz',
  'José María',
];
const FAMILY = [
  'Núñez',
  'Sharma',
  'ใจดี',
  'शर्मा',
  'Picard',
  'Kowalczyk',
  'Okonkwo',
  'Tanaka',
  'García de la Fuente',
  'Müller-Lüdenscheidt',
  'An',
  'Chatterjee',
];
const PLACES = [
  'Chulalongkorn University',
  'Indian Institute of Technology Delhi',
  'Universidad de Chile, Facultad de Ciencias Físicas y Matemáticas',
  'Kasetsart University',
  'Politechnika Warszawska',
  'มหาวิทยาลัยเกษตรศาสตร์',
  'Hanoi University of Science and Technology',
  '',
];
const COUNTRIES = ['TH', 'IN', 'CL', 'PL', 'VN', 'NG', 'JP', 'DE', 'FR', 'US'];

runBench('attendees: badges PDF and the attendee list', async () => {
  printMachine();
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is not answering on BENCH_POSTGRES_URL');
  const fresh = await freshPostgresDatabase();
  onCleanup(() => fresh.drop());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-attendees-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    DATABASE_URL: fresh.url,
    DATA_DIR: dataDir,
    FILE_STORE: 'disk',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    WEB_DIR: '/nonexistent',
  });
  const app = await buildApp(config, { web: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  onCleanup(() => app.close());
  const { db } = app.database;

  const editorId = newId();
  await db.insert(users).values({ id: editorId, name: 'Editor', email: 'editor@bench.example.org', role: 'Editor', passwordHash: 'x' });
  const token = await signToken({ sub: editorId, role: 'Editor' }, app.tokenKey);
  const rand = rng(24);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const categories = REGISTRATION_CATEGORIES.map((c) => c.key);
  const rows = Array.from({ length: ATTENDEES }, (_, i) => ({
    id: newId(),
    code: newDocumentCode(),
    year: 2026,
    name: `${pick(GIVEN)} ${pick(FAMILY)}`,
    email: `attendee${i}@bench${i % 97}.example`,
    affiliation: pick(PLACES),
    country: pick(COUNTRIES),
    category: pick(categories),
    currency: 'USD' as const,
    listMinor: 25000,
    amountMinor: 25000,
    status: 'paid' as const,
    paidAt: new Date(),
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(registrations).values(rows.slice(i, i + 500));

  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;
  const auth = { authorization: `Bearer ${token}` };
  async function measure(
    url: string,
  ): Promise<{ ms: number; cpuMs: number; bytes: number; peak: number; before: number; res: Response; body: ArrayBuffer }> {
    global.gc?.();
    const cpu = process.cpuUsage();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const t0 = performance.now();
    const res = await fetch(`${base}${url}`, { headers: auth });
    const body = await res.arrayBuffer();
    const ms = performance.now() - t0;
    const used = process.cpuUsage(cpu);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
    return { ms, cpuMs: (used.user + used.system) / 1000, bytes: body.byteLength, peak, before, res, body };
  }

  const badges = await measure('/editor/badges.pdf');
  const pages = (await PDFDocument.load(badges.body)).getPageCount();
  // CPU time beside the wall time: on a shared machine the wall time is mostly waiting for a core.
  printTable(
    ['badges', 'pages', 'PDF size', 'time', 'CPU time', 'badges / CPU s', 'RSS before', 'RSS peak', 'RSS growth'],
    [
      [
        ATTENDEES,
        pages,
        `${fmt(mib(badges.bytes))} MiB`,
        `${fmt(badges.ms / 1000, 2)} s`,
        `${fmt(badges.cpuMs / 1000, 2)} s`,
        fmt(ATTENDEES / (badges.cpuMs / 1000), 0),
        `${fmt(mib(badges.before))} MiB`,
        `${fmt(mib(badges.peak))} MiB`,
        `${fmt(mib(badges.peak - badges.before))} MiB`,
      ],
    ],
  );

  // One page, first and deep (by cursor); the list by status and words; every page in turn; the CSV.
  const times = async (url: () => Promise<string> | string, n = 20) => {
    const ms: number[] = [];
    for (let i = 0; i < n; i++) ms.push((await measure(await url())).ms);
    return ms;
  };
  const first = await times(() => '/editor/attendees?limit=50');
  const deepCursor = async () => {
    let cursor = '';
    for (let i = 0; i < 30; i++) {
      const page = (await (
        await fetch(`${base}/editor/attendees?limit=50${cursor ? `&cursor=${cursor}` : ''}`, { headers: auth })
      ).json()) as { nextCursor: string | null };
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    return cursor;
  };
  const cursor = await deepCursor();
  const deep = await times(() => `/editor/attendees?limit=50&cursor=${cursor}`);
  const filtered = await times(() => `/editor/attendees?limit=50&status=paid&country=TH&q=${encodeURIComponent('university')}`);
  const t0 = performance.now();
  let n = 0;
  let next: string | null = '';
  do {
    const page = (await (await fetch(`${base}/editor/attendees?limit=200${next ? `&cursor=${next}` : ''}`, { headers: auth })).json()) as {
      attendees: unknown[];
      nextCursor: string | null;
    };
    n += page.attendees.length;
    next = page.nextCursor;
  } while (next);
  const allPages = performance.now() - t0;
  if (n !== ATTENDEES) throw new Error(`paged ${n} of ${ATTENDEES}`);
  const csv = await measure('/editor/attendees.csv');
  printTable(
    ['request', 'median', 'p95', 'size', 'RSS growth'],
    [
      ['first page (50)', `${fmt(percentile(first, 50))} ms`, `${fmt(percentile(first, 95))} ms`, '', ''],
      ['page after 1,500 (50, cursor)', `${fmt(percentile(deep, 50))} ms`, `${fmt(percentile(deep, 95))} ms`, '', ''],
      ['filtered page (paid, TH, "university")', `${fmt(percentile(filtered, 50))} ms`, `${fmt(percentile(filtered, 95))} ms`, '', ''],
      [`every page of 200 (${Math.ceil(ATTENDEES / 200)} requests)`, `${fmt(allPages)} ms in all`, '', '', ''],
      [
        `CSV of ${ATTENDEES}`,
        `${fmt(csv.ms)} ms (CPU ${fmt(csv.cpuMs)} ms)`,
        '',
        `${fmt(mib(csv.bytes), 2)} MiB`,
        `${fmt(mib(csv.peak - csv.before))} MiB`,
      ],
    ],
  );
});
