import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { forgedBase64url } from '../support/hostile';
import { MAIL_CATEGORIES } from '../../src/core/mail-templates';
import { MAIL_PREFERENCES_TEXT } from '../../src/core/schemas/mail-preferences';
import { mailDigestItems, mailPreferences, mailQueue } from '../../src/server/db/schema';
import { unsubscribeLinks } from '../../src/server/mail/unsubscribe';
import { sendDailyDigests } from '../../src/server/services/mail-preferences/digests';
import { sendReviewReminders } from '../../src/server/services/submissions/send-review-reminders';
import { startTestApp, type TestApp } from '../support/app';
import { verifyAddress } from '../support/mailbox';
import { submitPaper } from '../support/multipart';
import { mailHeaders, mailText, startSmtpListener, type ReceivedMail } from '../support/smtp';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';

/**
 * Decision 0039 through the real SMTP listener, with two instances of the server on one database (both run the mail
 * worker and its jobs): each address's choice per kind of non-essential mail (immediately, a daily digest, off),
 * essential mail always sent, the daily digest gathered once, and the signed unsubscribe links.
 */
const DIGEST_HOURS = 0.002; // 7.2 s: the digest job of each instance looks every 1.8 s
const DAY = 24 * 60 * 60_000;
let a: TestApp;
let b: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let editor: SignedUp, author: SignedUp, rOff: SignedUp, rDaily: SignedUp, rNow: SignedUp, unverified: SignedUp;
let paperId: string;

const req = (method: 'GET' | 'PUT' | 'POST', url: string, who: SignedUp | null, payload?: object) =>
  a.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const prefs = (who: SignedUp) => req('GET', '/api/account/mail-preferences', who);
const modes = async (who: SignedUp) =>
  Object.fromEntries((await prefs(who)).json().categories.map((c: { category: string; mode: string }) => [c.category, c.mode]));
const mailsTo = (who: SignedUp) => smtp.mails.filter((m) => m.to.includes(who.user.email.toLowerCase()));
const subjectOf = (m: ReceivedMail) => mailHeaders(m).get('subject') ?? '';
const withSubject = (who: SignedUp, start: string) => mailsTo(who).filter((m) => subjectOf(m).startsWith(start));
const DISCUSSION_SUBJECT = 'New posts in the discussion of';
const REMINDER_SUBJECT = 'Reminder: your reviews are due by';
const DIGEST_SUBJECT = 'Your daily digest from the';
/** The queue's rows of these templates to this person (delivered or not). */
const queued = (who: SignedUp, templates: string[]) =>
  a.app.database.db
    .select()
    .from(mailQueue)
    .where(and(eq(mailQueue.to, who.user.email), inArray(mailQueue.template, templates)));
const waitingItems = (email: string) =>
  a.app.database.db.select().from(mailDigestItems).where(eq(mailDigestItems.email, email.toLowerCase()));
/** A one-click link's path and query, as the List-Unsubscribe header gives it. */
const localPath = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};
const oneClick = (url: string) =>
  a.app.inject({
    method: 'POST',
    url: localPath(url),
    payload: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

beforeAll(async () => {
  smtp = await startSmtpListener();
  a = await startTestApp({ SMTP_URL: smtp.url, MAIL_DIGEST_HOURS: String(DIGEST_HOURS) });
  b = await startTestApp({ SMTP_URL: smtp.url, MAIL_DIGEST_HOURS: String(DIGEST_HOURS), DATABASE_URL: a.config.DATABASE_URL! });
  editor = await signupAs(a.app, 'Editor');
  author = await signupAs(a.app, 'Author');
  const reviewer = (n: number) => signupAs(a.app, 'Reviewer', { tags: ['AI'], name: `Reviewer ${n}` });
  [rOff, rDaily, rNow, unverified] = await Promise.all([reviewer(1), reviewer(2), reviewer(3), reviewer(4)]);
  for (const who of [rOff, rDaily, rNow]) await verifyAddress(a.app, who.user.email);
  paperId = (await submitPaper(a.app, author.auth, { title: 'Gathered once', keywords: ['AI'] }))._id;
  for (const r of [rOff, rDaily, rNow]) {
    expect((await req('POST', '/api/editor/send-paper', editor, { paperId, reviewerId: r.user._id, override: true })).statusCode).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await smtp?.close();
});

describe('the settings', () => {
  test('every kind is immediate until chosen; the page is told the labels and the essential mails', async () => {
    const res = await prefs(rNow);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ email: rNow.user.email.toLowerCase(), verified: true, digestHours: DIGEST_HOURS });
    expect(body.categories.map((c: { category: string }) => c.category)).toEqual([...MAIL_CATEGORIES]);
    expect(body.categories[0]).toEqual({ category: 'discussion', label: 'New posts in a paper\u2019s discussion', mode: 'immediate' });
    expect(body.essential).toEqual(
      expect.arrayContaining(['Password reset', 'E-mail verification', 'Decision: accepted', 'Review assigned']),
    );
    expect(body.essential).not.toContain('Daily digest');
  });

  test('an unverified account reads no mode and may not change them: 403 with the reason, nothing stored', async () => {
    const read = (await prefs(unverified)).json();
    expect(read.verified).toBe(false);
    expect(read.categories.every((c: { mode: unknown }) => c.mode === null)).toBe(true);
    const res = await req('PUT', '/api/account/mail-preferences', unverified, { discussion: 'off' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MAIL_PREFERENCES_TEXT.notVerified);
    expect(res.json().message).toMatch(/^Confirm your email address first: /);
    expect(
      await a.app.database.db.select().from(mailPreferences).where(eq(mailPreferences.email, unverified.user.email.toLowerCase())),
    ).toEqual([]);
  });

  test('an unknown kind or mode is refused with 400 and changes nothing', async () => {
    for (const bad of [{ newsletters: 'off' }, { discussion: 'weekly' }, { discussion: null }]) {
      const res = await req('PUT', '/api/account/mail-preferences', rNow, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toMatch(/kind of mail|Choose immediate, daily, off/);
    }
    expect(await modes(rNow)).toEqual({
      discussion: 'immediate',
      reminders: 'immediate',
      responses: 'immediate',
      announcements: 'immediate',
    });
  });

  test('each person chooses: saved with a message, read back the same by every account of the address', async () => {
    const off = await req('PUT', '/api/account/mail-preferences', rOff, Object.fromEntries(MAIL_CATEGORIES.map((c) => [c, 'off'])));
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe('Notification settings saved.');
    expect(off.json().preferences.categories.map((c: { mode: string }) => c.mode)).toEqual(['off', 'off', 'off', 'off']);
    const daily = await req('PUT', '/api/account/mail-preferences', rDaily, { discussion: 'daily', reminders: 'daily' });
    expect(daily.statusCode).toBe(200);
    expect(await modes(rDaily)).toEqual({ discussion: 'daily', reminders: 'daily', responses: 'immediate', announcements: 'immediate' });
    // An Author account of the same (verified) address reads the address's settings.
    const sameAddress = await signupAs(a.app, 'Author', { email: rDaily.user.email });
    await verifyAddress(a.app, rDaily.user.email, 2);
    expect(await modes(sameAddress)).toEqual(await modes(rDaily));
  });
});

describe('what arrives', () => {
  beforeAll(async () => {
    // A discussion post (each other participant is told) and the automatic review reminder (all three have work left).
    expect((await req('POST', `/api/papers/${paperId}/discussion`, editor, { body: 'Shall we accept it?' })).statusCode).toBe(201);
    expect(
      (
        await req('PUT', '/api/editor/settings', editor, {
          reviewDeadline: new Date(Date.now() + 2 * DAY).toISOString(),
          reminderDaysBefore: 3,
        })
      ).statusCode,
    ).toBe(200);
    expect(await sendReviewReminders({ db: a.app.database.db, mailer: a.app.mailer, publicUrl: a.config.publicUrl })).toBe(3);
  });

  test("immediate: the mail arrives with List-Unsubscribe, List-Unsubscribe-Post and the footer's links", async () => {
    await expect.poll(() => withSubject(rNow, DISCUSSION_SUBJECT).length, { timeout: 15_000 }).toBe(1);
    const mail = withSubject(rNow, DISCUSSION_SUBJECT)[0]!;
    const headers = mailHeaders(mail);
    const links = unsubscribeLinks({
      publicUrl: a.config.publicUrl,
      secret: a.config.JWT_SECRET,
      email: rNow.user.email,
      category: 'discussion',
    });
    expect(headers.get('list-unsubscribe')).toBe(`<${links.oneClickUrl}>`);
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const text = mailText(mail);
    expect(text).toContain(`Choose which mails you get, and how often: ${a.config.publicUrl}/account/notifications`);
    expect(text).toContain(`Stop these mails: ${links.pageUrl}`);
    await expect.poll(() => withSubject(rNow, REMINDER_SUBJECT).length, { timeout: 15_000 }).toBe(1);
    expect(mailHeaders(withSubject(rNow, REMINDER_SUBJECT)[0]!).get('list-unsubscribe')).toContain('category=reminders');
  });

  test('off: neither the discussion mail nor the reminder is written anywhere, so it never arrives', async () => {
    // Queued in the same transactions as rNow's, which arrived: nothing was kept for rOff to send later.
    await expect.poll(() => withSubject(rNow, REMINDER_SUBJECT).length, { timeout: 15_000 }).toBe(1);
    expect(await queued(rOff, ['discussionPosts', 'reviewReminder'])).toEqual([]);
    expect(await waitingItems(rOff.user.email)).toEqual([]);
    expect(withSubject(rOff, DISCUSSION_SUBJECT)).toEqual([]);
    expect(withSubject(rOff, REMINDER_SUBJECT)).toEqual([]);
  });

  test('essential mail is always sent: a password reset reaches the address that turned every kind off', async () => {
    expect((await req('POST', '/api/password/forgot', null, { email: rOff.user.email, role: 'Reviewer' })).statusCode).toBe(200);
    await expect.poll(() => withSubject(rOff, 'Choose a new password').length, { timeout: 15_000 }).toBe(1);
    const reset = withSubject(rOff, 'Choose a new password')[0]!;
    expect(mailHeaders(reset).has('list-unsubscribe')).toBe(false);
    expect(mailText(reset)).not.toContain('Stop these mails');
    // The assignment mail (essential) came too, before the settings.
    expect(withSubject(rOff, 'A paper to review').length).toBe(1);
  });

  test('daily: nothing at once; then one digest, from two instances, gathering both notifications once', async () => {
    expect(await queued(rDaily, ['discussionPosts', 'reviewReminder'])).toEqual([]);
    const items = await waitingItems(rDaily.user.email);
    expect(items.map((i) => i.template).sort()).toEqual(['discussionPosts', 'reviewReminder']);
    expect(items.every((i) => i.digestMailId === null)).toBe(true);
    // Both instances' workers run the digest job; once the oldest item is DIGEST_HOURS old one of them sends it.
    await expect.poll(() => withSubject(rDaily, DIGEST_SUBJECT).length, { timeout: 30_000, interval: 200 }).toBe(1);
    const gathered = await waitingItems(rDaily.user.email);
    expect(new Set(gathered.map((i) => i.digestMailId)).size).toBe(1);
    expect(gathered[0]!.digestMailId).not.toBeNull();
    // Every item gathered: no job of either instance can send a second digest.
    expect(await queued(rDaily, ['dailyDigest'])).toHaveLength(1);
    const digest = withSubject(rDaily, DIGEST_SUBJECT)[0]!;
    expect(subjectOf(digest)).toMatch(/: 2 notifications$/);
    const text = mailText(digest);
    for (const s of [DISCUSSION_SUBJECT, REMINDER_SUBJECT]) expect(text.split(s).length - 1, s).toBe(1);
    expect(text).toContain('Shall we accept it?');
    expect(text).toContain('"Gathered once"');
    // The items' own footers are left out; one footer names the settings page and how to stop each kind gathered.
    expect(text.split('Choose which mails you get').length - 1).toBe(1);
    expect(text).toContain('Stop \u2018New posts in a paper\u2019s discussion\u2019 mails: ');
    expect(text).toContain('Stop \u2018Automatic reminders (reviews due, registration)\u2019 mails: ');
    expect(text).not.toContain('Stop these mails');
    expect(withSubject(rDaily, DISCUSSION_SUBJECT)).toEqual([]);
    expect(withSubject(rDaily, REMINDER_SUBJECT)).toEqual([]);
  });

  test('two instances claiming digests at the same moment send one per address, each notification in it once', async () => {
    const addresses = Array.from({ length: 20 }, (_, i) => uniqueAddress(`digest${i}`).toLowerCase());
    const { db } = a.app.database;
    await db.insert(mailPreferences).values(addresses.map((email) => ({ email, category: 'discussion', mode: 'daily' as const })));
    for (const to of addresses) {
      for (const n of [1, 2]) {
        const sent = await a.app.mailer.send({
          to,
          template: 'discussionPosts',
          values: {
            name: 'You',
            paperTitle: `Paper ${n} for ${to}`,
            paperId,
            count: '1',
            posts: `Post ${n} for ${to}`,
            paperUrl: 'http://localhost/x',
          },
        });
        expect(sent.result).toBe('digest');
      }
    }
    // A day later, four passes at once on the two instances (their workers' jobs may run too: the items are not due for them yet).
    const later = new Date(Date.now() + DAY);
    const passes = await Promise.all(
      [a, b, a, b].map((t) =>
        sendDailyDigests({
          db: t.app.database.db,
          mailer: t.app.mailer,
          digestHours: DIGEST_HOURS,
          publicUrl: t.config.publicUrl,
          secret: t.config.JWT_SECRET,
          now: later,
        }),
      ),
    );
    expect(passes.reduce((x, y) => x + y, 0)).toBe(20);
    const items = await db.select().from(mailDigestItems).where(inArray(mailDigestItems.email, addresses));
    expect(items).toHaveLength(40);
    const digests = await db
      .select()
      .from(mailQueue)
      .where(and(inArray(mailQueue.to, addresses), eq(mailQueue.template, 'dailyDigest')));
    expect(digests).toHaveLength(20);
    expect(new Set(digests.map((d) => d.to)).size).toBe(20);
    for (const d of digests) {
      const mine = items.filter((i) => i.digestMailId === d.id);
      expect(mine.map((i) => i.email)).toEqual([d.to, d.to]);
      for (const n of [1, 2]) expect(d.body.split(`Post ${n} for ${d.to}`).length - 1).toBe(1);
    }
    await expect.poll(() => smtp.mails.filter((m) => addresses.includes(m.to[0]!)).length, { timeout: 30_000 }).toBe(20);
  });
});

describe('unsubscribe links', () => {
  const linksFor = (email: string, category: (typeof MAIL_CATEGORIES)[number] = 'discussion') =>
    unsubscribeLinks({ publicUrl: a.config.publicUrl, secret: a.config.JWT_SECRET, email, category });

  test('opening the link (GET) describes it and changes nothing: link scanners must not unsubscribe people', async () => {
    const before = await modes(rNow);
    const header = /<(.+)>/.exec(mailHeaders(withSubject(rNow, DISCUSSION_SUBJECT)[0]!).get('list-unsubscribe')!)![1]!;
    for (let i = 0; i < 3; i++) {
      const res = await a.app.inject({ method: 'GET', url: localPath(header) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        email: rNow.user.email.toLowerCase(),
        category: 'discussion',
        label: 'New posts in a paper\u2019s discussion',
        valid: true,
      });
    }
    expect(await modes(rNow)).toEqual(before);
    expect(before.discussion).toBe('immediate');
  });

  test('one click from the List-Unsubscribe header (a form POST, no login) turns that kind off; again: the same answer', async () => {
    const header = /<(.+)>/.exec(mailHeaders(withSubject(rNow, DISCUSSION_SUBJECT)[0]!).get('list-unsubscribe')!)![1]!;
    const first = await oneClick(header);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: `Done: \u2018New posts in a paper\u2019s discussion\u2019 mails to ${rNow.user.email.toLowerCase()} are stopped. You can change this any time in your notification settings.`,
      email: rNow.user.email.toLowerCase(),
      category: 'discussion',
      label: 'New posts in a paper\u2019s discussion',
    });
    expect(await modes(rNow)).toEqual({ discussion: 'off', reminders: 'immediate', responses: 'immediate', announcements: 'immediate' });
    const again = await oneClick(header);
    expect([again.statusCode, again.json()]).toEqual([200, first.json()]);
    // JSON or no body at all (the /unsubscribe page's button) does the same.
    const reminders = localPath(linksFor(rNow.user.email, 'reminders').oneClickUrl);
    expect((await a.app.inject({ method: 'POST', url: reminders })).statusCode).toBe(200);
    expect((await a.app.inject({ method: 'POST', url: reminders, payload: {} })).statusCode).toBe(200);
    expect((await modes(rNow)).reminders).toBe('off');
  });

  test('turning a kind off drops what waited for its digest', async () => {
    const email = uniqueAddress('dropped').toLowerCase();
    await a.app.database.db.insert(mailPreferences).values({ email, category: 'discussion', mode: 'daily' });
    await a.app.mailer.send({
      to: email,
      template: 'discussionPosts',
      values: { name: 'You', paperTitle: 'Dropped', paperId, count: '1', posts: 'x', paperUrl: 'http://localhost/x' },
    });
    expect(await waitingItems(email)).toHaveLength(1);
    expect((await oneClick(linksFor(email).oneClickUrl)).statusCode).toBe(200);
    expect(await waitingItems(email)).toEqual([]);
  });

  test('a forged, cut or mismatched link is refused with one 400, whatever is wrong, and changes nothing', async () => {
    const before = await a.app.database.db.select().from(mailPreferences);
    const good = new URL(linksFor(rDaily.user.email).oneClickUrl);
    const token = good.searchParams.get('token')!;
    const variants = [
      `email=${encodeURIComponent(rDaily.user.email)}&category=discussion&token=${forgedBase64url(token)}`,
      `email=${encodeURIComponent(rDaily.user.email)}&category=reminders&token=${token}`,
      `email=${encodeURIComponent(rNow.user.email)}&category=discussion&token=${token}`,
      `email=${encodeURIComponent(rDaily.user.email)}&category=newsletters&token=${token}`,
      `email=${encodeURIComponent(rDaily.user.email)}&category=discussion`,
      'category=discussion&token=x',
      '',
    ];
    for (const q of variants) {
      const res = await a.app.inject({
        method: 'POST',
        url: `/api/mail/unsubscribe?${q}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect([res.statusCode, res.json().message], q).toEqual([400, MAIL_PREFERENCES_TEXT.badLink]);
      const read = await a.app.inject({ method: 'GET', url: `/api/mail/unsubscribe?${q}` });
      expect([read.statusCode, read.json().valid, read.json().label], q).toEqual([200, false, null]);
    }
    expect(await a.app.database.db.select().from(mailPreferences)).toEqual(before);
  });

  test('a good link answers the same whether or not the address has an account', async () => {
    const stranger = uniqueAddress('nobody').toLowerCase();
    const known = await oneClick(linksFor(rOff.user.email, 'announcements').oneClickUrl);
    const unknown = await oneClick(linksFor(stranger, 'announcements').oneClickUrl);
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(Object.keys(unknown.json()).sort()).toEqual(Object.keys(known.json()).sort());
    expect(unknown.json().message).toBe(known.json().message.replace(rOff.user.email.toLowerCase(), stranger));
  });
});
