import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { findPersonConflicts, institutionOf, mailboxOf } from '../../../core/person-conflicts';
import { CONFLICT_WORDS, type ConflictReason } from '../../../core/schemas/review-cycle';
import type { Db } from '../../db/connect';
import { bids, declaredConflicts, papers, users } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../shared/audit';
import { getPaper } from './papers';
import { pgArray } from '../../db/pg-array';
import { findPersonConflictsForPaper, institutionPatterns, mailboxSql, reviewerCandidates } from './person-conflicts';

/** `explanation`: why the addresses match, for a conflict by person (the chair's screens show it). */
export interface Conflict {
  reviewerId: string;
  reason: ConflictReason;
  explanation?: string;
}

/**
 * Every reviewer conflicted with a paper, one row per reviewer and reason: by person (same mailbox as an
 * author or co-author; same institution — services/submissions/person-conflicts.ts), declared by the author
 * (addresses, matched by mailbox), declared by the reviewer (a `conflict` bid). A conflicted reviewer is never suggested, sent
 * the paper, shown it to bid on, or auto-assigned.
 */
/** The reviewers whose mailbox the author declared conflicted (through the candidates' indexes, then exactly). */
async function findDeclaredReviewers(db: Db, paperId: string): Promise<Array<{ reviewerId: string }>> {
  const declared = (
    await db.select({ email: declaredConflicts.email }).from(declaredConflicts).where(eq(declaredConflicts.paperId, paperId))
  ).map((d) => mailboxOf(d.email));
  if (declared.length === 0) return [];
  const wanted = new Set(declared);
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'Reviewer'), reviewerCandidates({ mailboxes: [...wanted] })));
  return rows.filter((r) => wanted.has(mailboxOf(r.email))).map((r) => ({ reviewerId: r.id }));
}

export async function findConflicts({ db, paperId }: { db: Db; paperId: string }): Promise<Conflict[]> {
  const [person, declared, byReviewer] = await Promise.all([
    findPersonConflictsForPaper({ db, paperId }),
    findDeclaredReviewers(db, paperId),
    db
      .select({ reviewerId: bids.reviewerId })
      .from(bids)
      .where(and(eq(bids.paperId, paperId), eq(bids.bid, 'conflict'))),
  ]);
  const seen = new Set<string>();
  const out: Conflict[] = [];
  const add = (reviewerId: string, reason: ConflictReason, explanation?: string) => {
    const key = `${reviewerId} ${reason}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(explanation === undefined ? { reviewerId, reason } : { reviewerId, reason, explanation });
    }
  };
  for (const c of person) add(c.reviewerId, c.reason, c.explanation);
  for (const c of declared) add(c.reviewerId, 'declared-by-author');
  for (const c of byReviewer) add(c.reviewerId, 'declared-by-reviewer');
  return out;
}

/** The reason a reviewer may not take a paper, in words, or null. */
export async function conflictBetween({
  db,
  paperId,
  reviewerId,
}: {
  db: Db;
  paperId: string;
  reviewerId: string;
}): Promise<Conflict | null> {
  return (await findConflicts({ db, paperId })).find((c) => c.reviewerId === reviewerId) ?? null;
}

export function refuseConflict(conflict: Conflict | null): void {
  if (conflict) throw new AppError('conflict', `Conflict of interest: ${CONFLICT_WORDS[conflict.reason]}`);
}

/** The author's declared addresses for their paper, replaced whole, audited. */
export async function setDeclaredConflicts(opts: { db: Db; paperId: string; emails: string[]; author: Actor }): Promise<string[]> {
  const emails = [...new Set(opts.emails.map((e) => e.trim().toLowerCase()))];
  await opts.db.transaction(async (tx) => {
    await tx.delete(declaredConflicts).where(eq(declaredConflicts.paperId, opts.paperId));
    if (emails.length) await tx.insert(declaredConflicts).values(emails.map((email) => ({ paperId: opts.paperId, email })));
    await recordAudit(tx, {
      actorId: opts.author.id,
      actorRole: 'Author',
      action: 'paper.conflicts',
      paperId: opts.paperId,
      ip: opts.author.ip,
      details: { count: emails.length },
    });
  });
  return emails;
}

export async function getDeclaredConflicts({ db, paperId }: { db: Db; paperId: string }): Promise<string[]> {
  return (
    await db
      .select({ email: declaredConflicts.email })
      .from(declaredConflicts)
      .where(eq(declaredConflicts.paperId, paperId))
      .orderBy(declaredConflicts.email)
  ).map((r) => r.email);
}

/**
 * The papers a reviewer may not see to bid on (conflicted by person or by the author's declaration), for a
 * set of papers: the database picks the papers whose authors could match (same mailbox, same institution or
 * a subdomain of it, a declared address with the reviewer's mailbox), and the core function decides, by the
 * same rules as findConflicts.
 */
export async function papersConflictedForReviewer({
  db,
  reviewer,
  paperIds,
}: {
  db: Db;
  reviewer: { email: string };
  paperIds: string[];
}): Promise<Set<string>> {
  if (paperIds.length === 0) return new Set();
  const mailbox = mailboxOf(reviewer.email);
  const institution = institutionOf(reviewer.email);
  const patterns = pgArray(institutionPatterns(institution === null ? [] : [institution]));
  const matches = (column: SQL) => sql`(${mailboxSql(column)} = ${mailbox} or lower(${column}) like any(${patterns}::text[]))`;
  const declared = sql`exists (select 1 from ${declaredConflicts} d where d.paper_id = p.id and ${mailboxSql(sql`d.email`)} = ${mailbox})`;
  const candidates = (await db.execute(sql`
    select p.id, a.email as author, array(select c.email from paper_co_authors c where c.paper_id = p.id) as "coAuthors", ${declared} as declared
    from ${papers} p join ${users} a on a.id = p.author_id
    where p.id = any(${pgArray(paperIds)}::text[]) and (${matches(sql`a.email`)}
      or exists (select 1 from paper_co_authors c where c.paper_id = p.id and ${matches(sql`c.email`)}) or ${declared})`)) as unknown as {
    rows: Array<{ id: string; author: string; coAuthors: string[]; declared: boolean }>;
  };
  return new Set(
    candidates.rows
      .filter((p) => p.declared || findPersonConflicts(reviewer.email, { author: p.author, coAuthors: p.coAuthors }).length > 0)
      .map((p) => p.id),
  );
}

/** The conflicts on a paper, for the editor; 404 'Paper not found'. */
export async function listPaperConflicts(opts: { db: Db; paperId: string }): Promise<Conflict[]> {
  const paper = await getPaper(opts);
  return (await findConflicts({ db: opts.db, paperId: paper.id })).map(({ reviewerId, reason }) => ({ reviewerId, reason }));
}

/** The conflicts on a paper with each reviewer's name and e-mail address, and why by person (the editor's paper page); 404 'Paper not found'. */
export async function listConflictedReviewers(opts: {
  db: Db;
  paperId: string;
}): Promise<Array<Conflict & { name: string; email: string }>> {
  const { db, paperId } = opts;
  await getPaper({ db, paperId });
  const conflicts = await findConflicts({ db, paperId });
  if (conflicts.length === 0) return [];
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(conflicts.map((c) => c.reviewerId))]));
  const byId = new Map(people.map((p) => [p.id, p]));
  return conflicts.map((c) => ({ ...c, name: byId.get(c.reviewerId)?.name ?? '', email: byId.get(c.reviewerId)?.email ?? '' }));
}
