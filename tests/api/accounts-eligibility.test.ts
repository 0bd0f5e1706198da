import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { settings } from '../../src/server/db/schema';
import { UNVERIFIED_REVIEWER } from '../../src/server/services/assignment/reviewer-checks';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { signupAs, verifyEmail, type SignedUp } from '../support/users';

let t: TestApp;
let editor: SignedUp;
beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
});

const sendPaper = (paperId: string, reviewerId: string) =>
  t.app.inject({ method: 'POST', url: '/api/editor/send-paper', payload: { paperId, reviewerId }, headers: editor.auth });
const suggested = async (paperId: string) =>
  (
    (await t.app.inject({ method: 'GET', url: `/api/editor/suggested-reviewers?paperId=${paperId}`, headers: editor.auth })).json() as {
      _id: string;
    }[]
  ).map((r) => r._id);
const requireVerified = async (on: boolean) => {
  const { db } = t.app.database;
  await db
    .insert(settings)
    .values({ id: 1, requireVerifiedEmail: on })
    .onConflictDoUpdate({ target: [settings.editionId, settings.id], set: { requireVerifiedEmail: on } });
};

describe('a paper is never sent to its own author (same-person conflict)', () => {
  test("a reviewer account with the author's gmail.com address cannot be sent the paper", async () => {
    const email = `same.${Date.now()}@gmail.com`;
    const author = await signupAs(t.app, 'Author', { email });
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'] });
    const reviewer = await signupAs(t.app, 'Reviewer', { email: email.toUpperCase(), tags: ['AI'] });
    const res = await sendPaper(paper._id, reviewer.user._id);
    expect(res.statusCode).toBe(409);
    // Refused as the same person (the review cycle's conflict check words it its own way, before this one).
    expect(res.json().message).toMatch(/author of (the|this) paper/);
    const other = await signupAs(t.app, 'Reviewer', { email: `other.${Date.now()}@gmail.com`, tags: ['AI'] });
    expect((await sendPaper(paper._id, other.user._id)).statusCode).toBe(200);
  });

  test("nor to a co-author's address", async () => {
    const author = await signupAs(t.app, 'Author');
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'] });
    const coEmail = `co.${Date.now()}@yahoo.com`;
    await t.app.inject({
      method: 'PUT',
      url: `/api/author/paper/${paper._id}/co-authors`,
      payload: { coAuthors: [{ name: 'Co', email: coEmail }] },
      headers: author.auth,
    });
    const reviewer = await signupAs(t.app, 'Reviewer', { email: coEmail, tags: ['AI'] });
    expect((await sendPaper(paper._id, reviewer.user._id)).statusCode).toBe(409);
  });
});

describe('the requireVerifiedEmail setting', () => {
  test('off (the default): unverified reviewers are suggested and sent papers as before', async () => {
    await t.app.database.db.delete(settings);
    const author = await signupAs(t.app, 'Author');
    const paper = await submitPaper(t.app, author.auth, { keywords: ['Quantum Computing'] });
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['Quantum Computing'] });
    expect(await suggested(paper._id)).toContain(reviewer.user._id);
    expect((await sendPaper(paper._id, reviewer.user._id)).statusCode).toBe(200);
  });

  test('on: only verified reviewers are suggested, sent or auto-assigned', async () => {
    const author = await signupAs(t.app, 'Author');
    const paper = await submitPaper(t.app, author.auth, { keywords: ['Compiler Design'] });
    // Each at an institution of their own: a shared domain with the author would be a conflict.
    const unverified = await signupAs(t.app, 'Reviewer', { email: `unverified.${Date.now()}@uni-a.edu`, tags: ['Compiler Design'] });
    const verified = await signupAs(t.app, 'Reviewer', { email: `verified.${Date.now()}@uni-b.edu`, tags: ['Compiler Design'] });
    await verifyEmail(t.app, verified);
    await requireVerified(true);
    try {
      const list = await suggested(paper._id);
      expect(list).toContain(verified.user._id);
      expect(list).not.toContain(unverified.user._id);
      const refused = await sendPaper(paper._id, unverified.user._id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: UNVERIFIED_REVIEWER });
      const auto = await t.app.inject({
        method: 'POST',
        url: '/api/editor/auto-assign',
        payload: { paperIds: [paper._id], reviewersPerPaper: 2 },
        headers: editor.auth,
      });
      expect(auto.statusCode, auto.body).toBe(200);
      const chosen = ((auto.json() as { assignments: unknown }).assignments as { reviewerId: string }[]).map((a) => a.reviewerId);
      expect(chosen).toContain(verified.user._id);
      expect(chosen).not.toContain(unverified.user._id);
      expect((await sendPaper(paper._id, verified.user._id)).statusCode).toBe(200);
      // The editor's full reviewer list still shows everyone, with who is verified.
      const all = (await t.app.inject({ method: 'GET', url: '/api/editor/suggested-reviewers', headers: editor.auth })).json() as {
        _id: string;
        verified: boolean;
      }[];
      expect(all.find((r) => r._id === unverified.user._id)?.verified).toBe(false);
    } finally {
      await requireVerified(false);
    }
    expect(
      ((await t.app.database.db.execute(sql`select require_verified_email from settings where id = 1`)) as { rows: unknown[] }).rows,
    ).toEqual([{ require_verified_email: false }]);
  });
});
