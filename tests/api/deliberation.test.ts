import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, settings } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { mailBodies } from '../support/mailbox';
import { submitPaper } from '../support/multipart';
import { signupAs, signupChair, verifyEmail, type SignedUp } from '../support/users';

/**
 * Decision 0033: the meta-review (editor and the paper's track chair; the decision mail carries its text to
 * the authors, never its text to the committee) and the author response (its window, its word limit counted by
 * core/word-count, the mails to reviewers and chairs, and a reviewer revising after the review deadline).
 */
let t: TestApp;
let editor: SignedUp;
let chair: SignedUp;
let otherChair: SignedUp;
let author: SignedUp;
let otherAuthor: SignedUp;
let reviewer: SignedUp;
let decliner: SignedUp;

const db = () => t.app.database.db;
const day = 24 * 3600_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();
/** The dates straight into the row: the order check of PUT /api/editor/settings is not what is tested here. */
const setDates = (
  d: Partial<Record<'reviewDeadline' | 'responseOpens' | 'responseCloses' | 'discussionDeadline', string | null>>,
  wordLimit = 500,
) => {
  const values = {
    reviewDeadline: d.reviewDeadline ? new Date(d.reviewDeadline) : null,
    responseOpens: d.responseOpens ? new Date(d.responseOpens) : null,
    responseCloses: d.responseCloses ? new Date(d.responseCloses) : null,
    discussionDeadline: d.discussionDeadline ? new Date(d.discussionDeadline) : null,
    responseWordLimit: wordLimit,
  };
  return db()
    .insert(settings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: [settings.editionId, settings.id], set: values });
};

const metaUrl = (paperId: string) => `/api/editor/papers/${paperId}/meta-review`;
const responseUrl = (paperId: string) => `/api/author/paper/${paperId}/response`;
const putMeta = (paperId: string, who: SignedUp, payload: object) =>
  t.app.inject({ method: 'PUT', url: metaUrl(paperId), headers: who.auth, payload: payload as Record<string, unknown> });
const putResponse = (paperId: string, who: SignedUp, text: string) =>
  t.app.inject({ method: 'PUT', url: responseUrl(paperId), headers: who.auth, payload: { text } });
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

async function paperWithReviews(opts: { coAuthor?: SignedUp } = {}) {
  await setDates({});
  const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'] });
  for (const r of [reviewer, decliner]) {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/editor/send-paper',
      headers: editor.auth,
      payload: { paperId: paper._id, reviewerId: r.user._id, override: true },
    });
    expect(sent.statusCode, sent.body).toBe(200);
  }
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/reviewer/review/${paper._id}`,
    headers: reviewer.auth,
    payload: { recommendation: 4, confidence: 3, commentsToAuthors: 'Clear and useful.', commentsToEditor: 'COMMITTEE-ONLY review note' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const declined = await t.app.inject({
    method: 'POST',
    url: '/api/reviewer/respond',
    headers: decliner.auth,
    payload: { paperId: paper._id, email: decliner.user.email, status: 'Declined' },
  });
  expect(declined.statusCode, declined.body).toBe(200);
  if (opts.coAuthor) {
    const co = await t.app.inject({
      method: 'PUT',
      url: `/api/author/paper/${paper._id}/co-authors`,
      headers: author.auth,
      payload: { coAuthors: [{ name: 'Cora Co', email: opts.coAuthor.user.email }] },
    });
    expect(co.statusCode, co.body).toBe(200);
  }
  return paper._id;
}

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  chair = await signupChair(t.app, { editor, track: 'track-2' });
  otherChair = await signupChair(t.app, { editor, track: 'track-1' });
  author = await signupAs(t.app, 'Author', { name: 'Ada Authorname' });
  otherAuthor = await signupAs(t.app, 'Author');
  reviewer = await signupAs(t.app, 'Reviewer', { name: 'Rita Reviewer', tags: ['AI'] });
  decliner = await signupAs(t.app, 'Reviewer', { name: 'Dan Decliner', tags: ['AI'] });
});
afterAll(async () => {
  await t?.close();
});

describe('meta-review', () => {
  test('null before one is written; the editor and the track chair write it, audited', async () => {
    await setDates({});
    const paperId = await paperWithReviews();
    const before = await t.app.inject({ url: metaUrl(paperId), headers: editor.auth });
    expect([before.statusCode, before.json()]).toEqual([200, null]);
    const byChair = await putMeta(paperId, chair, {
      recommendation: 'Revision',
      toAuthors: 'Please clarify section 3.',
      toCommittee: 'Borderline; reviewer 2 was weak.',
    });
    expect(byChair.statusCode, byChair.body).toBe(200);
    expect(byChair.json()).toMatchObject({
      paperId,
      recommendation: 'Revision',
      toAuthors: 'Please clarify section 3.',
      toCommittee: 'Borderline; reviewer 2 was weak.',
      authorName: chair.user.name,
    });
    const byEditor = await putMeta(paperId, editor, { recommendation: 'Accepted', toAuthors: 'Well done.' });
    expect(byEditor.json()).toMatchObject({
      recommendation: 'Accepted',
      toAuthors: 'Well done.',
      toCommittee: '',
      authorName: editor.user.name,
    });
    const read = await t.app.inject({ url: metaUrl(paperId), headers: chair.auth });
    expect(read.json()).toMatchObject({ recommendation: 'Accepted', toAuthors: 'Well done.' });
    const audit = await db().select().from(auditLog).where(eq(auditLog.paperId, paperId)).orderBy(auditLog.at, auditLog.id);
    expect(audit.filter((a) => a.action === 'meta-review.save').map((a) => a.details)).toEqual([
      { recommendation: 'Revision' },
      { recommendation: 'Accepted' },
    ]);
  });

  test("refused: a conflicted chair (403), another track's chair (404), reviewers and authors (403); bad input is a 400", async () => {
    const paperId = await paperWithReviews();
    const declare = await t.app.inject({
      method: 'PUT',
      url: `/api/author/paper/${paperId}/conflicts`,
      headers: author.auth,
      payload: { emails: [chair.user.email] },
    });
    expect(declare.statusCode, declare.body).toBe(200);
    const body = { recommendation: 'Rejected', toAuthors: 'No.' };
    for (const [who, status] of [
      [chair, 403],
      [otherChair, 404],
      [reviewer, 403],
      [author, 403],
    ] as const) {
      expect((await putMeta(paperId, who, body)).statusCode, who.user.name).toBe(status);
      expect((await t.app.inject({ url: metaUrl(paperId), headers: who.auth })).statusCode, who.user.name).toBe(status);
    }
    expect((await t.app.inject({ url: metaUrl(paperId) })).statusCode).toBe(401);
    const bad = await putMeta(paperId, editor, { recommendation: 'Maybe', toAuthors: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTypeOf('string');
    expect((await putMeta('0123456789abcdef01234567', editor, body)).statusCode).toBe(404);
  });

  test("the decision mail carries the text to the authors, never the text to the committee or its author; the author's view too, once notified", async () => {
    const paperId = await paperWithReviews();
    await putMeta(paperId, chair, {
      recommendation: 'Accepted',
      toAuthors: 'META-TO-AUTHORS: a fine paper.',
      toCommittee: 'META-TO-COMMITTEE: secret.',
    });
    const before = await t.app.inject({ url: `/api/author/paper/${paperId}`, headers: author.auth });
    expect(before.json().paper.metaReview ?? null).toBeNull();
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/editor/papers/${paperId}/decision`,
          headers: editor.auth,
          payload: { decision: 'Accepted' },
        })
      ).statusCode,
    ).toBe(200);
    const notified = await t.app.inject({
      method: 'POST',
      url: '/api/editor/notify',
      headers: editor.auth,
      payload: { paperIds: [paperId] },
    });
    expect(notified.json().sent).toBe(1);
    const [mail] = await mailBodies(t.app, author.user.email, 'decisionAccepted');
    expect(mail).toContain('Meta-review\nMETA-TO-AUTHORS: a fine paper.');
    expect(mail).not.toContain('META-TO-COMMITTEE');
    expect(mail).not.toContain(chair.user.name);
    expect(mail).not.toContain('COMMITTEE-ONLY');
    const after = await t.app.inject({ url: `/api/author/paper/${paperId}`, headers: author.auth });
    expect(after.json().paper.metaReview).toEqual({ recommendation: 'Accepted', toAuthors: 'META-TO-AUTHORS: a fine paper.' });
    expect(after.body).not.toContain('META-TO-COMMITTEE');
  });
});

describe('author response', () => {
  test('outside the window: the reviews are not shown before it opens, and saving is refused before and after with when', async () => {
    const paperId = await paperWithReviews();
    await setDates({ reviewDeadline: iso(-1), responseOpens: iso(2), responseCloses: iso(5) });
    const page = await t.app.inject({ url: responseUrl(paperId), headers: author.auth });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ window: { open: false }, wordLimit: 500, reviews: [], response: null });
    const early = await putResponse(paperId, author, 'Thank you.');
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toMatch(/^The response window opens \d+ \w+ \d{4}, \d\d:\d\d \(Bangkok time, UTC\+7\) and closes /);
    await setDates({ reviewDeadline: iso(-5), responseOpens: iso(-4), responseCloses: iso(-1) });
    const late = await putResponse(paperId, author, 'Thank you.');
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toMatch(/^The response window closed on \d+ \w+ \d{4}, \d\d:\d\d \(Bangkok time, UTC\+7\)\.$/);
    // Once opened, the page shows the reviews' comments (counted reviews only), even after it closed.
    const shown = await t.app.inject({ url: responseUrl(paperId), headers: author.auth });
    expect(shown.json().reviews).toEqual([{ reviewer: 'Reviewer 1', commentsToAuthors: 'Clear and useful.' }]);
    expect(shown.body).not.toContain('COMMITTEE-ONLY');
    expect(shown.body).not.toContain('Rita');
  });

  test('exactly at the limit is saved, one word over is refused with the count; empty is refused; audited', async () => {
    const paperId = await paperWithReviews();
    await setDates({ reviewDeadline: iso(-1), responseOpens: iso(-0.5), responseCloses: iso(3) }, 60);
    const over = await putResponse(paperId, author, words(61));
    expect([over.statusCode, over.json().message]).toEqual([400, 'Your response has 61 words; the limit is 60 words.']);
    expect((await putResponse(paperId, author, '   ')).statusCode).toBe(400);
    expect((await putResponse(paperId, author, '— * —')).json().message).toBe('Please write your response before saving');
    const ok = await putResponse(paperId, author, words(60));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().response).toMatchObject({ text: words(60), words: 60 });
    const page = await t.app.inject({ url: responseUrl(paperId), headers: author.auth });
    expect(page.json()).toMatchObject({ window: { open: true }, wordLimit: 60, response: { text: words(60), words: 60 } });
    // One response per paper: a second save replaces it.
    expect((await putResponse(paperId, author, 'state-of-the-art e-mail reply')).json().response.words).toBe(3);
    const audit = await db().select().from(auditLog).where(eq(auditLog.paperId, paperId)).orderBy(auditLog.at, auditLog.id);
    expect(audit.filter((a) => a.action === 'response.save').map((a) => a.details)).toEqual([{ words: 60 }, { words: 3 }]);
  });

  test("a co-author may respond; another author hears 404; reviewers (not declined) and the track chair are mailed, never with the authors' names", async () => {
    const coAuthor = await signupAs(t.app, 'Author', { name: 'Cora Co' });
    await verifyEmail(t.app, coAuthor);
    const paperId = await paperWithReviews({ coAuthor });
    await setDates({ reviewDeadline: iso(-1), responseOpens: iso(-0.5), responseCloses: iso(3) });
    await db()
      .insert(settings)
      .values({ id: 1, blindReview: true })
      .onConflictDoUpdate({ target: [settings.editionId, settings.id], set: { blindReview: true } });
    expect((await putResponse(paperId, otherAuthor, 'Mine.')).statusCode).toBe(404);
    expect((await t.app.inject({ url: responseUrl(paperId), headers: otherAuthor.auth })).statusCode).toBe(404);
    expect((await putResponse(paperId, reviewer, 'Mine.')).statusCode).toBe(403);
    const thread = (who: SignedUp) => t.app.inject({ url: `/api/papers/${paperId}/discussion`, headers: who.auth });
    expect((await thread(reviewer)).json().authorResponse).toBeNull();
    const saved = await putResponse(paperId, coAuthor, 'RESPONSE-TEXT: we fixed section 3.');
    expect(saved.statusCode, saved.body).toBe(200);
    // The committee reads it beside the discussion, without its writer's name; the declined reviewer cannot.
    for (const who of [reviewer, chair]) {
      const res = await thread(who);
      expect(res.statusCode).toBe(200);
      expect(res.json().authorResponse).toMatchObject({ text: 'RESPONSE-TEXT: we fixed section 3.', words: 5 });
      for (const name of ['Cora Co', coAuthor.user.email, coAuthor.user._id])
        expect(JSON.stringify(res.json().authorResponse)).not.toContain(name);
    }
    expect((await thread(decliner)).statusCode).toBe(403);
    const toReviewer = await mailBodies(t.app, reviewer.user.email, 'authorResponseToReviewer');
    expect(toReviewer.some((m) => m.includes(paperId) && m.includes('RESPONSE-TEXT: we fixed section 3.'))).toBe(true);
    for (const m of toReviewer)
      for (const name of ['Ada Authorname', 'Cora Co', author.user.email, coAuthor.user.email]) expect(m).not.toContain(name);
    expect((await mailBodies(t.app, decliner.user.email, 'authorResponseToReviewer')).some((m) => m.includes(paperId))).toBe(false);
    expect((await mailBodies(t.app, chair.user.email.toLowerCase(), 'authorResponseToChair')).some((m) => m.includes(paperId))).toBe(true);
    expect((await mailBodies(t.app, otherChair.user.email.toLowerCase(), 'authorResponseToChair')).some((m) => m.includes(paperId))).toBe(
      false,
    );
    await db().update(settings).set({ blindReview: false }).where(eq(settings.id, 1));
  });

  test('a reviewer may revise after the review deadline while the window is open, and until the discussion deadline once there is a response', async () => {
    const paperId = await paperWithReviews();
    const revise = (text: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/reviewer/review/${paperId}`,
        headers: reviewer.auth,
        payload: { recommendation: 5, confidence: 4, commentsToAuthors: text },
      });
    await setDates({ reviewDeadline: iso(-2), responseOpens: iso(1), responseCloses: iso(3), discussionDeadline: iso(5) });
    expect((await revise('Too late.')).statusCode).toBe(403);
    await setDates({ reviewDeadline: iso(-2), responseOpens: iso(-1), responseCloses: iso(3), discussionDeadline: iso(5) });
    expect((await revise('Revised while the window is open.')).statusCode).toBe(200);
    // The window has closed: without a response, no more; with one, until the discussion deadline.
    await setDates({ reviewDeadline: iso(-4), responseOpens: iso(-3), responseCloses: iso(-1), discussionDeadline: iso(5) });
    expect((await revise('No response yet.')).statusCode).toBe(403);
    await setDates({ reviewDeadline: iso(-4), responseOpens: iso(-3), responseCloses: iso(3), discussionDeadline: iso(5) });
    expect((await putResponse(paperId, author, 'We disagree politely.')).statusCode).toBe(200);
    await setDates({ reviewDeadline: iso(-4), responseOpens: iso(-3), responseCloses: iso(-1), discussionDeadline: iso(5) });
    expect((await revise('Revised after reading the response.')).statusCode).toBe(200);
    await setDates({ reviewDeadline: iso(-6), responseOpens: iso(-5), responseCloses: iso(-3), discussionDeadline: iso(-1) });
    expect((await revise('After the discussion.')).statusCode).toBe(403);
    await setDates({});
  });
});
