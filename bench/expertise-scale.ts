// Affinity at scale (decision 0069): 20,000 papers × 20,000 reviewers with 20 publications each (400,000
// publications), synthetic text from a Zipf vocabulary with topic structure (a paper draws on one or two of 1,000
// topics, a reviewer's publications on two or three), read as the server would read rows from the database.
// Measures from scratch, on two threads (this one and a worker): reading every text (half on each), indexing
// (one thread), then each paper's top reviewers (half on each); then one new paper's
// pairs and one new profile's pairs against the built index; prints the peak RSS. Targets: ≤ 2 minutes,
// ≤ 1.5 GB, ≤ 1 s for one update.
// Run alone: node --import tsx bench/expertise-scale.ts   (BENCH_PAPERS, BENCH_REVIEWERS, BENCH_PUBLICATIONS,
// BENCH_TOP_K to change the scale)
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import {
  AffinityIndexBuilder,
  createScratch,
  type AffinityIndex,
  explainPair,
  paperVector,
  readNewPaper,
  scoreNewReviewer,
  topReviewers,
} from '../src/core/expertise/affinity';
import { makePaper, makeProfile, readRange, rowsOf, type ReadHalf } from './lib/expertise-texts';
import { fmt, percentile, printTable, runBench, verdict } from './lib/util';

const PAPERS = Number(process.env.BENCH_PAPERS ?? 20_000);
const REVIEWERS = Number(process.env.BENCH_REVIEWERS ?? 20_000);
const PUBLICATIONS = Number(process.env.BENCH_PUBLICATIONS ?? 20);
const TOP_K = Number(process.env.BENCH_TOP_K ?? 100);

/** Runs a job of bench/lib/expertise-worker.ts on a second thread. */
function onWorker<T>(job: object, transfer?: ArrayBuffer[]): Promise<T> {
  // A worker thread does not inherit the parent's --import tsx: register it there, then load the TypeScript file.
  const file = new URL('./lib/expertise-worker.ts', import.meta.url).href;
  const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`, {
    eval: true,
    workerData: job,
    transferList: transfer,
  });
  return new Promise<T>((resolve, reject) => {
    worker.once('message', (m: T) => {
      void worker.terminate();
      resolve(m);
    });
    worker.once('error', reject);
  });
}

/** CPU milliseconds of this thread's process since `from` (user + system): on a busy machine wall time lies. */
const cpuMs = (from?: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1000;
};
/**
 * Half of the texts read here, half on a worker thread, both added to the builder (mapping their vocabularies
 * onto one); the reads are let go on return. Answers each thread's reading time.
 */
async function readBothHalves(builder: AffinityIndexBuilder, halfPapers: number, halfReviewers: number): Promise<number[]> {
  const second = onWorker<ReadHalf>({
    mode: 'read',
    range: { paperFrom: halfPapers, paperTo: PAPERS, reviewerFrom: halfReviewers, reviewerTo: REVIEWERS, publications: PUBLICATIONS },
  });
  const first = readRange({ paperFrom: 0, paperTo: halfPapers, reviewerFrom: 0, reviewerTo: halfReviewers, publications: PUBLICATIONS });
  const other = await second;
  const b = performance.now();
  builder.addReadPapers(
    rowsOf(first.read, 0, halfPapers),
    Array.from({ length: halfPapers }, (_, i) => `p${i}`),
  );
  builder.addReadPapers(
    rowsOf(other.read, 0, PAPERS - halfPapers),
    Array.from({ length: PAPERS - halfPapers }, (_, i) => `p${halfPapers + i}`),
  );
  builder.addReadReviewers(rowsOf(first.read, halfPapers), first.reviewers);
  builder.addReadReviewers(rowsOf(other.read, PAPERS - halfPapers), other.reviewers);
  const mapMs = performance.now() - b;
  // Mapping onto one vocabulary is part of reading: counted on the first thread.
  return [first.readMs + mapMs, other.readMs];
}

/** What the worker thread needs: no vocabulary, titles or paper postings (they stay on the main thread). */
function forWorker(index: AffinityIndex): AffinityIndex {
  const none = new Int32Array(0);
  return {
    ...index,
    vocabulary: new Map(),
    surfaces: [],
    publicationTitles: [],
    paperIds: [],
    paperTermStart: none,
    postingPaper: none,
    postingPaperWeight: new Float32Array(0),
  };
}

const rssMb = () => process.memoryUsage().rss / 2 ** 20;
const peakRssMb = () => process.resourceUsage().maxRSS / 1024;

runBench(`Expertise at scale: ${PAPERS} papers × ${REVIEWERS} reviewers × ${PUBLICATIONS} publications`, async () => {
  console.log(`${os.availableParallelism()} cores, load average ${os.loadavg()[0]!.toFixed(2)}; top ${TOP_K} reviewers kept per paper\n`);
  // Reading, half of the texts on each thread; the term counts are then mapped onto one vocabulary.
  const r0 = performance.now();
  const rc = process.cpuUsage();
  const halfPapers = Math.ceil(PAPERS / 2);
  const halfReviewers = Math.ceil(REVIEWERS / 2);
  const builder = new AffinityIndexBuilder();
  const readMsOf = await readBothHalves(builder, halfPapers, halfReviewers);
  const readWallMs = performance.now() - r0;
  const readCpu = cpuMs(rc);
  const readMs = Math.max(...readMsOf);

  // Shared memory from the start, so the worker thread scores without a copy (the server would do the same).
  const b = performance.now();
  const bc = process.cpuUsage();
  const index = builder.build((bytes) => new SharedArrayBuffer(bytes));
  const indexCpu = cpuMs(bc);
  const indexMs = performance.now() - b;
  console.log(
    `texts made and read in ${fmt(readWallMs / 1000)} s, of which reading ${fmt(readMsOf[0]! / 1000)} s and ` +
      `${fmt(readMsOf[1]! / 1000)} s on the two threads (making the texts not counted); vocabulary ` +
      `${index.surfaces.length} terms, ${index.postingPublication.length.toLocaleString('en-US')} publication postings, ` +
      `RSS ${fmt(rssMb(), 0)} MB\n`,
  );

  // Every paper's top reviewers on two threads: this one and a worker, each half of the papers.
  const s = performance.now();
  const sc = process.cpuUsage();
  const shared = index;
  const workerDone = onWorker<{ pairs: number; ms: number }>({
    mode: 'score',
    index: forWorker(shared),
    from: halfPapers,
    to: PAPERS,
    k: TOP_K,
  });
  const scratch = createScratch(shared);
  let pairs = 0;
  const perPaper: number[] = [];
  for (let p = 0; p < halfPapers; p++) {
    const one = performance.now();
    pairs += topReviewers(shared, paperVector(shared, p), TOP_K, scratch).length;
    if (p % 50 === 0) perPaper.push(performance.now() - one);
  }
  const mainMs = performance.now() - s;
  const fromWorker = await workerDone;
  pairs += fromWorker.pairs;
  const scoreMs = performance.now() - s;
  const scoreCpu = cpuMs(sc);
  const totalMs = readMs + indexMs + scoreMs;
  const totalCpu = readCpu + indexCpu + scoreCpu; // making the texts included in readCpu

  const updates: number[] = [];
  for (let i = 0; i < 5; i++) {
    const u = performance.now();
    const fresh = readNewPaper(index, makePaper(PAPERS + i));
    topReviewers(index, fresh, TOP_K, scratch);
    updates.push(performance.now() - u);
  }
  const profiles: number[] = [];
  for (let i = 0; i < 5; i++) {
    const u = performance.now();
    scoreNewReviewer(index, { id: `new${i}`, publications: makeProfile(REVIEWERS + i, PUBLICATIONS) });
    profiles.push(performance.now() - u);
  }
  const e = performance.now();
  const top = topReviewers(index, paperVector(index, 0), 10, scratch);
  for (const { reviewer } of top) explainPair(index, paperVector(index, 0), reviewer);
  const explainMs = (performance.now() - e) / Math.max(1, top.length);
  const peak = peakRssMb();

  const sec = (ms: number) => `${fmt(ms / 1000)} s`;
  printTable(
    ['step', 'wall', 'CPU', 'target'],
    [
      ['read and tokenise every text, 2 threads (slower thread)', sec(readMs), `${sec(readCpu)} (with making them)`, ''],
      ['weigh, prune, invert', sec(indexMs), sec(indexCpu), ''],
      [
        `top ${TOP_K} reviewers of every paper, 2 threads (${fmt(mainMs / 1000)} s and ${fmt(fromWorker.ms / 1000)} s; ` +
          `p50 ${fmt(percentile(perPaper, 50))} ms, p95 ${fmt(percentile(perPaper, 95))} ms a paper)`,
        sec(scoreMs),
        sec(scoreCpu),
        '',
      ],
      ['from scratch on 2 threads', sec(totalMs), sec(totalCpu), `≤ 120 s on 2 cores: ${verdict(totalMs <= 120_000)}`],
      ['pairs kept', pairs.toLocaleString('en-US'), '', ''],
      [
        'one new paper: read + top reviewers (max of 5)',
        `${fmt(Math.max(...updates))} ms`,
        '',
        `≤ 1 s: ${verdict(Math.max(...updates) <= 1000)}`,
      ],
      [
        'one new profile: every paper (max of 5)',
        `${fmt(Math.max(...profiles))} ms`,
        '',
        `≤ 1 s: ${verdict(Math.max(...profiles) <= 1000)}`,
      ],
      ['one explanation', `${fmt(explainMs, 2)} ms`, '', ''],
      ['peak RSS', `${fmt(peak, 0)} MB`, '', `≤ 1,536 MB: ${verdict(peak <= 1536)}`],
    ],
  );
});
