import type pg from 'pg';
import type { Db } from '../../db/connect';
import type { Mailer } from '../../mail/send';
import { assignReviewers } from './assign-reviewers';
import type { Actor } from '../shared/audit';
import { BIDS, scorePair, type Bid } from '../../../core/assignment/score';
import {
  boundAssignment,
  solveAssignment,
  violatesOptimality,
  type AssignmentBound,
  type AssignmentProblem,
  type AssignmentSolution,
} from '../../../core/assignment/solve-assignment';
import { normalizeTag, sharedTags } from '../../../core/matching';
import { institutionOf, mailboxOf } from '../../../core/person-conflicts';
import type { AutoAssignJson } from '../../../core/schemas/assignment';
import { AppError } from '../../errors';
import { APPROVED_IF_REQUIRED_SQL, VERIFIED_IF_REQUIRED_SQL } from './reviewer-checks';
import { SETTINGS_DEFAULTS } from '../../../core/schemas/settings';

export interface AutoAssignOptions {
  pool: pg.Pool;
  reviewersPerPaper?: number;
  maxPapersPerReviewer?: number;
  paperIds?: string[];
  /** Record the new pairs, as the editor (the same service, audit and mail as Send Paper). */
  apply?: { db: Db; mailer: Mailer; publicUrl: string; editor: Actor };
}

interface Loaded {
  paperIds: string[];
  paperKeywords: string[][];
  reviewerIds: string[];
  reviewerTags: string[][];
  need: Int32Array;
  capacity: Int32Array;
  /** Bit masks of tags, `words` 32-bit words per paper / reviewer. */
  words: number;
  paperMask: Uint32Array;
  reviewerMask: Uint32Array;
  authorDomain: Int32Array;
  reviewerDomain: Int32Array;
  authorEmail: Int32Array;
  reviewerEmail: Int32Array;
  /** Pairs excluded outright (declined, already assigned, co-author), CSR by paper. */
  exclStart: Int32Array;
  exclReviewer: Int32Array;
  /** Reviewers by tag (CSR over tag bits), for scoring only the reviewers that share a tag. */
  tagStart: Int32Array;
  tagReviewer: Int32Array;
  /** Bids, CSR by paper: `bidCode[bidStart[p] .. bidStart[p + 1]]` = reviewer * 4 + index in BIDS. */
  bidStart: Int32Array;
  bidCode: Int32Array;
}

interface Limits {
  reviewersPerPaper: number;
  maxPapersPerReviewer: number;
}

/** The editor's settings (docs/product.md#the-review-cycle), defaults until saved: the request's limits override them. */
async function readSettings(pool: pg.Pool): Promise<Limits> {
  const row = (
    await pool.query<{ r: number; m: number }>('select reviewers_per_paper as r, max_papers_per_reviewer as m from settings where id = 1')
  ).rows[0];
  return {
    reviewersPerPaper: row?.r ?? SETTINGS_DEFAULTS.reviewersPerPaper,
    maxPapersPerReviewer: row?.m ?? SETTINGS_DEFAULTS.maxPapersPerReviewer,
  };
}

/** Decision 0016's setting: only verified reviewers when the editor requires it; approved ones when required. */
const REVIEWERS = `role = 'Reviewer' and ${VERIFIED_IF_REQUIRED_SQL} and ${APPROVED_IF_REQUIRED_SQL}`;

/**
 * Everything the assignment needs, read in one snapshot (one repeatable-read, read-only transaction, shared
 * with the second connection the bids are read on), so the reviewer numbers the bids query computes are
 * those of the reviewers list.
 */
async function loadInstance(pool: pg.Pool, opts: Limits & { paperIds?: string[] }): Promise<Loaded> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const loaded = await loadInSnapshot(pool, client, opts);
    await client.query('commit');
    return loaded;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

async function loadInSnapshot(pool: pg.Pool, client: pg.PoolClient, opts: Limits & { paperIds?: string[] }): Promise<Loaded> {
  const wanted = opts.paperIds ? [...new Set(opts.paperIds)] : null;
  const listed = (
    await client.query<{ id: string; keywords: string[]; email: string; withdrawn: boolean }>(
      `select p.id, p.keywords, lower(u.email) as email, p.withdrawn_at is not null as withdrawn from papers p join users u on u.id = p.author_id
     ${wanted ? 'where p.id = any($1::text[])' : ''} order by p.id`,
      wanted ? [wanted] : [],
    )
  ).rows;
  if (wanted && listed.length !== wanted.length) {
    const found = new Set(listed.map((p) => p.id));
    throw new AppError('bad_request', `Unknown paper id: ${wanted.find((id) => !found.has(id))}`);
  }
  // docs/product.md#assignments-declines-and-withdrawals: a withdrawn paper is no candidate, even when named.
  const papers = listed.filter((p) => !p.withdrawn);
  const reviewers = (
    await client.query<{ id: string; tags: string[]; email: string }>(
      `select id, tags, lower(email) as email from users where ${REVIEWERS} order by id`,
    )
  ).rows;
  const P = papers.length;
  const R = reviewers.length;
  const paperIndex = new Map(papers.map((p, i) => [p.id, i]));
  const reviewerIndex = new Map(reviewers.map((r, i) => [r.id, i]));

  // Tag bit masks.
  const bit = new Map<string, number>();
  for (const r of reviewers)
    for (const t of r.tags) {
      const k = normalizeTag(t);
      if (!bit.has(k)) bit.set(k, bit.size);
    }
  const words = Math.max(1, Math.ceil(bit.size / 32));
  const paperMask = new Uint32Array(P * words);
  const reviewerMask = new Uint32Array(R * words);
  const setBits = (mask: Uint32Array, at: number, tags: string[]) => {
    for (const t of tags) {
      const b = bit.get(normalizeTag(t));
      if (b !== undefined) mask[at * words + (b >> 5)]! |= 1 << (b & 31);
    }
  };
  papers.forEach((p, i) => setBits(paperMask, i, p.keywords));
  reviewers.forEach((r, i) => setBits(reviewerMask, i, r.tags));

  // Same institution (registrable domain, public mail providers excepted) and same person (same mailbox):
  // the rules of core/person-conflicts.ts, looked up once per host.
  const ids = new Map<string, number>();
  const idOf = (s: string) => {
    let v = ids.get(s);
    if (v === undefined) ids.set(s, (v = ids.size));
    return v;
  };
  const institutions = new Map<string, string | null>();
  const institution = (email: string) => {
    const host = email.slice(email.lastIndexOf('@') + 1);
    let d = institutions.get(host);
    if (d === undefined) institutions.set(host, (d = institutionOf(email)));
    return d;
  };
  const domainOf = (email: string) => {
    const d = institution(email);
    return d === null ? -1 : idOf(`@${d}`);
  };
  const authorDomain = Int32Array.from(papers, (p) => domainOf(p.email));
  const reviewerDomain = Int32Array.from(reviewers, (r) => domainOf(r.email));
  const authorEmail = Int32Array.from(papers, (p) => idOf(mailboxOf(p.email)));
  const reviewerEmail = Int32Array.from(reviewers, (r) => idOf(mailboxOf(r.email)));
  // Several accounts may share a mailbox (dave.d@ and daved+rev@gmail.com): each is excluded.
  const reviewersByMailbox = new Map<string, number[]>();
  const addTo = (map: Map<string, number[]>, key: string, i: number) => {
    const list = map.get(key);
    if (list) list.push(i);
    else map.set(key, [i]);
  };
  reviewers.forEach((r, i) => addTo(reviewersByMailbox, mailboxOf(r.email), i));

  const need = new Int32Array(P).fill(opts.reviewersPerPaper);
  const capacity = new Int32Array(R).fill(opts.maxPapersPerReviewer);
  const excluded: Array<[number, number]> = [];
  // The assignments of withdrawn papers need no review (docs/product.md#assignments-declines-and-withdrawals): they no longer count toward a reviewer's limit.
  const statuses = (
    await client.query<{ paper_id: string; reviewer_id: string; status: string; assigned: boolean }>(
      `select s.paper_id, s.reviewer_id, s.status, s.assigned from review_statuses s
     where not exists (select 1 from papers w where w.id = s.paper_id and w.withdrawn_at is not null)`,
    )
  ).rows;
  for (const s of statuses) {
    const p = paperIndex.get(s.paper_id);
    const r = reviewerIndex.get(s.reviewer_id);
    const declined = s.status === 'Declined';
    const existing = s.assigned && !declined;
    // An assignment counts toward the reviewer's limit whichever papers this run covers.
    if (existing && r !== undefined) capacity[r]!--;
    if (existing && p !== undefined) need[p]!--;
    if ((declined || existing) && p !== undefined && r !== undefined) excluded.push([p, r]);
  }
  // Co-authors (same address or same institution) and the addresses the author declared conflicted.
  const reviewersByDomain = new Map<string, number[]>();
  reviewers.forEach((r, i) => {
    const d = institution(r.email);
    if (d !== null) addTo(reviewersByDomain, d, i);
  });
  const coAuthors = (
    await client.query<{ paper_id: string; email: string }>('select paper_id, lower(email) as email from paper_co_authors')
  ).rows;
  for (const c of coAuthors) {
    const p = paperIndex.get(c.paper_id);
    if (p === undefined) continue;
    for (const same of reviewersByMailbox.get(mailboxOf(c.email)) ?? []) excluded.push([p, same]);
    const d = institution(c.email);
    for (const same of d === null ? [] : (reviewersByDomain.get(d) ?? [])) excluded.push([p, same]);
  }
  const declared = (
    await client.query<{ paper_id: string; email: string }>('select paper_id, lower(email) as email from declared_conflicts')
  ).rows;
  for (const c of declared) {
    const p = paperIndex.get(c.paper_id);
    if (p === undefined) continue;
    for (const same of reviewersByMailbox.get(mailboxOf(c.email)) ?? []) excluded.push([p, same]);
  }
  for (let i = 0; i < P; i++) if (need[i]! < 0) need[i] = 0;
  for (let i = 0; i < R; i++) if (capacity[i]! < 0) capacity[i] = 0;
  const exclStart = new Int32Array(P + 1);
  for (const [p] of excluded) exclStart[p + 1]!++;
  for (let p = 0; p < P; p++) exclStart[p + 1]! += exclStart[p]!;
  const exclReviewer = new Int32Array(excluded.length);
  const fill = exclStart.slice(0, P);
  for (const [p, r] of excluded) exclReviewer[fill[p]!++] = r;

  const { bidStart, bidCode } =
    P > 0 && R > 0 ? await loadBids(pool, client, paperIndex, wanted) : { bidStart: new Int32Array(P + 1), bidCode: new Int32Array(0) };

  return {
    paperIds: papers.map((p) => p.id),
    paperKeywords: papers.map((p) => p.keywords),
    reviewerIds: reviewers.map((r) => r.id),
    reviewerTags: reviewers.map((r) => r.tags),
    need,
    capacity,
    words,
    paperMask,
    reviewerMask,
    authorDomain,
    reviewerDomain,
    authorEmail,
    reviewerEmail,
    exclStart,
    exclReviewer,
    bidStart,
    bidCode,
    ...indexTags(bit.size, words, reviewerMask, capacity),
  };
}

/**
 * The bids (docs/product.md#the-review-cycle; only those in BIDS count), as `reviewer number × 4 + index in BIDS` grouped by
 * paper. PostgreSQL numbers the reviewers itself (row_number over the reviewers list's own filter and order,
 * in the same snapshot), joins the reviewers and the four bid values as small hash tables, and aggregates one
 * int4[] per paper, sent as its binary form (array_send: a bytea node-postgres turns into a Buffer). With a second connection the table is read in two halves of its pages
 * (TID range scans) on two cores, the second connection in the first's snapshot.
 * (Joining ids sent as unnest($1::text[]) made the planner hash the 20 M bids instead — it has no statistics
 * on an array — and spill to disk: 52 s at 20 M bids.)
 */
async function loadBids(
  pool: pg.Pool,
  client: pg.PoolClient,
  paperIndex: Map<string, number>,
  wanted: string[] | null,
): Promise<{ bidStart: Int32Array; bidCode: Int32Array }> {
  const P = paperIndex.size;
  const codes = BIDS.map((b, i) => `('${b}', ${i})`).join(', ');
  const query = (range: string) => ({
    text: `with r as (select id, (row_number() over (order by id) - 1)::int * 4 as i from users where ${REVIEWERS}),
                k(bid, code) as (values ${codes})
           select b.paper_id, array_send(array_agg(r.i + k.code)) as packed
           from bids b join r on r.id = b.reviewer_id join k on k.bid = b.bid
           where ${range} ${wanted ? 'and b.paper_id = any($1::text[])' : ''}
           group by b.paper_id`,
    values: wanted ? [wanted] : [],
  });
  const pages = Number(
    (await client.query<{ n: string }>(`select pg_relation_size('bids') / current_setting('block_size')::int as n`)).rows[0]!.n,
  );
  // The per-paper arrays reach ~100 MB at 20 M bids: kept in memory rather than spilled past work_mem's 4 MB.
  const enlarge = `set local work_mem = '256MB'`;
  await client.query(enlarge);
  let second: pg.PoolClient | null = null;
  if (pages >= 1024 && (pool.options.max ?? 10) >= 2) {
    const snapshot = (await client.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0]!.s;
    second = await pool.connect().catch(() => null);
    if (second) {
      try {
        await second.query('begin isolation level repeatable read read only');
        await second.query(`set transaction snapshot '${snapshot}'`);
        await second.query(enlarge);
      } catch {
        await second.query('rollback').catch(() => {});
        second.release();
        second = null;
      }
    }
  }
  const half = Math.floor(pages / 2);
  type Packed = { paper_id: string; packed: Buffer };
  let results: Array<pg.QueryResult<Packed>>;
  if (second) {
    const other = second;
    try {
      results = await Promise.all([
        client.query<Packed>(query(`b.ctid < '(${half},0)'::tid`)),
        other.query<Packed>(query(`b.ctid >= '(${half},0)'::tid`)),
      ]);
    } finally {
      await other.query('commit').catch(() => {});
      other.release();
    }
  } else {
    results = [await client.query<Packed>(query('true'))];
  }
  // An int4[] in binary: ndim, has-nulls, element type, length, lower bound (20 bytes), then per element its
  // length (4 bytes) and value.
  const bidStart = new Int32Array(P + 1);
  for (const res of results) {
    for (const row of res.rows) {
      const p = paperIndex.get(row.paper_id);
      if (p !== undefined) bidStart[p + 1]! += (row.packed.length - 20) / 8;
    }
  }
  for (let p = 0; p < P; p++) bidStart[p + 1]! += bidStart[p]!;
  const bidCode = new Int32Array(bidStart[P]!);
  const fill = bidStart.slice(0, P);
  for (const res of results) {
    for (const row of res.rows) {
      const p = paperIndex.get(row.paper_id);
      if (p === undefined) continue;
      const buf = row.packed;
      let at = fill[p]!;
      for (let o = 24; o < buf.length; o += 8) bidCode[at++] = buf.readInt32BE(o);
      fill[p] = at;
    }
  }
  return { bidStart, bidCode };
}

/** A fixed, well-spread order among equal scores, so equal candidates are not all the lowest ids. */
function tieKey(p: number, r: number): number {
  let h = Math.imul(p ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(r + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 15;
  return Math.imul(h, 0x2c1b3c6d) >>> 0;
}

const BID_NONE = 0;

function indexTags(
  tags: number,
  words: number,
  reviewerMask: Uint32Array,
  capacity: Int32Array,
): { tagStart: Int32Array; tagReviewer: Int32Array } {
  const R = capacity.length;
  const tagStart = new Int32Array(tags + 1);
  const has = (r: number, b: number) => capacity[r]! > 0 && (reviewerMask[r * words + (b >> 5)]! & (1 << (b & 31))) !== 0;
  for (let b = 0; b < tags; b++) {
    let n = 0;
    for (let r = 0; r < R; r++) if (has(r, b)) n++;
    tagStart[b + 1] = tagStart[b]! + n;
  }
  const tagReviewer = new Int32Array(tagStart[tags]!);
  for (let b = 0, i = 0; b < tags; b++) for (let r = 0; r < R; r++) if (has(r, b)) tagReviewer[i++] = r;
  return { tagStart, tagReviewer };
}

/** Scratch space for one paper's row: scores (0 = not eligible) and bids of the reviewers it touches. */
interface Row {
  score: Int32Array;
  bid: Uint8Array;
  shared: Int32Array;
  touched: Int32Array;
  n: number;
}
const newRow = (R: number): Row => ({
  score: new Int32Array(R),
  bid: new Uint8Array(R),
  shared: new Int32Array(R),
  touched: new Int32Array(R),
  n: 0,
});

const EAGER = BIDS.indexOf('eager') + 1;
const WILLING = BIDS.indexOf('willing') + 1;

/**
 * Scores of paper p: only the reviewers sharing a tag or holding a bid can score above 0, so only they are
 * visited (through the tag index), not the whole row. `row.bid` gets 1 + index in BIDS.
 */
function scoreRow(inst: Loaded, p: number, row: Row): void {
  const { capacity, reviewerDomain, reviewerEmail, tagStart, tagReviewer, paperMask, words } = inst;
  const { score, bid, shared, touched } = row;
  let n = 0;
  for (let w = 0; w < words; w++) {
    let m = paperMask[p * words + w]!;
    while (m !== 0) {
      const low = m & -m;
      const b = w * 32 + 31 - Math.clz32(low);
      m ^= low;
      for (let i = tagStart[b]!; i < tagStart[b + 1]!; i++) {
        const r = tagReviewer[i]!;
        if (shared[r]! === 0) touched[n++] = r;
        shared[r]!++;
      }
    }
  }
  const { bidStart, bidCode } = inst;
  for (let e = bidStart[p]!; e < bidStart[p + 1]!; e++) {
    const v = bidCode[e]!;
    const r = v >> 2;
    const b = (v & 3) + 1;
    bid[r] = b;
    if (shared[r]! === 0 && (b === EAGER || b === WILLING)) {
      touched[n++] = r;
      shared[r] = -1;
    }
  }
  const dom = inst.authorDomain[p]!;
  const mail = inst.authorEmail[p]!;
  for (let i = 0; i < n; i++) {
    const r = touched[i]!;
    const b = bid[r]!;
    if (
      capacity[r]! === 0 ||
      (dom >= 0 && reviewerDomain[r]! === dom) ||
      reviewerEmail[r]! === mail ||
      (b !== BID_NONE && b !== EAGER && b !== WILLING)
    ) {
      score[r] = 0;
      continue;
    }
    score[r] = scorePair(Math.max(0, shared[r]!), b === BID_NONE ? null : BIDS[b - 1]!);
  }
  for (let i = inst.exclStart[p]!; i < inst.exclStart[p + 1]!; i++) score[inst.exclReviewer[i]!] = 0;
  row.n = n;
}

function clearRow(inst: Loaded, p: number, row: Row): void {
  for (let i = 0; i < row.n; i++) {
    const r = row.touched[i]!;
    row.score[r] = 0;
    row.shared[r] = 0;
  }
  for (let e = inst.bidStart[p]!; e < inst.bidStart[p + 1]!; e++) row.bid[inst.bidCode[e]! >> 2] = BID_NONE;
  row.n = 0;
}

interface Candidates {
  problem: AssignmentProblem;
  pairBid: Uint8Array;
  /** Lowest kept score of a paper whose eligible list was cut, else -1. */
  cutAt: Int32Array;
}

/** Per paper, the `keep[p]` best eligible reviewers (score, then the fixed tie order). */
function buildCandidates(inst: Loaded, keep: Float64Array): Candidates {
  const P = inst.paperIds.length;
  const R = inst.reviewerIds.length;
  const row = newRow(R);
  const { score: rowScore, bid: rowBid, touched } = row;
  const pairStart = new Int32Array(P + 1);
  let cap = 1 << 16;
  let pairReviewer = new Int32Array(cap);
  let pairScore = new Int32Array(cap);
  let pairBid = new Uint8Array(cap);
  let n = 0;
  const cutAt = new Int32Array(P).fill(-1);
  // The best `keep` of a paper, kept sorted (best first) in a small buffer: one pass, no sort of the whole row.
  const list: number[] = [];
  const keys: number[] = [];
  for (let p = 0; p < P; p++) {
    if (inst.need[p]! > 0) {
      scoreRow(inst, p, row);
      list.length = 0;
      keys.length = 0;
      const limit = keep[p]!;
      let eligible = 0;
      for (let t = 0; t < row.n; t++) {
        const r = touched[t]!;
        const score = rowScore[r]!;
        if (score <= 0) continue;
        eligible++;
        const key = score * 4294967296 + (4294967295 - tieKey(p, r));
        if (list.length >= limit && key <= keys[list.length - 1]!) continue;
        let i = list.length < limit ? list.length : list.length - 1;
        if (list.length < limit) {
          list.push(r);
          keys.push(key);
        }
        while (i > 0 && keys[i - 1]! < key) {
          list[i] = list[i - 1]!;
          keys[i] = keys[i - 1]!;
          i--;
        }
        list[i] = r;
        keys[i] = key;
      }
      if (eligible > list.length) cutAt[p] = rowScore[list[list.length - 1]!]!;
      if (n + list.length > cap) {
        while (n + list.length > cap) cap *= 2;
        const a = new Int32Array(cap);
        a.set(pairReviewer);
        pairReviewer = a;
        const b = new Int32Array(cap);
        b.set(pairScore);
        pairScore = b;
        const c = new Uint8Array(cap);
        c.set(pairBid);
        pairBid = c;
      }
      for (const r of list) {
        pairReviewer[n] = r;
        pairScore[n] = rowScore[r]!;
        pairBid[n] = rowBid[r]!;
        n++;
      }
      clearRow(inst, p, row);
    }
    pairStart[p + 1] = n;
  }
  return {
    problem: {
      papers: P,
      reviewers: R,
      need: inst.need,
      capacity: inst.capacity,
      pairStart,
      pairReviewer: pairReviewer.subarray(0, n),
      pairScore: pairScore.subarray(0, n),
    },
    pairBid: pairBid.subarray(0, n),
    cutAt,
  };
}

/**
 * Papers for which a left-out pair breaks the optimality certificate. A cheap test first (every left-out pair
 * scores at most the lowest kept one, and no reviewer has a higher potential than the highest); the pairs
 * themselves only for papers that fail it.
 */
function findViolations(inst: Loaded, cand: Candidates, solution: AssignmentSolution): number[] {
  const P = inst.paperIds.length;
  const R = inst.reviewerIds.length;
  let maxPotential = -Infinity;
  for (let r = 0; r < R; r++)
    if (inst.capacity[r]! > 0 && solution.potentialReviewer[r]! > maxPotential) maxPotential = solution.potentialReviewer[r]!;
  const row = newRow(R);
  const kept = new Uint8Array(R);
  const bad: number[] = [];
  const { pairStart, pairReviewer } = cand.problem;
  for (let p = 0; p < P; p++) {
    const theta = cand.cutAt[p]!;
    if (theta < 0) continue;
    if (!solution.reachablePaper[p]! && solution.maxScore - theta + solution.potentialPaper[p]! - maxPotential >= -1e-9) continue;
    scoreRow(inst, p, row);
    for (let e = pairStart[p]!; e < pairStart[p + 1]!; e++) kept[pairReviewer[e]!] = 1;
    let violated = false;
    for (let t = 0; t < row.n && !violated; t++) {
      const r = row.touched[t]!;
      if (row.score[r]! > 0 && !kept[r]! && violatesOptimality(solution, p, r, row.score[r]!)) violated = true;
    }
    clearRow(inst, p, row);
    for (let e = pairStart[p]!; e < pairStart[p + 1]!; e++) kept[pairReviewer[e]!] = 0;
    if (violated) bad.push(p);
  }
  return bad;
}

export interface AutoAssignResult extends AutoAssignJson {
  stats: AutoAssignJson['stats'] & {
    bound: AssignmentBound;
    rounds: number;
    candidatePairs: number;
    phases: number;
    timings: Record<string, number>;
  };
}

/**
 * The best assignment of reviewers to papers (most new pairs, then highest total score), proven optimal on the
 * full set of eligible pairs; with `apply`, recorded as the editor's Send Paper would, in one transaction.
 */
export async function autoAssign(opts: AutoAssignOptions): Promise<AutoAssignResult> {
  const started = performance.now();
  const { pool } = opts;
  const settings = await readSettings(pool);
  const inst = await loadInstance(pool, {
    reviewersPerPaper: opts.reviewersPerPaper ?? settings.reviewersPerPaper,
    maxPapersPerReviewer: opts.maxPapersPerReviewer ?? settings.maxPapersPerReviewer,
    paperIds: opts.paperIds,
  });
  const P = inst.paperIds.length;
  const timings = { load: 0, candidates: 0, solve: 0, check: 0, write: 0 };
  let mark = started;
  const lap = (k: keyof typeof timings) => {
    const now = performance.now();
    timings[k] += Math.round(now - mark);
    mark = now;
  };
  lap('load');

  // Keep a few times what a paper needs; widen where the certificate says a left-out pair matters.
  const keep = Float64Array.from(inst.need, (n) => 4 * n + 8);
  let cand = buildCandidates(inst, keep);
  lap('candidates');
  let solution = solveAssignment(cand.problem);
  lap('solve');
  let rounds = 1;
  for (;;) {
    const bad = findViolations(inst, cand, solution);
    lap('check');
    if (bad.length === 0) break;
    for (const p of bad) keep[p] = rounds >= 3 ? Infinity : keep[p]! * 4;
    cand = buildCandidates(inst, keep);
    lap('candidates');
    solution = solveAssignment(cand.problem);
    lap('solve');
    rounds++;
  }
  const bound = boundAssignment(cand.problem, solution);

  const { pairStart, pairReviewer, pairScore } = cand.problem;
  const assignments: AutoAssignJson['assignments'] = [];
  const unfilled: AutoAssignJson['unfilled'] = [];
  const newPapers: string[] = [];
  const newReviewers: string[] = [];
  for (let p = 0; p < P; p++) {
    let got = 0;
    for (let e = pairStart[p]!; e < pairStart[p + 1]!; e++) {
      if (!solution.chosen[e]!) continue;
      got++;
      const r = pairReviewer[e]!;
      const bid = cand.pairBid[e]!;
      assignments.push({
        paperId: inst.paperIds[p]!,
        reviewerId: inst.reviewerIds[r]!,
        score: pairScore[e]!,
        sharedTags: sharedTags(inst.paperKeywords[p]!, inst.reviewerTags[r]!),
        bid: bid === BID_NONE ? null : (BIDS[bid - 1]! as Bid),
      });
      newPapers.push(inst.paperIds[p]!);
      newReviewers.push(inst.reviewerIds[r]!);
    }
    if (got < inst.need[p]!) unfilled.push({ paperId: inst.paperIds[p]!, missing: inst.need[p]! - got });
  }
  unfilled.sort((a, b) => b.missing - a.missing || (a.paperId < b.paperId ? -1 : 1));

  if (opts.apply)
    await assignReviewers({
      ...opts.apply,
      pairs: newPapers.map((paperId, i) => ({ paperId, reviewerId: newReviewers[i]! })),
      via: 'auto-assign',
    });
  lap('write');

  return {
    assignments,
    unfilled,
    stats: {
      papers: P,
      reviewers: inst.reviewerIds.length,
      assigned: solution.assigned,
      totalScore: solution.totalScore,
      ms: Math.round(performance.now() - started),
      bound,
      rounds,
      candidatePairs: pairStart[P]!,
      phases: solution.phases,
      timings,
    },
  };
}
