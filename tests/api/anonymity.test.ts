import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailQueue } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { signupAs, verifyEmail, type SignedUp } from '../support/users';

// docs/product.md#who-sees-whom and docs/product.md#the-review-cycle: authors and other reviewers never learn who reviewed; reviewers can wait for approval.
let t: TestApp;
let editor: SignedUp;

const put = (url: string, who: SignedUp, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: who.auth, payload: payload as Record<string, unknown> });
const post = (url: string, who: SignedUp, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who.auth, payload: payload as Record<string, unknown> });
const get = (url: string, who?: SignedUp) => t.app.inject({ url, headers: who?.auth ?? {} });
const send = (paperId: string, reviewer: SignedUp) => post('/api/editor/send-paper', editor, { paperId, reviewerId: reviewer.user._id });
const identities = (r: SignedUp) => [r.user._id, r.user.email, r.user.name];
/** Only a verified address bids (docs/product.md#who-sees-whom): set as the mailed link would. */

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
});

describe('anonymous reviewers', () => {
  test('an author sees "Reviewer 1", "Reviewer 2" with answers, comments and reviews, never an id, e-mail or name', async () => {
    const author = await signupAs(t.app, 'Author');
    const paper = await submitPaper(t.app, author.auth, { title: 'Anonymity of reviewers', keywords: ['AI'] });
    const r1 = await signupAs(t.app, 'Reviewer', { tags: ['AI'], name: 'Ruth Firstreviewer' });
    const r2 = await signupAs(t.app, 'Reviewer', { tags: ['AI'], name: 'Rob Secondreviewer' });
    expect((await send(paper._id, r1)).statusCode).toBe(200);
    expect((await send(paper._id, r2)).statusCode).toBe(200);
    // The second reviewer acts first: the numbers follow who was sent the paper first, not who acted first.
    // (It comments before declining: a reviewer who declined may no longer comment, docs/product.md#assignments-declines-and-withdrawals.)
    expect(
      (await post(`/api/reviewer/add-comment/${paper._id}`, r2, { reviewerId: r2.user._id, text: 'Second says hello' })).statusCode,
    ).toBe(201);
    expect((await post('/api/reviewer/respond', r2, { paperId: paper._id, email: r2.user.email, status: 'Declined' })).statusCode).toBe(
      200,
    );
    expect((await post('/api/reviewer/respond', r1, { paperId: paper._id, email: r1.user.email, status: 'Accepted' })).statusCode).toBe(
      200,
    );
    expect(
      (await post(`/api/reviewer/add-comment/${paper._id}`, r1, { reviewerId: r1.user._id, text: 'First says hello' })).statusCode,
    ).toBe(201);
    expect(
      (await put(`/api/reviewer/review/${paper._id}`, r1, { recommendation: 4, confidence: 4, commentsToAuthors: 'Solid work.' }))
        .statusCode,
    ).toBe(200);
    expect((await put(`/api/editor/papers/${paper._id}/decision`, editor, { decision: 'Accepted' })).statusCode).toBe(200);
    expect((await post('/api/editor/notify', editor, { paperIds: [paper._id] })).statusCode).toBe(200);

    const detail = await get(`/api/author/paper/${paper._id}`, author);
    const list = await get('/api/author/my-papers', author);
    for (const res of [detail, list]) {
      expect(res.statusCode).toBe(200);
      for (const hidden of [...identities(r1), ...identities(r2)]) expect(res.body, hidden).not.toContain(hidden);
    }
    const json = detail.json().paper;
    expect(json.reviewResponses).toEqual({ 'Reviewer 1': 'Accepted', 'Reviewer 2': 'Declined' });
    expect(json.comments.map((c: { reviewerId: string; text: string }) => [c.reviewerId, c.text])).toEqual([
      ['Reviewer 2', 'Second says hello'],
      ['Reviewer 1', 'First says hello'],
    ]);
    expect(json.reviews).toEqual([{ reviewer: 'Reviewer 1', recommendation: 4, commentsToAuthors: 'Solid work.', answers: [] }]);
    // Stable: asking again gives the same labels.
    expect((await get(`/api/author/paper/${paper._id}`, author)).json().paper.reviewResponses).toEqual(json.reviewResponses);

    // A reviewer sees their own answer and comments, none of the other reviewer's.
    const own = await get(`/api/reviewer/assigned-papers/${r1.user._id}`, r1);
    expect(own.statusCode).toBe(200);
    for (const hidden of identities(r2)) expect(own.body).not.toContain(hidden);
    expect(own.body).not.toContain('Second says hello');
    const mine = own.json().find((p: { _id: string }) => p._id === paper._id);
    expect(mine.reviewResponses).toEqual({ [r1.user.email]: 'Accepted' });
    expect(mine.comments).toEqual([expect.objectContaining({ reviewerId: r1.user._id, text: 'First says hello' })]);

    // The editor keeps the full view.
    const full = (await get(`/api/editor/papers/${paper._id}`, editor)).json();
    expect(JSON.stringify(full)).toContain(r1.user.email);
    expect(JSON.stringify(full)).toContain(r2.user._id);
  });
});

describe('reviewer approval', () => {
  test('with approval on, a new reviewer can log in but is not suggested, sent, shown bids nor auto-assigned until approved', async () => {
    const author = await signupAs(t.app, 'Author');
    const paper = await submitPaper(t.app, author.auth, { title: 'Approval needed', keywords: ['Robotics'] });
    const before = await signupAs(t.app, 'Reviewer', { tags: ['Robotics'] });
    expect((await put('/api/editor/settings', editor, { reviewerApproval: true })).json().reviewerApproval).toBe(true);
    try {
      const fresh = await signupAs(t.app, 'Reviewer', { tags: ['Robotics'] });
      expect((await get('/api/me', fresh)).statusCode).toBe(200);

      const suggested = (await get(`/api/editor/suggested-reviewers?paperId=${paper._id}`, editor))
        .json()
        .map((r: { _id: string }) => r._id);
      expect(suggested).toContain(before.user._id);
      expect(suggested).not.toContain(fresh.user._id);
      expect((await get('/api/editor/suggested-reviewers', editor)).json().map((r: { _id: string }) => r._id)).not.toContain(
        fresh.user._id,
      );
      const refused = await send(paper._id, fresh);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/not been approved/);
      await verifyEmail(t.app, fresh);
      expect((await get('/api/reviewer/bidding', fresh)).json()).toEqual([]);
      expect((await put(`/api/reviewer/bid/${paper._id}`, fresh, { bid: 'eager' })).statusCode).toBe(403);
      const auto = await post('/api/editor/auto-assign', editor, { paperIds: [paper._id], apply: false });
      expect(auto.statusCode).toBe(200);
      expect(auto.body).not.toContain(fresh.user._id);

      const page = await get('/api/editor/reviewers?status=pending', editor);
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ approvalRequired: true, nextCursor: null });
      const row = page.json().reviewers.find((r: { _id: string }) => r._id === fresh.user._id);
      expect(row).toMatchObject({ approved: false, approvedAt: null, verified: true, load: 0, tags: ['Robotics'] });
      expect(page.json().reviewers.map((r: { _id: string }) => r._id)).not.toContain(before.user._id);

      const approved = await put(`/api/editor/reviewers/${fresh.user._id}/approval`, editor, { approved: true });
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ _id: fresh.user._id, approved: true });
      expect(
        (await get(`/api/editor/suggested-reviewers?paperId=${paper._id}`, editor)).json().map((r: { _id: string }) => r._id),
      ).toContain(fresh.user._id);
      expect((await get('/api/reviewer/bidding', fresh)).json().map((p: { _id: string }) => p._id)).toContain(paper._id);
      expect((await send(paper._id, fresh)).statusCode).toBe(200);
      const loaded = (await get('/api/editor/reviewers?status=approved&limit=200', editor))
        .json()
        .reviewers.find((r: { _id: string }) => r._id === fresh.user._id);
      expect(loaded).toMatchObject({ approved: true, load: 1 });
    } finally {
      await put('/api/editor/settings', editor, { reviewerApproval: false });
    }
  });

  test('paging, bad input and who may call', async () => {
    for (let i = 0; i < 3; i++) await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const first = (await get('/api/editor/reviewers?limit=2', editor)).json();
    expect(first.reviewers).toHaveLength(2);
    expect(first.nextCursor).toBe(first.reviewers[1]._id);
    const second = (await get(`/api/editor/reviewers?limit=2&cursor=${first.nextCursor}`, editor)).json();
    expect(second.reviewers[0]._id > first.nextCursor).toBe(true);
    expect((await get('/api/editor/reviewers?limit=0', editor)).json()).toEqual({ message: 'limit must be a whole number from 1 to 200' });
    expect((await get('/api/editor/reviewers?status=maybe', editor)).statusCode).toBe(400);
    expect((await put(`/api/editor/reviewers/${first.reviewers[0]._id}/approval`, editor, { approved: 'yes' })).json()).toEqual({
      message: 'approved must be true or false',
    });
    expect((await put('/api/editor/reviewers/nope/approval', editor, { approved: true })).statusCode).toBe(400);
    expect((await put(`/api/editor/reviewers/${editor.user._id}/approval`, editor, { approved: true })).statusCode).toBe(404);
    const reviewer = await signupAs(t.app, 'Reviewer');
    expect((await get('/api/editor/reviewers')).statusCode).toBe(401);
    expect((await get('/api/editor/reviewers', reviewer)).statusCode).toBe(403);
    expect((await put(`/api/editor/reviewers/${reviewer.user._id}/approval`, reviewer, { approved: true })).statusCode).toBe(403);
  });
});

/**
 * The deliberation (docs/product.md#deliberation) adds answers, discussion, meta-reviews, responses and ratings. Every answer an author
 * receives (their paper, their list, the response page) and every mail sent to them carries nothing of the
 * committee's (committee-only answers, comments to the editor, the discussion, the meta-review's text to the
 * committee, ratings) and no reviewer's identity; a reviewer's answers and mails name no other reviewer and,
 * under blind review, no author.
 */
describe('deliberation: nothing of the committee reaches an author', () => {
  test('answers, discussion, meta-review, response, rating and mails, checked from each side', async () => {
    const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const author = await signupAs(t.app, 'Author', { name: 'Aurora Hiddenauthor' });
    const r1 = await signupAs(t.app, 'Reviewer', { tags: ['AI'], name: 'Quentin Firstdeliberator' });
    const r2 = await signupAs(t.app, 'Reviewer', { tags: ['AI'], name: 'Petra Seconddeliberator' });
    expect((await put('/api/editor/settings', editor, { blindReview: true, reviewVisibility: 'after-own-review' })).statusCode).toBe(200);
    const question = async (body: object) => {
      const res = await post('/api/editor/review-form/questions', editor, body);
      expect(res.statusCode, res.body).toBe(201);
      return (res.json().question ?? res.json()).id as string;
    };
    const clarity = await question({
      kind: 'score',
      label: 'Clarity of writing',
      options: ['Poor', 'Fair', 'Clear'],
      visibility: 'authors',
    });
    const notes = await question({ kind: 'text', label: 'Notes for the committee', visibility: 'committee' });
    const paper = await submitPaper(t.app, author.auth, { title: 'Deliberation without leaks', keywords: ['AI'] });
    for (const r of [r1, r2]) {
      expect((await send(paper._id, r)).statusCode).toBe(200);
      expect((await post('/api/reviewer/respond', r, { paperId: paper._id, email: r.user.email, status: 'Accepted' })).statusCode).toBe(
        200,
      );
    }
    for (const [r, n] of [
      [r1, 1],
      [r2, 2],
    ] as const) {
      const saved = await put(`/api/reviewer/review/${paper._id}`, r, {
        recommendation: 4,
        confidence: 3,
        commentsToAuthors: `VISIBLE-COMMENT-${n}`,
        commentsToEditor: `EDITOR-COMMENT-${n}`,
        answers: { [clarity]: 3, [notes]: `COMMITTEE-ANSWER-${n}` },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    for (const [who, text] of [
      [r1, 'DISCUSSION-POST-1'],
      [r2, 'DISCUSSION-POST-2'],
      [editor, 'DISCUSSION-POST-3'],
    ] as const) {
      expect((await post(`/api/papers/${paper._id}/discussion`, who, { body: text })).statusCode).toBe(201);
    }
    expect(
      (
        await put(`/api/editor/papers/${paper._id}/meta-review`, editor, {
          recommendation: 'Accepted',
          toAuthors: 'META-TO-AUTHORS',
          toCommittee: 'META-TO-COMMITTEE',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await put(`/api/editor/papers/${paper._id}/reviews/${r1.user._id}/rating`, editor, { rating: 'poor', note: 'RATING-NOTE' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await put('/api/editor/settings', editor, { reviewDeadline: iso(-1), responseOpens: iso(-0.5), responseCloses: iso(3) })).statusCode,
    ).toBe(200);
    const responsePage = await get(`/api/author/paper/${paper._id}/response`, author);
    expect(responsePage.statusCode).toBe(200);
    expect(responsePage.body).toContain('VISIBLE-COMMENT-1');
    expect((await put(`/api/author/paper/${paper._id}/response`, author, { text: 'AUTHOR-RESPONSE we clarified' })).statusCode).toBe(200);
    expect((await put(`/api/editor/papers/${paper._id}/decision`, editor, { decision: 'Accepted' })).statusCode).toBe(200);
    expect((await post('/api/editor/notify', editor, { paperIds: [paper._id] })).statusCode).toBe(200);

    // The committee's texts are really there, for those who may read them (so their absence below means something).
    const editorSees = [
      (await get(`/api/editor/papers/${paper._id}/reviews`, editor)).body,
      (await get(`/api/papers/${paper._id}/discussion`, editor)).body,
      (await get(`/api/editor/papers/${paper._id}/meta-review`, editor)).body,
      (await get(`/api/editor/papers/${paper._id}/reviews/${r1.user._id}/versions`, editor)).body,
    ].join('\n');
    for (const shown of ['COMMITTEE-ANSWER-1', 'EDITOR-COMMENT-2', 'DISCUSSION-POST-1', 'META-TO-COMMITTEE', 'RATING-NOTE'])
      expect(editorSees).toContain(shown);
    const committeeOnly = [
      'COMMITTEE-ANSWER-1',
      'COMMITTEE-ANSWER-2',
      'EDITOR-COMMENT-1',
      'EDITOR-COMMENT-2',
      'DISCUSSION-POST-1',
      'DISCUSSION-POST-2',
      'DISCUSSION-POST-3',
      'META-TO-COMMITTEE',
      'RATING-NOTE',
      'Notes for the committee',
    ];
    const mailsTo = async (who: SignedUp) =>
      (
        await t.app.database.db
          .select({ subject: mailQueue.subject, body: mailQueue.body })
          .from(mailQueue)
          .where(eq(mailQueue.to, who.user.email))
      ).map((m) => `${m.subject}\n${m.body}`);
    const authorMails = await mailsTo(author);
    expect(authorMails.some((m) => m.includes('META-TO-AUTHORS'))).toBe(true);
    const authorSees = [
      (await get(`/api/author/paper/${paper._id}`, author)).body,
      (await get('/api/author/my-papers', author)).body,
      (await get(`/api/author/paper/${paper._id}/response`, author)).body,
      ...authorMails,
    ];
    for (const [i, text] of authorSees.entries()) {
      for (const hidden of [...committeeOnly, ...identities(r1), ...identities(r2)])
        expect(text, `author's answer ${i}: ${hidden}`).not.toContain(hidden);
    }
    // What the author is owed is there: the authors-visible answer and the meta-review's text to them.
    expect(authorSees[0]).toContain('META-TO-AUTHORS');
    expect(authorSees[0]).toContain('Clarity of writing');

    // Each reviewer: the other's review and posts under a label, never the other's identity, comments to the
    // editor, the rating, or (blind review) the authors' names.
    for (const [me, other, otherComment] of [
      [r1, r2, 'EDITOR-COMMENT-2'],
      [r2, r1, 'EDITOR-COMMENT-1'],
    ] as const) {
      const others = await get(`/api/reviewer/papers/${paper._id}/other-reviews`, me);
      const thread = await get(`/api/papers/${paper._id}/discussion`, me);
      expect(others.statusCode).toBe(200);
      expect(thread.statusCode).toBe(200);
      expect(thread.body).toContain('AUTHOR-RESPONSE we clarified');
      const mails = await mailsTo(me);
      expect(mails.some((m) => m.includes('DISCUSSION-POST'))).toBe(true);
      for (const text of [others.body, thread.body, ...mails]) {
        for (const hidden of [...identities(other), otherComment, 'RATING-NOTE', author.user.name, author.user.email, author.user._id]) {
          expect(text, hidden).not.toContain(hidden);
        }
      }
    }
    expect((await put('/api/editor/settings', editor, { blindReview: false })).statusCode).toBe(200);
  });
});
