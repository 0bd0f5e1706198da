import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

/** docs/product.md#the-review-cycle: GET /api/editor/stats, the figures behind the editor dashboard's charts. */
let t: TestApp;
let editor: SignedUp;

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
});

const stats = (who: SignedUp) => t.app.inject({ url: '/api/editor/stats', headers: who.auth });

test('an empty conference: no days, nothing expected, a histogram of zeros', async () => {
  const res = await stats(editor);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({
    submissionsPerDay: [],
    reviews: { done: 0, expected: 0, papers: 0, reviewersPerPaper: 3 },
    recommendations: [1, 2, 3, 4, 5].map((recommendation) => ({ recommendation, count: 0 })),
  });
});

test('counts submissions per UTC day, reviews done against reviewersPerPaper × papers, and each recommendation', async () => {
  const author = await signupAs(t.app, 'Author');
  const r1 = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  const r2 = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  const a = await submitPaper(t.app, author.auth, { title: 'First' });
  const b = await submitPaper(t.app, author.auth, { title: 'Second' });
  const c = await submitPaper(t.app, author.auth, { title: 'Third' });
  for (const r of [r1, r2]) {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/editor/send-paper',
      headers: editor.auth,
      payload: { paperId: a._id, reviewerId: r.user._id },
    });
    expect(sent.statusCode).toBe(200);
  }
  await t.app.inject({
    method: 'PUT',
    url: `/api/reviewer/review/${a._id}`,
    headers: r1.auth,
    payload: { recommendation: 4, confidence: 3, commentsToAuthors: 'Good.' },
  });
  await t.app.inject({
    method: 'PUT',
    url: `/api/reviewer/review/${a._id}`,
    headers: r2.auth,
    payload: { recommendation: 2, confidence: 3, commentsToAuthors: 'Weak.' },
  });
  // A second save replaces the first: still one review by r2, now a 1.
  await t.app.inject({
    method: 'PUT',
    url: `/api/reviewer/review/${a._id}`,
    headers: r2.auth,
    payload: { recommendation: 1, confidence: 3, commentsToAuthors: 'Weaker.' },
  });
  await t.app.inject({ method: 'PUT', url: '/api/editor/settings', headers: editor.auth, payload: { reviewersPerPaper: 2 } });

  const body = (await stats(editor)).json();
  // The days the papers were stored on, not the test's own "today": a run that crosses midnight UTC between two
  // submissions has two days, and the figures must say so.
  const days = [a, b, c].map((p) => new Date(p.submittedAt).toISOString().slice(0, 10));
  const perDay = [...new Set(days)].sort().map((day) => ({ day, count: days.filter((d) => d === day).length }));
  expect(body.submissionsPerDay).toEqual(perDay);
  expect(body.reviews).toEqual({ done: 2, expected: 6, papers: 3, reviewersPerPaper: 2 });
  expect(body.recommendations).toEqual([
    { recommendation: 1, count: 1 },
    { recommendation: 2, count: 0 },
    { recommendation: 3, count: 0 },
    { recommendation: 4, count: 1 },
    { recommendation: 5, count: 0 },
  ]);
});

test('only an editor may read the figures', async () => {
  expect((await t.app.inject({ url: '/api/editor/stats' })).statusCode).toBe(401);
  for (const role of ['Author', 'Reviewer'] as const) {
    const res = await stats(await signupAs(t.app, role));
    expect(res.statusCode).toBe(403);
    expect(typeof res.json().message).toBe('string');
  }
});

test('conflicted-reviewers names each conflicted reviewer with the reason; 400 for a bad id, 404 for no paper', async () => {
  const author = await signupAs(t.app, 'Author', { email: `ada.${Date.now()}@lab-stats.example` });
  const paper = await submitPaper(t.app, author.auth, { title: 'Conflicted' });
  const colleague = await signupAs(t.app, 'Reviewer', {
    name: 'Colin Colleague',
    email: `colin.${Date.now()}@LAB-stats.example`,
    tags: ['AI'],
  });
  const declared = await signupAs(t.app, 'Reviewer', { name: 'Dora Declared', tags: ['AI'] });
  const stranger = await signupAs(t.app, 'Reviewer', { name: 'Sam Stranger', tags: ['AI'] });
  const decl = await t.app.inject({
    method: 'PUT',
    url: `/api/author/paper/${paper._id}/conflicts`,
    headers: author.auth,
    payload: { emails: [declared.user.email.toUpperCase()] },
  });
  expect(decl.statusCode).toBe(200);

  const res = await t.app.inject({ url: `/api/editor/papers/${paper._id}/conflicted-reviewers`, headers: editor.auth });
  expect(res.statusCode).toBe(200);
  const list = res.json() as Array<{ reviewerId: string; name: string; email: string; reason: string }>;
  // A conflict by person says why the addresses match (docs/product.md#conflicts-of-interest).
  expect(list).toContainEqual({
    reviewerId: colleague.user._id,
    name: 'Colin Colleague',
    email: colleague.user.email,
    reason: 'same-domain',
    explanation: 'both addresses are at lab-stats.example',
  });
  expect(list).toContainEqual({
    reviewerId: declared.user._id,
    name: 'Dora Declared',
    email: declared.user.email,
    reason: 'declared-by-author',
  });
  expect(list.map((c) => c.reviewerId)).not.toContain(stranger.user._id);
  // The same reviewers as the ids-only list.
  const ids = (await t.app.inject({ url: `/api/editor/papers/${paper._id}/conflicts`, headers: editor.auth })).json() as Array<{
    reviewerId: string;
    reason: string;
  }>;
  expect(list.map(({ reviewerId, reason }) => ({ reviewerId, reason }))).toEqual(ids);

  const bad = await t.app.inject({ url: '/api/editor/papers/not-an-id/conflicted-reviewers', headers: editor.auth });
  expect(bad.statusCode).toBe(400);
  expect(typeof bad.json().message).toBe('string');
  const missing = await t.app.inject({ url: `/api/editor/papers/${'0'.repeat(24)}/conflicted-reviewers`, headers: editor.auth });
  expect(missing.statusCode).toBe(404);
  expect(missing.json()).toEqual({ message: 'Paper not found' });
  const asAuthor = await t.app.inject({ url: `/api/editor/papers/${paper._id}/conflicted-reviewers`, headers: author.auth });
  expect(asAuthor.statusCode).toBe(403);
});
