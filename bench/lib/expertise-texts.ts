// Synthetic texts for bench/expertise-scale.ts: a Zipf vocabulary of made-up words with topic structure (a paper
// draws on one or two of 1,000 topics, a reviewer's publications on two or three); half of a text's words from
// its topics, half from the whole vocabulary. Each document has its own seed, so any thread makes the same one.
import { DocumentReader, type PublicationText, type ReadDocuments, type SubmissionText } from '../../src/core/expertise/affinity';

import { performance } from 'node:perf_hooks';

const VOCABULARY = 40_000;
const TOPICS = 1_000;
const TOPIC_WORDS = 400;
const TITLE_WORDS = 10;
const ABSTRACT_WORDS = 160;
const TOPIC_SHARE = 0.5;

/** mulberry32: the same texts on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let rand = random(42);
const SYLLABLES =
  'ba be bi bo bu ca ce ci co cu da de di do du fa fe fi fo fu ga ge gi go gu la le li lo lu ma me mi mo mu na ne ni no nu pa pe pi po pu ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo vu za ze zi zo zu'.split(
    ' ',
  );
const words: string[] = [];
{
  const seen = new Set<string>();
  while (words.length < VOCABULARY) {
    let w = '';
    const n = 2 + Math.floor(rand() * 3);
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
}

/** Cumulative Zipf weights (exponent 1) over n ranks, for sampling by binary search. */
function zipf(n: number): Float64Array {
  const c = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) c[i] = sum += 1 / (i + 1);
  for (let i = 0; i < n; i++) c[i]! /= sum;
  return c;
}
function draw(c: Float64Array): number {
  const x = rand();
  let lo = 0;
  let hi = c.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (c[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
const background = zipf(VOCABULARY);
const topicRanks = zipf(TOPIC_WORDS);
const topics = Array.from({ length: TOPICS }, () => Array.from({ length: TOPIC_WORDS }, () => words[Math.floor(rand() * VOCABULARY)]!));

function text(count: number, topicIds: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    if (rand() < TOPIC_SHARE) out.push(topics[topicIds[Math.floor(rand() * topicIds.length)]!]![draw(topicRanks)]!);
    else out.push(words[draw(background)]!);
  }
  return out.join(' ');
}
const pickTopics = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * TOPICS));

/** Paper i: the same text on any thread (its own seed). */
export function makePaper(i: number): SubmissionText {
  rand = random(1_000_000 + i);
  const t = pickTopics(1 + Math.floor(rand() * 2));
  return { id: `p${i}`, title: text(TITLE_WORDS, t), abstract: text(ABSTRACT_WORDS, t) };
}
/** Reviewer i's publications: the same texts on any thread (their own seed). */
export function makeProfile(i: number, publications: number): PublicationText[] {
  rand = random(2_000_000_000 - i);
  const t = pickTopics(2 + Math.floor(rand() * 2));
  return Array.from({ length: publications }, () => {
    const one = [t[Math.floor(rand() * t.length)]!];
    return { title: text(TITLE_WORDS, one), abstract: text(ABSTRACT_WORDS, one), year: 2006 + Math.floor(rand() * 21) };
  });
}

export interface ReadHalf {
  read: ReadDocuments;
  reviewers: Array<{ id: string; publications: Array<{ title: string; year: number | null }> }>;
  /** Milliseconds spent reading (normalising, stemming, counting), the texts' making not counted. */
  readMs: number;
}

/** Makes and reads papers [paperFrom, paperTo) then reviewers [reviewerFrom, reviewerTo), on this thread. */
export function readRange(range: {
  paperFrom: number;
  paperTo: number;
  reviewerFrom: number;
  reviewerTo: number;
  publications: number;
}): ReadHalf {
  const reader = new DocumentReader();
  let readMs = 0;
  for (let i = range.paperFrom; i < range.paperTo; i++) {
    const paper = makePaper(i);
    const t = performance.now();
    reader.readPaper(paper);
    readMs += performance.now() - t;
  }
  const reviewers: ReadHalf['reviewers'] = [];
  for (let i = range.reviewerFrom; i < range.reviewerTo; i++) {
    const pubs = makeProfile(i, range.publications);
    const t = performance.now();
    for (const pub of pubs) reader.readPublication(pub);
    readMs += performance.now() - t;
    reviewers.push({ id: `r${i}`, publications: pubs.map((p) => ({ title: p.title, year: p.year ?? null })) });
  }
  const t = performance.now();
  const read = reader.take();
  readMs += performance.now() - t;
  return { read, reviewers, readMs };
}

/** Rows `from` .. `to` of a read. */
export function rowsOf(read: ReadDocuments, from: number, to = read.lengths.length): ReadDocuments {
  return { ...read, offsets: read.offsets.subarray(from, to + 1), lengths: read.lengths.subarray(from, to) };
}
