import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PaperJson } from '../../src/core/schemas/paper';
import { papers } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes, submitPaper } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

/** docs/product.md#statuses: one paper's state, from the workflow, in the words of the editor and of the author at every step. */
let t: TestApp;
let editor: SignedUp;
let author: SignedUp;

const put = (url: string, who: SignedUp, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: who.auth, payload: payload as Record<string, unknown> });
const post = (url: string, who: SignedUp, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who.auth, payload: payload as Record<string, unknown> });
const get = (url: string, who: SignedUp) => t.app.inject({ url, headers: who.auth });
const reviewer = () => signupAs(t.app, 'Reviewer', { tags: ['AI'] });
const send = async (paperId: string, who: SignedUp) =>
  expect((await post('/api/editor/send-paper', editor, { paperId, reviewerId: who.user._id })).statusCode).toBe(200);
const review = async (paperId: string, who: SignedUp, recommendation: number) =>
  expect(
    (await put(`/api/reviewer/review/${paperId}`, who, { recommendation, confidence: 3, commentsToAuthors: `Review ${recommendation}.` }))
      .statusCode,
  ).toBe(200);
const decline = async (paperId: string, who: SignedUp) =>
  expect((await post('/api/reviewer/respond', who, { paperId, email: who.user.email, status: 'Declined' })).statusCode).toBe(200);

/** The paper's state in the editor's list, the editor's page and the author's list: all three must agree with `want`. */
async function states(paperId: string) {
  const list = await get('/api/editor/papers', editor);
  expect(list.statusCode).toBe(200);
  const inList = (list.json() as PaperJson[]).find((p) => p._id === paperId);
  const one = await get(`/api/editor/papers/${paperId}`, editor);
  expect(one.statusCode).toBe(200);
  const mine = await get('/api/author/my-papers', author);
  expect(mine.statusCode).toBe(200);
  const authorPaper = (mine.json().papers as PaperJson[]).find((p) => p._id === paperId)!;
  expect(inList?.state).toEqual((one.json() as PaperJson).state);
  return { editor: inList!.state, author: authorPaper.state, authorPaper };
}

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author');
});
afterAll(async () => {
  await t?.close();
});

describe('one paper walked through the workflow', () => {
  test("submitted → assigned → one of two reviews → decided → notified → camera-ready, in both audiences' words", async () => {
    const paper = await submitPaper(t.app, author.auth, { title: 'States of a paper' });
    // What the author is answered on submitting already says where the paper stands.
    expect(paper.state).toEqual({ code: 'under-review', label: 'Under Review' });

    // The texts before anything happened (docs/product.md#statuses).
    expect(await states(paper._id)).toMatchObject({
      editor: { code: 'submitted', label: 'Pending Review' },
      author: { code: 'under-review', label: 'Under Review' },
    });

    const [r1, r2] = [await reviewer(), await reviewer()];
    await send(paper._id, r1!);
    await send(paper._id, r2!);
    expect(await states(paper._id)).toMatchObject({
      editor: { code: 'under-review', label: 'Pending Review' },
      author: { code: 'under-review', label: 'Under Review' },
    });

    await review(paper._id, r1!, 5);
    expect(await states(paper._id)).toMatchObject({
      editor: { code: 'under-review', label: 'Under review: 1 of 2 reviews' },
      author: { code: 'under-review', label: 'Under Review' },
    });

    // Decided but not sent: the author sees neither the decision nor that there is one.
    expect((await put(`/api/editor/papers/${paper._id}/decision`, editor, { decision: 'Accepted' })).statusCode).toBe(200);
    const decided = await states(paper._id);
    expect(decided).toMatchObject({
      editor: { code: 'decided', label: 'Decided: Accepted (not yet notified)' },
      author: { code: 'under-review', label: 'Under Review' },
    });
    expect(decided.authorPaper).toMatchObject({ decision: null, status: 'Under Review' });
    expect(JSON.stringify(decided.authorPaper)).not.toContain('Accepted');

    expect((await post('/api/editor/notify', editor, { paperIds: [paper._id] })).json()).toEqual({ sent: 1, skipped: 0, mail: 'outbox' });
    const notified = await states(paper._id);
    expect(notified).toMatchObject({
      editor: { code: 'notified', label: 'Notified: Accepted' },
      author: { code: 'notified', label: 'Accepted' },
    });
    expect(notified.authorPaper).toMatchObject({ decision: 'Accepted', status: 'Accepted' });
    expect((await get(`/api/author/paper/${paper._id}`, author)).json().paper.state).toEqual({ code: 'notified', label: 'Accepted' });

    const upload = await injectMultipart(
      t.app,
      'POST',
      `/api/author/paper/${paper._id}/camera-ready`,
      [['file', pdfBytes('final'), 'final.pdf']],
      author.auth,
    );
    expect(upload.statusCode).toBe(201);
    expect(upload.json().paper.state).toEqual({ code: 'camera-ready', label: 'Camera-ready received' });
    expect(await states(paper._id)).toMatchObject({
      editor: { code: 'camera-ready', label: 'Camera-ready received' },
      author: { code: 'camera-ready', label: 'Camera-ready received' },
    });
  });

  test('a review stops counting when its reviewer declines afterwards: n drops, and so does k', async () => {
    const paper = await submitPaper(t.app, author.auth, { title: 'Reviewed, then declined' });
    const [r1, r2, r3] = [await reviewer(), await reviewer(), await reviewer()];
    for (const r of [r1!, r2!, r3!]) await send(paper._id, r);
    await review(paper._id, r1!, 4);
    await review(paper._id, r2!, 2);
    expect((await states(paper._id)).editor).toEqual({ code: 'under-review', label: 'Under review: 2 of 3 reviews' });
    await decline(paper._id, r1!);
    expect((await states(paper._id)).editor).toEqual({ code: 'under-review', label: 'Under review: 1 of 2 reviews' });
    await decline(paper._id, r2!);
    // No counted review is left: back to the text before anything happened, though the paper has been assigned.
    expect((await states(paper._id)).editor).toEqual({ code: 'under-review', label: 'Pending Review' });
  });

  test('a withdrawn paper reads Withdrawn for both', async () => {
    const paper = await submitPaper(t.app, author.auth, { title: 'Taken back' });
    await send(paper._id, await reviewer());
    // Nothing sets withdrawn_at through the API yet (withdrawing was built later): set as withdrawing will.
    await t.app.database.db.update(papers).set({ withdrawnAt: new Date() }).where(eq(papers.id, paper._id));
    expect(await states(paper._id)).toMatchObject({
      editor: { code: 'withdrawn', label: 'Withdrawn' },
      author: { code: 'withdrawn', label: 'Withdrawn' },
    });
  });
});
