// The preflight of a paper's PDF (decision 0072). First what each check gets right on the 20 real-shaped PDFs of
// tests/support/preflight-pdfs.ts (each problem once with it, and clean papers that look like it): per rule, the
// PDFs that have the problem, how many of them it found, missed, and how many PDFs without it it flagged. Rules:
// 10 pages before the references, Letter, fonts embedded, blind review, every rule on.
// Then the cost of reading a 20-page paper: pdf.js (the chosen text extractor) per page, time and memory, beside
// poppler's pdftotext when it is installed; pdf-lib's structure pass; the whole check in its worker thread
// (started per check); and a hostile PDF against the worker's time limit, with the event loop's delay meanwhile.
// Run alone: node --expose-gc --import tsx bench/preflight.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { DEFAULT_PREFLIGHT_RULES, evaluatePreflight, PREFLIGHT_RULES, type PreflightRules } from '../src/core/preflight';
import { extractPdfFacts } from '../src/server/preflight/extract';
import { closePreflightWorkers, readPdfFacts } from '../src/server/preflight/run';
import { AUTHORS, makeHeavyPdf, makePaper, PREFLIGHT_SET } from '../tests/support/preflight-pdfs';
import { fmt, printMachine, printTable, runBench } from './lib/util';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MB = 1024 * 1024;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const RULES: PreflightRules = { ...DEFAULT_PREFLIGHT_RULES, pageLimit: 10, paperSize: 'Letter' };

async function accuracy(): Promise<void> {
  const rows: Array<Array<string | number>> = [];
  const perRule = new Map<string, { have: number; found: number; missed: number; falsePositives: number }>();
  for (const rule of PREFLIGHT_RULES) perRule.set(rule, { have: 0, found: 0, missed: 0, falsePositives: 0 });
  for (const c of PREFLIGHT_SET) {
    const { bytes } = await makePaper(c.spec);
    const reading = await readPdfFacts(bytes);
    const found = new Set(
      evaluatePreflight({ reading, rules: RULES, blindReview: true, authors: AUTHORS, fileBytes: bytes.length }).map((f) => f.rule),
    );
    const expected = new Set(c.expect);
    for (const rule of PREFLIGHT_RULES) {
      const s = perRule.get(rule)!;
      if (expected.has(rule)) {
        s.have++;
        if (found.has(rule)) s.found++;
        else s.missed++;
      } else if (found.has(rule)) s.falsePositives++;
    }
    const extra = [...found].filter((r) => !expected.has(r));
    const missed = [...expected].filter((r) => !found.has(r));
    rows.push([
      c.label,
      c.expect.join(', ') || '—',
      [...found].join(', ') || '—',
      extra.length || missed.length ? `✗ missed ${missed.join(', ') || '—'}, extra ${extra.join(', ') || '—'}` : '✓',
    ]);
  }
  console.log('### The 20 PDFs\n');
  printTable(['PDF', 'problem', 'found', 'right?'], rows);
  console.log('\n### Per check\n');
  printTable(
    ['rule', 'PDFs with the problem', 'found', 'missed', 'false positives (of the PDFs without)'],
    [...perRule]
      .filter(([, s]) => s.have || s.falsePositives)
      .map(([rule, s]) => [rule, s.have, s.found, s.missed, `${s.falsePositives} of ${PREFLIGHT_SET.length - s.have}`]),
  );
}

async function cost(): Promise<void> {
  const paper = (await makePaper({ pages: 20, referencesPages: 2, byline: ['Alice Martín'] })).bytes;
  console.log(`\n### Reading a 20-page paper (${fmt(paper.length / 1024, 0)} KB), median of ${RUNS}\n`);
  const rows: Array<Array<string | number>> = [];
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const measure = async (label: string, work: () => Promise<unknown>) => {
    const times: number[] = [];
    let peak = 0;
    for (let i = 0; i < RUNS; i++) {
      globalThis.gc?.();
      const before = process.memoryUsage();
      const started = performance.now();
      await work();
      times.push(performance.now() - started);
      const after = process.memoryUsage();
      peak = Math.max(peak, after.heapUsed - before.heapUsed, 0);
    }
    const t = median(times);
    rows.push([label, fmt(t, 0), fmt(t / 20, 1), fmt(peak / MB, 1)]);
  };
  await measure('pdf.js text (lines by baseline)', async () => {
    const doc = await pdfjs.getDocument({
      data: new Uint8Array(paper),
      useSystemFonts: false,
      isEvalSupported: false,
      disableFontFace: true,
      verbosity: 0,
    }).promise;
    for (let i = 1; i <= doc.numPages; i++) await (await doc.getPage(i)).getTextContent();
    await doc.destroy();
  });
  await measure('pdf.js text + pdf-lib structure (extractPdfFacts)', () => extractPdfFacts(paper));
  closePreflightWorkers();
  await measure('the whole check in a worker thread (first run: a new worker; then a warm one)', () => readPdfFacts(paper));
  closePreflightWorkers();
  const cold: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await readPdfFacts(paper);
    cold.push(performance.now() - started);
    closePreflightWorkers();
  }
  rows.push(['the whole check in a new (cold) worker thread each time', fmt(median(cold), 0), fmt(median(cold) / 20, 1), '—']);
  let popplerRow = false;
  try {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'preflight-'));
    const file = path.join(dir, 'p.pdf');
    writeFileSync(file, paper);
    await measure('poppler pdftotext -bbox-layout (child process, for comparison)', async () => {
      execFileSync('pdftotext', ['-bbox-layout', file, '-'], { stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 256 * MB });
    });
    rmSync(dir, { recursive: true, force: true });
    popplerRow = true;
  } catch {
    // pdftotext not installed: no comparison row.
  }
  printTable(['what', 'ms for 20 pages', 'ms per page', 'heap growth in this thread (MB)'], rows);
  if (popplerRow) console.log("\n(pdftotext runs in a child process: its memory is not in this process's heap.)");
  if (process.memoryUsage().rss) console.log(`RSS of this process now: ${fmt(process.memoryUsage().rss / MB, 0)} MB`);
}

async function hostile(): Promise<void> {
  const heavy = await makeHeavyPdf();
  console.log(
    `\n### A hostile PDF (${fmt(heavy.length / 1024, 0)} KB, 3,000,000 text operations on one page) against the worker's limits\n`,
  );
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const reading = await readPdfFacts(heavy);
  const took = performance.now() - started;
  delay.disable();
  printTable(
    ['answer', 'seconds', 'event loop delay p99 meanwhile (ms)', 'max (ms)'],
    [[reading.ok ? 'read' : reading.reason, fmt(took / 1000, 1), fmt(delay.percentile(99) / 1e6, 1), fmt(delay.max / 1e6, 1)]],
  );
}

runBench('PDF preflight (decision 0072)', async () => {
  printMachine();
  await accuracy();
  await cost();
  await hostile();
});
