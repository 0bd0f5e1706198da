import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MESSAGES, REVISION_MESSAGES } from '../../src/core/messages';
import type { AutoAssignJson } from '../../src/core/schemas/assignment';
import type { PaperJson } from '../../src/core/schemas/paper';
import { auditLog, mailQueue } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes, submitPaper, type Part } from '../support/multipart';
import { signupAs, uniqueAddress, verifyEmail, type SignedUp } from '../support/users';

/**
 * docs/product.md#assignments-declines-and-withdrawals: until the submission deadline the submitting author fixes the title, abstract, track, topics and
 * free keywords; withdraws the paper before its decision, which takes it out of bidding, assignment and review and
 * tells its reviewers; and gets a receipt with the paper id after each submission.
 */
let t: TestApp;
let editor: SignedUp;
let author: SignedUp;

const db = () => t.app.database.db;
const put = (url: string, who: SignedUp, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: who.auth, payload: payload as Record<string, unknown> });
const post = (url: string, who: SignedUp, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: who.auth, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const get = (url: string, who: SignedUp) => t.app.inject({ url, headers: who.auth });
const patch = (paperId: string, who: SignedUp, parts: Part[]) =>
  injectMultipart(t.app, 'PATCH', `/api/author/paper/${paperId}`, parts, who.auth);
const withdraw = (paperId: string, who: SignedUp) => post(`/api/author/paper/${paperId}/withdraw`, who);
const mailsTo = (to: string, template: string) =>
  db()
    .select()
    .from(mailQueue)
    .where(and(eq(mailQueue.to, to.toLowerCase()), eq(mailQueue.template, template)))
    .orderBy(asc(mailQueue.createdAt));
const auditOf = (paperId: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.paperId, paperId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));
const reviewer = (tags = ['AI']) => signupAs(t.app, 'Reviewer', { tags });
const myPaper = async (paperId: string, who = author) => (await get(`/api/author/paper/${paperId}`, who)).json().paper as PaperJson;

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author', { name: 'Ada Submitter' });
});
afterAll(async () => {
  await t?.close();
});

describe('the submitting author fixes the paper until the deadline', () => {
  test('each field is changed on its own, and the audit row names what changed', async () => {
    const paper = await submitPaper(t.app, author.auth, { title: 'Fist title', keywords: ['AI'] });
    const title = await patch(paper._id, author, [['title', '  First title  ']]);
    expect(title.statusCode, title.body).toBe(200);
    expect(title.json().message).toBe('Paper saved');
    expect(title.json().paper.title).toBe('First title');
    expect((await auditOf(paper._id, 'paper.revise'))[0]!.details).toEqual({ changed: ['title'], newPdf: false });

    expect((await patch(paper._id, author, [['abstract', 'A better abstract.']])).json().paper.abstract).toBe('A better abstract.');
    expect(
      (
        await patch(paper._id, author, [
          ['keywords', 'machine learning'],
          ['keywords', 'IoT'],
        ])
      ).json().paper.keywords,
    ).toEqual(['Machine Learning', 'IoT']);
    expect(
      (
        await patch(paper._id, author, [
          ['freeKeywords', 'federated'],
          ['freeKeywords', 'edge inference'],
        ])
      ).json().paper.freeKeywords,
    ).toEqual(['federated', 'edge inference']);
    // A new track with topics of its own list, in one request.
    const moved = await patch(paper._id, author, [
      ['track', 'track-1'],
      ['keywords', 'Composite materials'],
    ]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().paper.track).toEqual({ id: 'track-1', name: 'Science and Materials' });
    expect(moved.json().paper.keywords).toEqual(['Composite materials']);
    expect((await auditOf(paper._id, 'paper.revise'))[0]!.details).toEqual({ changed: ['track', 'keywords'], newPdf: false });
    // A repeated field sent once, empty, empties the list.
    const cleared = await patch(paper._id, author, [
      ['keywords', ''],
      ['freeKeywords', ''],
    ]);
    expect([cleared.json().paper.keywords, cleared.json().paper.freeKeywords]).toEqual([[], []]);
    // Everything at once, with a new PDF: one transaction, one audit row.
    const all = await patch(paper._id, author, [
      ['title', 'Final title'],
      ['abstract', 'Final abstract.'],
      ['track', 'track-2'],
      ['keywords', 'AI'],
      ['freeKeywords', 'x'],
      ['file', pdfBytes('v2'), 'v2.pdf'],
    ]);
    expect(all.statusCode, all.body).toBe(200);
    expect((await auditOf(paper._id, 'paper.revise'))[0]!.details).toEqual({
      changed: ['title', 'abstract', 'track', 'keywords', 'freeKeywords'],
      newPdf: true,
    });
    const stored = await myPaper(paper._id);
    expect([stored.title, stored.abstract, stored.track?.id, stored.keywords, stored.freeKeywords, stored.pdfVersions?.length]).toEqual([
      'Final title',
      'Final abstract.',
      'track-2',
      ['AI'],
      ['x'],
      2,
    ]);
    // The editor sees the same.
    const seen = (await get(`/api/editor/papers/${paper._id}`, editor)).json();
    expect([seen.title ?? seen.paper?.title]).toEqual(['Final title']);
  });

  test('a track that does not exist or is closed, a topic outside the track: 400 with the reason, nothing changed', async () => {
    const paper = await submitPaper(t.app, author.auth, { title: 'Stays as it is', track: 'track-1', keywords: ['Composite materials'] });
    const created = await post('/api/editor/tracks', editor, { name: `Closed track ${Date.now()}`, topics: ['Closed topic'], open: false });
    expect(created.statusCode, created.body).toBe(201);
    const cases: Array<[Part[], string]> = [
      [[['track', 'no-such-track']], MESSAGES.trackNotFound],
      [
        [
          ['track', created.json().id],
          ['keywords', 'Closed topic'],
        ],
        MESSAGES.trackClosed,
      ],
      [[['keywords', 'Astrology']], MESSAGES.unknownTopic],
      // The paper's science topic does not fit the management track.
      [[['track', 'track-4']], MESSAGES.unknownTopic],
      [[['title', '']], 'Title is required'],
      [[['freeKeywords', 'k'.repeat(61)]], 'A keyword is at most 60 characters'],
      [Array.from({ length: 11 }, (_, i): Part => ['freeKeywords', `k${i}`]), 'At most 10 keywords'],
      [[], 'Nothing to save: change a field or choose a new PDF'],
    ];
    for (const [parts, message] of cases) {
      const res = await patch(paper._id, author, parts);
      expect([res.statusCode, res.json().message], JSON.stringify(parts)).toEqual([400, message]);
    }
    const stored = await myPaper(paper._id);
    expect([stored.title, stored.track?.id, stored.keywords]).toEqual(['Stays as it is', 'track-1', ['Composite materials']]);
    expect(await auditOf(paper._id, 'paper.revise')).toEqual([]);
    // A paper already in a track that closes keeps its track and may still change its topics.
    const closing = await post('/api/editor/tracks', editor, { name: `Closing track ${Date.now()}`, topics: ['Old topic', 'New topic'] });
    const inIt = await submitPaper(t.app, author.auth, { track: closing.json().id, keywords: ['Old topic'] });
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/editor/tracks/${closing.json().id}`,
          headers: editor.auth,
          payload: { open: false },
        })
      ).statusCode,
    ).toBe(200);
    const kept = await patch(inIt._id, author, [
      ['track', closing.json().id],
      ['keywords', 'New topic'],
    ]);
    expect([kept.statusCode, kept.json().paper?.keywords]).toEqual([200, ['New topic']]);
  });

  test('a co-author may upload a new PDF but not change the description (403); another author does not see the paper (404)', async () => {
    const coEmail = uniqueAddress('co');
    const paper = await submitPaper(t.app, author.auth, { title: 'Two authors', coAuthors: [{ name: 'Co Author', email: coEmail }] });
    const co = await signupAs(t.app, 'Author', { email: coEmail });
    await verifyEmail(t.app, co);
    const refused = await patch(paper._id, co, [['title', 'Hijacked']]);
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'Only the submitting author may do this']);
    const pdf = await patch(paper._id, co, [['file', pdfBytes('co'), 'co.pdf']]);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const stranger = await signupAs(t.app, 'Author');
    expect((await patch(paper._id, stranger, [['title', 'Mine now']])).statusCode).toBe(404);
    expect((await myPaper(paper._id)).title).toBe('Two authors');
  });

  test('after the submission deadline the description is closed (403); a new PDF is still taken', async () => {
    const paper = await submitPaper(t.app, author.auth, { title: 'Late fix' });
    expect(
      (await put('/api/editor/settings', editor, { submissionDeadline: new Date(Date.now() - 60_000).toISOString() })).statusCode,
    ).toBe(200);
    try {
      for (const parts of [
        [['title', 'Too late']],
        [['abstract', 'Too late']],
        [['keywords', 'IoT']],
        [['track', 'track-3']],
        [['freeKeywords', 'late']],
      ] as Part[][]) {
        const res = await patch(paper._id, author, parts);
        expect([res.statusCode, res.json().message], JSON.stringify(parts)).toEqual([403, MESSAGES.submissionsClosed]);
      }
      expect((await patch(paper._id, author, [['file', pdfBytes('late v2'), 'v2.pdf']])).statusCode).toBe(200);
      // The co-author list is part of the description too.
      const co = await put(`/api/author/paper/${paper._id}/co-authors`, author, {
        coAuthors: [{ name: 'Late Co', email: uniqueAddress('late') }],
      });
      expect([co.statusCode, co.json().message]).toEqual([403, MESSAGES.submissionsClosed]);
    } finally {
      expect((await put('/api/editor/settings', editor, { submissionDeadline: null })).statusCode).toBe(200);
    }
    expect((await myPaper(paper._id)).title).toBe('Late fix');
  });

  test("co-authors and their order are the submitting author's to change", async () => {
    const a = { name: 'First Co', email: uniqueAddress('first'), affiliation: '' };
    const b = { name: 'Second Co', email: uniqueAddress('second'), affiliation: 'Lab' };
    const paper = await submitPaper(t.app, author.auth, { coAuthors: [a, b] });
    const swapped = await put(`/api/author/paper/${paper._id}/co-authors`, author, { coAuthors: [b, a] });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect((await myPaper(paper._id)).coAuthors?.map((c) => c.name)).toEqual(['Second Co', 'First Co']);
    expect(await auditOf(paper._id, 'paper.co-authors')).toHaveLength(1);
  });
});

describe('withdrawing a paper', () => {
  test('withdrawn before a decision: reviewers who have not declined and co-authors are mailed; bidding, assignment and reviews stop', async () => {
    const coEmail = uniqueAddress('coauthor');
    const paper = await submitPaper(t.app, author.auth, {
      title: 'To be withdrawn',
      keywords: ['Robotics'],
      coAuthors: [{ name: 'Cora Author', email: coEmail }],
    });
    const accepted = await reviewer(['Robotics']);
    const declined = await reviewer(['Robotics']);
    const waiting = await reviewer(['Robotics']);
    const bidder = await reviewer(['Robotics']);
    await verifyEmail(t.app, bidder);
    for (const r of [accepted, declined])
      expect((await post('/api/editor/send-paper', editor, { paperId: paper._id, reviewerId: r.user._id })).statusCode).toBe(200);
    expect(
      (await post('/api/reviewer/respond', accepted, { paperId: paper._id, email: accepted.user.email, status: 'Accepted' })).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/reviewer/respond', declined, { paperId: paper._id, email: declined.user.email, status: 'Declined' })).statusCode,
    ).toBe(200);
    expect(
      (await put(`/api/reviewer/review/${paper._id}`, accepted, { recommendation: 4, confidence: 3, commentsToAuthors: 'Draft.' }))
        .statusCode,
    ).toBe(200);
    expect((await put(`/api/reviewer/bid/${paper._id}`, bidder, { bid: 'eager' })).statusCode).toBe(200);

    // A co-author may not withdraw it, another author does not see it.
    const co = await signupAs(t.app, 'Author', { email: coEmail });
    await verifyEmail(t.app, co);
    const byCo = await withdraw(paper._id, co);
    expect([byCo.statusCode, byCo.json().message]).toEqual([403, 'Only the submitting author may do this']);
    expect((await withdraw(paper._id, await signupAs(t.app, 'Author'))).statusCode).toBe(404);

    const res = await withdraw(paper._id, author);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Paper withdrawn');
    expect(res.json().paper.withdrawnAt).toEqual(expect.any(String));
    expect(res.json().paper.state).toEqual({ code: 'withdrawn', label: 'Withdrawn' });
    const audit = await auditOf(paper._id, 'paper.withdraw');
    expect(audit.map((a) => [a.actorId, a.details])).toEqual([[author.user._id, { reviewersTold: 1, coAuthorsTold: 1 }]]);

    const toAccepted = await mailsTo(accepted.user.email, 'paperWithdrawn');
    expect(toAccepted).toHaveLength(1);
    expect(toAccepted[0]!.subject).toBe('Withdrawn, no review needed: To be withdrawn');
    expect(toAccepted[0]!.body).toContain(`Paper ID: ${paper._id}`);
    expect(toAccepted[0]!.body).toContain('No review is needed');
    expect(toAccepted[0]!.body).not.toContain(author.user.email);
    expect(await mailsTo(declined.user.email, 'paperWithdrawn')).toHaveLength(0);
    const toCo = await mailsTo(coEmail, 'paperWithdrawnCoAuthor');
    expect(toCo).toHaveLength(1);
    expect(toCo[0]!.body).toContain('Ada Submitter');

    // A second call: 409, nothing mailed again.
    const again = await withdraw(paper._id, author);
    expect([again.statusCode, again.json().message]).toEqual([409, 'This paper is already withdrawn']);
    expect(await mailsTo(accepted.user.email, 'paperWithdrawn')).toHaveLength(1);

    // Out of bidding.
    const bidding = (await get('/api/reviewer/bidding', bidder)).json() as Array<{ _id: string }>;
    expect(bidding.map((p) => p._id)).not.toContain(paper._id);
    const bid = await put(`/api/reviewer/bid/${paper._id}`, bidder, { bid: 'willing' });
    expect([bid.statusCode, bid.json().message]).toEqual([409, 'This paper was withdrawn']);
    // Out of automatic assignment, even when named.
    const auto = await post('/api/editor/auto-assign', editor, {
      paperIds: [paper._id],
      reviewersPerPaper: 3,
      maxPapersPerReviewer: 5,
      apply: true,
    });
    expect(auto.statusCode, auto.body).toBe(200);
    expect((auto.json() as AutoAssignJson).assignments.filter((a) => a.paperId === paper._id)).toEqual([]);
    const everyPaper = await post('/api/editor/auto-assign', editor, { reviewersPerPaper: 3, maxPapersPerReviewer: 5 });
    expect((everyPaper.json() as AutoAssignJson).assignments.map((a) => a.paperId)).not.toContain(paper._id);
    // Send Paper refuses it.
    const sent = await post('/api/editor/send-paper', editor, { paperId: paper._id, reviewerId: waiting.user._id });
    expect([sent.statusCode, sent.json().message]).toEqual([409, 'This paper was withdrawn']);
    expect(await mailsTo(waiting.user.email, 'reviewAssigned')).toHaveLength(0);
    // The reviewer can no longer save a review or comment.
    const saved = await put(`/api/reviewer/review/${paper._id}`, accepted, {
      recommendation: 5,
      confidence: 3,
      commentsToAuthors: 'Final.',
    });
    expect([saved.statusCode, saved.json().message]).toEqual([403, REVISION_MESSAGES.withdrawnNoReview]);
    const comment = await post(`/api/reviewer/add-comment/${paper._id}`, accepted, { reviewerId: accepted.user._id, text: 'Still here?' });
    expect([comment.statusCode, comment.json().message]).toEqual([403, REVISION_MESSAGES.withdrawnNoReview]);
    // The author cannot edit it any more; every screen says Withdrawn.
    const edit = await patch(paper._id, author, [['title', 'Back again']]);
    expect([edit.statusCode, edit.json().message]).toEqual([409, 'This paper was withdrawn']);
    expect((await myPaper(paper._id)).state?.label).toBe('Withdrawn');
    expect((await get(`/api/editor/papers/${paper._id}`, editor)).json()).toMatchObject({ withdrawnAt: expect.any(String) });
    // Nor its co-authors; the editor neither decides nor invites, the reviewer neither accepts nor declines.
    const coEdit = await put(`/api/author/paper/${paper._id}/co-authors`, author, { coAuthors: [] });
    expect([coEdit.statusCode, coEdit.json().message]).toEqual([409, 'This paper was withdrawn']);
    const decided = await put(`/api/editor/papers/${paper._id}/decision`, editor, { decision: 'Accepted' });
    expect([decided.statusCode, decided.json().message]).toEqual([409, 'This paper was withdrawn']);
    const invited = await post(`/api/send-mail/${encodeURIComponent(waiting.user.email)}`, editor, {
      paperId: paper._id,
      reviewerId: waiting.user._id,
    });
    expect([invited.statusCode, invited.json().message]).toEqual([409, 'This paper was withdrawn']);
    const answered = await post('/api/reviewer/respond', accepted, { paperId: paper._id, email: accepted.user.email, status: 'Declined' });
    expect([answered.statusCode, answered.json().message]).toEqual([403, REVISION_MESSAGES.withdrawnNoReview]);
    const notified = await post('/api/editor/notify', editor, { paperIds: [paper._id], dryRun: true });
    expect(notified.json()).toMatchObject({ sent: 0, skipped: 1 });
  });

  test('after a decision the paper can no longer be withdrawn (409 with the reason)', async () => {
    const paper = await submitPaper(t.app, author.auth, { title: 'Decided' });
    expect((await put(`/api/editor/papers/${paper._id}/decision`, editor, { decision: 'Accepted' })).statusCode).toBe(200);
    const res = await withdraw(paper._id, author);
    expect([res.statusCode, res.json().message]).toEqual([409, REVISION_MESSAGES.withdrawAfterDecision]);
    expect((await myPaper(paper._id)).withdrawnAt).toBeUndefined();
    expect(await auditOf(paper._id, 'paper.withdraw')).toEqual([]);
  });
});

describe('the receipt', () => {
  test('each submission mails the submitting author the paper id, title, track, topics, co-authors and the link', async () => {
    const who = await signupAs(t.app, 'Author', { name: 'Rita Receipt' });
    const paper = await submitPaper(t.app, who.auth, {
      title: 'Grid-scale storage',
      track: 'track-3',
      keywords: ['Power electronics and drives'],
      coAuthors: [{ name: 'Otto Co', email: 'otto.co@lab.example', affiliation: 'Lab' }],
    });
    const mails = await mailsTo(who.user.email, 'paperReceived');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`Paper received: Grid-scale storage (Paper ID: ${paper._id})`);
    expect(mail!.body).toContain('Dear Rita Receipt,');
    expect(mail!.body).toContain('"Grid-scale storage"');
    expect(mail!.body).toContain(`Paper ID: ${paper._id}`);
    expect(mail!.body).toContain('Track: Electrical and Electronics Engineering');
    expect(mail!.body).toContain('Topics: Power electronics and drives');
    expect(mail!.body).toContain('Co-authors: Otto Co <otto.co@lab.example>');
    expect(mail!.body).toMatch(new RegExp(`https?://\\S+/paper-details/${paper._id}`));
    // A second paper, a second receipt; a refused submission, none.
    await submitPaper(t.app, who.auth, { title: 'Another one' });
    const refused = await injectMultipart(
      t.app,
      'POST',
      '/api/author/new-paper',
      [
        ['title', 'Refused'],
        ['abstract', 'x'],
        ['track', 'no-such-track'],
        ['file', pdfBytes('r'), 'r.pdf'],
      ],
      who.auth,
    );
    expect(refused.statusCode).toBe(400);
    const all = await mailsTo(who.user.email, 'paperReceived');
    expect(all.map((m) => m.subject.replace(/ \(Paper ID: \w+\)/, ''))).toEqual([
      'Paper received: Grid-scale storage',
      'Paper received: Another one',
    ]);
  });
});
