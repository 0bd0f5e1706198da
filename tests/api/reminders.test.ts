import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { papers, reviewReminders } from '../../src/server/db/schema';
import { sendReviewReminders } from '../../src/server/services/submissions/send-review-reminders';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { startSmtpListener } from '../support/smtp';
import { signupAs } from '../support/users';

type Who = Awaited<ReturnType<typeof signupAs>>;

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let editor: Who;
const DAY = 24 * 60 * 60 * 1000;
const isReminder = (m: { raw: string }) => m.raw.includes('Subject: Reminder: your reviews are due by');
const remindersTo = (who: Who) => smtp.mails.filter((m) => m.to.includes(who.user.email) && isReminder(m));

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ SMTP_URL: smtp.url });
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const send = (method: 'POST' | 'PUT', url: string, who: Who, payload: object) =>
  t.app.inject({ method, url, headers: who.auth, payload: payload as Record<string, unknown> });
// `override`: one paper here has four reviewers, past the default limit per paper (decision 0025).
const assign = async (paperId: string, reviewer: Who) =>
  expect(
    (await send('POST', '/api/editor/send-paper', editor, { paperId, reviewerId: reviewer.user._id, override: true })).statusCode,
  ).toBe(200);

describe('review reminders', () => {
  test('the setting is saved, off by default, and refuses what is not 1 to 60 days', async () => {
    expect((await t.app.inject({ url: '/api/editor/settings', headers: editor.auth })).json()).toMatchObject({ reminderDaysBefore: null });
    for (const bad of [0, 61, 2.5, '3']) {
      const res = await send('PUT', '/api/editor/settings', editor, { reminderDaysBefore: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Reminder, days before the review deadline must be/);
    }
    const ok = await send('PUT', '/api/editor/settings', editor, { reminderDaysBefore: 3 });
    expect(ok.json()).toMatchObject({ reminderDaysBefore: 3 });
    expect((await send('PUT', '/api/editor/settings', editor, { reminderDaysBefore: null })).json()).toMatchObject({
      reminderDaysBefore: null,
    });
  });

  test('a reviewer with an unanswered assignment or an unsaved review gets one reminder, never two; the others none', async () => {
    const author = await signupAs(t.app, 'Author');
    const unanswered = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const unsaved = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const done = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const declined = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const p1 = await submitPaper(t.app, author.auth, { title: 'First paper to review', keywords: ['AI'] });
    const p2 = await submitPaper(t.app, author.auth, { title: 'Second paper to review', keywords: ['AI'] });
    for (const r of [unanswered, unsaved, done, declined]) await assign(p1._id, r);
    await assign(p2._id, unanswered);
    const respond = (r: Who, status: 'Accepted' | 'Declined') =>
      send('POST', '/api/reviewer/respond', r, { paperId: p1._id, email: r.user.email, status });
    expect((await respond(unsaved, 'Accepted')).statusCode).toBe(200);
    expect((await respond(done, 'Accepted')).statusCode).toBe(200);
    expect((await respond(declined, 'Declined')).statusCode).toBe(200);
    expect(
      (await send('PUT', `/api/reviewer/review/${p1._id}`, done, { recommendation: 4, confidence: 3, commentsToAuthors: 'Fine work.' }))
        .statusCode,
    ).toBe(200);

    // Reminders off (no setting): the worker's pass queues nothing.
    const deadline = new Date(Date.now() + 2 * DAY).toISOString();
    await send('PUT', '/api/editor/settings', editor, { reviewDeadline: deadline });
    expect(await sendReviewReminders({ db: t.app.database.db, mailer: t.app.mailer, publicUrl: t.config.publicUrl })).toBe(0);
    // Deadline in two days, reminders one day before: not yet.
    await send('PUT', '/api/editor/settings', editor, { reminderDaysBefore: 1 });
    expect(await sendReviewReminders({ db: t.app.database.db, mailer: t.app.mailer, publicUrl: t.config.publicUrl })).toBe(0);

    // Three days before: the worker's loop (its first pass after a start) queues and delivers them.
    await send('PUT', '/api/editor/settings', editor, { reminderDaysBefore: 3 });
    await t.restart();
    await expect.poll(() => remindersTo(unanswered).length + remindersTo(unsaved).length, { timeout: 15_000, interval: 100 }).toBe(2);

    expect(remindersTo(unanswered)).toHaveLength(1);
    const mail = remindersTo(unanswered)[0]!.raw.replace(/=\r?\n/g, '');
    expect(mail).toContain(`Subject: Reminder: your reviews are due by ${deadline.slice(0, 16).replace('T', ' ')} UTC`);
    expect(mail).toContain('"First paper to review"');
    expect(mail).toContain('"Second paper to review"');
    expect(remindersTo(unsaved)).toHaveLength(1);
    expect(remindersTo(done)).toHaveLength(0);
    expect(remindersTo(declined)).toHaveLength(0);

    // Another pass, a restart and two instances at once: still one each.
    const passes = await Promise.all(
      [1, 2, 3].map(() => sendReviewReminders({ db: t.app.database.db, mailer: t.app.mailer, publicUrl: t.config.publicUrl })),
    );
    expect(passes).toEqual([0, 0, 0]);
    await t.restart();
    await t.app.mailer.runOnce();
    expect(remindersTo(unanswered)).toHaveLength(1);
    expect(remindersTo(unsaved)).toHaveLength(1);
    const rows = await t.app.database.db.select().from(reviewReminders).where(eq(reviewReminders.reviewerId, unanswered.user._id));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.mailId)).size).toBe(1);
  });

  test('after the deadline no reminder goes out', async () => {
    const author = await signupAs(t.app, 'Author');
    const late = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const p = await submitPaper(t.app, author.auth, { title: 'Paper past its deadline', keywords: ['AI'] });
    await assign(p._id, late);
    const now = new Date(Date.now() + 3 * DAY);
    expect(await sendReviewReminders({ db: t.app.database.db, mailer: t.app.mailer, publicUrl: t.config.publicUrl, now })).toBe(0);
    expect(await sendReviewReminders({ db: t.app.database.db, mailer: t.app.mailer, publicUrl: t.config.publicUrl })).toBe(1);
  });

  test('a withdrawn paper gets no automatic reminder', async () => {
    const author = await signupAs(t.app, 'Author');
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const kept = await submitPaper(t.app, author.auth, { title: 'Still under review', keywords: ['AI'] });
    const gone = await submitPaper(t.app, author.auth, { title: 'Withdrawn before review', keywords: ['AI'] });
    await assign(kept._id, reviewer);
    await assign(gone._id, reviewer);
    await t.app.database.db.update(papers).set({ withdrawnAt: new Date() }).where(eq(papers.id, gone._id));
    expect(await sendReviewReminders({ db: t.app.database.db, mailer: t.app.mailer, publicUrl: t.config.publicUrl })).toBe(1);
    const rows = await t.app.database.db.select().from(reviewReminders).where(eq(reviewReminders.reviewerId, reviewer.user._id));
    expect(rows.map((r) => r.paperId)).toEqual([kept._id]);
  });
});
