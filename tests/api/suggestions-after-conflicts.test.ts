import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0025 ("Suggestions vanish"): the rule of docs/product.md#validation-and-messages — the highest number of shared tags, at least one, ties
 * kept — is taken among the reviewers who may review the paper. A conflicted reviewer with the top overlap
 * used to empty the list ("No matching reviewers found") although others shared almost as many tags.
 * Each test uses tags of its own: the file shares one database.
 */
let t: TestApp;
let editor: SignedUp;
const stamp = Date.now().toString(36);

type Suggestion = { _id: string; matchedTags?: string[] };
const suggested = async (paperId: string) => {
  const res = await t.app.inject({ url: `/api/editor/suggested-reviewers?paperId=${paperId}`, headers: editor.auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as Suggestion[]).map((r) => [r._id, r.matchedTags?.length]).sort();
};

/** A reviewer bids only with a verified address. */
const declareConflict = async (reviewer: SignedUp, paperId: string) => {
  await t.app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, reviewer.user._id));
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/reviewer/bid/${paperId}`,
    headers: reviewer.auth,
    payload: { bid: 'conflict' },
  });
  expect(res.statusCode).toBe(200);
};

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
});

describe('the best match is conflicted', () => {
  test('by institution: the reviewers with the next highest overlap are suggested (ties kept), not "No matching reviewers found"', async () => {
    const institution = `uni-s-${stamp}.edu`;
    const author = await signupAs(t.app, 'Author', { email: `asha@${institution}` });
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI', 'IoT', 'Robotics', 'NLP'] });
    const colleague = await signupAs(t.app, 'Reviewer', { email: `ravi@cs.${institution}`, tags: ['AI', 'IoT', 'Robotics', 'NLP'] });
    const next = await signupAs(t.app, 'Reviewer', { tags: ['AI', 'IoT', 'Robotics', 'HCI'] });
    const tied = await signupAs(t.app, 'Reviewer', { tags: ['IoT', 'Robotics', 'NLP'] });
    await signupAs(t.app, 'Reviewer', { tags: ['AI'] });

    expect(await suggested(paper._id)).toEqual(
      [
        [next.user._id, 3],
        [tied.user._id, 3],
      ].sort(),
    );
    expect(await suggested(paper._id)).not.toContainEqual([colleague.user._id, 4]);
  });

  test('declared by the author or by the reviewer (a conflict bid): the next best are suggested', async () => {
    const author = await signupAs(t.app, 'Author');
    const paper = await submitPaper(t.app, author.auth, { keywords: ['Blockchain', 'Big Data', 'Cloud Computing'] });
    const rival = await signupAs(t.app, 'Reviewer', { tags: ['Blockchain', 'Big Data', 'Cloud Computing'] });
    const friend = await signupAs(t.app, 'Reviewer', { tags: ['Blockchain', 'Big Data', 'Cloud Computing'] });
    const second = await signupAs(t.app, 'Reviewer', { tags: ['Blockchain', 'Big Data'] });
    const third = await signupAs(t.app, 'Reviewer', { tags: ['Cloud Computing'] });
    expect(await suggested(paper._id)).toEqual(
      [
        [rival.user._id, 3],
        [friend.user._id, 3],
      ].sort(),
    );

    const declared = await t.app.inject({
      method: 'PUT',
      url: `/api/author/paper/${paper._id}/conflicts`,
      headers: author.auth,
      payload: { emails: [rival.user.email] },
    });
    expect(declared.statusCode).toBe(200);
    expect(await suggested(paper._id)).toEqual([[friend.user._id, 3]]);

    await declareConflict(friend, paper._id);
    expect(await suggested(paper._id)).toEqual([[second.user._id, 2]]);

    await declareConflict(second, paper._id);
    expect(await suggested(paper._id)).toEqual([[third.user._id, 1]]);
  });

  test('every reviewer sharing a tag is conflicted: nobody is suggested', async () => {
    const institution = `uni-t-${stamp}.edu`;
    const author = await signupAs(t.app, 'Author', { email: `meera@${institution}` });
    const paper = await submitPaper(t.app, author.auth, { keywords: ['Quantum Computing'] });
    await signupAs(t.app, 'Reviewer', { email: `dev@${institution}`, tags: ['Quantum Computing'] });
    await signupAs(t.app, 'Reviewer', { tags: ['Bioinformatics'] });
    expect(await suggested(paper._id)).toEqual([]);
  });
});
