import { randomBytes } from 'node:crypto';
import { newId } from '../../src/core/ids';
import { TAGS } from '../../src/core/tags';
import { hashPassword } from '../../src/server/auth/password';
import type { Db } from '../../src/server/db/connect';
import { comments, paperFiles, papers, reviewStatuses, users } from '../../src/server/db/schema';

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

function pickTags(rand: () => number, min: number, max: number): string[] {
  const n = min + Math.floor(rand() * (max - min + 1));
  const set = new Set<string>();
  while (set.size < n) set.add(TAGS[Math.floor(rand() * TAGS.length)]!);
  return [...set];
}

const WORDS = 'model data system network learning analysis method approach results performance evaluation framework design novel efficient robust scalable distributed secure adaptive'.split(' ');
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

/**
 * The review desk at conference scale, inserted straight through drizzle in batches: one editor,
 * `reviewers` reviewers with 1–6 of the 50 tags, `papers` papers with 1–5 tags (one author with
 * `authorPapers` of them, the rest two per author), a PDF row each, three reviewers assigned to each paper
 * with mixed statuses, a comment on every third paper, and one reviewer with exactly `assignedPapers`.
 * Every account's password is BENCH_PASSWORD, hashed once at the real cost.
 */
export async function seedReviewDesk(db: Db, opts: { papers: number; reviewers: number; authorPapers?: number; assignedPapers?: number; seed?: number }): Promise<Seeded> {
  const rand = rng(opts.seed ?? 42);
  const authorPapers = opts.authorPapers ?? 20;
  const assignedPapers = opts.assignedPapers ?? 20;
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const tag = randomBytes(3).toString('hex');
  const userRows: Array<typeof users.$inferInsert> = [];
  const editorId = newId();
  userRows.push({ id: editorId, name: 'Bench Editor', email: `editor.${tag}@bench.example.org`, role: 'Editor', passwordHash });
  const reviewerIds: string[] = [];
  for (let i = 0; i < opts.reviewers; i++) {
    const id = newId();
    reviewerIds.push(id);
    userRows.push({ id, name: `Reviewer ${i}`, email: `reviewer${i}.${tag}@bench.example.org`, role: 'Reviewer', passwordHash, tags: pickTags(rand, 1, 6) });
  }
  const otherAuthors = Math.ceil((opts.papers - authorPapers) / 2);
  const authorIds: string[] = [];
  for (let i = 0; i <= otherAuthors; i++) {
    const id = newId();
    authorIds.push(id);
    userRows.push({ id, name: `Author ${i}`, email: `author${i}.${tag}@bench.example.org`, role: 'Author', passwordHash });
  }
  const authorId = authorIds[0]!;

  const paperRows: Array<typeof papers.$inferInsert> = [];
  const fileRows: Array<typeof paperFiles.$inferInsert> = [];
  for (let i = 0; i < opts.papers; i++) {
    const id = newId();
    const owner = i < authorPapers ? authorId : authorIds[1 + Math.floor((i - authorPapers) / 2)]!;
    paperRows.push({ id, authorId: owner, title: `On ${sentence(rand, 6)}`, abstract: sentence(rand, 120), keywords: pickTags(rand, 1, 5) });
    fileRows.push({ id: newId(), paperId: id, version: 1, storageKey: randomBytes(32).toString('hex'), size: 250_000 + Math.floor(rand() * 2_000_000), fileName: `paper-${i}.pdf` });
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
    if (who.length && (i % 3 === 0 || who.includes(reviewerIds[0]!))) commentRows.push({ id: newId(), paperId, reviewerId: who[0]!, text: sentence(rand, 40) });
  });

  await insertBatched('users', userRows, (b) => db.insert(users).values(b));
  await insertBatched('papers', paperRows, (b) => db.insert(papers).values(b));
  await insertBatched('paper files', fileRows, (b) => db.insert(paperFiles).values(b));
  await insertBatched('review statuses', statusRows, (b) => db.insert(reviewStatuses).values(b));
  await insertBatched('comments', commentRows, (b) => db.insert(comments).values(b));
  return {
    editorId, authorId, reviewerId: reviewerIds[0]!, reviewerIds, authorIds, paperIds, assignments,
    rows: userRows.length + paperRows.length + fileRows.length + statusRows.length + commentRows.length,
  };
}
