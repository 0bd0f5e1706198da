// The deliberation page (docs/product.md#deliberation): one paper with 5 reviews of 10 saved versions each, 50
// discussion posts, a meta-review, an authors' response and 3 review questions answered, among a background of
// BENCH_PAPERS other papers with a few reviews, versions and posts each (so that indexes matter). Measured: every
// call of the editor's (and a track chair's) paper page and of a reviewer's paper page, alone and as each page
// makes them (the loader's calls at once, then the calls its panels make when they show, at once), to the last
// answer, on the embedded PostgreSQL (and on a PostgreSQL server with BENCH_POSTGRES=1).
// Run alone: node --import tsx bench/deliberation.ts   (BENCH_PAPERS / BENCH_REVIEWERS / BENCH_SAMPLES / BENCH_POSTGRES)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { newId } from '../src/core/ids';
import { signToken } from '../src/server/auth/tokens';
import { connectDatabase, type Db } from '../src/server/db/connect';
import {
  authorResponses,
  discussionPosts,
  metaReviews,
  paperFiles,
  papers,
  reviewQuestions,
  reviews,
  reviewStatuses,
  reviewVersions,
} from '../src/server/db/schema';
import { bearer, request } from './lib/http';
import { freshPostgresDatabase, POSTGRES_ADMIN_URL, postgresAvailable } from './lib/postgres';
import { rng, seedReviewDesk, type Seeded } from './lib/seed';
import { serverSources } from './lib/stale-build';
import { BENCH_JWT_SECRET, embeddedDatabasePids, startServer, type RunningServer } from './lib/server';
import { cpuMs, ensureWebDir, fmt, onCleanup, percentile, printMachine, printTable, runBench, verdict } from './lib/util';

const PAPERS = Number(process.env.BENCH_PAPERS ?? 2_000);
const REVIEWERS = Number(process.env.BENCH_REVIEWERS ?? 1_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const WARMUP = 10;
/** The whole page, to its last answer, at p95 (the brief's target); each call alone is held to it too. */
const TARGET_P95_MS = 100;
const TRACK = 'track-2';
const REVIEWS_ON_PAPER = 5;
const VERSIONS_PER_REVIEW = 10;
const POSTS_ON_PAPER = 50;

// The calls (paths under /api; :id the paper, :reviewerId a reviewer of it, :me the caller).
const PAPER = '/editor/papers/:id';
const RANKED = '/editor/papers/:id/ranked-reviewers?limit=50';
const REVIEWS = '/editor/papers/:id/reviews';
const DISCUSSION = '/papers/:id/discussion';
const META = '/editor/papers/:id/meta-review';
const VERSIONS = '/editor/papers/:id/reviews/:reviewerId/versions';
const ASSIGNED = '/reviewer/assigned-papers/:me';
const OWN_REVIEW = '/reviewer/review/:id';
const DEADLINES = '/deadlines';
const FORM = '/review-form';
const OTHER = '/reviewer/papers/:id/other-reviews';

/**
 * The pages as they load (src/web/routes/editor/editor-view-more.tsx and reviewer/reviewer-paper.tsx): the
 * loader's calls at once; once it has rendered, the panels' effects at once — DiscussionPanel (in PaperDetails,
 * chair-paper-details.tsx) and MetaReviewPanel. A review's versions are read when its "History" disclosure is
 * opened (review-history.tsx; until 2026-11-24 each review's were read with the page: 5 more calls, 346 KB), so
 * they are measured alone ("one review's versions"), not in the page. A track chair's loader reads the
 * paper alone first (a conflicted chair sees no more). The reviewer's loader reads the review form once for the
 * form and the other reviews (until 2026-11-24 each asked: twice).
 */
const versionsOfEach = (reviewers: string[]) => reviewers.map((r) => VERSIONS.replace(':reviewerId', r));
/** `reviewers`: the reviews whose versions the page reads as it loads (none since the history loads on opening). */
const editorPage = (reviewers: string[]) => [
  [PAPER, RANKED, REVIEWS],
  [DISCUSSION, META, ...versionsOfEach(reviewers)],
];
const chairPage = (reviewers: string[]) => [[PAPER], [RANKED, REVIEWS], [DISCUSSION, META, ...versionsOfEach(reviewers)]];
const REVIEWER_PAGE = [
  [ASSIGNED, OWN_REVIEW, DEADLINES, FORM],
  [OTHER, DISCUSSION],
];

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

/** As in chair-desk.ts: the server's and the database's processes, whose CPU time a request costs. */
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
    db += now.reaped - before.reaped;
    for (const [pid, ms] of before.db) if (!now.db.has(pid)) db -= ms;
  }
  return { server: now.server - before.server, db };
}
function childrenCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return 0;
  }
}
async function backendPids(database: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await c.connect();
  try {
    return (await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database])).rows.map((r) => r.pid);
  } finally {
    await c.end();
  }
}

/** Items in an answer: a list's length, else its posts, reviews, versions or reviewers, else one. */
const count = (body: unknown): number => {
  if (Array.isArray(body)) return body.length;
  const o = body as { posts?: unknown[]; reviews?: unknown[]; versions?: unknown[]; reviewers?: unknown[] } | null;
  return o?.posts?.length ?? o?.reviews?.length ?? o?.versions?.length ?? o?.reviewers?.length ?? 1;
};

/** WARMUP + SAMPLES sequential rounds of the same steps (each step's calls at once, after the previous step's answers), to the last answer. */
async function measure(probe: CpuProbe, name: string, steps: string[][], headers: Record<string, string>): Promise<Measured> {
  const times: number[] = [];
  let items = 0;
  let bytes = 0;
  let cpuBefore = await cpuSnapshot(probe);
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    if (i === WARMUP) cpuBefore = await cpuSnapshot(probe);
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
    if (i < WARMUP) continue;
    times.push(ms);
    items += answers.length === 1 ? count(JSON.parse(answers[0]!.body.toString())) : answers.length;
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

const WORDS =
  'the method is sound but the evaluation lacks baselines and the related work misses recent results on robust scalable learning the writing is clear overall'.split(
    ' ',
  );
const text = (rand: () => number, words: number) => Array.from({ length: words }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ');
/** A text revised: about one word in ten changed (what a reviewer's next version looks like). */
const revise = (rand: () => number, before: string) =>
  before
    .split(' ')
    .map((w) => (rand() < 0.1 ? WORDS[Math.floor(rand() * WORDS.length)]! : w))
    .join(' ');

interface Deliberation {
  paperId: string;
  reviewerIds: string[];
  rows: number;
  shape: string;
}

/**
 * The deliberation paper and its background, on top of seedReviewDesk's desk (tracks, bids, a chair of TRACK):
 * 3 review questions (score, choice, text); every background assignment not declined or pending with a review
 * of 1–3 versions; a third of the papers with 1–8 posts; one in five with a meta-review. Then the paper.
 */
async function seedDeliberation(db: Db, seeded: Seeded): Promise<Deliberation> {
  const rand = rng(23);
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  const questions = [
    {
      id: newId(),
      position: 1,
      kind: 'score' as const,
      label: 'Originality',
      options: ['Poor', 'Fair', 'Good', 'Excellent'],
      visibility: 'authors' as const,
      required: true,
    },
    {
      id: newId(),
      position: 2,
      kind: 'choice' as const,
      label: 'Artifact available',
      options: ['Yes', 'No', 'Partly'],
      visibility: 'committee' as const,
    },
    { id: newId(), position: 3, kind: 'text' as const, label: 'Questions to the authors', visibility: 'authors' as const },
  ];
  await db.insert(reviewQuestions).values(questions);
  const answers = () => ({
    [questions[0]!.id]: 1 + Math.floor(rand() * 4),
    [questions[1]!.id]: ['Yes', 'No', 'Partly'][Math.floor(rand() * 3)]!,
    [questions[2]!.id]: text(rand, 30),
  });

  const reviewRows: Array<typeof reviews.$inferInsert> = [];
  const versionRows: Array<typeof reviewVersions.$inferInsert> = [];
  const postRows: Array<typeof discussionPosts.$inferInsert> = [];
  const metaRows: Array<typeof metaReviews.$inferInsert> = [];
  const addReview = (paperId: string, reviewerId: string, versions: number) => {
    let toAuthors = text(rand, 250);
    let toEditor = text(rand, 60);
    let answered = answers();
    let recommendation = 1 + Math.floor(rand() * 5);
    let confidence = 1 + Math.floor(rand() * 5);
    let last: typeof reviewVersions.$inferInsert | undefined;
    for (let v = 1; v <= versions; v++) {
      // Each later version: about one word in ten of the texts changed, the scores and choices one time in three.
      if (v > 1) {
        toAuthors = revise(rand, toAuthors);
        toEditor = revise(rand, toEditor);
        const again = answers();
        const textId = questions[2]!.id;
        answered = { ...(rand() < 0.33 ? again : answered), [textId]: revise(rand, String(answered[textId])) };
        if (rand() < 0.33) recommendation = 1 + Math.floor(rand() * 5);
        if (rand() < 0.33) confidence = 1 + Math.floor(rand() * 5);
      }
      last = {
        paperId,
        reviewerId,
        version: v,
        recommendation,
        confidence,
        commentsToAuthors: toAuthors,
        commentsToEditor: toEditor,
        answers: answered,
        savedAt: at(60 * 24 * (versions - v) + 60),
      };
      versionRows.push(last);
    }
    // The reviews row equals the newest version.
    reviewRows.push({
      paperId,
      reviewerId,
      recommendation,
      confidence,
      commentsToAuthors: toAuthors,
      commentsToEditor: toEditor,
      answers: answered,
      submittedAt: last!.savedAt,
    });
  };

  const statusOf = new Map<string, string>();
  for (const r of await db
    .select({ paperId: reviewStatuses.paperId, reviewerId: reviewStatuses.reviewerId, status: reviewStatuses.status })
    .from(reviewStatuses)) {
    statusOf.set(`${r.paperId} ${r.reviewerId}`, r.status);
  }
  seeded.paperIds.forEach((paperId, i) => {
    const who = (seeded.assignments.get(paperId) ?? []).filter(
      (r) => statusOf.get(`${paperId} ${r}`) === 'Accepted' || statusOf.get(`${paperId} ${r}`) === 'Sent',
    );
    for (const reviewerId of who) if (rand() < 0.8) addReview(paperId, reviewerId, 1 + Math.floor(rand() * 3));
    if (i % 3 === 0 && who.length) {
      const n = 1 + Math.floor(rand() * 8);
      for (let k = 0; k < n; k++)
        postRows.push({ id: newId(), paperId, authorId: who[k % who.length]!, body: text(rand, 40), createdAt: at(n - k) });
    }
    if (i % 5 === 0)
      metaRows.push({
        paperId,
        authorId: seeded.editorId,
        recommendation: 'Accepted',
        toAuthors: text(rand, 80),
        toCommittee: text(rand, 30),
      });
  });

  // The paper: in the chair's track, submitted by the desk's author, 5 reviewers who accepted and reviewed it.
  const paperId = newId();
  await db.insert(papers).values({
    id: paperId,
    authorId: seeded.authorId,
    title: 'On deliberation at scale',
    abstract: text(rand, 150),
    keywords: [],
    trackId: TRACK,
  });
  await db
    .insert(paperFiles)
    .values({ id: newId(), paperId, version: 1, storageKey: 'f'.repeat(64), size: 900_000, fileName: 'deliberation.pdf' });
  const reviewerIds = seeded.reviewerIds.slice(1, 1 + REVIEWS_ON_PAPER);
  await db
    .insert(reviewStatuses)
    .values(
      reviewerIds.map((reviewerId, k) => ({ paperId, reviewerId, status: 'Accepted', assigned: true, sentAt: at(60 * 24 * 30 - k) })),
    );
  for (const reviewerId of reviewerIds) addReview(paperId, reviewerId, VERSIONS_PER_REVIEW);
  const speakers = [...reviewerIds, seeded.editorId, seeded.chair!.id];
  for (let k = 0; k < POSTS_ON_PAPER; k++) {
    postRows.push({
      id: newId(at(POSTS_ON_PAPER - k)),
      paperId,
      authorId: speakers[k % speakers.length]!,
      body: text(rand, 20 + Math.floor(rand() * 100)),
      createdAt: at(POSTS_ON_PAPER - k),
    });
  }
  metaRows.push({
    paperId,
    authorId: seeded.chair!.id,
    recommendation: 'Revision',
    toAuthors: text(rand, 150),
    toCommittee: text(rand, 60),
  });
  await db.insert(authorResponses).values({ paperId, authorId: seeded.authorId, text: text(rand, 400), words: 400 });

  for (let i = 0; i < reviewRows.length; i += 1000) await db.insert(reviews).values(reviewRows.slice(i, i + 1000));
  for (let i = 0; i < versionRows.length; i += 1000) await db.insert(reviewVersions).values(versionRows.slice(i, i + 1000));
  for (let i = 0; i < postRows.length; i += 1000) await db.insert(discussionPosts).values(postRows.slice(i, i + 1000));
  for (let i = 0; i < metaRows.length; i += 1000) await db.insert(metaReviews).values(metaRows.slice(i, i + 1000));
  const rows = questions.length + reviewRows.length + versionRows.length + postRows.length + metaRows.length + 5;
  const shape =
    `the paper: ${REVIEWS_ON_PAPER} reviews × ${VERSIONS_PER_REVIEW} versions (about 250 words to the authors and 60 to the editor, 3 questions answered; ` +
    'each version changes about one word in ten, the scores one time in three), ' +
    `${POSTS_ON_PAPER} posts, a meta-review, a 400-word response; background: ${PAPERS.toLocaleString('en-US')} papers, ${REVIEWERS.toLocaleString('en-US')} reviewers, ` +
    `${(reviewRows.length - REVIEWS_ON_PAPER).toLocaleString('en-US')} reviews with ${(versionRows.length - REVIEWS_ON_PAPER * VERSIONS_PER_REVIEW).toLocaleString('en-US')} versions, ` +
    `${(postRows.length - POSTS_ON_PAPER).toLocaleString('en-US')} posts, ${(metaRows.length - 1).toLocaleString('en-US')} meta-reviews`;
  return { paperId, reviewerIds, rows, shape };
}

async function measureDeliberation(server: RunningServer, probe: CpuProbe, seeded: Seeded, d: Deliberation): Promise<Measured[]> {
  const key = new TextEncoder().encode(BENCH_JWT_SECRET);
  const editor = bearer(await signToken({ sub: seeded.editorId, role: 'Editor' }, key));
  const chair = bearer(await signToken({ sub: seeded.chair!.id, role: 'Editor' }, key));
  const me = d.reviewerIds[0]!;
  const reviewer = bearer(await signToken({ sub: me, role: 'Reviewer' }, key));
  const api = `${server.url}/api`;
  const at = (call: string) => `${api}${call.replaceAll(':id', d.paperId).replace(':me', me)}`;
  const label = (call: string) => `GET /api${call.replace(':id', ':paperId').replace(':me', ':reviewerId')}`;
  const steps = (page: string[][]) => page.map((step) => step.map(at));
  const describe = (page: string[][]) => page.map((step) => step.length).join(' then ');

  const rows: Measured[] = [];
  for (const [who, headers] of [
    ['editor', editor],
    ['track chair', chair],
  ] as const) {
    for (const call of [PAPER, RANKED, REVIEWS, DISCUSSION, META, VERSIONS.replace(':reviewerId', d.reviewerIds[0]!)]) {
      rows.push(await measure(probe, `${label(call).replace(d.reviewerIds[0]!, ':reviewerId')} (${who})`, [[at(call)]], headers));
    }
  }
  rows.push(
    await measure(
      probe,
      `the editor's paper page: ${describe(editorPage([]))} calls at once, to the last answer`,
      steps(editorPage([])),
      editor,
    ),
  );
  // What the page cost when every review's history was read with it (before 2026-11-24).
  rows.push(
    await measure(
      probe,
      `the editor's page as it was, with the ${REVIEWS_ON_PAPER} versions calls (${describe(editorPage(d.reviewerIds))})`,
      steps(editorPage(d.reviewerIds)),
      editor,
    ),
  );
  rows.push(
    await measure(
      probe,
      `the track chair's paper page: ${describe(chairPage([]))} calls at once, to the last answer`,
      steps(chairPage([])),
      chair,
    ),
  );
  for (const call of [ASSIGNED, OWN_REVIEW, DEADLINES, FORM, OTHER, DISCUSSION]) {
    rows.push(await measure(probe, `${label(call)} (reviewer)`, [[at(call)]], reviewer));
  }
  rows.push(
    await measure(
      probe,
      `the reviewer's paper page: ${describe(REVIEWER_PAGE)} calls at once, to the last answer`,
      steps(REVIEWER_PAGE),
      reviewer,
    ),
  );
  return rows;
}

runBench(
  `deliberation: a paper with ${REVIEWS_ON_PAPER} reviews × ${VERSIONS_PER_REVIEW} versions and ${POSTS_ON_PAPER} posts among ${PAPERS.toLocaleString('en-US')} papers`,
  async () => {
    printMachine();
    const [l1, l5] = os.loadavg();
    console.log(
      `load average: ${l1!.toFixed(2)} (1 min), ${l5!.toFixed(2)} (5 min) on ${os.availableParallelism()} cores` +
        (l1! > os.availableParallelism() / 2 ? ' — the machine is busy: latencies will be high and noisy (CPU ms hardly change)' : ''),
    );
    const webDir = ensureWebDir();
    const from = serverSources();
    console.log(`${from.note}.`);
    const drivers: Array<'embedded' | 'postgres'> = ['embedded'];
    if (process.env.BENCH_POSTGRES) {
      if (await postgresAvailable()) drivers.push('postgres');
      else console.log('BENCH_POSTGRES: PostgreSQL is not answering: embedded PostgreSQL only.');
    }
    const seedRows: Array<Array<string | number>> = [];
    const rows: Array<Array<string | number>> = [];
    let shape = '';
    let pages: string[] = [];

    for (const driver of drivers) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'imse-bench-deliberation-'));
      onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
      const fresh = driver === 'postgres' ? await freshPostgresDatabase() : undefined;
      const databaseUrl = fresh?.url;
      const database = await connectDatabase({ databaseUrl, dataDir });
      const started = performance.now();
      const seeded = await seedReviewDesk(database.db, {
        papers: PAPERS,
        reviewers: REVIEWERS,
        tracks: true,
        bidsPerReviewer: 10,
        chairTrackId: TRACK,
      });
      const d = await seedDeliberation(database.db, seeded);
      const seedSeconds = (performance.now() - started) / 1000;
      // What autovacuum would do after the bulk load, done now so that it does not run during the measurements.
      await database.db.execute(sql`vacuum analyze`);
      await database.db.execute(sql`checkpoint`);
      await database.close();
      shape = d.shape;
      seedRows.push([driver, (seeded.rows + d.rows).toLocaleString('en-US'), fmt(seedSeconds, 1)]);
      pages = [
        `editor: ${editorPage([])
          .map((s) => s.map((c) => `GET /api${c}`).join(', '))
          .join('; then ')}; a review's versions when its history is opened`,
        `track chair: GET /api${PAPER} alone first, then as the editor's`,
        `reviewer: ${REVIEWER_PAGE.map((s) => s.map((c) => `GET /api${c}`).join(', ')).join('; then ')}`,
      ];

      const server = await startServer({ webDir, dataDir, databaseUrl, sourcesIn: from.sourcesIn });
      const probe: CpuProbe = fresh
        ? { server: server.pid, database: () => backendPids(fresh.name) }
        : {
            server: server.pid,
            database: async () => embeddedDatabasePids(dataDir),
            reaped: () => childrenCpuMs(embeddedDatabasePids(dataDir)[0] ?? 0),
          };
      const measured = await measureDeliberation(server, probe, seeded, d);
      await server.stop();
      for (const m of measured) {
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
    printTable(['database', 'rows', 'seconds'], seedRows);
    console.log('The pages load:');
    for (const p of pages) console.log(`- ${p}`);
    console.log(
      `Latency, ${SAMPLES} sequential rounds each after ${WARMUP} warm-up, keep-alive client on loopback; target p95 ≤ ${TARGET_P95_MS} ms for the whole page (and each call).`,
    );
    console.log(
      "CPU ms: per request (per round for a page), of the server process and of the database's processes. items: a call's posts / reviews / versions, a page's calls.",
    );
    printTable(
      ['request', 'database', 'p50 ms', 'p95 ms', 'max ms', 'server CPU ms', 'db CPU ms', 'items', 'KB', `p95 ≤ ${TARGET_P95_MS} ms`],
      rows,
    );
    const [e1, e5] = os.loadavg();
    console.log(`load average at the end: ${e1!.toFixed(2)} (1 min), ${e5!.toFixed(2)} (5 min).`);
  },
);
