import { randomBytes } from 'node:crypto';
import { newId } from '../../src/core/ids';
import { TAGS } from '../../src/core/tags';
import { DEFAULT_TRACKS } from '../../src/core/tracks';
import { hashPassword } from '../../src/server/auth/password';
import type { Db } from '../../src/server/db/connect';
import {
  bids,
  comments,
  declaredConflicts,
  paperCoAuthors,
  paperFiles,
  papers,
  reviewStatuses,
  trackChairs,
  users,
} from '../../src/server/db/schema';

export const BENCH_PASSWORD = 'bench-password-2026';

/** A small deterministic generator, so every run seeds the same shapes. */
export function rng(seed = 42): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickTags(rand: () => number, min: number, max: number, from: readonly string[] = TAGS): string[] {
  const n = Math.min(from.length, min + Math.floor(rand() * (max - min + 1)));
  const set = new Set<string>();
  while (set.size < n) set.add(from[Math.floor(rand() * from.length)]!);
  return [...set];
}

/**
 * An address on a domain of its own (as tests/support/users.ts uniqueAddress does): people who share a registrable
 * domain are one institution and conflicted with each other's papers (docs/product.md#conflicts-of-interest), so a seed that put everyone at
 * one domain would make every reviewer conflicted with every paper. `who` is unique within a run, `tag` per run.
 */
export const benchAddress = (who: string, tag: string) => `${who}@${who}-${tag}.example`;

const WORDS =
  'model data system network learning analysis method approach results performance evaluation framework design novel efficient robust scalable distributed secure adaptive'.split(
    ' ',
  );
function sentence(rand: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(' ');
}

/** The rows of a raw `db.execute` result (both drivers answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function insertBatched<T>(label: string, rows: T[], insert: (batch: T[]) => Promise<unknown>, batchSize = 1000): Promise<void> {
  for (let i = 0; i < rows.length; i += batchSize) await insert(rows.slice(i, i + batchSize));
  if (process.env.BENCH_VERBOSE) console.log(`  seeded ${rows.length} ${label}`);
}

export interface Seeded {
  editorId: string;
  /** With `tracks`: each paper's track, in paperIds' order; else every paper is in the default track. */
  paperTracks: string[];
  /** With `chairTrackId`: a verified, chair-only Editor account named chair of that one track. */
  chair?: { id: string; email: string; trackId: string };
  bids: number;
  /** An author with `authorPapers` papers. */
  authorId: string;
  /** A reviewer with `assignedPapers` rows assigned=true in review_statuses. */
  reviewerId: string;
  reviewerIds: string[];
  authorIds: string[];
  paperIds: string[];
  /** paper id → reviewers assigned to it (for comments). */
  assignments: Map<string, string[]>;
  rows: number;
}

export interface SeedOptions {
  papers: number;
  reviewers: number;
  authorPapers?: number;
  assignedPapers?: number;
  seed?: number;
  /**
   * The call for papers' four tracks (decision 0023): each paper in one of them (uniformly), with 1–5 of its
   * track's topics; each reviewer with 1–6 topics of a main track and, one in four, 1–2 of another's; two
   * co-authors per paper; one paper in ten declares a reviewer conflicted. Without it, the 50 tags only.
   */
  tracks?: boolean;
  /** Each reviewer bids on 0–2× this many papers of their main track (eager, willing, not-willing, and 3 % conflict). */
  bidsPerReviewer?: number;
  /** Seed a verified, chair-only Editor named chair of this track (decision 0023). */
  chairTrackId?: string;
}

/**
 * The review desk at conference scale, inserted straight through drizzle in batches: one editor,
 * `reviewers` reviewers with 1–6 of the 50 tags, `papers` papers with 1–5 tags (one author with
 * `authorPapers` of them, the rest two per author), a PDF row each, three reviewers assigned to each paper
 * with mixed statuses, a comment on every third paper, and one reviewer with exactly `assignedPapers`.
 * Everyone's address is on a domain of their own (benchAddress), so nobody is conflicted by institution.
 * `tracks`, `bidsPerReviewer` and `chairTrackId` add the tracks, bids and a track chair (SeedOptions).
 * Every account's password is BENCH_PASSWORD, hashed once at the real cost.
 */
export async function seedReviewDesk(db: Db, opts: SeedOptions): Promise<Seeded> {
  const rand = rng(opts.seed ?? 42);
  const authorPapers = opts.authorPapers ?? 20;
  const assignedPapers = opts.assignedPapers ?? 20;
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const tag = randomBytes(3).toString('hex');
  const trackIndex = () => Math.floor(rand() * DEFAULT_TRACKS.length);
  const userRows: Array<typeof users.$inferInsert> = [];
  const editorId = newId();
  userRows.push({ id: editorId, name: 'Bench Editor', email: benchAddress('editor', tag), role: 'Editor', passwordHash });
  const reviewerIds: string[] = [];
  /** Each reviewer's main track (index into DEFAULT_TRACKS), with `tracks`. */
  const reviewerTrack: number[] = [];
  for (let i = 0; i < opts.reviewers; i++) {
    const id = newId();
    reviewerIds.push(id);
    let tags: string[];
    if (opts.tracks) {
      const main = trackIndex();
      reviewerTrack.push(main);
      tags = pickTags(rand, 1, 6, DEFAULT_TRACKS[main]!.topics);
      if (rand() < 0.25)
        tags = [...new Set([...tags, ...pickTags(rand, 1, 2, DEFAULT_TRACKS[(main + 1 + Math.floor(rand() * 3)) % 4]!.topics)])];
    } else {
      tags = pickTags(rand, 1, 6);
    }
    userRows.push({ id, name: `Reviewer ${i}`, email: benchAddress(`reviewer${i}`, tag), role: 'Reviewer', passwordHash, tags });
  }
  const otherAuthors = Math.ceil((opts.papers - authorPapers) / 2);
  const authorIds: string[] = [];
  for (let i = 0; i <= otherAuthors; i++) {
    const id = newId();
    authorIds.push(id);
    userRows.push({ id, name: `Author ${i}`, email: benchAddress(`author${i}`, tag), role: 'Author', passwordHash });
  }
  const authorId = authorIds[0]!;
  let chair: Seeded['chair'];
  if (opts.chairTrackId) {
    chair = { id: newId(), email: benchAddress('chair', tag), trackId: opts.chairTrackId };
    userRows.push({
      id: chair.id,
      name: 'Bench Chair',
      email: chair.email,
      role: 'Editor',
      passwordHash,
      chairOnly: true,
      emailVerifiedAt: new Date(),
    });
  }

  const paperRows: Array<typeof papers.$inferInsert> = [];
  const fileRows: Array<typeof paperFiles.$inferInsert> = [];
  const coAuthorRows: Array<typeof paperCoAuthors.$inferInsert> = [];
  const paperTracks: string[] = [];
  for (let i = 0; i < opts.papers; i++) {
    const id = newId();
    const owner = i < authorPapers ? authorId : authorIds[1 + Math.floor((i - authorPapers) / 2)]!;
    const track = opts.tracks ? DEFAULT_TRACKS[trackIndex()]! : undefined;
    paperTracks.push(track?.id ?? 'track-2');
    paperRows.push({
      id,
      authorId: owner,
      title: `On ${sentence(rand, 6)}`,
      abstract: sentence(rand, 120),
      keywords: track ? pickTags(rand, 1, 5, track.topics) : pickTags(rand, 1, 5),
      ...(track ? { trackId: track.id } : {}),
    });
    fileRows.push({
      id: newId(),
      paperId: id,
      version: 1,
      storageKey: randomBytes(32).toString('hex'),
      size: 250_000 + Math.floor(rand() * 2_000_000),
      fileName: `paper-${i}.pdf`,
    });
    if (opts.tracks) {
      for (const position of [0, 1])
        coAuthorRows.push({
          paperId: id,
          position,
          name: `Co-author ${i}.${position}`,
          email: benchAddress(`co${i}x${position}`, tag),
          affiliation: `Institute ${i}.${position}`,
        });
    }
  }
  const paperIds = paperRows.map((p) => p.id!);

  // The special reviewer (reviewerIds[0]) gets exactly `assignedPapers`; everyone else is drawn at random.
  const assignments = new Map<string, string[]>();
  const statusRows: Array<typeof reviewStatuses.$inferInsert> = [];
  const STATUSES = ['Sent', 'Sent', 'Accepted', 'Declined', 'Mail Sent'] as const;
  paperIds.forEach((paperId, i) => {
    const chosen = new Set<string>();
    if (i < assignedPapers * 50 && i % 50 === 0) chosen.add(reviewerIds[0]!);
    while (chosen.size < Math.min(3, reviewerIds.length)) chosen.add(reviewerIds[1 + Math.floor(rand() * (reviewerIds.length - 1))]!);
    for (const reviewerId of chosen) {
      const status = reviewerId === reviewerIds[0] ? 'Sent' : STATUSES[Math.floor(rand() * STATUSES.length)]!;
      const assigned = status !== 'Mail Sent';
      statusRows.push({ paperId, reviewerId, status, assigned });
      if (assigned) assignments.set(paperId, [...(assignments.get(paperId) ?? []), reviewerId]);
    }
  });
  const commentRows: Array<typeof comments.$inferInsert> = [];
  paperIds.forEach((paperId, i) => {
    const who = assignments.get(paperId) ?? [];
    if (who.length && (i % 3 === 0 || who.includes(reviewerIds[0]!)))
      commentRows.push({ id: newId(), paperId, reviewerId: who[0]!, text: sentence(rand, 40) });
  });

  // One paper in ten names a reviewer its author declares conflicted (by address, as the author would).
  const declaredRows: Array<typeof declaredConflicts.$inferInsert> = [];
  if (opts.tracks) {
    paperIds.forEach((paperId, i) => {
      if (i % 10 === 3) declaredRows.push({ paperId, email: userRows[1 + Math.floor(rand() * reviewerIds.length)]!.email });
    });
  }
  // Bids: each reviewer on papers of their main track (with tracks), at random; no pair twice.
  const bidRows: Array<typeof bids.$inferInsert> = [];
  if (opts.bidsPerReviewer) {
    const byTrack = new Map<string, string[]>();
    paperIds.forEach((id, i) => {
      const list = byTrack.get(paperTracks[i]!);
      if (list) list.push(id);
      else byTrack.set(paperTracks[i]!, [id]);
    });
    reviewerIds.forEach((reviewerId, r) => {
      const pool = opts.tracks ? (byTrack.get(DEFAULT_TRACKS[reviewerTrack[r]!]!.id) ?? []) : paperIds;
      const count = Math.min(pool.length, Math.floor(rand() * (2 * opts.bidsPerReviewer! + 1)));
      const chosen = new Set<string>();
      while (chosen.size < count) chosen.add(pool[Math.floor(rand() * pool.length)]!);
      for (const paperId of chosen) {
        const x = rand();
        bidRows.push({ paperId, reviewerId, bid: x < 0.03 ? 'conflict' : x < 0.33 ? 'eager' : x < 0.73 ? 'willing' : 'not-willing' });
      }
    });
  }

  await insertBatched('users', userRows, (b) => db.insert(users).values(b));
  await insertBatched('papers', paperRows, (b) => db.insert(papers).values(b));
  await insertBatched('paper files', fileRows, (b) => db.insert(paperFiles).values(b));
  await insertBatched('co-authors', coAuthorRows, (b) => db.insert(paperCoAuthors).values(b));
  await insertBatched('review statuses', statusRows, (b) => db.insert(reviewStatuses).values(b));
  await insertBatched('comments', commentRows, (b) => db.insert(comments).values(b));
  await insertBatched('declared conflicts', declaredRows, (b) => db.insert(declaredConflicts).values(b));
  await insertBatched('bids', bidRows, (b) => db.insert(bids).values(b), 5000);
  if (chair) await db.insert(trackChairs).values({ trackId: chair.trackId, email: chair.email.toLowerCase() });
  return {
    editorId,
    authorId,
    reviewerId: reviewerIds[0]!,
    reviewerIds,
    authorIds,
    paperIds,
    paperTracks,
    chair,
    bids: bidRows.length,
    assignments,
    rows:
      userRows.length +
      paperRows.length +
      fileRows.length +
      coAuthorRows.length +
      statusRows.length +
      commentRows.length +
      declaredRows.length +
      bidRows.length +
      (chair ? 1 : 0),
  };
}
