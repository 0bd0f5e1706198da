import { asc, desc, eq, or, sql } from 'drizzle-orm';
import type { CoAuthor } from '../../core/schemas/accounts';
import type { Db } from '../db/connect';
import { paperCoAuthors, papers } from '../db/schema';
import type { PaperRow } from './paper-json';

/** Replace a paper's co-author list (the order given is kept). */
export async function setCoAuthors(db: Db, opts: { paperId: string; coAuthors: CoAuthor[] }): Promise<CoAuthor[]> {
  return db.transaction(async (tx) => {
    await tx.delete(paperCoAuthors).where(eq(paperCoAuthors.paperId, opts.paperId));
    if (opts.coAuthors.length) {
      await tx.insert(paperCoAuthors).values(opts.coAuthors.map((c, i) => ({
        paperId: opts.paperId, position: i, name: c.name, email: c.email.toLowerCase(), affiliation: c.affiliation,
      })));
    }
    await tx.update(papers).set({ updatedAt: new Date() }).where(eq(papers.id, opts.paperId));
    return findCoAuthors(tx, opts.paperId);
  });
}

export async function findCoAuthors(db: Db, paperId: string): Promise<CoAuthor[]> {
  const rows = await db.select().from(paperCoAuthors).where(eq(paperCoAuthors.paperId, paperId)).orderBy(asc(paperCoAuthors.position));
  return rows.map((r) => ({ name: r.name, email: r.email, affiliation: r.affiliation }));
}

/** Is `email` listed as a co-author of the paper? */
export async function isCoAuthor(db: Db, opts: { paperId: string; email: string }): Promise<boolean> {
  const [row] = await db.select({ p: paperCoAuthors.position }).from(paperCoAuthors)
    .where(sql`${paperCoAuthors.paperId} = ${opts.paperId} and lower(${paperCoAuthors.email}) = ${opts.email.toLowerCase()}`).limit(1);
  return !!row;
}

/** An author's papers: those they submitted and those that list their e-mail as a co-author, newest first. */
export async function findPapersForAuthor(db: Db, author: { id: string; email: string }): Promise<PaperRow[]> {
  const coAuthored = db.select({ id: paperCoAuthors.paperId }).from(paperCoAuthors)
    .where(sql`lower(${paperCoAuthors.email}) = ${author.email.toLowerCase()}`);
  return db.select().from(papers).where(or(eq(papers.authorId, author.id), sql`${papers.id} in ${coAuthored}`)).orderBy(desc(papers.id));
}

/** The paper, and whether the author asking is listed on it as a co-author (for the permission checks). */
export async function findPaperForAuthor(db: Db, opts: { paperId: string; caller: { email: string } }): Promise<{ paper: PaperRow | undefined; coAuthor: boolean }> {
  const [paper] = await db.select().from(papers).where(eq(papers.id, opts.paperId)).limit(1);
  const coAuthor = paper ? await isCoAuthor(db, { paperId: paper.id, email: opts.caller.email }) : false;
  return { paper, coAuthor };
}
