import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { paperCoAuthors, papers, registrations, users } from '../../db/schema';
import { isPaperAuthor } from '../shared/paper-authorship';

/**
 * The ids among `paperIds` that are registered (decision 0056): a paid registration names the paper — paid only once
 * what was received covers its price — and its person is an author of the paper now. A payment's label (the payment
 * form's paper id) registers nothing.
 */
export async function findRegisteredPaperIds({ db, paperIds }: { db: Db; paperIds: string[] }): Promise<Set<string>> {
  if (paperIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ paperId: registrations.paperId })
    .from(registrations)
    .where(
      and(
        eq(registrations.status, 'paid'),
        isNotNull(registrations.paperId),
        inArray(registrations.paperId, paperIds),
        isPaperAuthor({ paperId: registrations.paperId, userId: registrations.userId, email: registrations.email }),
      ),
    );
  return new Set(rows.map((r) => r.paperId!));
}

export async function isPaperRegistered({ db, paperId }: { db: Db; paperId: string }): Promise<boolean> {
  return (await findRegisteredPaperIds({ db, paperIds: [paperId] })).has(paperId);
}

/** Accepted papers: the editor's decision recorded by the review cycle (`papers.decision`). */
export async function findAcceptedPapers(db: Db): Promise<{ id: string; title: string; authorId: string }[]> {
  return db
    .select({ id: papers.id, title: papers.title, authorId: papers.authorId })
    .from(papers)
    .where(eq(papers.decision, 'Accepted'))
    .orderBy(papers.id);
}

/** Every author of each paper: the submitting author first, then the co-authors in their order. */
export async function findPaperAuthors({
  db,
  paperIds,
}: {
  db: Db;
  paperIds: string[];
}): Promise<Map<string, { name: string; email: string }[]>> {
  const out = new Map<string, { name: string; email: string }[]>();
  if (paperIds.length === 0) return out;
  const submitters = await db
    .select({ paperId: papers.id, name: users.name, email: users.email })
    .from(papers)
    .innerJoin(users, eq(users.id, papers.authorId))
    .where(inArray(papers.id, paperIds));
  for (const s of submitters) out.set(s.paperId, [{ name: s.name, email: s.email }]);
  const co = await db
    .select()
    .from(paperCoAuthors)
    .where(inArray(paperCoAuthors.paperId, paperIds))
    .orderBy(paperCoAuthors.paperId, paperCoAuthors.position);
  for (const c of co) {
    const list = out.get(c.paperId) ?? [];
    if (!list.some((a) => a.email.toLowerCase() === c.email.toLowerCase())) list.push({ name: c.name, email: c.email });
    out.set(c.paperId, list);
  }
  return out;
}
