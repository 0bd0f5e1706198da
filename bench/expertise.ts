// Reviewer–paper affinity quality on the gold-standard expertise dataset (Stelmakh et al. 2023, the half in
// ../shared/expertise-benchmark, read from there, never copied): for each of its ten profile samples, the
// product's affinity code (src/core/expertise) scores every (paper, reviewer) pair, the predictions go to a
// temporary JSON file, and the dataset's own score.mjs gives the loss. Prints each sample's loss and the mean
// (target ≤ 0.19). EXPERTISE_VARIANTS=1 also scores the variants tried while choosing the model (decision 0069).
// Both ways (decision 0076): the dataset's publications given to the model directly, and through the product's own
// import, the way a chair's data goes: each reviewer's publications written into a BibTeX file in memory, read by
// the BibTeX importer and deduplicated as an import is, then scored.
// Run alone: node --import tsx bench/expertise.ts   (EXPERTISE_DATASET=<dir> to read the dataset elsewhere)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  buildAffinityIndex,
  DEFAULT_AFFINITY_SETTINGS,
  paperVector,
  scorePair,
  type AffinitySettings,
  type PublicationText,
  type SubmissionText,
} from '../src/core/expertise/affinity';
import { parseBibtex } from '../src/server/services/publications/formats/bibtex';
import { dedupKey } from '../src/server/services/publications/formats/entry';
import { fmt, printTable, runBench, verdict } from './lib/util';

const ROOT = path.resolve(import.meta.dirname, '..');
const DATASET = process.env.EXPERTISE_DATASET ?? path.resolve(ROOT, '../shared/expertise-benchmark');
const SAMPLES = Array.from({ length: 10 }, (_, i) => `sample${i + 1}`);
const TARGET = 0.19;

interface DatasetReviewer {
  reviewer: string;
  publications: Record<string, Array<{ title: string; abstract?: string | null; year?: number | null }>>;
}

/** The variants tried, each a change from the chosen settings (DEFAULT_AFFINITY_SETTINGS). */
const PLAIN: Partial<AffinitySettings> = { tf: 'log', halfLife: null, profileShare: 0 };
const VARIANTS: Array<[string, Partial<AffinitySettings>]> = [
  ['chosen (defaults)', {}],
  ['log tf, max, no recency', PLAIN],
  ['… title weight 1', { ...PLAIN, titleWeight: 1 }],
  ['… title weight 3', { ...PLAIN, titleWeight: 3 }],
  ['… every term kept', { ...PLAIN, maxTermsPerPublication: 1e9 }],
  ['… 32 terms kept', { ...PLAIN, maxTermsPerPublication: 32 }],
  ['… phrases (weight 1)', { ...PLAIN, phraseWeight: 1 }],
  ['… BM25 tf', { ...PLAIN, tf: 'bm25' }],
  ['… mean of publications', { ...PLAIN, aggregate: 'mean' }],
  ['… softmax T = 0.05', { ...PLAIN, aggregate: 'softmax', temperature: 0.05 }],
  ['… softmax T = 0.1', { ...PLAIN, aggregate: 'softmax', temperature: 0.1 }],
  ['… softmax T = 0.2', { ...PLAIN, aggregate: 'softmax', temperature: 0.2 }],
  ['… half-life 5 years', { ...PLAIN, halfLife: 5 }],
  ['… whole profile only', { ...PLAIN, profileShare: 1 }],
  ['… 0.5 max + 0.5 profile', { ...PLAIN, profileShare: 0.5 }],
  ['… 0.3 max + 0.7 profile', { ...PLAIN, profileShare: 0.7 }],
  ['0.3 max + 0.7 profile, half-life 3', { tf: 'log', halfLife: 3 }],
  ['0.3 max + 0.7 profile, half-life 5', { tf: 'log' }],
  ['0.3 max + 0.7 profile, half-life 10', { tf: 'log', halfLife: 10 }],
  ['chosen, softmax T = 0.1 for max', { aggregate: 'softmax' }],
  ['chosen, 0.5 max + 0.5 profile', { profileShare: 0.5 }],
  ['chosen, whole profile only', { profileShare: 1 }],
  ['chosen, 48 terms kept', { maxTermsPerPublication: 48 }],
  ['chosen, 128 terms kept', { maxTermsPerPublication: 128 }],
  ['chosen, phrases (weight 0.5)', { phraseWeight: 0.5 }],
  ['chosen, title weight 1', { titleWeight: 1 }],
  ['chosen, title weight 3', { titleWeight: 3 }],
];

function readJsonl<T>(file: string): T[] {
  return readFileSync(path.join(DATASET, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

function lossOf(predictions: Record<string, Record<string, number>>, dir: string, name: string): number {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(predictions));
  const r = spawnSync(process.execPath, [path.join(DATASET, 'score.mjs'), file], { encoding: 'utf8' });
  const m = /loss ([0-9.]+)/.exec(r.stdout);
  if (r.status !== 0 || !m) throw new Error(`score.mjs failed on ${name}: ${r.stderr || r.stdout}`);
  return Number(m[1]);
}

type Publications = (r: DatasetReviewer, sample: string) => PublicationText[];

/** The dataset's publications as they are. */
const direct: Publications = (r, sample) =>
  (r.publications[sample] ?? []).map((p): PublicationText => ({ title: p.title, abstract: p.abstract ?? null, year: p.year ?? null }));

/** A text as a reference manager writes it in a BibTeX field: TeX's special characters escaped. */
function bibtexField(text: string): string {
  return text.replace(/[\\{}%&$#_~^]/g, (c) =>
    c === '\\' ? '\\textbackslash{}' : c === '~' ? '\\textasciitilde{}' : c === '^' ? '\\textasciicircum{}' : `\\${c}`,
  );
}

/** One reviewer's publications written as a BibTeX file. */
function toBibtex(pubs: DatasetReviewer['publications'][string]): string {
  return pubs
    .map((p, i) => {
      const fields = [`  title = {${bibtexField(p.title)}}`];
      if (p.abstract) fields.push(`  abstract = {${bibtexField(p.abstract)}}`);
      if (p.year) fields.push(`  year = {${p.year}}`);
      return `@article{pub${i},\n${fields.join(',\n')}\n}\n`;
    })
    .join('\n');
}

let importMs = 0;
let imported = 0;
/** Through the product's import: the file parsed by the BibTeX importer, entries deduplicated as an import does. */
const throughImport: Publications = (r, sample) => {
  const pubs = r.publications[sample] ?? [];
  if (pubs.length === 0) return [];
  const started = performance.now();
  const { entries } = parseBibtex(toBibtex(pubs));
  const kept = new Map<string, PublicationText>();
  for (const e of entries)
    if (!kept.has(dedupKey(e))) kept.set(dedupKey(e), { title: e.title, abstract: e.abstract || null, year: e.year });
  importMs += performance.now() - started;
  imported += entries.length;
  return [...kept.values()];
};

function predict(
  papers: SubmissionText[],
  reviewers: DatasetReviewer[],
  sample: string,
  settings: Partial<AffinitySettings>,
  publications: Publications = direct,
): Record<string, Record<string, number>> {
  const index = buildAffinityIndex({
    papers,
    reviewers: reviewers.map((r) => ({ id: r.reviewer, publications: publications(r, sample) })),
    settings,
  });
  const out: Record<string, Record<string, number>> = {};
  index.reviewerIds.forEach((reviewerId, r) => {
    const row: Record<string, number> = {};
    index.paperIds.forEach((paperId, p) => (row[paperId] = scorePair(index, paperVector(index, p), r)));
    out[reviewerId] = row;
  });
  return out;
}

runBench('Expertise: affinity on the gold-standard dataset (half)', async () => {
  if (!existsSync(path.join(DATASET, 'score.mjs'))) {
    console.log(`No dataset in ${DATASET}: nothing measured.`);
    return;
  }
  const papers = readJsonl<{ id: string; title: string; abstract: string }>('papers.jsonl').map((p): SubmissionText => ({
    id: p.id,
    title: p.title,
    abstract: p.abstract ?? '',
  }));
  const reviewers = readJsonl<DatasetReviewer>('reviewers.jsonl');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'expertise-bench-'));
  try {
    const variants = process.env.EXPERTISE_VARIANTS === '1' ? VARIANTS : VARIANTS.slice(0, 1);
    const rows: Array<Array<string | number>> = [];
    for (const [label, settings] of variants) {
      const started = performance.now();
      const losses = SAMPLES.map((sample) => lossOf(predict(papers, reviewers, sample, settings), dir, sample));
      const mean = losses.reduce((a, b) => a + b, 0) / losses.length;
      const ms = (performance.now() - started) / SAMPLES.length;
      if (label === VARIANTS[0]![0]) {
        console.log(`Settings: ${JSON.stringify(DEFAULT_AFFINITY_SETTINGS)}\n`);
        printTable(
          ['sample', 'loss'],
          losses.map((l, i) => [SAMPLES[i]!, l.toFixed(3)]),
        );
        console.log(`mean loss over the ten samples: ${mean.toFixed(4)} (target ≤ ${TARGET}: ${verdict(mean <= TARGET)})\n`);
      }
      rows.push([label, mean.toFixed(4), Math.min(...losses).toFixed(3), Math.max(...losses).toFixed(3), fmt(ms, 0)]);
    }
    if (rows.length > 1) printTable(['variant', 'mean loss', 'best sample', 'worst sample', 'ms per sample'], rows);

    // Decision 0076: the same, each reviewer's publications through the product's BibTeX import.
    const viaImport = SAMPLES.map((sample) => lossOf(predict(papers, reviewers, sample, {}, throughImport), dir, `${sample}-import`));
    const direct = SAMPLES.map((sample) => lossOf(predict(papers, reviewers, sample, {}), dir, `${sample}-direct`));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    printTable(
      ['sample', 'loss, publications given directly', 'loss, through the BibTeX import'],
      SAMPLES.map((sample, i) => [sample, direct[i]!.toFixed(3), viaImport[i]!.toFixed(3)]),
    );
    console.log(
      `mean loss: ${mean(direct).toFixed(4)} directly, ${mean(viaImport).toFixed(4)} through the import ` +
        `(target ≤ ${TARGET}: ${verdict(mean(viaImport) <= TARGET)}); ${imported} entries imported in ${fmt(importMs, 0)} ms\n`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
