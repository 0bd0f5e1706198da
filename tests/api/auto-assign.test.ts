import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AutoAssignJson } from '../../src/core/schemas/assignment';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

let t: TestApp;
let editor: SignedUp;
let author: SignedUp;
let n = 0;
const reviewer = (tags: string[], email?: string) =>
  signupAs(t.app, 'Reviewer', { tags, email: email ?? `rev${++n}.${Date.now()}@uni${n}.example` });
const autoAssign = (payload: object, who: SignedUp = editor) =>
  t.app.inject({ method: 'POST', url: '/api/editor/auto-assign', payload, headers: who.auth });
const statuses = async (paperId: string) =>
  (await t.app.inject({ url: `/api/reviewer/status/${paperId}`, headers: editor.auth })).json() as Array<{
    reviewerId: string;
    status: string;
  }>;

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor', { email: `editor.${Date.now()}@chair.example` });
  author = await signupAs(t.app, 'Author', { email: `author.${Date.now()}@lab.example` });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/editor/auto-assign', () => {
  test('only editors may ask', async () => {
    const reviewerAccount = await reviewer(['AI']);
    expect((await autoAssign({}, author)).statusCode).toBe(403);
    expect((await autoAssign({}, reviewerAccount)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/editor/auto-assign', payload: {} })).statusCode).toBe(401);
  });

  test('400 with a clear message for limits out of range and for an unknown paper id', async () => {
    for (const [body, text] of [
      [{ reviewersPerPaper: 0 }, 'Reviewers per paper must be a whole number from 1 to 20'],
      [{ reviewersPerPaper: 21 }, 'Reviewers per paper must be a whole number from 1 to 20'],
      [{ reviewersPerPaper: 2.5 }, 'Reviewers per paper must be a whole number from 1 to 20'],
      [{ maxPapersPerReviewer: 0 }, 'Papers per reviewer must be a whole number from 1 to 500'],
      [{ maxPapersPerReviewer: 501 }, 'Papers per reviewer must be a whole number from 1 to 500'],
      [{ maxPapersPerReviewer: '3' }, 'Papers per reviewer must be a whole number from 1 to 500'],
    ] as const) {
      const res = await autoAssign(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(text);
    }
    const unknown = await autoAssign({ paperIds: ['0123456789abcdef01234567'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown paper id: 0123456789abcdef01234567');
    expect((await autoAssign({ paperIds: ['nope'] })).statusCode).toBe(400);
  });

  test('scores, explanations, limits, exclusions; preview changes nothing; apply records Sent once', async () => {
    const paper = await submitPaper(t.app, author.auth, { title: 'Assign me', keywords: ['Robotics', 'HCI', 'Algorithms'] });
    const other = await submitPaper(t.app, author.auth, { title: 'Me too', keywords: ['Robotics'] });
    const two = await reviewer(['Robotics', 'HCI']); // 20 on paper, 10 on other
    const one = await reviewer(['Algorithms', 'Cyber Law']); // 10 on paper
    const colleague = await reviewer(['Robotics', 'HCI', 'Algorithms'], `colleague.${Date.now()}@lab.example`); // same domain as the author
    const decliner = await reviewer(['HCI', 'Algorithms']);
    const unrelated = await reviewer(['Cyber Law']);
    // decliner declined the paper once: never proposed again.
    await t.app.inject({
      method: 'POST',
      url: '/api/editor/send-paper',
      headers: editor.auth,
      payload: { paperId: paper._id, reviewerId: decliner.user._id },
    });
    const declined = await t.app.inject({
      method: 'POST',
      url: '/api/reviewer/respond',
      headers: decliner.auth,
      payload: { paperId: paper._id, email: decliner.user.email, status: 'Declined' },
    });
    expect(declined.statusCode).toBe(200);

    const ids = [paper._id, other._id];
    const limits = { paperIds: ids, reviewersPerPaper: 1, maxPapersPerReviewer: 1 };
    const preview = await autoAssign(limits);
    expect(preview.statusCode).toBe(200);
    const body = preview.json() as AutoAssignJson;
    const pairs = body.assignments.map((a) => [a.paperId, a.reviewerId]);
    const excluded = [colleague.user._id, decliner.user._id, unrelated.user._id];
    expect(pairs.some(([, r]) => excluded.includes(r!))).toBe(false);
    // Most pairs first: paper ← one (10) and other ← two (10), 2 pairs, beat paper ← two (20) alone.
    expect(body.assignments).toEqual(
      [
        { paperId: paper._id, reviewerId: one.user._id, score: 10, sharedTags: ['Algorithms'], bid: null },
        { paperId: other._id, reviewerId: two.user._id, score: 10, sharedTags: ['Robotics'], bid: null },
      ].sort((a, b) => (a.paperId < b.paperId ? -1 : 1)),
    );
    expect(body.unfilled).toEqual([]);
    expect(body.stats).toMatchObject({ papers: 2, assigned: 2, totalScore: 20, bound: { pairs: 2, totalScore: 20 } });
    expect((await statuses(paper._id)).map((s) => s.status)).toEqual(['Declined']);

    const applied = await autoAssign({ ...limits, apply: true });
    expect(applied.statusCode).toBe(200);
    expect((applied.json() as AutoAssignJson).assignments).toEqual(body.assignments);
    expect(await statuses(other._id)).toEqual([{ reviewerId: two.user._id, status: 'Sent' }]);
    const assignedToOne = await t.app.inject({ url: `/api/reviewer/assigned-papers/${one.user._id}`, headers: one.auth });
    expect(assignedToOne.json().map((p: { _id: string }) => p._id)).toEqual([paper._id]);
    // The same service as Send Paper (decision 0018): each new pair audited as the editor's 'review.assign'.
    const audit = await t.app.inject({ url: `/api/editor/audit?action=review.assign&paperId=${other._id}`, headers: editor.auth });
    expect(audit.json().entries.map((e: { actorId: string; details: unknown }) => [e.actorId, e.details])).toEqual([
      [editor.user._id, { reviewerId: two.user._id, via: 'auto-assign' }],
    ]);

    // Applying the same request again assigns nothing: the existing pairs count toward both limits.
    const again = await autoAssign({ ...limits, apply: true });
    expect((again.json() as AutoAssignJson).assignments).toEqual([]);
    expect((again.json() as AutoAssignJson).stats.assigned).toBe(0);
    expect((await statuses(other._id)).length).toBe(1);

    // Raising the reviewer limit lets `two` also take the paper, with its 20.
    const more = (await autoAssign({ paperIds: ids, reviewersPerPaper: 2, maxPapersPerReviewer: 2 })).json() as AutoAssignJson;
    expect(more.assignments).toEqual([
      { paperId: paper._id, reviewerId: two.user._id, score: 20, sharedTags: ['Robotics', 'HCI'], bid: null },
    ]);
    expect(more.unfilled).toEqual([{ paperId: other._id, missing: 1 }]);
  });

  test('a co-author of the paper is never proposed', async () => {
    const coAuthorEmail = `coauthor.${Date.now()}@elsewhere.example`;
    const coAuthor = await reviewer(['Quantum Computing'], coAuthorEmail);
    const paper = await submitPaper(t.app, author.auth, { title: 'Quantum', keywords: ['Quantum Computing'] });
    const { pool } = (t.app as unknown as { database: { pool: import('pg').Pool } }).database;
    await pool.query('insert into paper_co_authors (paper_id, position, name, email) values ($1, 0, $2, $3)', [
      paper._id,
      'Co',
      coAuthorEmail.toUpperCase(),
    ]);
    const body = (await autoAssign({ paperIds: [paper._id] })).json() as AutoAssignJson;
    expect(body.assignments.map((a) => a.reviewerId)).not.toContain(coAuthor.user._id);
    expect(body.unfilled).toEqual([{ paperId: paper._id, missing: 3 }]);
  });

  test('the same request gives the same answer', async () => {
    for (let i = 0; i < 6; i++) await reviewer(['Smart Cities', 'Edge Computing']);
    const papers = [];
    for (let i = 0; i < 4; i++)
      papers.push((await submitPaper(t.app, author.auth, { title: `City ${i}`, keywords: ['Smart Cities'] }))._id);
    const a = (await autoAssign({ paperIds: papers, reviewersPerPaper: 3, maxPapersPerReviewer: 2 })).json() as AutoAssignJson;
    const b = (await autoAssign({ paperIds: papers, reviewersPerPaper: 3, maxPapersPerReviewer: 2 })).json() as AutoAssignJson;
    expect(a.assignments.length).toBe(12);
    expect(b.assignments).toEqual(a.assignments);
  });

  test('bids add 20 (eager) or 10 (willing) and make a pair eligible without tags; not-willing, conflict and declared conflicts exclude', async () => {
    const paper = await submitPaper(t.app, author.auth, { title: 'Bids', keywords: ['Semantic Web'] });
    const eager = await reviewer(['Semantic Web']);
    const willing = await reviewer(['Game Development']);
    const notWilling = await reviewer(['Semantic Web']);
    const conflict = await reviewer(['Semantic Web']);
    const declared = await reviewer(['Semantic Web']);
    const { pool } = (t.app as unknown as { database: { pool: import('pg').Pool } }).database;
    for (const [who, bid] of [
      [eager, 'eager'],
      [willing, 'willing'],
      [notWilling, 'not-willing'],
      [conflict, 'conflict'],
    ] as const) {
      await pool.query('insert into bids (paper_id, reviewer_id, bid) values ($1, $2, $3)', [paper._id, who.user._id, bid]);
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/author/paper/${paper._id}/conflicts`,
      headers: author.auth,
      payload: { emails: [declared.user.email] },
    });
    expect(put.statusCode).toBe(200);
    const body = (await autoAssign({ paperIds: [paper._id], reviewersPerPaper: 5 })).json() as AutoAssignJson;
    expect(body.assignments.map(({ reviewerId, score, bid }) => ({ reviewerId, score, bid }))).toEqual([
      { reviewerId: eager.user._id, score: 30, bid: 'eager' },
      { reviewerId: willing.user._id, score: 10, bid: 'willing' },
    ]);
    expect(body.unfilled).toEqual([{ paperId: paper._id, missing: 3 }]);
  });

  test("without limits in the request, the editor's settings apply", async () => {
    const paper = await submitPaper(t.app, author.auth, { title: 'Settings', keywords: ['Speech Recognition'] });
    for (let i = 0; i < 4; i++) await reviewer(['Speech Recognition']);
    const set = await t.app.inject({ method: 'PUT', url: '/api/editor/settings', headers: editor.auth, payload: { reviewersPerPaper: 2 } });
    expect(set.statusCode).toBe(200);
    const body = (await autoAssign({ paperIds: [paper._id] })).json() as AutoAssignJson;
    expect(body.assignments).toHaveLength(2);
    await t.app.inject({ method: 'PUT', url: '/api/editor/settings', headers: editor.auth, payload: { reviewersPerPaper: 3 } });
  });
});
