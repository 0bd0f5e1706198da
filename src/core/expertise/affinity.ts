import { forEachToken } from './text';

/**
 * Reviewer–paper affinity from what reviewers wrote (decision 0069): each document (a submission, a
 * publication) is a sparse vector of term weights (sublinear tf × idf, the title counting more), normalised to
 * length 1; a paper's similarity to one publication is the cosine of their vectors, in [0, 1]; a reviewer's
 * affinity for a paper aggregates the similarities to their publications, the recent ones counting more. The
 * same index serves one pair (with its explanation), every pair of a small edition, and the top k reviewers of
 * each paper at 20,000 × 20,000 through an inverted index over publications.
 */

export interface SubmissionText {
  id: string;
  title: string;
  abstract: string;
  keywords?: readonly string[];
}

export interface PublicationText {
  title: string;
  abstract?: string | null;
  year?: number | null;
}

export interface ReviewerPublications {
  id: string;
  publications: readonly PublicationText[];
}

export interface AffinitySettings {
  /** How many times a title (or keyword) word counts against one abstract word. */
  titleWeight: number;
  /** Adjacent kept words also count as one phrase term ("graph neural"), with this weight (0: no phrases). */
  phraseWeight: number;
  /** Term frequency: `log` is 1 + ln tf; `bm25` saturates with k1 and normalises length with b. */
  tf: 'log' | 'bm25';
  k1: number;
  b: number;
  /** How a reviewer's per-publication similarities become one affinity. */
  aggregate: 'max' | 'softmax' | 'mean';
  /** Softmax temperature: small is close to max, large close to the mean. */
  temperature: number;
  /** A publication `halfLife` years older than the newest counts half (null: all count the same). */
  halfLife: number | null;
  /** Share of the affinity given to the cosine with the reviewer's whole profile (all publications together). */
  profileShare: number;
  /** Each publication keeps only its heaviest terms: bounds the inverted index at scale. */
  maxTermsPerPublication: number;
}

/** The settings measured best on the expertise benchmark (docs/benchmarks.md, decision 0069). */
export const DEFAULT_AFFINITY_SETTINGS: AffinitySettings = {
  titleWeight: 2,
  phraseWeight: 0,
  tf: 'bm25',
  k1: 1.2,
  b: 0.75,
  aggregate: 'max',
  temperature: 0.1,
  halfLife: 5,
  profileShare: 0.7,
  maxTermsPerPublication: 64,
};

/** Sparse vectors in one block: document i is terms/weights[offsets[i] .. offsets[i+1]), term ids ascending. */
interface SparseRows {
  offsets: Int32Array;
  terms: Int32Array;
  weights: Float32Array;
}

export interface AffinityIndex {
  settings: AffinitySettings;
  /** term → id, and the word as first written for each id (explanations). */
  vocabulary: Map<string, number>;
  surfaces: string[];
  /** Inverse document frequency by term id, over papers and publications together. */
  idf: Float32Array;
  /** Documents the idf was counted over, for terms met after the build. */
  documents: number;
  averageLength: number;
  paperIds: string[];
  papers: SparseRows;
  reviewerIds: string[];
  /** Publications of reviewer r: pubs firstPublication[r] .. firstPublication[r+1]. */
  firstPublication: Int32Array;
  publicationReviewer: Int32Array;
  publicationTitles: string[];
  publicationYears: Int32Array;
  publications: SparseRows;
  /** Recency weight of each publication (1 when halfLife is null). */
  recency: Float32Array;
  /** Σ recency of each reviewer's publications (softmax denominators). */
  recencySum: Float32Array;
  /** Length of the sum of each reviewer's publication vectors (profileShare). */
  profileNorm: Float32Array;
  /** term → publications containing it: postings[termStart[t] .. termStart[t+1]). */
  termStart: Int32Array;
  postingPublication: Int32Array;
  postingWeight: Float32Array;
  /** term → papers containing it (new or changed profiles). */
  paperTermStart: Int32Array;
  postingPaper: Int32Array;
  postingPaperWeight: Float32Array;
}

export interface ScoredReviewer {
  reviewer: number;
  affinity: number;
}

export interface AffinityExplanation {
  affinity: number;
  /** The reviewer's closest publications (at most two), closest first. */
  publications: Array<{ index: number; title: string; year: number | null; similarity: number }>;
  /** The shared terms that weigh most, as written, heaviest first. */
  sharedTerms: string[];
}

/** Term counts of one document while it is read; reused from one document to the next. */
class TermCounter {
  counts = new Float64Array(1024);
  touched: number[] = [];
  length = 0;
  add(id: number, weight: number): void {
    if (id >= this.counts.length) {
      const grown = new Float64Array(Math.max(id + 1, this.counts.length * 2));
      grown.set(this.counts);
      this.counts = grown;
    }
    if (this.counts[id] === 0) this.touched.push(id);
    this.counts[id]! += weight;
    this.length += weight;
  }
  reset(): void {
    for (const id of this.touched) this.counts[id] = 0;
    this.touched.length = 0;
    this.length = 0;
  }
}

const CHUNK_BITS = 20;
const CHUNK = 1 << CHUNK_BITS;

/**
 * Documents as (term id, tf) rows while the vocabulary and document frequencies are being counted, in chunks
 * of a million entries: at 400,000 publications a doubling array would copy hundreds of megabytes.
 */
class RowBuilder {
  offsets: number[] = [0];
  termChunks: Int32Array[] = [];
  tfChunks: Float32Array[] = [];
  lengths: number[] = [];
  size = 0;
  push(counter: TermCounter): void {
    const ids = counter.touched.slice().sort((a, b) => a - b);
    for (const id of ids) {
      const chunk = this.size >>> CHUNK_BITS;
      if (chunk === this.termChunks.length) {
        this.termChunks.push(new Int32Array(CHUNK));
        this.tfChunks.push(new Float32Array(CHUNK));
      }
      this.termChunks[chunk]![this.size & (CHUNK - 1)] = id;
      this.tfChunks[chunk]![this.size & (CHUNK - 1)] = counter.counts[id]!;
      this.size++;
    }
    this.offsets.push(this.size);
    this.lengths.push(counter.length);
  }
  /** A row read elsewhere (another thread): ids already mapped to this index's vocabulary, ascending. */
  pushRow(ids: ArrayLike<number>, tfs: ArrayLike<number>, length: number): void {
    for (let i = 0; i < ids.length; i++) {
      const chunk = this.size >>> CHUNK_BITS;
      if (chunk === this.termChunks.length) {
        this.termChunks.push(new Int32Array(CHUNK));
        this.tfChunks.push(new Float32Array(CHUNK));
      }
      this.termChunks[chunk]![this.size & (CHUNK - 1)] = ids[i]!;
      this.tfChunks[chunk]![this.size & (CHUNK - 1)] = tfs[i]!;
      this.size++;
    }
    this.offsets.push(this.size);
    this.lengths.push(length);
  }
  /** Every row in flat arrays, to hand to another thread. */
  flatten(): { offsets: Int32Array; terms: Int32Array; tfs: Float32Array; lengths: Float64Array } {
    const terms = new Int32Array(this.size);
    const tfs = new Float32Array(this.size);
    this.termChunks.forEach((c, i) => terms.set(c.subarray(0, Math.min(CHUNK, this.size - i * CHUNK)), i * CHUNK));
    this.tfChunks.forEach((c, i) => tfs.set(c.subarray(0, Math.min(CHUNK, this.size - i * CHUNK)), i * CHUNK));
    return { offsets: Int32Array.from(this.offsets), terms, tfs, lengths: Float64Array.from(this.lengths) };
  }
  term(i: number): number {
    return this.termChunks[i >>> CHUNK_BITS]![i & (CHUNK - 1)]!;
  }
  tf(i: number): number {
    return this.tfChunks[i >>> CHUNK_BITS]![i & (CHUNK - 1)]!;
  }
}

interface Reader {
  vocabulary: Map<string, number>;
  surfaces: string[];
  /** Term ids met for the first time get the next id; with `frozen`, unknown terms get -1 (see readUnknown). */
  frozen: boolean;
  unknown: number;
}

/** Adds a text's terms (and phrases) to the counter with the given field weight. */
function readText(reader: Reader, counter: TermCounter, text: string, weight: number, phraseWeight: number): void {
  let previous = '';
  let previousSurface = '';
  forEachToken(text, (term, surface, joined) => {
    addTerm(reader, counter, term, surface, weight);
    if (phraseWeight > 0 && joined && previous) {
      addTerm(reader, counter, `${previous} ${term}`, `${previousSurface} ${surface}`, weight * phraseWeight);
    }
    previous = term;
    previousSurface = surface;
  });
}

function addTerm(reader: Reader, counter: TermCounter, term: string, surface: string, weight: number): void {
  let id = reader.vocabulary.get(term);
  if (id === undefined) {
    if (reader.frozen) {
      reader.unknown += weight;
      return;
    }
    id = reader.surfaces.length;
    reader.vocabulary.set(term, id);
    reader.surfaces.push(surface);
  }
  counter.add(id, weight);
}

function readPaper(reader: Reader, counter: TermCounter, paper: SubmissionText, s: AffinitySettings): void {
  readText(reader, counter, paper.title, s.titleWeight, s.phraseWeight);
  for (const keyword of paper.keywords ?? []) readText(reader, counter, keyword, s.titleWeight, s.phraseWeight);
  readText(reader, counter, paper.abstract, 1, s.phraseWeight);
}

function readPublication(reader: Reader, counter: TermCounter, pub: PublicationText, s: AffinitySettings): void {
  readText(reader, counter, pub.title, s.titleWeight, s.phraseWeight);
  if (pub.abstract) readText(reader, counter, pub.abstract, 1, s.phraseWeight);
}

function tfWeight(tf: number, length: number, averageLength: number, s: AffinitySettings): number {
  if (s.tf === 'log') return 1 + Math.log(tf);
  return (tf * (s.k1 + 1)) / (tf + s.k1 * (1 - s.b + (s.b * length) / averageLength));
}

/** Weighted, unit-length rows; a row keeps at most `keep` terms (its heaviest). */
function weighRows(
  rows: RowBuilder,
  idf: Float32Array,
  averageLength: number,
  s: AffinitySettings,
  keep: number,
  allocate: (bytes: number) => ArrayBufferLike,
): SparseRows {
  const docs = rows.lengths.length;
  const offsets = new Int32Array(allocate((docs + 1) * 4));
  let total = 0;
  for (let d = 0; d < docs; d++) total += Math.min(keep, rows.offsets[d + 1]! - rows.offsets[d]!);
  const terms = new Int32Array(allocate(total * 4));
  const weights = new Float32Array(allocate(total * 4));
  let out = 0;
  const scratch: Array<[number, number]> = [];
  for (let d = 0; d < docs; d++) {
    const from = rows.offsets[d]!;
    const to = rows.offsets[d + 1]!;
    const length = rows.lengths[d]!;
    scratch.length = 0;
    let norm = 0;
    for (let i = from; i < to; i++) {
      const t = rows.term(i);
      const w = tfWeight(rows.tf(i), length, averageLength, s) * idf[t]!;
      norm += w * w;
      scratch.push([t, w]);
    }
    if (scratch.length > keep) {
      scratch.sort((a, b) => b[1] - a[1]);
      scratch.length = keep;
      scratch.sort((a, b) => a[0] - b[0]);
    }
    // Normalised by the full length, so a row cut to its heaviest terms keeps a cosine ≤ 1 and the terms' scale.
    const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (const [t, w] of scratch) {
      terms[out] = t;
      weights[out++] = w * inv;
    }
    offsets[d + 1] = out;
  }
  return { offsets, terms, weights };
}

/** Builds the index of one edition: papers and reviewers' publications read together (one idf for both). */
export function buildAffinityIndex(input: {
  papers: Iterable<SubmissionText>;
  reviewers: Iterable<ReviewerPublications>;
  settings?: Partial<AffinitySettings>;
}): AffinityIndex {
  const builder = new AffinityIndexBuilder(input.settings);
  for (const paper of input.papers) builder.addPaper(paper);
  for (const reviewer of input.reviewers) builder.addReviewer(reviewer);
  return builder.build();
}

/**
 * Documents read into term counts with a vocabulary of their own, on any thread: the slow part of building an
 * index (normalising and stemming every word) split over the cores; `AffinityIndexBuilder.addRead` maps the
 * rows onto the index's vocabulary.
 */
export class DocumentReader {
  readonly settings: AffinitySettings;
  private reader: Reader = { vocabulary: new Map(), surfaces: [], frozen: false, unknown: 0 };
  private counter = new TermCounter();
  private rows = new RowBuilder();

  constructor(settings?: Partial<AffinitySettings>) {
    this.settings = { ...DEFAULT_AFFINITY_SETTINGS, ...settings };
  }
  readPaper(paper: SubmissionText): void {
    readPaper(this.reader, this.counter, paper, this.settings);
    this.rows.push(this.counter);
    this.counter.reset();
  }
  readPublication(pub: PublicationText): void {
    readPublication(this.reader, this.counter, pub, this.settings);
    this.rows.push(this.counter);
    this.counter.reset();
  }
  /** The rows read, in order, with their vocabulary (term, surface by local id): plain data a thread can post. */
  take(): ReadDocuments {
    const { offsets, terms, tfs, lengths } = this.rows.flatten();
    return { vocabulary: [...this.reader.vocabulary.keys()], surfaces: this.reader.surfaces, offsets, ids: terms, tfs, lengths };
  }
}

export interface ReadDocuments {
  /** Local vocabulary: the term and its surface by local id. */
  vocabulary: string[];
  surfaces: string[];
  /** Row i is ids/tfs[offsets[i] .. offsets[i+1]), local ids ascending; lengths[i] its weighted word count. */
  offsets: Int32Array;
  ids: Int32Array;
  tfs: Float32Array;
  lengths: Float64Array;
}

/**
 * The index built as rows arrive (from a database cursor): only term counts are kept, not the texts, so
 * 400,000 abstracts never sit in memory at once.
 */
export class AffinityIndexBuilder {
  readonly settings: AffinitySettings;
  private reader: Reader = { vocabulary: new Map(), surfaces: [], frozen: false, unknown: 0 };
  private counter = new TermCounter();
  private paperRows = new RowBuilder();
  private pubRows = new RowBuilder();
  private paperIds: string[] = [];
  private reviewerIds: string[] = [];
  private firstPublication: number[] = [0];
  private publicationTitles: string[] = [];
  private years: number[] = [];
  private owners: number[] = [];

  constructor(settings?: Partial<AffinitySettings>) {
    this.settings = { ...DEFAULT_AFFINITY_SETTINGS, ...settings };
  }

  addPaper(paper: SubmissionText): void {
    readPaper(this.reader, this.counter, paper, this.settings);
    this.paperRows.push(this.counter);
    this.counter.reset();
    this.paperIds.push(paper.id);
  }

  addReviewer(reviewer: ReviewerPublications): void {
    const r = this.reviewerIds.length;
    this.reviewerIds.push(reviewer.id);
    for (const pub of reviewer.publications) {
      readPublication(this.reader, this.counter, pub, this.settings);
      this.pubRows.push(this.counter);
      this.counter.reset();
      this.publicationTitles.push(pub.title);
      this.years.push(pub.year ?? 0);
      this.owners.push(r);
    }
    this.firstPublication.push(this.publicationTitles.length);
  }

  /** Papers read by a `DocumentReader` (same settings), in the order read. */
  addReadPapers(read: ReadDocuments, ids: readonly string[]): void {
    this.mapRows(read, this.paperRows);
    this.paperIds.push(...ids);
  }

  /**
   * Reviewers whose publications a `DocumentReader` read, in order: reviewer i's are the next
   * `publications.length` rows (only titles and years are read here, for explanations and recency).
   */
  addReadReviewers(
    read: ReadDocuments,
    reviewers: ReadonlyArray<{ id: string; publications: ReadonlyArray<{ title: string; year?: number | null }> }>,
  ): void {
    this.mapRows(read, this.pubRows);
    for (const reviewer of reviewers) {
      const r = this.reviewerIds.length;
      this.reviewerIds.push(reviewer.id);
      for (const pub of reviewer.publications) {
        this.publicationTitles.push(pub.title);
        this.years.push(pub.year ?? 0);
        this.owners.push(r);
      }
      this.firstPublication.push(this.publicationTitles.length);
    }
  }

  private mapRows(read: ReadDocuments, rows: RowBuilder): void {
    const { vocabulary, surfaces } = this.reader;
    const global = new Int32Array(read.vocabulary.length);
    read.vocabulary.forEach((term, local) => {
      let id = vocabulary.get(term);
      if (id === undefined) {
        id = surfaces.length;
        vocabulary.set(term, id);
        surfaces.push(read.surfaces[local]!);
      }
      global[local] = id;
    });
    // Global ids in ascending order within each row: sort (id × 2^21 + position) keys, exact in a double (ids < 2^31).
    let keys = new Float64Array(64);
    const ids: number[] = [];
    const tfs: number[] = [];
    for (let d = 0; d + 1 < read.offsets.length; d++) {
      const from = read.offsets[d]!;
      const n = read.offsets[d + 1]! - from;
      if (n > keys.length) keys = new Float64Array(n * 2);
      const view = keys.subarray(0, n);
      for (let i = 0; i < n; i++) view[i] = global[read.ids[from + i]!]! * 2_097_152 + i;
      view.sort();
      ids.length = 0;
      tfs.length = 0;
      for (let i = 0; i < n; i++) {
        const key = view[i]!;
        const at = key % 2_097_152;
        ids.push((key - at) / 2_097_152);
        tfs.push(read.tfs[from + at]!);
      }
      rows.pushRow(ids, tfs, read.lengths[d]!);
    }
  }

  /**
   * The index. `allocate` gives the memory of its typed arrays: a SharedArrayBuffer lets worker threads score
   * against it without a copy. The read rows are let go as soon as they are weighed.
   */
  build(allocate: (bytes: number) => ArrayBufferLike = (bytes) => new ArrayBuffer(bytes)): AffinityIndex {
    const { settings, reader } = this;
    const vocabularySize = reader.surfaces.length;
    const df = new Int32Array(vocabularySize);
    for (const rows of [this.paperRows, this.pubRows]) for (let i = 0; i < rows.size; i++) df[rows.term(i)]!++;
    const documents = this.paperRows.lengths.length + this.pubRows.lengths.length;
    const idf = new Float32Array(vocabularySize);
    for (let t = 0; t < vocabularySize; t++) idf[t] = inverseFrequency(df[t]!, documents);
    let lengthSum = 0;
    for (const rows of [this.paperRows, this.pubRows]) for (const l of rows.lengths) lengthSum += l;
    const averageLength = documents ? lengthSum / documents : 1;

    const papers = weighRows(this.paperRows, idf, averageLength, settings, Number.MAX_SAFE_INTEGER, allocate);
    this.paperRows = new RowBuilder();
    const publications = weighRows(this.pubRows, idf, averageLength, settings, settings.maxTermsPerPublication, allocate);
    this.pubRows = new RowBuilder();
    const int32 = (values: readonly number[]) => {
      const a = new Int32Array(allocate(values.length * 4));
      a.set(values);
      return a;
    };
    const float32 = (values: Float32Array) => {
      const a = new Float32Array(allocate(values.length * 4));
      a.set(values);
      return a;
    };
    const firstPublication = int32(this.firstPublication);
    const publicationYears = Int32Array.from(this.years);
    const weighed = weighRecency(firstPublication, publicationYears, settings.halfLife);
    const recency = float32(weighed.recency);
    const recencySum = float32(weighed.recencySum);
    const profileNorm = float32(measureProfiles(firstPublication, publications, recency, vocabularySize));
    const { termStart, postingPublication, postingWeight } = invert(publications, vocabularySize, allocate);
    const paperPostings = invert(papers, vocabularySize, allocate);
    return {
      settings,
      vocabulary: reader.vocabulary,
      surfaces: reader.surfaces,
      idf,
      documents,
      averageLength,
      paperIds: this.paperIds,
      papers,
      reviewerIds: this.reviewerIds,
      firstPublication,
      publicationReviewer: int32(this.owners),
      publicationTitles: this.publicationTitles,
      publicationYears,
      publications,
      recency,
      recencySum,
      profileNorm,
      termStart,
      postingPublication,
      postingWeight,
      paperTermStart: paperPostings.termStart,
      postingPaper: paperPostings.postingPublication,
      postingPaperWeight: paperPostings.postingWeight,
    };
  }
}

/** Smoothed idf: a term in every document still weighs a little, a term in one document weighs most. */
function inverseFrequency(df: number, documents: number): number {
  return Math.log((documents + 1) / (df + 1)) + 1;
}

function weighRecency(firstPublication: Int32Array, years: Int32Array, halfLife: number | null) {
  const recency = new Float32Array(years.length).fill(1);
  const reviewers = firstPublication.length - 1;
  const recencySum = new Float32Array(reviewers);
  for (let r = 0; r < reviewers; r++) {
    const from = firstPublication[r]!;
    const to = firstPublication[r + 1]!;
    let newest = 0;
    for (let j = from; j < to; j++) newest = Math.max(newest, years[j]!);
    for (let j = from; j < to; j++) {
      // A publication without a year counts as the reviewer's newest: no year is no evidence of age.
      if (halfLife !== null && years[j]! > 0) recency[j] = Math.pow(0.5, (newest - years[j]!) / halfLife);
      recencySum[r]! += recency[j]!;
    }
  }
  return { recency, recencySum };
}

/** ‖Σ recency × publication vector‖ of each reviewer: the cosine with the whole profile is Σ recency × similarity / this. */
function measureProfiles(firstPublication: Int32Array, pubs: SparseRows, recency: Float32Array, vocabularySize: number): Float32Array {
  const reviewers = firstPublication.length - 1;
  const norms = new Float32Array(reviewers);
  const sum = new Float64Array(vocabularySize);
  const touched: number[] = [];
  for (let r = 0; r < reviewers; r++) {
    for (let d = firstPublication[r]!; d < firstPublication[r + 1]!; d++) {
      for (let i = pubs.offsets[d]!; i < pubs.offsets[d + 1]!; i++) {
        const t = pubs.terms[i]!;
        if (sum[t] === 0) touched.push(t);
        sum[t]! += recency[d]! * pubs.weights[i]!;
      }
    }
    let n = 0;
    for (const t of touched) {
      n += sum[t]! * sum[t]!;
      sum[t] = 0;
    }
    touched.length = 0;
    norms[r] = Math.sqrt(n);
  }
  return norms;
}

/** Postings of each term: the rows containing it and the term's weight there. */
function invert(pubs: SparseRows, vocabularySize: number, allocate: (bytes: number) => ArrayBufferLike) {
  const termStart = new Int32Array(allocate((vocabularySize + 1) * 4));
  for (let i = 0; i < pubs.terms.length; i++) termStart[pubs.terms[i]! + 1]!++;
  for (let t = 0; t < vocabularySize; t++) termStart[t + 1]! += termStart[t]!;
  const fill = termStart.slice(0, vocabularySize);
  const postingPublication = new Int32Array(allocate(pubs.terms.length * 4));
  const postingWeight = new Float32Array(allocate(pubs.terms.length * 4));
  const docs = pubs.offsets.length - 1;
  for (let d = 0; d < docs; d++) {
    for (let i = pubs.offsets[d]!; i < pubs.offsets[d + 1]!; i++) {
      const at = fill[pubs.terms[i]!]!++;
      postingPublication[at] = d;
      postingWeight[at] = pubs.weights[i]!;
    }
  }
  return { termStart, postingPublication, postingWeight };
}

/** A paper's vector: one of the index's papers, or a new one read with the index's vocabulary and idf. */
export interface PaperVector {
  terms: Int32Array;
  weights: Float32Array;
}

export function paperVector(index: AffinityIndex, paper: number): PaperVector {
  const { offsets, terms, weights } = index.papers;
  return {
    terms: terms.subarray(offsets[paper]!, offsets[paper + 1]!),
    weights: weights.subarray(offsets[paper]!, offsets[paper + 1]!),
  };
}

/**
 * A paper that came after the index was built (or changed): read with the index's vocabulary and idf. Its
 * words that no indexed document has match no publication but still lengthen it, weighed as seen once.
 */
export function readNewPaper(index: AffinityIndex, paper: SubmissionText): PaperVector {
  return readNewDocument(index, (reader, counter) => readPaper(reader, counter, paper, index.settings), Infinity);
}

function readNewDocument(index: AffinityIndex, read: (reader: Reader, counter: TermCounter) => void, keep: number): PaperVector {
  const s = index.settings;
  const reader: Reader = { vocabulary: index.vocabulary, surfaces: index.surfaces, frozen: true, unknown: 0 };
  const counter = new TermCounter();
  read(reader, counter);
  const length = counter.length + reader.unknown;
  const unseenIdf = inverseFrequency(1, index.documents + 1);
  let norm = reader.unknown > 0 ? (tfWeight(reader.unknown, length, index.averageLength, s) * unseenIdf) ** 2 : 0;
  let pairs = counter.touched.map((t): [number, number] => {
    const w = tfWeight(counter.counts[t]!, length, index.averageLength, s) * index.idf[t]!;
    norm += w * w;
    return [t, w];
  });
  if (pairs.length > keep) pairs = pairs.sort((a, b) => b[1] - a[1]).slice(0, keep);
  pairs.sort((a, b) => a[0] - b[0]);
  const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  return { terms: Int32Array.from(pairs, (p) => p[0]), weights: Float32Array.from(pairs, (p) => p[1] * inv) };
}

/**
 * A reviewer whose profile came (or changed) after the index was built: their affinity for every paper of the
 * index (by paper index), through the papers' inverted index, with the index's vocabulary and idf.
 */
export function scoreNewReviewer(index: AffinityIndex, reviewer: ReviewerPublications): Float32Array {
  const s = index.settings;
  const pubs = reviewer.publications.map((pub) =>
    readNewDocument(index, (reader, counter) => readPublication(reader, counter, pub, s), s.maxTermsPerPublication),
  );
  const years = Int32Array.from(reviewer.publications, (p) => p.year ?? 0);
  const { recency, recencySum } = weighRecency(Int32Array.of(0, pubs.length), years, s.halfLife);
  const profile = new Map<number, number>();
  pubs.forEach((v, j) => v.terms.forEach((t, i) => profile.set(t, (profile.get(t) ?? 0) + recency[j]! * v.weights[i]!)));
  let profileNorm = 0;
  for (const w of profile.values()) profileNorm += w * w;
  profileNorm = Math.sqrt(profileNorm);

  const paperCount = index.paperIds.length;
  const sims = new Float32Array(paperCount * pubs.length);
  pubs.forEach((v, j) => {
    for (let i = 0; i < v.terms.length; i++) {
      const t = v.terms[i]!;
      const w = v.weights[i]!;
      for (let p = index.paperTermStart[t]!; p < index.paperTermStart[t + 1]!; p++) {
        sims[index.postingPaper[p]! * pubs.length + j]! += w * index.postingPaperWeight[p]!;
      }
    }
  });
  const out = new Float32Array(paperCount);
  for (let p = 0; p < paperCount; p++) {
    const row = sims.subarray(p * pubs.length, (p + 1) * pubs.length);
    out[p] = combine(s, row, recency, recencySum[0]!, profileNorm);
  }
  return out;
}

function dot(a: PaperVector, rows: SparseRows, row: number): number {
  let i = 0;
  let j = rows.offsets[row]!;
  const end = rows.offsets[row + 1]!;
  let sum = 0;
  while (i < a.terms.length && j < end) {
    const ta = a.terms[i]!;
    const tb = rows.terms[j]!;
    if (ta === tb) sum += a.weights[i++]! * rows.weights[j++]!;
    else if (ta < tb) i++;
    else j++;
  }
  return sum;
}

/** Combines a reviewer's similarities into one affinity; `sims[j]` is publication `from + j`'s. */
function aggregate(index: AffinityIndex, reviewer: number, sims: ArrayLike<number>): number {
  const from = index.firstPublication[reviewer]!;
  const to = index.firstPublication[reviewer + 1]!;
  return combine(index.settings, sims, index.recency.subarray(from, to), index.recencySum[reviewer]!, index.profileNorm[reviewer]!);
}

/**
 * (1 − profileShare) × the closest publication (max, or a softmax of the similarities) + profileShare × the
 * cosine with the whole profile (Σ recency × vector), each publication weighed by its recency.
 */
function combine(
  s: AffinitySettings,
  sims: ArrayLike<number>,
  recency: ArrayLike<number>,
  recencySum: number,
  profileNorm: number,
): number {
  const count = recency.length;
  if (count === 0) return 0;
  let best = 0;
  let weighted = 0;
  let denominator = 0;
  let sum = 0;
  for (let j = 0; j < count; j++) {
    const w = recency[j]!;
    const x = sims[j]!;
    sum += w * x;
    if (w * x > best) best = w * x;
    if (s.aggregate === 'softmax') {
      const e = w * Math.exp(x / s.temperature);
      weighted += e * x;
      denominator += e;
    }
  }
  let own: number;
  if (s.aggregate === 'max') own = best;
  else if (s.aggregate === 'mean') own = sum / recencySum;
  else own = weighted / denominator;
  const profile = profileNorm > 0 ? sum / profileNorm : 0;
  return clamp01((1 - s.profileShare) * own + s.profileShare * profile);
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/** One pair's affinity, in [0, 1]. */
export function scorePair(index: AffinityIndex, paper: PaperVector, reviewer: number): number {
  const from = index.firstPublication[reviewer]!;
  const to = index.firstPublication[reviewer + 1]!;
  const sims = new Float64Array(to - from);
  for (let j = from; j < to; j++) sims[j - from] = dot(paper, index.publications, j);
  return aggregate(index, reviewer, sims);
}

/** Why a reviewer scores what they score on a paper: their two closest publications and the heaviest shared terms. */
export function explainPair(index: AffinityIndex, paper: PaperVector, reviewer: number, terms = 5): AffinityExplanation {
  const from = index.firstPublication[reviewer]!;
  const to = index.firstPublication[reviewer + 1]!;
  const sims = new Float64Array(to - from);
  for (let j = from; j < to; j++) sims[j - from] = dot(paper, index.publications, j);
  const closest = Array.from(sims.keys())
    .filter((j) => sims[j]! > 0)
    .sort((a, b) => sims[b]! * index.recency[from + b]! - sims[a]! * index.recency[from + a]! || a - b)
    .slice(0, 2);
  const contribution = new Map<number, number>();
  const paperWeight = new Map<number, number>();
  paper.terms.forEach((t, i) => paperWeight.set(t, paper.weights[i]!));
  for (const j of closest) {
    const { offsets, terms: ids, weights } = index.publications;
    for (let i = offsets[from + j]!; i < offsets[from + j + 1]!; i++) {
      const w = paperWeight.get(ids[i]!);
      if (w !== undefined) contribution.set(ids[i]!, (contribution.get(ids[i]!) ?? 0) + w * weights[i]!);
    }
  }
  const shared = [...contribution.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, terms)
    .map(([t]) => index.surfaces[t]!);
  return {
    affinity: aggregate(index, reviewer, sims),
    publications: closest.map((j) => ({
      index: j,
      title: index.publicationTitles[from + j]!,
      year: index.publicationYears[from + j]! || null,
      similarity: sims[j]!,
    })),
    sharedTerms: shared,
  };
}

/** Reusable buffers for `topReviewers`: one per thread, sized to the index. */
export interface Scratch {
  similarity: Float64Array;
  touched: Int32Array;
  reviewers: Int32Array;
  /** Per reviewer: the best recency × similarity, Σ recency × similarity, and the softmax sums. */
  best: Float64Array;
  sum: Float64Array;
  softWeighted: Float64Array;
  softExtra: Float64Array;
  reviewerSeen: Uint8Array;
}

export function createScratch(index: AffinityIndex): Scratch {
  const pubs = index.publicationReviewer.length;
  const reviewers = index.reviewerIds.length;
  return {
    similarity: new Float64Array(pubs),
    touched: new Int32Array(pubs),
    reviewers: new Int32Array(reviewers),
    best: new Float64Array(reviewers),
    sum: new Float64Array(reviewers),
    softWeighted: new Float64Array(reviewers),
    softExtra: new Float64Array(reviewers),
    reviewerSeen: new Uint8Array(reviewers),
  };
}

/**
 * The `k` reviewers with the highest affinity for a paper (ties by reviewer order), through the inverted index:
 * only publications sharing a term with the paper are visited, and each reviewer's sums are gathered from those
 * alone (a publication sharing nothing adds 0, or its weight to a softmax's denominator). The affinities are
 * those of `scorePair`; reviewers sharing nothing score 0 and are left out.
 */
export function topReviewers(index: AffinityIndex, paper: PaperVector, k: number, scratch = createScratch(index)): ScoredReviewer[] {
  const { similarity, touched, reviewers, best, sum, softWeighted, softExtra, reviewerSeen } = scratch;
  const s = index.settings;
  const softmax = s.aggregate === 'softmax';
  let touchedCount = 0;
  for (let i = 0; i < paper.terms.length; i++) {
    const t = paper.terms[i]!;
    if (t >= index.termStart.length - 1) continue;
    const w = paper.weights[i]!;
    const end = index.termStart[t + 1]!;
    for (let p = index.termStart[t]!; p < end; p++) {
      const pub = index.postingPublication[p]!;
      // Every weight is > 0, so a similarity still 0 is a publication not met yet on this paper.
      const before = similarity[pub]!;
      if (before === 0) touched[touchedCount++] = pub;
      similarity[pub] = before + w * index.postingWeight[p]!;
    }
  }
  let reviewerCount = 0;
  for (let i = 0; i < touchedCount; i++) {
    const pub = touched[i]!;
    const r = index.publicationReviewer[pub]!;
    if (reviewerSeen[r] === 0) {
      reviewerSeen[r] = 1;
      reviewers[reviewerCount++] = r;
    }
    const w = index.recency[pub]!;
    const x = similarity[pub]!;
    similarity[pub] = 0;
    if (w * x > best[r]!) best[r] = w * x;
    sum[r]! += w * x;
    if (softmax) {
      const e = Math.exp(x / s.temperature);
      softWeighted[r]! += w * e * x;
      softExtra[r]! += w * (e - 1);
    }
  }
  const heap = new TopK(k);
  for (let i = 0; i < reviewerCount; i++) {
    const r = reviewers[i]!;
    let own: number;
    if (s.aggregate === 'max') own = best[r]!;
    else if (s.aggregate === 'mean') own = sum[r]! / index.recencySum[r]!;
    else own = softWeighted[r]! / (index.recencySum[r]! + softExtra[r]!);
    const norm = index.profileNorm[r]!;
    const affinity = clamp01((1 - s.profileShare) * own + s.profileShare * (norm > 0 ? sum[r]! / norm : 0));
    reviewerSeen[r] = 0;
    best[r] = 0;
    sum[r] = 0;
    softWeighted[r] = 0;
    softExtra[r] = 0;
    if (affinity > 0) heap.offer(r, affinity);
  }
  return heap.sorted();
}

/** The k largest (reviewer, affinity) pairs, a min-heap on affinity (then on reviewer, the later one out first). */
class TopK {
  private reviewers: number[] = [];
  private scores: number[] = [];
  constructor(private k: number) {}
  private less(i: number, j: number): boolean {
    const a = this.scores[i]!;
    const b = this.scores[j]!;
    return a < b || (a === b && this.reviewers[i]! > this.reviewers[j]!);
  }
  private swap(i: number, j: number): void {
    [this.reviewers[i], this.reviewers[j]] = [this.reviewers[j]!, this.reviewers[i]!];
    [this.scores[i], this.scores[j]] = [this.scores[j]!, this.scores[i]!];
  }
  offer(reviewer: number, score: number): void {
    if (this.k <= 0) return;
    if (this.scores.length < this.k) {
      this.reviewers.push(reviewer);
      this.scores.push(score);
      let i = this.scores.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.less(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    const top = this.scores[0]!;
    if (score < top || (score === top && reviewer > this.reviewers[0]!)) return;
    this.reviewers[0] = reviewer;
    this.scores[0] = score;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.scores.length && this.less(l, m)) m = l;
      if (r < this.scores.length && this.less(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
  }
  sorted(): ScoredReviewer[] {
    return this.reviewers
      .map((reviewer, i) => ({ reviewer, affinity: this.scores[i]! }))
      .sort((a, b) => b.affinity - a.affinity || a.reviewer - b.reviewer);
  }
}
