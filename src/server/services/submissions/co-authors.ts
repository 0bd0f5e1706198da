import { asc, desc, eq, or, sql } from 'drizzle-orm';
import type { CoAuthor } from '../../../core/schemas/accounts';
import type { Db } from '../../db/connect';
import { paperCoAuthors, papers } from '../../db/schema';
import type { Paper } from './papers';
import { nameColumns, namePartsJson } from '../shared/name-parts';

/** Replace a paper's co-author list (the order given is kept). */
export async function setCoAuthors(opts: { db: Db; paperId: string; coAuthors: CoAuthor[] }): Promise<CoAuthor[]> {
  return opts.db.transaction(async (tx) => {
    await tx.delete(paperCoAuthors).where(eq(paperCoAuthors.paperId, opts.paperId));
    if (opts.coAuthors.length) {
      await tx.insert(paperCoAuthors).values(
        opts.coAuthors.map((c, i) => ({
          paperId: opts.paperId,
          position: i,
          // Decision 0074: with a given or family name, the display name is made from the parts.
          ...nameColumns(c),
          email: c.email.toLowerCase(),
          affiliation: c.affiliation,
          country: c.country,
          orcid: c.orcid,
        })),
      );
    }
    await tx.update(papers).set({ updatedAt: new Date() }).where(eq(papers.id, opts.paperId));
    return findCoAuthors({ db: tx, paperId: opts.paperId });
  });
}

export async function findCoAuthors({ db, paperId }: { db: Db; paperId: string }): Promise<CoAuthor[]> {
  const rows = await db.select().from(paperCoAuthors).where(eq(paperCoAuthors.paperId, paperId)).orderBy(asc(paperCoAuthors.position));
  return rows.map((r) => ({
    name: r.name,
    email: r.email,
    affiliation: r.affiliation,
    country: r.country,
    orcid: r.orcid,
    ...namePartsJson(r),
  }));
}

/** Is `email` listed as a co-author of the paper? */
export async function isCoAuthor(opts: { db: Db; paperId: string; email: string }): Promise<boolean> {
  const [row] = await opts.db
    .select({ p: paperCoAuthors.position })
    .from(paperCoAuthors)
    .where(sql`${paperCoAuthors.paperId} = ${opts.paperId} and lower(${paperCoAuthors.email}) = ${opts.email.toLowerCase()}`)
    .limit(1);
  return !!row;
}

type Author = { id: string; email: string; emailVerified: boolean };

const coAuthoredBy = (db: Db, email: string) =>
  db
    .select({ id: paperCoAuthors.paperId })
    .from(paperCoAuthors)
    .where(sql`lower(${paperCoAuthors.email}) = ${email.toLowerCase()}`);

/**
 * An author's papers, newest first: those they submitted, and once their address is verified those that list
 * it as a co-author (an unverified account may be anyone who typed that address at signup).
 */
export async function findPapersForAuthor({ db, author }: { db: Db; author: Author }): Promise<Paper[]> {
  const mine = eq(papers.authorId, author.id);
  const where = author.emailVerified ? or(mine, sql`${papers.id} in ${coAuthoredBy(db, author.email)}`) : mine;
  return db.select().from(papers).where(where).orderBy(desc(papers.id));
}

/** Whether some paper not submitted by this account lists its address as a co-author (shown as "waiting for verification"). */
export async function hasCoAuthoredPapers({ db, author }: { db: Db; author: Author }): Promise<boolean> {
  const [row] = await db
    .select({ id: papers.id })
    .from(papers)
    .where(sql`${papers.id} in ${coAuthoredBy(db, author.email)} and ${papers.authorId} <> ${author.id}`)
    .limit(1);
  return !!row;
}

/** The paper, and whether the author asking is listed on it as a co-author with a verified address (for the permission checks). */
export async function findPaperForAuthor(opts: {
  db: Db;
  paperId: string;
  caller: Author;
}): Promise<{ paper: Paper | undefined; coAuthor: boolean }> {
  const { db } = opts;
  const [paper] = await db.select().from(papers).where(eq(papers.id, opts.paperId)).limit(1);
  const coAuthor = paper && opts.caller.emailVerified ? await isCoAuthor({ db, paperId: paper.id, email: opts.caller.email }) : false;
  return { paper, coAuthor };
}
