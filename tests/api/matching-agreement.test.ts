import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { newId } from '../../src/core/ids';
import { suggestReviewers } from '../../src/core/matching';
import { TAGS } from '../../src/core/tags';
import { users } from '../../src/server/db/schema';
import { suggestReviewersForPaper } from '../../src/server/services/assignment/suggest-reviewers';
import { startTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t?.close(); });

test('the database picks exactly the reviewers the rule of src/core/matching.ts picks, on random pools', async () => {
  const tag = fc.constantFrom(...TAGS.slice(0, 12));
  await fc.assert(fc.asyncProperty(
    fc.array(fc.uniqueArray(tag, { maxLength: 5 }), { minLength: 1, maxLength: 25 }),
    fc.uniqueArray(tag, { maxLength: 5 }),
    async (pool, paperTags) => {
      const { db } = t.app.database;
      await db.delete(users);
      const rows = pool.map((tags, i) => ({ id: newId(), name: `R${i}`, email: `r${i}@example.org`, role: 'Reviewer' as const, passwordHash: 'x', tags }));
      await db.insert(users).values(rows);
      const fromDb = await suggestReviewersForPaper(db, paperTags);
      const expected = suggestReviewers(paperTags, rows.map((r) => ({ _id: r.id, tags: r.tags })));
      expect(fromDb.map((r) => r._id).sort()).toEqual(expected.map((r) => r._id).sort());
      expect(fromDb.map((r) => r.matchedTags?.length)).toEqual(expected.map((r) => r.matchedTags.length));
    },
  ), { numRuns: 40 });
});
