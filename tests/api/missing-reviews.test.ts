import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONFERENCE_TITLE } from '../../src/core/conference';
import type { MissingReviewsJson } from '../../src/core/schemas/missing-reviews';
import { auditLog, mailQueue, papers, reviewStatuses } from '../../src/server/db/schema';
import { sendReviewReminders } from '../../src/server/services/submissions/send-review-reminders';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { startSmtpListener } from '../support/smtp';
import { signupAs, signupChair, type SignedUp } from '../support/users';

/**
 * docs/product.md#assignments-declines-and-withdrawals: the editor's page of assignments without a review, by deadline, with a reminder per reviewer and
 * for all through the mail queue; a track chair sees and reminds only about their tracks' papers, less those they
 * are conflicted with. No mail server here: every mail is kept in the outbox (the answer says so).
 */
let t: TestApp;
let editor: SignedUp;
let author: SignedUp;
/** rita: two papers in two tracks, not answered; ed: accepted, not reviewed; dora declined; done reviewed; wes: a withdrawn paper. */
const r = {} as Record<'rita' | 'ed' | 'dora' | 'done' | 'wes', SignedUp>;
const p = { composites: '', strategy: '', withdrawn: '' };
const DAY = 24 * 60 * 60 * 1000;

const db = () => t.app.database.db;
const list = async (who: SignedUp, query = '') => {
  const res = await t.app.inject({ url: `/api/editor/missing-reviews${query}`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MissingReviewsJson;
};
const remind = (who: SignedUp, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/editor/missing-reviews/remind',
    headers: who.auth,
    payload: payload as Record<string, unknown>,
  });
const remindersTo = (who: SignedUp) =>
  db()
    .select()
    .from(mailQueue)
    .where(and(eq(mailQueue.to, who.user.email), eq(mailQueue.template, 'reviewReminderByEditor')))
    .orderBy(asc(mailQueue.createdAt));
const pairs = (body: MissingReviewsJson) => body.assignments.map((a) => [a.title, a.reviewerName]);

async function assign(paperId: string, reviewer: SignedUp, daysAgo: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/editor/send-paper',
    headers: editor.auth,
    payload: { paperId, reviewerId: reviewer.user._id },
  });
  expect(res.statusCode, res.body).toBe(200);
  // Each assignment at a known time, so the order is the test's, not the clock's.
  await db()
    .update(reviewStatuses)
    .set({ sentAt: new Date(Date.now() - daysAgo * DAY) })
    .where(and(eq(reviewStatuses.paperId, paperId), eq(reviewStatuses.reviewerId, reviewer.user._id)));
}

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author');
  // Four reviewers on one paper: above the default limit per paper.
  expect(
    (await t.app.inject({ method: 'PUT', url: '/api/editor/settings', headers: editor.auth, payload: { reviewersPerPaper: 10 } }))
      .statusCode,
  ).toBe(200);
  for (const [key, name] of [
    ['rita', 'Rita Reviewer'],
    ['ed', 'Ed Examiner'],
    ['dora', 'Dora Decliner'],
    ['done', 'Dan Done'],
    ['wes', 'Wes Withdrawn'],
  ] as const) {
    r[key] = await signupAs(t.app, 'Reviewer', { name, tags: ['AI'] });
  }
  p.composites = (
    await submitPaper(t.app, author.auth, { title: 'Composites under stress', track: 'track-1', keywords: ['Composite materials'] })
  )._id;
  p.strategy = (
    await submitPaper(t.app, author.auth, { title: 'Strategy for small firms', track: 'track-4', keywords: ['Strategic management'] })
  )._id;
  p.withdrawn = (
    await submitPaper(t.app, author.auth, { title: 'A study taken back', track: 'track-1', keywords: ['Composite materials'] })
  )._id;
  await assign(p.strategy, r.rita, 5);
  await assign(p.composites, r.ed, 4);
  await assign(p.composites, r.rita, 3);
  await assign(p.composites, r.dora, 2);
  await assign(p.composites, r.done, 2);
  await assign(p.withdrawn, r.wes, 6);
  const respond = (who: SignedUp, status: 'Accepted' | 'Declined') =>
    t.app.inject({
      method: 'POST',
      url: '/api/reviewer/respond',
      headers: who.auth,
      payload: { paperId: p.composites, email: who.user.email, status },
    });
  expect((await respond(r.ed, 'Accepted')).statusCode).toBe(200);
  expect((await respond(r.dora, 'Declined')).statusCode).toBe(200);
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/reviewer/review/${p.composites}`,
    headers: r.done.auth,
    payload: { recommendation: 4, confidence: 3, commentsToAuthors: 'Sound work.' },
  });
  expect(saved.statusCode).toBe(200);
  await db().update(papers).set({ withdrawnAt: new Date() }).where(eq(papers.id, p.withdrawn));
});
afterAll(async () => {
  await t?.close();
});

describe('the missing reviews', () => {
  test('every assignment without a review, oldest first; a declined one, a reviewed one and a withdrawn paper are not in it', async () => {
    const body = await list(editor);
    expect(pairs(body)).toEqual([
      ['Strategy for small firms', 'Rita Reviewer'],
      ['Composites under stress', 'Ed Examiner'],
      ['Composites under stress', 'Rita Reviewer'],
    ]);
    expect(body).toMatchObject({ total: 3, reviewers: 2, nextCursor: null });
    expect(body.assignments[0]).toEqual({
      paperId: p.strategy,
      title: 'Strategy for small firms',
      track: 'Management and Social Science',
      reviewerId: r.rita.user._id,
      reviewerName: 'Rita Reviewer',
      reviewerEmail: r.rita.user.email,
      state: 'Sent',
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      reviewDeadline: null,
      deadlinePassed: false,
      lastRemindedAt: null,
      lastReminder: null,
    });
    expect(Date.now() - Date.parse(body.assignments[0]!.sentAt)).toBeGreaterThan(5 * DAY - 60_000);
    expect(body.assignments[1]).toMatchObject({ state: 'Accepted', track: 'Science and Materials', reviewerEmail: r.ed.user.email });
  });

  test('each row carries the review deadline and whether it has passed', async () => {
    const past = new Date(Date.now() - DAY).toISOString();
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/editor/settings', headers: editor.auth, payload: { reviewDeadline: past } }))
        .statusCode,
    ).toBe(200);
    for (const a of (await list(editor)).assignments) expect(a).toMatchObject({ reviewDeadline: past, deadlinePassed: true });
    const future = new Date(Date.now() + 10 * DAY).toISOString();
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/editor/settings', headers: editor.auth, payload: { reviewDeadline: future } }))
        .statusCode,
    ).toBe(200);
    for (const a of (await list(editor)).assignments) expect(a).toMatchObject({ reviewDeadline: future, deadlinePassed: false });
  });

  test('paged with limit and cursor: the pages together are the list, in its order; a bad limit or cursor is a 400', async () => {
    const whole = await list(editor);
    const seen: MissingReviewsJson['assignments'] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: MissingReviewsJson = await list(editor, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.total).toBe(3);
      seen.push(...page.assignments);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toEqual(whole.assignments);
    for (const query of [
      '?limit=0',
      '?limit=201',
      '?limit=two',
      '?cursor=abc',
      `?cursor=2026-01-01T00:00:00.000000Z_${p.strategy}_x`,
      `?cursor=2026-13-45T99:00:00.000000Z_${p.strategy}_${p.strategy}`,
    ]) {
      const res = await t.app.inject({ url: `/api/editor/missing-reviews${query}`, headers: editor.auth });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/limit|cursor/);
    }
  });
});

describe('reminders', () => {
  test('reminding one reviewer queues one mail naming all their missing papers, kept in the outbox without a mail server', async () => {
    const before = await remindersTo(r.rita);
    const res = await remind(editor, { reviewerId: r.rita.user._id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      reviewers: 1,
      result: 'outbox',
      message: `Mail is not configured: the reminder to ${r.rita.user.email} is kept in the outbox, nothing was sent`,
    });
    const mails = await remindersTo(r.rita);
    expect(mails).toHaveLength(before.length + 1);
    const mail = mails.at(-1)!;
    expect(mail.status).toBe('outbox');
    expect(mail.subject).toBe(`Reminder: your reviews for the ${CONFERENCE_TITLE}`);
    expect(mail.body).toContain('Dear Rita Reviewer,');
    expect(mail.body).toContain(`"Composites under stress" (Paper ID: ${p.composites})`);
    expect(mail.body).toContain(`"Strategy for small firms" (Paper ID: ${p.strategy})`);
    expect(mail.body).toMatch(/The reviews are due by \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
    expect(await remindersTo(r.ed)).toHaveLength(0);

    // Audited per paper, in the same transaction as the mail; the page shows when.
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, 'review.remind'));
    expect(audits.map((a) => [a.paperId, a.actorId, a.details as { reviewerId: string; mailId: string }]).sort()).toEqual(
      [
        [p.composites, editor.user._id, { reviewerId: r.rita.user._id, mailId: mail.id }],
        [p.strategy, editor.user._id, { reviewerId: r.rita.user._id, mailId: mail.id }],
      ].sort(),
    );
    const rows = (await list(editor)).assignments;
    for (const a of rows) {
      if (a.reviewerId === r.rita.user._id) {
        expect(a.lastReminder).toBe('editor');
        expect(Math.abs(Date.parse(a.lastRemindedAt!) - Date.now())).toBeLessThan(60_000);
      } else {
        expect([a.lastReminder, a.lastRemindedAt]).toEqual([null, null]);
      }
    }
  });

  test('reminding all queues one mail per reviewer with missing reviews, each naming only their papers', async () => {
    const before = { rita: (await remindersTo(r.rita)).length, ed: (await remindersTo(r.ed)).length };
    const res = await remind(editor, { all: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      reviewers: 2,
      result: 'outbox',
      message: 'Mail is not configured: the reminders to 2 reviewers are kept in the outbox, nothing was sent',
    });
    const rita = await remindersTo(r.rita);
    const ed = await remindersTo(r.ed);
    expect([rita.length, ed.length]).toEqual([before.rita + 1, before.ed + 1]);
    expect(ed.at(-1)!.body).toContain('"Composites under stress"');
    expect(ed.at(-1)!.body).not.toContain('Strategy for small firms');
    for (const who of [r.dora, r.done, r.wes]) expect(await remindersTo(who), who.user.name).toHaveLength(0);
    expect((await list(editor)).assignments.every((a) => a.lastReminder === 'editor')).toBe(true);
  });

  test("the automatic reminder still goes out after the editor's, and the page shows whichever came last", async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/editor/settings',
      headers: editor.auth,
      payload: { reviewDeadline: new Date(Date.now() + 2 * DAY).toISOString(), reminderDaysBefore: 3 },
    });
    const queued = await sendReviewReminders({
      db: db(),
      mailer: t.app.mailer,
      publicUrl: t.config.publicUrl,
      now: new Date(Date.now() + 60_000),
    });
    expect(queued).toBeGreaterThanOrEqual(2);
    const rows = (await list(editor)).assignments;
    expect(rows.map((a) => a.lastReminder)).toEqual(['automatic', 'automatic', 'automatic']);
    // An editor's reminder after it is the last again.
    expect((await remind(editor, { reviewerId: r.ed.user._id })).statusCode).toBe(200);
    const after = (await list(editor)).assignments;
    expect(after.find((a) => a.reviewerId === r.ed.user._id)!.lastReminder).toBe('editor');
    expect(after.find((a) => a.reviewerId === r.rita.user._id)!.lastReminder).toBe('automatic');
  });

  test('bad input is a 4xx with a clear message, and queues nothing', async () => {
    const count = async () => (await db().select().from(mailQueue).where(eq(mailQueue.template, 'reviewReminderByEditor'))).length;
    const before = await count();
    const cases: Array<[object, number, RegExp | string]> = [
      [
        { reviewerId: r.done.user._id },
        409,
        'This reviewer has no missing reviews on the papers you handle: there is nothing to remind them of.',
      ],
      [{ reviewerId: r.dora.user._id }, 409, /no missing reviews/],
      [{ reviewerId: r.wes.user._id }, 409, /no missing reviews/],
      [{ reviewerId: editor.user._id }, 404, 'Reviewer not found'],
      [{ reviewerId: '0123456789abcdef01234567' }, 404, 'Reviewer not found'],
      [{ reviewerId: 'not-an-id' }, 400, 'Invalid ID format'],
      [{}, 400, /^Send \{"reviewerId": "…"\} to remind one reviewer, or \{"all": true\}/],
      [{ all: false }, 400, /all must be true/],
      [{ all: true, reviewerId: r.rita.user._id }, 400, /^Send \{"reviewerId"/],
      [{ all: true, extra: 1 }, 400, /^Send \{"reviewerId"/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await remind(editor, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message, JSON.stringify(payload)).toMatch(message);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/editor/missing-reviews/remind',
      headers: { ...editor.auth, 'content-type': 'application/json' },
      payload: '{"all":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('a track chair', () => {
  let chair: SignedUp;
  let mo: SignedUp;
  let conflicted: string;
  beforeAll(async () => {
    chair = await signupChair(t.app, { editor, track: 'track-1' });
    // Mo reviews only a management paper (track-4); Cy only a paper from the chair's own institution.
    mo = await signupAs(t.app, 'Reviewer', { name: 'Mo Manager', tags: ['AI'] });
    await assign(p.strategy, mo, 1);
    const colleague = await signupAs(t.app, 'Author', { email: `colleague@${chair.user.email.split('@')[1]}` });
    conflicted = (
      await submitPaper(t.app, colleague.auth, { title: "From the chair's lab", track: 'track-1', keywords: ['Composite materials'] })
    )._id;
    const cy = await signupAs(t.app, 'Reviewer', { name: 'Cy Colleague-Reviewer', tags: ['AI'] });
    await assign(conflicted, cy, 1);
  });

  test("sees only their tracks' papers, not one they are conflicted with (nor its reviewers)", async () => {
    const everything = await list(editor);
    expect(everything.assignments.map((a) => a.title)).toContain("From the chair's lab");
    const mine = await list(chair);
    expect(pairs(mine)).toEqual([
      ['Composites under stress', 'Ed Examiner'],
      ['Composites under stress', 'Rita Reviewer'],
    ]);
    expect(mine).toMatchObject({ total: 2, reviewers: 2 });
    expect(JSON.stringify(mine)).not.toContain('Cy Colleague-Reviewer');
  });

  test('reminds only about their papers, and cannot remind a reviewer who owes reviews only elsewhere', async () => {
    const res = await remind(chair, { reviewerId: r.rita.user._id });
    expect(res.statusCode, res.body).toBe(200);
    const mail = (await remindersTo(r.rita)).at(-1)!;
    expect(mail.body).toContain('"Composites under stress"');
    expect(mail.body).not.toContain('Strategy for small firms');
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'review.remind'), eq(auditLog.actorId, chair.user._id)));
    expect(audit.map((a) => a.paperId)).toEqual([p.composites]);

    for (const who of [mo]) {
      const outside = await remind(chair, { reviewerId: who.user._id });
      expect([outside.statusCode, outside.json().message]).toEqual([
        409,
        'This reviewer has no missing reviews on the papers you handle: there is nothing to remind them of.',
      ]);
    }
    const cy = (await list(editor)).assignments.find((a) => a.title === "From the chair's lab")!;
    expect((await remind(chair, { reviewerId: cy.reviewerId })).statusCode).toBe(409);
    expect(await remindersTo(mo)).toHaveLength(0);

    // Remind all: their two reviewers, nobody else.
    const all = await remind(chair, { all: true });
    expect(all.json()).toMatchObject({ reviewers: 2 });
    expect(await remindersTo(mo)).toHaveLength(0);
  });

  test('a chair of a track without missing reviews has nobody to remind; an unverified chair acts on nothing', async () => {
    const idle = await signupChair(t.app, { editor, track: 'track-3' });
    expect(await list(idle)).toEqual({ assignments: [], nextCursor: null, total: 0, reviewers: 0 });
    const none = await remind(idle, { all: true });
    expect([none.statusCode, none.json().message]).toEqual([
      409,
      'No reviews are missing on the papers you handle: there is nobody to remind.',
    ]);
    const unverified = await signupChair(t.app, { editor, track: 'track-1', verified: false });
    expect((await list(unverified)).total).toBe(0);
    const refused = await remind(unverified, { reviewerId: r.rita.user._id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Confirm your email address first/);
  });

  test('authors and reviewers are refused', async () => {
    for (const who of [author, r.rita]) {
      expect((await t.app.inject({ url: '/api/editor/missing-reviews', headers: who.auth })).statusCode).toBe(403);
      expect((await remind(who, { all: true })).statusCode).toBe(403);
    }
  });
});

describe('with a mail server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  let s: TestApp;
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  test('one reviewer hears "sent" once the mail server took it; all reviewers "queued", and the queue delivers them', async () => {
    smtp = await startSmtpListener();
    s = await startTestApp({ SMTP_URL: smtp.url });
    const boss = await signupAs(s.app, 'Editor');
    const writer = await signupAs(s.app, 'Author');
    const a = await signupAs(s.app, 'Reviewer', { name: 'Ann', tags: ['AI'] });
    const b = await signupAs(s.app, 'Reviewer', { name: 'Bo', tags: ['AI'] });
    const paperId = (await submitPaper(s.app, writer.auth, { title: 'Mail-server paper' }))._id;
    for (const who of [a, b]) {
      expect(
        (
          await s.app.inject({
            method: 'POST',
            url: '/api/editor/send-paper',
            headers: boss.auth,
            payload: { paperId, reviewerId: who.user._id },
          })
        ).statusCode,
      ).toBe(200);
    }
    const one = await s.app.inject({
      method: 'POST',
      url: '/api/editor/missing-reviews/remind',
      headers: boss.auth,
      payload: { reviewerId: a.user._id },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ reviewers: 1, result: 'sent', message: `Reminder sent to ${a.user.email}` });
    const all = await s.app.inject({
      method: 'POST',
      url: '/api/editor/missing-reviews/remind',
      headers: boss.auth,
      payload: { all: true },
    });
    expect(all.statusCode, all.body).toBe(202);
    expect(all.json()).toEqual({
      reviewers: 2,
      result: 'queued',
      message: 'Reminders to 2 reviewers queued: the mail queue sends them now',
    });
    const reminders = (who: SignedUp) =>
      smtp.mails.filter((m) => m.to.includes(who.user.email) && m.raw.includes('Subject: Reminder: your reviews for the'));
    await expect.poll(() => [reminders(a).length, reminders(b).length], { timeout: 15_000, interval: 100 }).toEqual([2, 1]);
  });
});
