import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  paperAtLimit,
  REVIEWER_NOT_ASSIGNED,
  reviewedCannotUnassign,
  reviewerAtLimit,
  reviewerUnassigned,
} from '../../src/core/assignment/messages';
import { MESSAGES } from '../../src/core/messages';
import type { RankedReviewersJson } from '../../src/core/schemas/ranked-reviewers';
import { auditLog, mailQueue, papers, reviewStatuses } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { mailBodies } from '../support/mailbox';
import { submitPaper } from '../support/multipart';
import { signupAs, signupChair, verifyEmail, type SignedUp } from '../support/users';

/**
 * Decision 0025, the chair's paper page: every eligible reviewer ranked (10 per shared topic, +20 eager, +10
 * willing), the suggested group (docs/product.md#validation-and-messages) on top computed after conflicts, the load against the limit, Send Paper held to
 * the saved limits unless overridden, and unassigning a reviewer who has not reviewed (audited, mailed). A
 * track chair acts only on their track's papers, and not on one they are conflicted with. Each test uses
 * topics of its own: the file shares one database.
 */
let t: TestApp;
let editor: SignedUp;
let chair: SignedUp;
let otherChair: SignedUp;

const db = () => t.app.database.db;

async function ranked(paperId: string, who: SignedUp = editor, query = 'limit=200'): Promise<RankedReviewersJson> {
  const res = await t.app.inject({ url: `/api/editor/papers/${paperId}/ranked-reviewers?${query}`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const sendPaper = (paperId: string, reviewer: SignedUp, extra: { override?: boolean; who?: SignedUp } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/editor/send-paper',
    headers: (extra.who ?? editor).auth,
    payload: { paperId, reviewerId: reviewer.user._id, ...(extra.override === undefined ? {} : { override: extra.override }) },
  });
const unassign = (paperId: string, reviewer: SignedUp, who: SignedUp = editor) =>
  t.app.inject({ method: 'DELETE', url: `/api/editor/papers/${paperId}/reviewers/${reviewer.user._id}`, headers: who.auth });
const bid = async (reviewer: SignedUp, paperId: string, value: string) => {
  await verifyEmail(t.app, reviewer);
  const res = await t.app.inject({ method: 'PUT', url: `/api/reviewer/bid/${paperId}`, headers: reviewer.auth, payload: { bid: value } });
  expect(res.statusCode, res.body).toBe(200);
};
const saveSettings = async (patch: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'PUT', url: '/api/editor/settings', headers: editor.auth, payload: patch });
  expect(res.statusCode, res.body).toBe(200);
};
/** Only the reviewers a test made, in the order the answer gives them. */
const mine = (list: RankedReviewersJson['reviewers'], ...who: SignedUp[]) => {
  const ids = new Set(who.map((w) => w.user._id));
  return list.filter((r) => ids.has(r._id));
};

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  // Chairs as the editor names them: the computing track (where submissions without a track go) and another.
  chair = await signupChair(t.app, { editor, track: 'track-2' });
  otherChair = await signupChair(t.app, { editor, track: 'track-1' });
  expect([chair.user.chairOnly, otherChair.user.chairOnly]).toEqual([true, true]);
});
afterAll(async () => {
  await t?.close();
});

describe('the ranked list', () => {
  test('the suggested group on top is the highest overlap among the eligible, though the best match is conflicted; then the others by score', async () => {
    const institution = `uni-r-${Date.now().toString(36)}.edu`;
    const author = await signupAs(t.app, 'Author', { email: `asha@${institution}` });
    const paper = await submitPaper(t.app, author.auth, {
      keywords: ['Robotics', 'Computer Vision', 'Embedded Systems', 'Edge Computing'],
    });
    const colleague = await signupAs(t.app, 'Reviewer', {
      name: 'Colleague',
      email: `ravi@cs.${institution}`,
      tags: ['Robotics', 'Computer Vision', 'Embedded Systems', 'Edge Computing'],
    });
    const willingThree = await signupAs(t.app, 'Reviewer', {
      name: 'Willing Three',
      tags: ['Robotics', 'Computer Vision', 'Embedded Systems', 'HCI'],
    });
    const plainThree = await signupAs(t.app, 'Reviewer', {
      name: 'Plain Three',
      tags: ['Computer Vision', 'Embedded Systems', 'Edge Computing'],
    });
    const eagerTwo = await signupAs(t.app, 'Reviewer', { name: 'Eager Two', tags: ['Robotics', 'Edge Computing'] });
    const one = await signupAs(t.app, 'Reviewer', { name: 'Only One', tags: ['Robotics'] });
    const eagerNone = await signupAs(t.app, 'Reviewer', { name: 'Eager None', tags: ['Game Development'] });
    const none = await signupAs(t.app, 'Reviewer', { name: 'No Match', tags: ['Game Development'] });
    await bid(willingThree, paper._id, 'willing');
    await bid(eagerTwo, paper._id, 'eager');
    await bid(eagerNone, paper._id, 'eager');

    const list = await ranked(paper._id);
    const ours = mine(list.reviewers, colleague, willingThree, plainThree, eagerTwo, one, eagerNone, none);
    expect(ours.map((r) => [r.name, r.score, r.suggested, r.bid])).toEqual([
      ['Willing Three', 40, true, 'willing'],
      ['Plain Three', 30, true, null],
      ['Eager Two', 40, false, 'eager'],
      ['Eager None', 20, false, 'eager'],
      ['Only One', 10, false, null],
      ['No Match', 0, false, null],
    ]);
    expect(ours[0]!.sharedTopics).toEqual(['Robotics', 'Computer Vision', 'Embedded Systems']);
    // The suggested group leads the whole list, and nobody else shares three topics.
    expect(list.suggestedCount).toBe(2);
    expect(list.reviewers.slice(0, 2).map((r) => r._id)).toEqual([willingThree.user._id, plainThree.user._id]);
    // The conflicted best match is apart, with the reason, and nowhere among the assignable.
    expect(list.reviewers.some((r) => r._id === colleague.user._id)).toBe(false);
    const conflicted = list.conflicted.find((c) => c._id === colleague.user._id)!;
    expect(conflicted.reasons.map((r) => r.reason)).toEqual(['same-domain']);
    expect(conflicted.reasons[0]!.explanation).toContain(institution);
    expect(conflicted.sharedTopics).toHaveLength(4);
    expect(list.total).toBe(list.reviewers.length);
    expect(list.submitter).toEqual({ name: author.user.name, email: author.user.email });
    expect(list.bids).toEqual({ eager: 2, willing: 1, notWilling: 0, conflict: 0 });
    expect(list.nextOffset).toBeNull();

    // The same group as the suggested reviewers.
    const suggested = (
      await t.app.inject({ url: `/api/editor/suggested-reviewers?paperId=${paper._id}`, headers: editor.auth })
    ).json() as Array<{ _id: string }>;
    expect(suggested.map((s) => s._id).sort()).toEqual([willingThree.user._id, plainThree.user._id].sort());

    // Pages, and a search by name that keeps the group's flags.
    const first = await ranked(paper._id, editor, 'limit=1');
    expect(first.reviewers.map((r) => r._id)).toEqual([willingThree.user._id]);
    expect(first.nextOffset).toBe(1);
    const second = await ranked(paper._id, editor, 'limit=1&offset=1');
    expect(second.reviewers.map((r) => r._id)).toEqual([plainThree.user._id]);
    const past = await ranked(paper._id, editor, `limit=5&offset=${list.total + 3}`);
    expect([past.reviewers, past.total, past.nextOffset]).toEqual([[], list.total, null]);
    const found = await ranked(paper._id, editor, `q=${encodeURIComponent('plain three')}`);
    expect(found.reviewers.map((r) => [r._id, r.suggested])).toEqual([[plainThree.user._id, true]]);
    expect(found.suggestedCount).toBe(2);
    expect((await ranked(paper._id, editor, 'q=%25_')).reviewers).toEqual([]);
  });

  test("the settings' verified and approval requirements leave the same reviewers out as suggestions do", async () => {
    const author = await signupAs(t.app, 'Author');
    const paper = await submitPaper(t.app, author.auth, { keywords: ['Compiler Design'] });
    const unverified = await signupAs(t.app, 'Reviewer', { tags: ['Compiler Design'] });
    const verified = await signupAs(t.app, 'Reviewer', { tags: ['Compiler Design'] });
    await verifyEmail(t.app, verified);
    await saveSettings({ requireVerifiedEmail: true });
    try {
      const list = await ranked(paper._id);
      expect(mine(list.reviewers, unverified, verified).map((r) => r._id)).toEqual([verified.user._id]);
      // Approval on: a reviewer who signs up now waits for it.
      await saveSettings({ reviewerApproval: true });
      const waiting = await signupAs(t.app, 'Reviewer', { tags: ['Compiler Design'] });
      await verifyEmail(t.app, waiting);
      expect(mine((await ranked(paper._id)).reviewers, unverified, verified, waiting).map((r) => r._id)).toEqual([verified.user._id]);
    } finally {
      await saveSettings({ requireVerifiedEmail: false, reviewerApproval: false });
    }
  });

  test("each reviewer's load counts the papers assigned and not declined, withdrawn papers aside; the paper's own assignments are listed", async () => {
    const author = await signupAs(t.app, 'Author');
    const [a, b, c, withdrawn] = await Promise.all(
      [1, 2, 3, 4].map(() => submitPaper(t.app, author.auth, { keywords: ['Operating Systems'] })),
    );
    const busy = await signupAs(t.app, 'Reviewer', { name: 'Busy Reviewer', tags: ['Operating Systems'] });
    for (const p of [a!, b!, c!, withdrawn!]) expect((await sendPaper(p._id, busy)).statusCode).toBe(200);
    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/reviewer/respond',
      headers: busy.auth,
      payload: { paperId: b!._id, email: busy.user.email, status: 'Declined' },
    });
    expect(declined.statusCode).toBe(200);
    await db().update(papers).set({ withdrawnAt: new Date() }).where(eq(papers.id, withdrawn!._id));
    const review = await t.app.inject({
      method: 'PUT',
      url: `/api/reviewer/review/${a!._id}`,
      headers: busy.auth,
      payload: { recommendation: 4, confidence: 3, commentsToAuthors: 'Solid.' },
    });
    expect(review.statusCode).toBe(200);

    const onA = await ranked(a!._id);
    const entry = mine(onA.reviewers, busy)[0]!;
    expect(entry.load).toBe(2);
    expect(entry.assignment).toEqual({ status: 'Sent', assigned: true, reviewed: true });
    expect(onA.limits).toEqual({ reviewersPerPaper: 3, maxPapersPerReviewer: 10 });
    expect(onA.paperReviewers).toBe(1);
    expect(onA.assigned).toEqual([
      {
        _id: busy.user._id,
        name: 'Busy Reviewer',
        email: busy.user.email,
        status: 'Sent',
        load: 2,
        conflicted: false,
        review: { recommendation: 4, confidence: 3, submittedAt: expect.any(String) },
      },
    ]);
    const onB = await ranked(b!._id);
    expect(mine(onB.reviewers, busy)[0]!.assignment).toEqual({ status: 'Declined', assigned: true, reviewed: false });
    expect(onB.paperReviewers).toBe(0);
  });
});

describe('Send Paper and the saved limits', () => {
  test('a reviewer at maxPapersPerReviewer or a paper at reviewersPerPaper is refused with 409 unless override: true', async () => {
    await saveSettings({ reviewersPerPaper: 2, maxPapersPerReviewer: 2 });
    try {
      const author = await signupAs(t.app, 'Author');
      const [p1, p2, p3] = await Promise.all([1, 2, 3].map(() => submitPaper(t.app, author.auth, { keywords: ['Distributed Systems'] })));
      const full = await signupAs(t.app, 'Reviewer', { name: 'Full Reviewer', tags: ['Distributed Systems'] });
      const second = await signupAs(t.app, 'Reviewer', { name: 'Second Reviewer', tags: ['Distributed Systems'] });
      const third = await signupAs(t.app, 'Reviewer', { name: 'Third Reviewer', tags: ['Distributed Systems'] });
      expect((await sendPaper(p1!._id, full)).statusCode).toBe(200);
      expect((await sendPaper(p2!._id, full)).statusCode).toBe(200);
      expect(mine((await ranked(p3!._id)).reviewers, full)[0]!.load).toBe(2);

      const refused = await sendPaper(p3!._id, full);
      expect([refused.statusCode, refused.json()]).toEqual([409, { message: reviewerAtLimit('Full Reviewer', 2, 2) }]);
      expect(
        await db()
          .select()
          .from(reviewStatuses)
          .where(and(eq(reviewStatuses.paperId, p3!._id), eq(reviewStatuses.reviewerId, full.user._id))),
      ).toEqual([]);
      expect(await mailBodies(t.app, full.user.email, 'reviewAssigned')).toHaveLength(2);
      // Sending a pair assigned already is no new assignment.
      expect((await sendPaper(p1!._id, full)).statusCode).toBe(200);

      const forced = await sendPaper(p3!._id, full, { override: true });
      expect([forced.statusCode, forced.json()]).toEqual([200, { message: 'Paper sent to Full Reviewer' }]);
      expect(mine((await ranked(p3!._id)).reviewers, full)[0]!.load).toBe(3);
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'review.assign'), eq(auditLog.paperId, p3!._id)));
      expect(audit!.details).toEqual({ reviewerId: full.user._id, via: 'send-paper', override: true });

      expect((await sendPaper(p3!._id, second)).statusCode).toBe(200);
      const paperFull = await sendPaper(p3!._id, third);
      expect([paperFull.statusCode, paperFull.json()]).toEqual([409, { message: paperAtLimit(2, 2) }]);
      expect((await sendPaper(p3!._id, third, { override: true })).statusCode).toBe(200);
      expect((await ranked(p3!._id)).paperReviewers).toBe(3);
      const notBoolean = await t.app.inject({
        method: 'POST',
        url: '/api/editor/send-paper',
        headers: editor.auth,
        payload: { paperId: p3!._id, reviewerId: third.user._id, override: 'yes' },
      });
      expect([notBoolean.statusCode, notBoolean.json()]).toEqual([400, { message: 'override must be true or false' }]);
    } finally {
      await saveSettings({ reviewersPerPaper: 3, maxPapersPerReviewer: 10 });
    }
  });

  test('a declined assignment frees its place; a conflicted reviewer is refused even with override', async () => {
    await saveSettings({ reviewersPerPaper: 1 });
    try {
      const institution = `uni-o-${Date.now().toString(36)}.edu`;
      const author = await signupAs(t.app, 'Author', { email: `meera@${institution}` });
      const paper = await submitPaper(t.app, author.auth, { keywords: ['Algorithms'] });
      const first = await signupAs(t.app, 'Reviewer', { tags: ['Algorithms'] });
      const next = await signupAs(t.app, 'Reviewer', { tags: ['Algorithms'] });
      const colleague = await signupAs(t.app, 'Reviewer', { email: `dev@${institution}`, tags: ['Algorithms'] });
      expect((await sendPaper(paper._id, first)).statusCode).toBe(200);
      expect((await sendPaper(paper._id, next)).statusCode).toBe(409);
      await t.app.inject({
        method: 'POST',
        url: '/api/reviewer/respond',
        headers: first.auth,
        payload: { paperId: paper._id, email: first.user.email, status: 'Declined' },
      });
      expect((await sendPaper(paper._id, next)).statusCode).toBe(200);
      const conflicted = await sendPaper(paper._id, colleague, { override: true });
      expect(conflicted.statusCode).toBe(409);
      expect(conflicted.json().message).toMatch(/^Conflict of interest/);
    } finally {
      await saveSettings({ reviewersPerPaper: 3 });
    }
  });
});

describe('unassigning', () => {
  test('a reviewer who has not reviewed is unassigned, audited and told by mail; once reviewed, 409', async () => {
    const author = await signupAs(t.app, 'Author');
    const paper = await submitPaper(t.app, author.auth, { title: 'Schedulers for tiny kernels', keywords: ['Data Structures'] });
    const quiet = await signupAs(t.app, 'Reviewer', { name: 'Quiet Reviewer', tags: ['Data Structures'] });
    const done = await signupAs(t.app, 'Reviewer', { name: 'Done Reviewer', tags: ['Data Structures'] });
    for (const r of [quiet, done]) expect((await sendPaper(paper._id, r)).statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/reviewer/review/${paper._id}`,
      headers: done.auth,
      payload: { recommendation: 2, confidence: 4, commentsToAuthors: 'Not yet.' },
    });

    const res = await unassign(paper._id, quiet);
    expect([res.statusCode, res.json()]).toEqual([200, { message: reviewerUnassigned('Quiet Reviewer') }]);
    const list = (await t.app.inject({ url: `/api/reviewer/assigned-papers/${quiet.user._id}`, headers: quiet.auth })).json() as Array<{
      _id: string;
    }>;
    expect(list.map((p) => p._id)).not.toContain(paper._id);
    const after = await ranked(paper._id);
    expect(after.assigned.map((a) => a._id)).toEqual([done.user._id]);
    expect(mine(after.reviewers, quiet)[0]!.assignment).toBeNull();
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.unassign'), eq(auditLog.paperId, paper._id)));
    expect([audit!.actorId, audit!.details]).toEqual([editor.user._id, { reviewerId: quiet.user._id, status: 'Sent' }]);
    const [mail] = await mailBodies(t.app, quiet.user.email, 'reviewUnassigned');
    expect(mail).toContain('"Schedulers for tiny kernels"');
    expect(mail).toContain(`Paper ID: ${paper._id}`);
    expect(mail).toContain('Dear Quiet Reviewer');

    const again = await unassign(paper._id, quiet);
    expect([again.statusCode, again.json()]).toEqual([404, { message: REVIEWER_NOT_ASSIGNED }]);
    const reviewed = await unassign(paper._id, done);
    expect([reviewed.statusCode, reviewed.json()]).toEqual([409, { message: reviewedCannotUnassign('Done Reviewer') }]);
    expect(await mailBodies(t.app, done.user.email, 'reviewUnassigned')).toEqual([]);
    expect((await ranked(paper._id)).assigned.map((a) => a._id)).toEqual([done.user._id]);

    // Assigned again, they are told again.
    expect((await sendPaper(paper._id, quiet)).statusCode).toBe(200);
    const assignedMails = await db()
      .select()
      .from(mailQueue)
      .where(and(eq(mailQueue.to, quiet.user.email), eq(mailQueue.template, 'reviewAssigned')));
    expect(assignedMails).toHaveLength(2);
  });

  test('a reviewer who declined is unassigned with their answer kept', async () => {
    const author = await signupAs(t.app, 'Author');
    const paper = await submitPaper(t.app, author.auth, { keywords: ['Pattern Recognition'] });
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['Pattern Recognition'] });
    expect((await sendPaper(paper._id, reviewer)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/reviewer/respond',
      headers: reviewer.auth,
      payload: { paperId: paper._id, email: reviewer.user.email, status: 'Declined' },
    });
    expect((await unassign(paper._id, reviewer)).statusCode).toBe(200);
    const statuses = (await t.app.inject({ url: `/api/reviewer/status/${paper._id}`, headers: editor.auth })).json();
    expect(statuses).toEqual([{ reviewerId: reviewer.user._id, status: 'Declined' }]);
    expect((await ranked(paper._id)).assigned).toEqual([]);
  });

  test('bad input: ids that are not ids 400, an unknown paper 404, a limit out of range 400', async () => {
    const author = await signupAs(t.app, 'Author');
    const paper = await submitPaper(t.app, author.auth, { keywords: ['Semantic Web'] });
    const cases: Array<[string, string, number, string]> = [
      ['DELETE', `/api/editor/papers/${paper._id}/reviewers/nope`, 400, 'Invalid ID format'],
      ['DELETE', '/api/editor/papers/nope/reviewers/0123456789abcdef01234567', 400, MESSAGES.badPaperId],
      ['DELETE', '/api/editor/papers/0123456789abcdef01234567/reviewers/0123456789abcdef01234567', 404, 'Paper not found'],
      ['DELETE', `/api/editor/papers/${paper._id}/reviewers/0123456789abcdef01234567`, 404, REVIEWER_NOT_ASSIGNED],
      ['GET', '/api/editor/papers/0123456789abcdef01234567/ranked-reviewers', 404, 'Paper not found'],
      ['GET', `/api/editor/papers/${paper._id}/ranked-reviewers?limit=0`, 400, 'limit must be 1 to 200'],
      ['GET', `/api/editor/papers/${paper._id}/ranked-reviewers?offset=-1`, 400, 'offset must be a whole number from 0'],
    ];
    for (const [method, url, status, message] of cases) {
      const res = await t.app.inject({ method: method as 'GET' | 'DELETE', url, headers: editor.auth });
      expect([res.statusCode, res.json()], `${method} ${url}`).toEqual([status, { message }]);
    }
  });
});

describe('track chairs', () => {
  test("the chair of the paper's track ranks, assigns and unassigns; a chair of another track hears 404", async () => {
    const author = await signupAs(t.app, 'Author');
    const paper = await submitPaper(t.app, author.auth, { keywords: ['Speech Recognition'] });
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['Speech Recognition'] });
    expect(mine((await ranked(paper._id, chair)).reviewers, reviewer)[0]!.suggested).toBe(true);
    expect((await sendPaper(paper._id, reviewer, { who: chair })).statusCode).toBe(200);
    for (const res of [
      await t.app.inject({ url: `/api/editor/papers/${paper._id}/ranked-reviewers`, headers: otherChair.auth }),
      await unassign(paper._id, reviewer, otherChair),
    ])
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Paper not found' }]);
    expect((await unassign(paper._id, reviewer, chair)).statusCode).toBe(200);
  });

  test('a chair conflicted with the paper sees the paper only: 403 on the list and on unassigning', async () => {
    const colleague = await signupAs(t.app, 'Author', { email: `colleague@${chair.user.email.split('@')[1]}` });
    const paper = await submitPaper(t.app, colleague.auth, { keywords: ['Knowledge Representation'] });
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['Knowledge Representation'] });
    expect((await sendPaper(paper._id, reviewer)).statusCode).toBe(200);
    const seen = await t.app.inject({ url: `/api/editor/papers/${paper._id}`, headers: chair.auth });
    expect([seen.statusCode, seen.json().chairConflicted]).toEqual([200, true]);
    for (const res of [
      await t.app.inject({ url: `/api/editor/papers/${paper._id}/ranked-reviewers`, headers: chair.auth }),
      await unassign(paper._id, reviewer, chair),
    ])
      expect([res.statusCode, res.json()]).toEqual([403, { message: MESSAGES.chairConflicted }]);
    expect((await ranked(paper._id)).assigned.map((a) => a._id)).toEqual([reviewer.user._id]);
  });
});
