import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSmtpListener } from '../support/smtp';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes, submitPaper } from '../support/multipart';
import { signupAs, verifyEmail, type SignedUp } from '../support/users';

/** docs/product.md#the-review-cycle: the review cycle to a decision — settings, reviews, conflicts, bids, blind review, decisions, camera-ready. */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let editor: SignedUp;

const put = (url: string, who: SignedUp, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: who.auth, payload: payload as Record<string, unknown> });
const post = (url: string, who: SignedUp, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who.auth, payload: payload as Record<string, unknown> });
const get = (url: string, who: SignedUp) => t.app.inject({ url, headers: who.auth });
const send = (paperId: string, reviewer: SignedUp) => post('/api/editor/send-paper', editor, { paperId, reviewerId: reviewer.user._id });
const past = () => new Date(Date.now() - 60_000).toISOString();
const future = () => new Date(Date.now() + 86_400_000).toISOString();
const unique = () => Math.random().toString(36).slice(2, 8);
/** Only a verified address bids (docs/product.md#who-sees-whom): set as the mailed link would. */
/** The mail's text as the reader sees it (nodemailer sends long lines quoted-printable). */
const decisionMailsTo = (email: string) =>
  smtp.mails.filter((m) => m.to.includes(email) && m.raw.includes('Subject: Decision on your paper'));
const decodeQuotedPrintable = (raw: string) =>
  Buffer.from(
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ SMTP_URL: smtp.url });
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** The deliberation settings (docs/product.md#deliberation), at their defaults. */
const DELIBERATION_DEFAULTS = {
  // Which annotations keep their text in the reviewers' copy under blind review (decision 21).
  blindAnnotationText: 'keep-unless-naming-author',
  reviewVisibility: 'after-own-review',
  biddingDeadline: null,
  responseOpens: null,
  responseCloses: null,
  discussionDeadline: null,
  notificationDate: null,
  responseWordLimit: 500,
  // Decision 0042's DOI settings.
  doiPrefix: null,
  doiPattern: 'imse.{year}.{paperId}',
  // Decision 0046's signatory of letters and how long passport numbers are kept.
  organiserName: 'Organising Secretary',
  organiserTitle: 'Organising Committee',
  hasSignature: false,
  passportRetentionDays: 30,
};

describe('settings', () => {
  test('defaults, a partial update answers the whole object, bad values name the field', async () => {
    expect((await get('/api/editor/settings', editor)).json()).toEqual({
      submissionDeadline: null,
      reviewDeadline: null,
      cameraReadyDeadline: null,
      reviewersPerPaper: 3,
      maxPapersPerReviewer: 10,
      blindReview: false,
      reminderDaysBefore: null,
      reviewerApproval: false,
      requireVerifiedEmail: false,
      ...DELIBERATION_DEFAULTS,
    });
    const res = await put('/api/editor/settings', editor, { reviewersPerPaper: 4, reviewDeadline: '2030-01-31T23:59:00+07:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      submissionDeadline: null,
      reviewDeadline: '2030-01-31T16:59:00.000Z',
      cameraReadyDeadline: null,
      reviewersPerPaper: 4,
      maxPapersPerReviewer: 10,
      blindReview: false,
      reminderDaysBefore: null,
      reviewerApproval: false,
      requireVerifiedEmail: false,
      ...DELIBERATION_DEFAULTS,
    });
    // Messages name the field as the settings form labels it (docs/product.md#settings).
    for (const [body, field] of [
      [{ submissionDeadline: 'next friday' }, 'Submission deadline'],
      [{ reviewDeadline: '2030-02-30' }, 'Review deadline'],
      [{ reviewersPerPaper: 0 }, 'Reviewers per paper'],
      [{ reviewersPerPaper: 21 }, 'Reviewers per paper'],
      [{ reviewersPerPaper: 2.5 }, 'Reviewers per paper'],
      [{ maxPapersPerReviewer: 501 }, 'Most papers per reviewer'],
      [{ blindReview: 'yes' }, 'Blind review'],
      [{ requireVerifiedEmail: 'yes' }, 'Require a verified e-mail address'],
      [{ reminderDaysBefore: 0 }, 'Reminder, days before the review deadline'],
    ] as const) {
      const bad = await put('/api/editor/settings', editor, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().message).toContain(field);
    }
    expect((await get('/api/editor/settings', editor)).json().reviewersPerPaper).toBe(4);
    // Deadlines in an impossible order are refused, saying which (docs/product.md#settings); nothing of the request is saved.
    const early = await put('/api/editor/settings', editor, { submissionDeadline: '2030-02-15T00:00:00Z', reviewersPerPaper: 5 });
    expect([early.statusCode, early.json().message]).toEqual([400, 'The review deadline must be after the submission deadline']);
    const camera = await put('/api/editor/settings', editor, { cameraReadyDeadline: '2030-01-01T00:00:00Z' });
    expect([camera.statusCode, camera.json().message]).toEqual([400, 'The camera-ready deadline must be after the review deadline']);
    expect((await get('/api/editor/settings', editor)).json()).toMatchObject({
      submissionDeadline: null,
      cameraReadyDeadline: null,
      reviewersPerPaper: 4,
    });
    await put('/api/editor/settings', editor, { reviewersPerPaper: 3, reviewDeadline: null });
  });

  test('after the submission deadline a new paper is refused with 403 and nothing is stored', async () => {
    const author = await signupAs(t.app, 'Author');
    const before = readdirSync(path.join(t.dataDir, 'files'), { recursive: true }).length;
    await put('/api/editor/settings', editor, { submissionDeadline: past() });
    try {
      const res = await injectMultipart(
        t.app,
        'POST',
        '/api/author/new-paper',
        [
          ['title', 'Late'],
          ['abstract', 'Too late'],
          ['file', pdfBytes('late', 50_000), 'late.pdf'],
        ],
        author.auth,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Submissions are closed' });
      expect((await get('/api/author/my-papers', author)).json().papers).toEqual([]);
      expect(readdirSync(path.join(t.dataDir, 'files'), { recursive: true }).length).toBe(before);
    } finally {
      await put('/api/editor/settings', editor, { submissionDeadline: null });
    }
    expect((await submitPaper(t.app, author.auth, { title: 'On time' })).title).toBe('On time');
  });
});

describe('reviews', () => {
  test('the assigned reviewer saves and replaces a review; the editor sees them all with a summary', async () => {
    const author = await signupAs(t.app, 'Author');
    const r1 = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const r2 = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'] });
    await send(paper._id, r1);
    await send(paper._id, r2);
    // Before a review is saved: null, not an error (the reviewer's page logs no failed request).
    const none = await get(`/api/reviewer/review/${paper._id}`, r1);
    expect([none.statusCode, none.json()]).toEqual([200, null]);
    const first = await put(`/api/reviewer/review/${paper._id}`, r1, {
      recommendation: 2,
      confidence: 3,
      commentsToAuthors: 'Needs work.',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: 'Review saved!',
      review: { paperId: paper._id, recommendation: 2, confidence: 3, commentsToAuthors: 'Needs work.', commentsToEditor: '' },
    });
    await put(`/api/reviewer/review/${paper._id}`, r1, {
      recommendation: 4,
      confidence: 5,
      commentsToAuthors: 'Better on a second read.',
      commentsToEditor: 'Private note',
    });
    await put(`/api/reviewer/review/${paper._id}`, r2, { recommendation: 5, confidence: 2, commentsToAuthors: 'Excellent.' });
    expect((await get(`/api/reviewer/review/${paper._id}`, r1)).json()).toMatchObject({
      recommendation: 4,
      commentsToEditor: 'Private note',
    });
    const list = (await get(`/api/editor/papers/${paper._id}/reviews`, editor)).json();
    expect(list).toEqual([
      expect.objectContaining({
        reviewerId: r1.user._id,
        name: r1.user.name,
        email: r1.user.email,
        recommendation: 4,
        confidence: 5,
        commentsToEditor: 'Private note',
      }),
      expect.objectContaining({ reviewerId: r2.user._id, recommendation: 5, confidence: 2, commentsToAuthors: 'Excellent.' }),
    ]);
    const single = (await get(`/api/editor/papers/${paper._id}`, editor)).json();
    expect(single.reviewSummary).toEqual({ count: 2, mean: 4.5, min: 4, max: 5 });
    expect(single.decision).toBeNull();
    const all = (await get('/api/editor/papers', editor)).json() as Array<{ _id: string; reviewSummary: unknown }>;
    expect(all.find((p) => p._id === paper._id)!.reviewSummary).toEqual({ count: 2, mean: 4.5, min: 4, max: 5 });
    const unreviewed = all.find((p) => p._id !== paper._id);
    if (unreviewed) expect(unreviewed.reviewSummary).toEqual({ count: 0, mean: null, min: null, max: null });
  });

  test('out of range or missing fields are 400 naming the field; a paper not sent is 403; after the deadline 403', async () => {
    const author = await signupAs(t.app, 'Author');
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const other = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'] });
    await send(paper._id, reviewer);
    for (const [body, field] of [
      [{ recommendation: 6, confidence: 3, commentsToAuthors: 'x' }, 'recommendation'],
      [{ recommendation: 0, confidence: 3, commentsToAuthors: 'x' }, 'recommendation'],
      [{ recommendation: 3, confidence: 3.5, commentsToAuthors: 'x' }, 'confidence'],
      [{ recommendation: 3, commentsToAuthors: 'x' }, 'confidence'],
      [{ recommendation: 3, confidence: 3, commentsToAuthors: '   ' }, 'commentsToAuthors'],
      [{ recommendation: 3, confidence: 3, commentsToAuthors: 'x'.repeat(20_001) }, 'commentsToAuthors'],
      [{ recommendation: 3, confidence: 3, commentsToAuthors: 'x', commentsToEditor: 'y'.repeat(20_001) }, 'commentsToEditor'],
    ] as const) {
      const res = await put(`/api/reviewer/review/${paper._id}`, reviewer, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toContain(field);
    }
    const notSent = await put(`/api/reviewer/review/${paper._id}`, other, { recommendation: 3, confidence: 3, commentsToAuthors: 'x' });
    expect(notSent.statusCode).toBe(403);
    await put('/api/editor/settings', editor, { reviewDeadline: past() });
    try {
      const late = await put(`/api/reviewer/review/${paper._id}`, reviewer, {
        recommendation: 3,
        confidence: 3,
        commentsToAuthors: 'Late',
      });
      expect(late.statusCode).toBe(403);
      expect(late.json()).toEqual({ message: 'The review deadline has passed' });
      expect((await get(`/api/reviewer/review/${paper._id}`, reviewer)).json()).toBeNull();
    } finally {
      await put('/api/editor/settings', editor, { reviewDeadline: null });
    }
  });
});

describe('conflicts of interest and bids', () => {
  test("a reviewer from the author's institution is not suggested, not shown to bid, and refused by send-paper with the reason", async () => {
    const domain = `uni-${unique()}.edu`;
    const author = await signupAs(t.app, 'Author', { email: `ada@${domain}` });
    const colleague = await signupAs(t.app, 'Reviewer', { email: `bob@${domain.toUpperCase()}`, tags: ['Robotics'] });
    const stranger = await signupAs(t.app, 'Reviewer', { email: `cy@elsewhere-${unique()}.org`, tags: ['Robotics'] });
    await verifyEmail(t.app, colleague, stranger);
    const paper = await submitPaper(t.app, author.auth, { keywords: ['Robotics'] });
    const suggested = (await get(`/api/editor/suggested-reviewers?paperId=${paper._id}`, editor)).json() as Array<{ _id: string }>;
    expect(suggested.map((r) => r._id)).toContain(stranger.user._id);
    expect(suggested.map((r) => r._id)).not.toContain(colleague.user._id);
    const refused = await send(paper._id, colleague);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Conflict of interest: the reviewer and an author share an institutional e-mail domain' });
    expect((await get(`/api/reviewer/assigned-papers/${colleague.user._id}`, colleague)).json()).toEqual([]);
    const bidding = (await get('/api/reviewer/bidding', colleague)).json() as Array<{ _id: string }>;
    expect(bidding.map((p) => p._id)).not.toContain(paper._id);
    expect((await get('/api/reviewer/bidding', stranger)).json().map((p: { _id: string }) => p._id)).toContain(paper._id);
    expect((await get(`/api/editor/papers/${paper._id}/conflicts`, editor)).json()).toEqual([
      { reviewerId: colleague.user._id, reason: 'same-domain' },
    ]);
  });

  test("public mail domains are no conflict; an author-declared address is; a reviewer's conflict bid is", async () => {
    const author = await signupAs(t.app, 'Author', { email: `author.${unique()}@gmail.com` });
    const gmailReviewer = await signupAs(t.app, 'Reviewer', { email: `rev.${unique()}@gmail.com`, tags: ['HCI'] });
    const declared = await signupAs(t.app, 'Reviewer', { email: `rival.${unique()}@lab-${unique()}.org`, tags: ['HCI'] });
    const bidder = await signupAs(t.app, 'Reviewer', { tags: ['HCI'] });
    await verifyEmail(t.app, bidder);
    const paper = await submitPaper(t.app, author.auth, { keywords: ['HCI'] });
    expect((await get(`/api/editor/papers/${paper._id}/conflicts`, editor)).json()).toEqual([]);

    const set = await put(`/api/author/paper/${paper._id}/conflicts`, author, { emails: [declared.user.email.toUpperCase()] });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ emails: [declared.user.email.toLowerCase()] });
    expect((await put(`/api/author/paper/${paper._id}/conflicts`, author, { emails: ['not an address'] })).statusCode).toBe(400);
    expect(
      (await put(`/api/author/paper/${paper._id}/conflicts`, author, { emails: Array.from({ length: 101 }, (_, i) => `a${i}@x.org`) }))
        .statusCode,
    ).toBe(400);
    const stranger = await signupAs(t.app, 'Author');
    expect((await put(`/api/author/paper/${paper._id}/conflicts`, stranger, { emails: [] })).statusCode).toBe(404);

    expect((await put(`/api/reviewer/bid/${paper._id}`, bidder, { bid: 'conflict' })).json()).toEqual({
      paperId: paper._id,
      bid: 'conflict',
    });
    const conflicts = (await get(`/api/editor/papers/${paper._id}/conflicts`, editor)).json();
    expect(conflicts).toEqual(
      expect.arrayContaining([
        { reviewerId: declared.user._id, reason: 'declared-by-author' },
        { reviewerId: bidder.user._id, reason: 'declared-by-reviewer' },
      ]),
    );
    expect(conflicts).toHaveLength(2);
    expect((await send(paper._id, declared)).json()).toEqual({
      message: 'Conflict of interest: the author declared a conflict with this reviewer',
    });
    expect((await send(paper._id, bidder)).json()).toEqual({
      message: 'Conflict of interest: the reviewer declared a conflict with this paper',
    });
    expect((await send(paper._id, gmailReviewer)).statusCode).toBe(200);
  });

  test("bids: every submitted paper with the caller's bid; set, change, clear; bad values are 400", async () => {
    const author = await signupAs(t.app, 'Author');
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    await verifyEmail(t.app, reviewer);
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'], title: 'Bid on me' });
    const row = async () =>
      ((await get('/api/reviewer/bidding', reviewer)).json() as Array<{ _id: string; bid: string | null }>).find(
        (p) => p._id === paper._id,
      );
    expect(await row()).toEqual({
      _id: paper._id,
      title: 'Bid on me',
      abstract: expect.any(String),
      keywords: ['AI'],
      track: { id: 'track-2', name: 'Computer Science and Applications' },
      bid: null,
    });
    await put(`/api/reviewer/bid/${paper._id}`, reviewer, { bid: 'eager' });
    expect((await row())!.bid).toBe('eager');
    await put(`/api/reviewer/bid/${paper._id}`, reviewer, { bid: 'not-willing' });
    expect((await row())!.bid).toBe('not-willing');
    await put(`/api/reviewer/bid/${paper._id}`, reviewer, { bid: null });
    expect((await row())!.bid).toBeNull();
    const bad = await put(`/api/reviewer/bid/${paper._id}`, reviewer, { bid: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('bid');
    expect((await put('/api/reviewer/bid/aaaaaaaaaaaaaaaaaaaaaaaa', reviewer, { bid: 'eager' })).statusCode).toBe(404);
  });

  test('after the bidding deadline a bid is refused with the reason and kept; a conflict may still be declared', async () => {
    const author = await signupAs(t.app, 'Author');
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    await verifyEmail(t.app, reviewer);
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'], title: 'Bid before the deadline' });
    expect((await put(`/api/reviewer/bid/${paper._id}`, reviewer, { bid: 'eager' })).statusCode).toBe(200);
    expect((await put('/api/editor/settings', editor, { biddingDeadline: new Date(Date.now() - 60_000).toISOString() })).statusCode).toBe(
      200,
    );
    try {
      for (const bid of ['willing', null]) {
        const late = await put(`/api/reviewer/bid/${paper._id}`, reviewer, { bid });
        expect(late.statusCode).toBe(403);
        expect(late.json()).toEqual({
          message: 'The bidding deadline has passed: bids can no longer be changed, but you can still declare a conflict of interest',
        });
      }
      const row = ((await get('/api/reviewer/bidding', reviewer)).json() as Array<{ _id: string; bid: string | null }>).find(
        (p) => p._id === paper._id,
      );
      expect(row?.bid).toBe('eager');
      expect((await put(`/api/reviewer/bid/${paper._id}`, reviewer, { bid: 'conflict' })).statusCode).toBe(200);
    } finally {
      expect((await put('/api/editor/settings', editor, { biddingDeadline: null })).statusCode).toBe(200);
    }
  });
});

describe('blind review', () => {
  test("while on, nothing a reviewer receives carries the author's id, name or e-mail", async () => {
    const name = `Zelda Quill ${unique()}`;
    const author = await signupAs(t.app, 'Author', { name, email: `zq.${unique()}@quill-${unique()}.org` });
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    await verifyEmail(t.app, reviewer);
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'] });
    await send(paper._id, reviewer);
    const seen = async () => {
      const assigned = await get(`/api/reviewer/assigned-papers/${reviewer.user._id}`, reviewer);
      const bidding = await get('/api/reviewer/bidding', reviewer);
      const mine = assigned.json() as Array<{ _id: string; pdf: string }>;
      const pdf = await t.app.inject({ url: mine.find((p) => p._id === paper._id)!.pdf });
      return assigned.body + bidding.body + String(pdf.headers['content-disposition']);
    };
    const open = await seen();
    expect(open).toContain(author.user._id);
    await put('/api/editor/settings', editor, { blindReview: true });
    try {
      const blind = await seen();
      for (const secret of [author.user._id, name, author.user.email, author.user.email.split('@')[1]!])
        expect(blind).not.toContain(secret);
      expect(blind).toContain(paper._id);
    } finally {
      await put('/api/editor/settings', editor, { blindReview: false });
    }
  });
});

describe('decisions, notification and camera-ready', () => {
  test('the author learns the decision and the reviews only once notified; the mail names no reviewer; notify is idempotent', async () => {
    const author = await signupAs(t.app, 'Author');
    const r1 = await signupAs(t.app, 'Reviewer', { tags: ['AI'], name: `Rhea Secret ${unique()}` });
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'], title: `Notify me ${unique()}` });
    await send(paper._id, r1);
    await put(`/api/reviewer/review/${paper._id}`, r1, {
      recommendation: 5,
      confidence: 4,
      commentsToAuthors: 'A clear accept from me.',
      commentsToEditor: 'EDITOR ONLY remark',
    });

    expect((await put(`/api/editor/papers/${paper._id}/decision`, editor, { decision: 'Maybe' })).statusCode).toBe(400);
    const decided = await put(`/api/editor/papers/${paper._id}/decision`, editor, { decision: 'Accepted' });
    expect(decided.json()).toEqual({ paperId: paper._id, decision: 'Accepted', notifiedDecision: null });
    const before = (await get(`/api/author/paper/${paper._id}`, author)).json().paper;
    expect(before).toMatchObject({ decision: null, reviews: [], status: 'Under Review' });
    expect((await get(`/api/editor/papers/${paper._id}`, editor)).json().decision).toBe('Accepted');

    const preview = await post('/api/editor/notify', editor, { paperIds: [paper._id], dryRun: true });
    expect(preview.json()).toMatchObject({
      sent: 0,
      skipped: 0,
      preview: [{ to: author.user.email, subject: `Decision on your paper: ${paper.title}` }],
    });
    expect(preview.json().preview[0].text).toContain('A clear accept from me.');
    expect((await get(`/api/author/paper/${paper._id}`, author)).json().paper.decision).toBeNull();

    const sent = await post('/api/editor/notify', editor, { paperIds: [paper._id] });
    expect(sent.json()).toEqual({ sent: 1, skipped: 0, mail: 'queued' });
    await expect.poll(() => decisionMailsTo(author.user.email).length, { timeout: 20_000 }).toBe(1);
    const mail = decodeQuotedPrintable(decisionMailsTo(author.user.email)[0]!.raw);
    expect(mail).toContain('Decision: Accepted');
    expect(mail).toContain('A clear accept from me.');
    for (const hidden of [r1.user.name, r1.user.email, 'EDITOR ONLY remark']) expect(mail).not.toContain(hidden);

    const after = (await get(`/api/author/paper/${paper._id}`, author)).json();
    expect(after.paper).toMatchObject({
      decision: 'Accepted',
      status: 'Accepted',
      reviews: [{ recommendation: 5, commentsToAuthors: 'A clear accept from me.' }],
    });
    expect(JSON.stringify(after)).not.toContain(r1.user.email);
    expect(JSON.stringify(after)).not.toContain('EDITOR ONLY remark');

    expect((await post('/api/editor/notify', editor, { paperIds: [paper._id] })).json()).toEqual({ sent: 0, skipped: 1, mail: 'queued' });
    await put(`/api/editor/papers/${paper._id}/decision`, editor, { decision: 'Revision' });
    expect((await get(`/api/author/paper/${paper._id}`, author)).json().paper.status).toBe('Accepted');
    expect((await post('/api/editor/notify', editor, { paperIds: [paper._id] })).json()).toEqual({ sent: 1, skipped: 0, mail: 'queued' });
    expect((await get(`/api/author/paper/${paper._id}`, author)).json().paper.status).toBe('Revision requested');
    await expect.poll(() => decisionMailsTo(author.user.email).length, { timeout: 20_000 }).toBe(2);
    expect((await post('/api/editor/notify', editor, { paperIds: ['bbbbbbbbbbbbbbbbbbbbbbbb'] })).statusCode).toBe(400);
  });

  test('camera-ready: refused before an accepted decision is notified and after its deadline; then stored and linked for the editor', async () => {
    const author = await signupAs(t.app, 'Author');
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'] });
    const upload = () =>
      injectMultipart(
        t.app,
        'POST',
        `/api/author/paper/${paper._id}/camera-ready`,
        [['file', pdfBytes(`final ${paper._id}`, 30_000), 'final.pdf']],
        author.auth,
      );
    let res = await upload();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Only accepted papers take a camera-ready version' });
    await put(`/api/editor/papers/${paper._id}/decision`, editor, { decision: 'Accepted' });
    expect((await upload()).statusCode).toBe(403);
    await post('/api/editor/notify', editor, { paperIds: [paper._id] });
    await put('/api/editor/settings', editor, { cameraReadyDeadline: past() });
    try {
      res = await upload();
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'The camera-ready deadline has passed' });
    } finally {
      await put('/api/editor/settings', editor, { cameraReadyDeadline: future() });
    }
    expect((await get(`/api/editor/papers/${paper._id}`, editor)).json().cameraReady).toBeNull();
    res = await upload();
    expect(res.statusCode).toBe(201);
    const cr = (await get(`/api/editor/papers/${paper._id}`, editor)).json().cameraReady;
    expect(cr).toEqual({ pdf: expect.stringMatching(/^\/api\/files\//), uploadedAt: expect.any(String) });
    const pdf = await t.app.inject({ url: cr.pdf });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(pdfBytes(`final ${paper._id}`, 30_000))).toBe(true);
    // The author sees their camera-ready version too (after a reload the page still shows it).
    expect((await get(`/api/author/paper/${paper._id}`, author)).json().paper.cameraReady).toEqual({
      pdf: expect.stringMatching(/^\/api\/files\//),
      uploadedAt: cr.uploadedAt,
    });
    const notPdf = await injectMultipart(
      t.app,
      'POST',
      `/api/author/paper/${paper._id}/camera-ready`,
      [['file', Buffer.from('hello'), 'x.pdf']],
      author.auth,
    );
    expect(notPdf.statusCode).toBe(400);
  });
});
