import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { newId } from '../../src/core/ids';
import { suggestReviewers } from '../../src/core/matching';
import { TAGS } from '../../src/core/tags';
import { findPersonConflicts } from '../../src/core/person-conflicts';
import { bids, declaredConflicts, paperCoAuthors, papers, users } from '../../src/server/db/schema';
import { suggestReviewers as suggestForPaper } from '../../src/server/services/assignment/editor-papers';
import { suggestReviewersForPaper } from '../../src/server/services/assignment/suggest-reviewers';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});

async function clear() {
  const { db } = t.app.database;
  for (const table of [bids, declaredConflicts, paperCoAuthors, papers, users]) await db.delete(table);
}
afterAll(async () => {
  await t?.close();
});

test('the database picks exactly the reviewers the rule of src/core/matching.ts picks, on random pools', async () => {
  const tag = fc.constantFrom(...TAGS.slice(0, 12));
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.uniqueArray(tag, { maxLength: 5 }), { minLength: 1, maxLength: 25 }),
      fc.uniqueArray(tag, { maxLength: 5 }),
      async (pool, paperTags) => {
        const { db } = t.app.database;
        await clear();
        const rows = pool.map((tags, i) => ({
          id: newId(),
          name: `R${i}`,
          email: `r${i}@example.org`,
          role: 'Reviewer' as const,
          passwordHash: 'x',
          tags,
        }));
        await db.insert(users).values(rows);
        const fromDb = await suggestReviewersForPaper({ db, paperTags });
        const expected = suggestReviewers(
          paperTags,
          rows.map((r) => ({ _id: r.id, tags: r.tags })),
        );
        expect(fromDb.map((r) => r._id).sort()).toEqual(expected.map((r) => r._id).sort());
        expect(fromDb.map((r) => r.matchedTags?.length)).toEqual(expected.map((r) => r.matchedTags.length));
      },
    ),
    { numRuns: 40 },
  );
});

/** Addresses a reviewer may have against the author asha@uni-a.edu and the co-author ravi.k@gmail.com. */
const ADDRESSES = [
  (i: number) => `r${i}@uni-a.edu`, // same institution
  (i: number) => `r${i}@cs.uni-a.edu`, // a department of it
  (i: number) => `r.a.v.i.k+${i}@googlemail.com`, // the co-author, written another way
  (i: number) => `r${i}@gmail.com`, // a public provider: no institution
  (i: number) => `r${i}@elsewhere-${i}.org`,
];

test('the rule is applied among the reviewers not conflicted with the paper (by person, declared by the author or by the reviewer)', async () => {
  const tag = fc.constantFrom(...TAGS.slice(0, 8));
  const reviewer = fc.record(
    {
      tags: fc.uniqueArray(tag, { maxLength: 5 }),
      address: fc.integer({ min: 0, max: ADDRESSES.length - 1 }),
      declaredByAuthor: fc.boolean(),
      declaredByReviewer: fc.boolean(),
    },
    { requiredKeys: ['tags', 'address'] },
  );
  await fc.assert(
    fc.asyncProperty(
      fc.array(reviewer, { minLength: 1, maxLength: 20 }),
      fc.uniqueArray(tag, { maxLength: 5 }),
      async (pool, paperTags) => {
        const { db } = t.app.database;
        await clear();
        const author = { id: newId(), name: 'Asha', email: 'asha@uni-a.edu', role: 'Author' as const, passwordHash: 'x', tags: [] };
        const rows = pool.map((r, i) => ({
          id: newId(),
          name: `R${i}`,
          email: ADDRESSES[r.address]!(i),
          role: 'Reviewer' as const,
          passwordHash: 'x',
          tags: r.tags,
        }));
        await db.insert(users).values([author, ...rows]);
        const paperId = newId();
        await db.insert(papers).values({ id: paperId, authorId: author.id, title: 'T', abstract: 'A', keywords: paperTags });
        await db.insert(paperCoAuthors).values({ paperId, position: 0, name: 'Ravi', email: 'ravi.k@gmail.com' });
        const declared = rows.filter((_, i) => pool[i]!.declaredByAuthor);
        if (declared.length) await db.insert(declaredConflicts).values(declared.map((r) => ({ paperId, email: r.email.toLowerCase() })));
        const bidding = rows.filter((_, i) => pool[i]!.declaredByReviewer);
        if (bidding.length) await db.insert(bids).values(bidding.map((r) => ({ paperId, reviewerId: r.id, bid: 'conflict' as const })));

        const eligible = rows.filter(
          (r, i) =>
            !pool[i]!.declaredByAuthor &&
            !pool[i]!.declaredByReviewer &&
            findPersonConflicts(r.email, { author: author.email, coAuthors: ['ravi.k@gmail.com'] }).length === 0,
        );
        const expected = suggestReviewers(
          paperTags,
          eligible.map((r) => ({ _id: r.id, tags: r.tags })),
        );
        const fromDb = await suggestForPaper({ db, paperId });
        expect(fromDb.map((r) => r._id).sort()).toEqual(expected.map((r) => r._id).sort());
        expect(fromDb.map((r) => r.matchedTags?.length)).toEqual(expected.map((r) => r.matchedTags.length));
      },
    ),
    { numRuns: 40 },
  );
});
