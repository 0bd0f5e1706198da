import { and, eq, sql } from 'drizzle-orm';
import { domainOf, findPersonConflicts, PUBLIC_MAIL_DOMAINS, type PersonConflict } from '../../core/person-conflicts';
import type { Db } from '../db/connect';
import { papers, users } from '../db/schema';
import { AppError } from '../errors';
import { findCoAuthors } from './co-authors';

export type ReviewerConflict = PersonConflict & { reviewerId: string };

/**
 * The reviewers conflicted with a paper by person: the same address as its author or a co-author (any
 * domain), or the same non-public domain. Only reviewers whose address or domain matches are read.
 */
export async function findPersonConflictsForPaper(db: Db, paperId: string): Promise<ReviewerConflict[]> {
  const [paper] = await db.select({ authorEmail: users.email }).from(papers).innerJoin(users, eq(users.id, papers.authorId)).where(eq(papers.id, paperId)).limit(1);
  if (!paper) throw new AppError('not_found', 'Paper not found');
  const coAuthors = (await findCoAuthors(db, paperId)).map((c) => c.email);
  const emails = [paper.authorEmail, ...coAuthors].map((e) => e.toLowerCase());
  const domains = [...new Set(emails.map(domainOf))].filter((d) => !PUBLIC_MAIL_DOMAINS.has(d));
  const reviewers = await db.select({ id: users.id, email: users.email }).from(users).where(and(eq(users.role, 'Reviewer'),
    sql`(lower(${users.email}) = any(${toArray(emails)}::text[]) or split_part(lower(${users.email}), '@', 2) = any(${toArray(domains)}::text[]))`));
  return reviewers.flatMap((r) => findPersonConflicts(r.email, { author: paper.authorEmail, coAuthors }).map((c) => ({ reviewerId: r.id, ...c })));
}

/** One array parameter (drizzle would spread a JS array into a list of parameters). */
const toArray = (values: string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
