import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MESSAGES } from '../../src/core/messages';
import type { AutoAssignJson } from '../../src/core/schemas/assignment';
import { mailQueue } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

/** docs/product.md#assignments-declines-and-withdrawals: reviewers are told of every assignment, and held to their answer once they decline. */
let t: TestApp;
let editor: SignedUp;
let author: SignedUp;
let n = 0;

const put = (url: string, who: SignedUp, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: who.auth, payload: payload as Record<string, unknown> });
const post = (url: string, who: SignedUp, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who.auth, payload: payload as Record<string, unknown> });
const get = (url: string, who: SignedUp) => t.app.inject({ url, headers: who.auth });
const reviewer = (tags: string[] = ['AI']) => signupAs(t.app, 'Reviewer', { tags, email: `held${++n}.${Date.now()}@uni${n}.example` });
const send = (paperId: string, who: SignedUp) => post('/api/editor/send-paper', editor, { paperId, reviewerId: who.user._id });
const respond = (paperId: string, who: SignedUp, status: 'Accepted' | 'Declined') =>
  post('/api/reviewer/respond', who, { paperId, email: who.user.email, status });
const review = (recommendation: number, commentsToAuthors: string) => ({ recommendation, confidence: 3, commentsToAuthors });
/** The mails queued to `to` from a template (no SMTP in this app: every mail stays in the outbox). */
const mailsTo = (to: string, template: string) =>
  t.app.database.db
    .select()
    .from(mailQueue)
    .where(and(eq(mailQueue.to, to), eq(mailQueue.template, template)))
    .orderBy(asc(mailQueue.createdAt));

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author', { email: `held.author.${Date.now()}@lab.example` });
});
afterAll(async () => {
  await t?.close();
});

describe('every assignment tells the reviewer', () => {
  test('Send Paper queues one reviewAssigned mail with the title, the deadline and the link; sending again queues none', async () => {
    const paper = await submitPaper(t.app, author.auth, { title: 'Batteries that last' });
    const rev = await reviewer();
    expect((await put('/api/editor/settings', editor, { reviewDeadline: '2030-01-31T16:59:00Z' })).statusCode).toBe(200);
    expect((await send(paper._id, rev)).statusCode).toBe(200);
    const mails = await mailsTo(rev.user.email, 'reviewAssigned');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Batteries that last');
    expect(mails[0]!.body).toContain('"Batteries that last"');
    expect(mails[0]!.body).toContain('2030-01-31 16:59 UTC');
    expect(mails[0]!.body).toMatch(new RegExp(`https?://\\S+/reviewer/dashboard/${paper._id}`));

    // Sent again (already assigned): no second mail.
    expect((await send(paper._id, rev)).statusCode).toBe(200);
    expect(await mailsTo(rev.user.email, 'reviewAssigned')).toHaveLength(1);
  });

  test('without a review deadline the mail says so', async () => {
    expect((await put('/api/editor/settings', editor, { reviewDeadline: null })).statusCode).toBe(200);
    const paper = await submitPaper(t.app, author.auth, { title: 'No hurry' });
    const rev = await reviewer();
    expect((await send(paper._id, rev)).statusCode).toBe(200);
    const [mail] = await mailsTo(rev.user.email, 'reviewAssigned');
    expect(mail!.body).toContain('no deadline set');
  });

  test('auto-assign apply queues one mail per new pair and none for pairs already assigned', async () => {
    const tag = 'Quantum Computing';
    const a = await submitPaper(t.app, author.auth, { title: 'Qubits A', keywords: [tag] });
    const b = await submitPaper(t.app, author.auth, { title: 'Qubits B', keywords: [tag] });
    const r1 = await reviewer([tag]);
    const r2 = await reviewer([tag]);
    expect((await send(a._id, r1)).statusCode).toBe(200);
    const applied = await post('/api/editor/auto-assign', editor, {
      paperIds: [a._id, b._id],
      reviewersPerPaper: 2,
      maxPapersPerReviewer: 2,
      apply: true,
    });
    expect(applied.statusCode).toBe(200);
    const pairs = (applied.json() as AutoAssignJson).assignments.map((p) => `${p.paperId}:${p.reviewerId}`).sort();
    expect(pairs).toEqual([`${a._id}:${r2.user._id}`, `${b._id}:${r1.user._id}`, `${b._id}:${r2.user._id}`].sort());
    const titles = async (who: SignedUp) =>
      (await mailsTo(who.user.email, 'reviewAssigned')).map((m) => (m.subject.includes('Qubits A') ? 'A' : 'B')).sort();
    // r1 got A by Send Paper (one mail) and B by auto-assign; r2 got both by auto-assign.
    expect(await titles(r1)).toEqual(['A', 'B']);
    expect(await titles(r2)).toEqual(['A', 'B']);
    // Applying again assigns nothing new and mails nobody.
    expect(
      (
        await post('/api/editor/auto-assign', editor, {
          paperIds: [a._id, b._id],
          reviewersPerPaper: 2,
          maxPapersPerReviewer: 2,
          apply: true,
        })
      ).statusCode,
    ).toBe(200);
    expect(await titles(r1)).toEqual(['A', 'B']);
    expect(await titles(r2)).toEqual(['A', 'B']);
  });
});

describe('a reviewer who declined is held to it', () => {
  test('403 on saving a review and on commenting, with the reason', async () => {
    const paper = await submitPaper(t.app, author.auth, { title: 'Declined one' });
    const rev = await reviewer();
    expect((await send(paper._id, rev)).statusCode).toBe(200);
    expect((await respond(paper._id, rev, 'Declined')).statusCode).toBe(200);
    const saved = await put(`/api/reviewer/review/${paper._id}`, rev, review(4, 'Fine'));
    expect(saved.statusCode).toBe(403);
    expect(saved.json().message).toBe(MESSAGES.declinedToReview);
    const commented = await post(`/api/reviewer/add-comment/${paper._id}`, rev, { reviewerId: rev.user._id, text: 'One more thing' });
    expect(commented.statusCode).toBe(403);
    expect(commented.json().message).toBe(MESSAGES.declinedToReview);
  });

  test('a review saved before declining counts nowhere: summary, charts, decision mail; the editor sees it marked', async () => {
    const paper = await submitPaper(t.app, author.auth, { title: 'Counted or not' });
    const keeps = await reviewer();
    const leaves = await reviewer();
    for (const r of [keeps, leaves]) expect((await send(paper._id, r)).statusCode).toBe(200);
    const statsBefore = (await get('/api/editor/stats', editor)).json();
    expect((await put(`/api/reviewer/review/${paper._id}`, keeps, review(5, 'Kept words'))).statusCode).toBe(200);
    expect((await put(`/api/reviewer/review/${paper._id}`, leaves, review(1, 'Withdrawn words'))).statusCode).toBe(200);
    expect((await get(`/api/editor/papers/${paper._id}`, editor)).json().reviewSummary).toEqual({ count: 2, mean: 3, min: 1, max: 5 });

    expect((await respond(paper._id, leaves, 'Declined')).statusCode).toBe(200);
    expect((await get(`/api/editor/papers/${paper._id}`, editor)).json().reviewSummary).toEqual({ count: 1, mean: 5, min: 5, max: 5 });
    const statsAfter = (await get('/api/editor/stats', editor)).json();
    expect(statsAfter.reviews.done - statsBefore.reviews.done).toBe(1);
    const ones = (s: { recommendations: Array<{ recommendation: number; count: number }> }) =>
      s.recommendations.find((r) => r.recommendation === 1)!.count;
    expect(ones(statsAfter)).toBe(ones(statsBefore));

    const list = (await get(`/api/editor/papers/${paper._id}/reviews`, editor)).json() as Array<{ reviewerId: string; counted: boolean }>;
    expect(list.map((r) => [r.reviewerId, r.counted])).toEqual([
      [keeps.user._id, true],
      [leaves.user._id, false],
    ]);

    expect((await put(`/api/editor/papers/${paper._id}/decision`, editor, { decision: 'Accepted' })).statusCode).toBe(200);
    expect((await post('/api/editor/notify', editor, { paperIds: [paper._id] })).statusCode).toBe(200);
    const [mail] = await mailsTo(author.user.email, 'decisionAccepted').then((m) => m.filter((x) => x.subject.includes('Counted or not')));
    expect(mail!.body).toContain('Kept words');
    expect(mail!.body).not.toContain('Withdrawn words');
    expect(mail!.body).not.toContain('Review 2');
    // The author's page shows the same reviews as the mail.
    const authorView = (await get(`/api/author/paper/${paper._id}`, author)).json().paper;
    expect(authorView.reviews.map((r: { commentsToAuthors: string }) => r.commentsToAuthors)).toEqual(['Kept words']);
  });
});
