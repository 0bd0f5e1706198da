import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, discussionPosts, users as usersTable } from '../../src/server/db/schema';
import { sendDiscussionDigests } from '../../src/server/services/discussion/discussion-digest';
import { listOtherReviews } from '../../src/server/services/discussion/other-reviews';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { mailText, startSmtpListener, type ReceivedMail } from '../support/smtp';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';

/** Decision 0032: the other reviews a reviewer may read, and each paper's discussion with its mail digest. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let editor: SignedUp, author: SignedUp, r1: SignedUp, r2: SignedUp, r3: SignedUp, outsider: SignedUp;
let chair: SignedUp, otherChair: SignedUp, conflictedChair: SignedUp;
let paperId: string;
const HOUR = 60 * 60_000;

const req = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, who: SignedUp | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const discussionUrl = (id: string) => `/api/papers/${id}/discussion`;
const post = (id: string, who: SignedUp, body: string) => req('POST', discussionUrl(id), who, { body });

async function namedChair(track: string): Promise<SignedUp> {
  const email = uniqueAddress('chair');
  const named = await req('PUT', `/api/editor/tracks/${track}/chairs`, editor, {
    emails: [email, ...(track === 'track-2' ? chairsOfTrack2 : [])],
  });
  expect(named.statusCode).toBe(200);
  if (track === 'track-2') chairsOfTrack2.push(email);
  const who = await signupAs(t.app, 'Editor', { email, name: `Chair ${email.slice(0, 12)}` });
  await t.app.database.db.update(usersTable).set({ emailVerifiedAt: new Date() }).where(eq(usersTable.id, who.user._id));
  return who;
}
const chairsOfTrack2: string[] = [];

async function assign(id: string, reviewer: SignedUp) {
  expect(
    (await req('POST', '/api/editor/send-paper', editor, { paperId: id, reviewerId: reviewer.user._id, override: true })).statusCode,
  ).toBe(200);
}
const review = (id: string, who: SignedUp, comments: string, toEditor = '') =>
  req('PUT', `/api/reviewer/review/${id}`, who, {
    recommendation: 4,
    confidence: 3,
    commentsToAuthors: comments,
    commentsToEditor: toEditor,
  });

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ SMTP_URL: smtp.url });
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author');
  const reviewer = (n: number) => signupAs(t.app, 'Reviewer', { tags: ['AI'], name: `Secret Reviewer Name${n}` });
  [r1, r2, r3, outsider] = await Promise.all([reviewer(1), reviewer(2), reviewer(3), reviewer(4)]);
  chair = await namedChair('track-2');
  conflictedChair = await namedChair('track-2');
  otherChair = await namedChair('track-1');
  paperId = (await submitPaper(t.app, author.auth, { keywords: ['AI'] }))._id;
  // The author declares a conflict with one chair of the paper's track: that chair is out of the discussion.
  expect((await req('PUT', `/api/author/paper/${paperId}/conflicts`, author, { emails: [conflictedChair.user.email] })).statusCode).toBe(
    200,
  );
  for (const r of [r1, r2, r3]) await assign(paperId, r);
  // Reviewer 3 reviews, then declines: their review counts nowhere, and they leave the discussion.
  expect((await review(paperId, r3, 'Declined one wrote this.')).statusCode).toBe(200);
  expect((await req('POST', '/api/reviewer/respond', r3, { paperId, email: r3.user.email, status: 'Declined' })).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('other reviews for a reviewer', () => {
  const otherReviews = (who: SignedUp) => req('GET', `/api/reviewer/papers/${paperId}/other-reviews`, who);

  test('after saving their own (the default): labels as the authors see them, no names, ids or comments to the editor, no declined review', async () => {
    const before = await otherReviews(r1);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ visible: false, reason: 'You will see the other reviews after saving your own.', reviews: [] });
    expect((await review(paperId, r2, 'Reviewer two thinks it is fine.', 'EDITOR-ONLY-NOTE')).statusCode).toBe(200);
    expect((await review(paperId, r1, 'Reviewer one liked it.')).statusCode).toBe(200);
    const after = await otherReviews(r1);
    expect(after.json()).toMatchObject({
      visible: true,
      reviews: [{ reviewer: 'Reviewer 2', recommendation: 4, confidence: 3, commentsToAuthors: 'Reviewer two thinks it is fine.' }],
    });
    expect(after.json().reviews).toHaveLength(1);
    for (const secret of ['EDITOR-ONLY-NOTE', 'Secret Reviewer', r2.user._id, r2.user.email, 'Declined one wrote', 'commentsToEditor'])
      expect(after.body).not.toContain(secret);
    // Reviewer 2 sees Reviewer 1 under the same numbering.
    expect((await otherReviews(r2)).json().reviews.map((r: { reviewer: string }) => r.reviewer)).toEqual(['Reviewer 1']);
  });

  test('after the review deadline, or never, as the chairs set it', async () => {
    const deadline = new Date(Date.now() + 2 * 24 * HOUR);
    expect(
      (await req('PUT', '/api/editor/settings', editor, { reviewVisibility: 'after-deadline', reviewDeadline: deadline.toISOString() }))
        .statusCode,
    ).toBe(200);
    const waiting = (await otherReviews(r1)).json();
    expect(waiting.visible).toBe(false);
    expect(waiting.reason).toBe(
      `You will see the other reviews after the review deadline (${deadline.toISOString().slice(0, 16).replace('T', ' ')} UTC).`,
    );
    const later = await listOtherReviews({
      db: t.app.database.db,
      paperId,
      reviewerId: r1.user._id,
      now: new Date(deadline.getTime() + HOUR),
    });
    expect(later.visible).toBe(true);
    expect(later.reviews.map((r) => r.reviewer)).toEqual(['Reviewer 2']);

    expect((await req('PUT', '/api/editor/settings', editor, { reviewVisibility: 'never' })).statusCode).toBe(200);
    expect((await otherReviews(r1)).json()).toEqual({
      visible: false,
      reason: 'The chairs do not show reviews to other reviewers.',
      reviews: [],
    });
    expect((await req('PUT', '/api/editor/settings', editor, { reviewVisibility: 'after-own-review' })).statusCode).toBe(200);
  });

  test('a reviewer who declined, one the paper was not sent to, and an author are refused', async () => {
    expect((await otherReviews(r3)).statusCode).toBe(403);
    expect((await otherReviews(outsider)).statusCode).toBe(403);
    expect((await otherReviews(author)).statusCode).toBe(403);
    expect((await req('GET', `/api/reviewer/papers/${paperId}/other-reviews`, null)).statusCode).toBe(401);
  });
});

describe('the discussion', () => {
  test("who takes part: refused for authors (whether or not a thread exists), reviewers not assigned or declined, conflicted chairs and other tracks' chairs", async () => {
    for (const who of [editor, chair, r1, r2]) expect((await req('GET', discussionUrl(paperId), who)).statusCode).toBe(200);
    const missing = '0123456789abcdef01234567';
    for (const id of [paperId, missing]) {
      const asAuthor = await post(id, author, 'Let me in');
      expect([asAuthor.statusCode, asAuthor.json().message]).toEqual([403, 'Only editors or reviewers may do this']);
      expect((await req('GET', discussionUrl(id), author)).json()).toEqual(asAuthor.json());
    }
    expect((await req('GET', discussionUrl(paperId), r3)).statusCode).toBe(403);
    expect((await req('GET', discussionUrl(paperId), outsider)).statusCode).toBe(403);
    expect((await post(paperId, conflictedChair, 'Hello')).statusCode).toBe(403);
    expect((await req('GET', discussionUrl(paperId), otherChair)).statusCode).toBe(404);
    expect((await req('GET', discussionUrl(paperId), null)).statusCode).toBe(401);
    expect((await req('GET', discussionUrl(missing), editor)).statusCode).toBe(404);
  });

  test('a post must have 1 to 5000 characters', async () => {
    for (const [body, message] of [
      ['   ', 'Write something before posting'],
      ['x'.repeat(5001), 'A post has at most 5000 characters'],
    ] as const) {
      const res = await post(paperId, r1, body);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect((await req('POST', discussionUrl(paperId), r1, {})).statusCode).toBe(400);
    expect((await post(paperId, r1, 'x'.repeat(5000))).statusCode).toBe(201);
  });

  test('reviewers see labels, the committee names; own posts are editable for 15 minutes; every post and edit audited', async () => {
    const mine = await post(paperId, r1, 'I think section 3 is weak.');
    expect(mine.statusCode).toBe(201);
    expect(mine.json().post).toMatchObject({ author: 'Reviewer 1', name: null, mine: true, editable: true, editedAt: null });
    expect((await post(paperId, chair, 'Please discuss section 3.')).statusCode).toBe(201);
    expect((await post(paperId, editor, 'Agreed.')).statusCode).toBe(201);

    const asR2 = await req('GET', discussionUrl(paperId), r2);
    const posts = asR2.json().posts as Array<{ author: string; name: string | null; mine: boolean; editable: boolean; body: string }>;
    expect(posts.slice(-3).map((p) => [p.author, p.name, p.mine, p.editable])).toEqual([
      ['Reviewer 1', null, false, false],
      ['Chair', null, false, false],
      ['Editor', null, false, false],
    ]);
    for (const secret of ['Secret Reviewer', r1.user.email, r1.user._id, chair.user.name, editor.user.name])
      expect(asR2.body).not.toContain(secret);
    const asEditor = (await req('GET', discussionUrl(paperId), editor)).json().posts as Array<{ author: string; name: string }>;
    expect(asEditor.slice(-3).map((p) => [p.author, p.name])).toEqual([
      ['Reviewer 1', r1.user.name],
      ['Chair', chair.user.name],
      ['Editor', editor.user.name],
    ]);

    const id = mine.json().post.id as string;
    const byOther = await req('PATCH', `${discussionUrl(paperId)}/${id}`, r2, { body: 'Changed by another' });
    expect([byOther.statusCode, byOther.json().message]).toEqual([403, 'You can edit only your own posts']);
    const edited = await req('PATCH', `${discussionUrl(paperId)}/${id}`, r1, { body: 'I think section 3 needs work.' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().post).toMatchObject({ body: 'I think section 3 needs work.', mine: true });
    expect(edited.json().post.editedAt).toEqual(expect.any(String));
    await t.app.database.db
      .update(discussionPosts)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(discussionPosts.id, id));
    const late = await req('PATCH', `${discussionUrl(paperId)}/${id}`, r1, { body: 'Too late' });
    expect([late.statusCode, late.json().message]).toEqual([403, 'The 15 minutes to edit this post have passed: write a new post instead']);
    expect((await req('GET', discussionUrl(paperId), r1)).json().posts.find((p: { id: string }) => p.id === id)).toMatchObject({
      editable: false,
      body: 'I think section 3 needs work.',
    });
    expect((await req('PATCH', `${discussionUrl(paperId)}/0123456789abcdef01234567`, r1, { body: 'x' })).statusCode).toBe(404);

    const audit = await t.app.database.db.select().from(auditLog).where(eq(auditLog.paperId, paperId));
    expect(audit.filter((a) => a.action === 'discussion.post').length).toBeGreaterThanOrEqual(4);
    expect(audit.filter((a) => a.action === 'discussion.edit')).toHaveLength(1);
  });

  test('mail: the first post at once, later ones within the hour wait for one digest; never to the poster or an author', async () => {
    const q = (await submitPaper(t.app, author.auth, { keywords: ['AI'], title: 'Digest paper' }))._id;
    await assign(q, r1);
    await assign(q, r2);
    const start = smtp.mails.length;
    const about = (who: SignedUp) =>
      smtp.mails
        .slice(start)
        .filter(
          (m) => m.to.includes(who.user.email) && mailText(m).includes(`committee discussion of the paper "Digest paper" (Paper ID: ${q})`),
        );
    const text = (m: ReceivedMail) => mailText(m).replace(/\r\n/g, '\n');

    expect((await post(q, r1, 'Q-one from the first reviewer')).statusCode).toBe(201);
    // Everyone else in the discussion: the other reviewer, the two track-2 chairs (neither conflicted on this paper), the editor.
    await expect
      .poll(() => [r2, chair, conflictedChair, editor].map((w) => about(w).length), { timeout: 15_000, interval: 100 })
      .toEqual([1, 1, 1, 1]);
    const toR2 = text(about(r2)[0]!);
    expect(toR2).toContain('Reviewer 1, ');
    expect(toR2).toContain('Q-one from the first reviewer');
    expect(toR2).toContain(`/reviewer/dashboard/${q}`);
    expect(toR2).not.toContain(r1.user.name);
    expect(text(about(chair)[0]!)).toContain(`/editor/view-more/${q}`);

    // Reviewer 1 was never mailed about this paper: told at once; the others were, within the hour: they wait.
    expect((await post(q, r2, 'Q-two from the second reviewer')).statusCode).toBe(201);
    await expect.poll(() => about(r1).length, { timeout: 15_000, interval: 100 }).toBe(1);
    expect(text(about(r1)[0]!)).toContain('Reviewer 2, ');
    expect(text(about(r1)[0]!)).toContain('Q-two from the second reviewer');
    expect((await post(q, r1, 'Q-three, the first reviewer again')).statusCode).toBe(201);
    const db = t.app.database.db;
    expect(await sendDiscussionDigests({ db, mailer: t.app.mailer, publicUrl: t.config.publicUrl })).toBe(0);

    // An hour later, the job's digest: the posts each missed, none of their own.
    expect(
      await sendDiscussionDigests({ db, mailer: t.app.mailer, publicUrl: t.config.publicUrl, now: new Date(Date.now() + HOUR + 60_000) }),
    ).toBeGreaterThanOrEqual(4);
    await expect
      .poll(() => [r2, chair, conflictedChair, editor].map((w) => about(w).length), { timeout: 15_000, interval: 100 })
      .toEqual([2, 2, 2, 2]);
    const digest = text(about(chair)[1]!);
    expect(digest).toContain('Q-two from the second reviewer');
    expect(digest).toContain('Q-three, the first reviewer again');
    expect(digest).not.toContain('Q-one');
    const r2Digest = text(about(r2)[1]!);
    expect(r2Digest).toContain('Q-three');
    expect(r2Digest).not.toContain('Q-two');
    expect(about(r1)).toHaveLength(1);
    expect(
      await sendDiscussionDigests({ db, mailer: t.app.mailer, publicUrl: t.config.publicUrl, now: new Date(Date.now() + 2 * HOUR) }),
    ).toBe(0);
    // Nothing of a discussion ever goes to an author.
    expect(smtp.mails.filter((m) => m.to.includes(author.user.email) && /discussion/i.test(mailText(m)))).toEqual([]);
  });
});
