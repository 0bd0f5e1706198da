import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHAIR_MAIL_KEPT, FORGOT_ANSWER_KEPT, VERIFY_KEPT } from '../../src/core/mail-states';
import { FORGOT_ANSWER, RESET_DONE, VERIFY_SENT } from '../../src/core/schemas/accounts';
import { LINK_HIDDEN_DELIVERED, type MailDetailJson, type MailListJson } from '../../src/core/schemas/mail';
import { users } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes, submitPaper } from '../support/multipart';
import { mailText, startSmtpListener } from '../support/smtp';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';

/**
 * Decisions 0041 and 0037: without SMTP every screen's answer says the mail was kept, not sent, and the editor reads
 * each kept mail whole (a reset link opened on a laptop); with SMTP the success texts stay for a real send, and the
 * links of secret-bearing mails are hidden from the editor. The mail log per recipient, editor only.
 */
async function forgot(app: TestApp, email: string, role = 'Author') {
  return app.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email, role } });
}
async function mailsOf(app: TestApp, who: SignedUp, query: string): Promise<MailListJson> {
  const res = await app.app.inject({ url: `/api/editor/mails${query}`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function wholeMail(app: TestApp, who: SignedUp, mailId: string): Promise<MailDetailJson> {
  const res = await app.app.inject({ url: `/api/editor/mails/${mailId}`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** The newest mail of `template` to `to`, once the background send has written it. */
async function newestMail(app: TestApp, editor: SignedUp, to: string, template: string, state?: string) {
  const q = `?to=${encodeURIComponent(to.toUpperCase())}&template=${template}`;
  await expect
    .poll(async () => (await mailsOf(app, editor, q)).mails.filter((m) => !state || m.result === state).length, { timeout: 15_000 })
    .toBeGreaterThan(0);
  return (await mailsOf(app, editor, q)).mails[0]!;
}

describe('without SMTP (the default): kept, not sent, and readable whole', () => {
  let t: TestApp;
  let editor: SignedUp;
  beforeAll(async () => {
    t = await startTestApp();
    editor = await signupAs(t.app, 'Editor');
  });
  afterAll(async () => {
    await t?.close();
  });

  test('forgot password says the link was kept, the same answer whether or not the account exists', async () => {
    const author = await signupAs(t.app, 'Author');
    const answers = [
      await forgot(t, author.user.email),
      await forgot(t, uniqueAddress('nobody')),
      await forgot(t, author.user.email, 'Reviewer'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: FORGOT_ANSWER_KEPT, mail: 'outbox' });
      expect(res.json().message).not.toMatch(/we have sent/i);
    }
    expect(Object.keys(answers[0]!.headers).sort()).toEqual(Object.keys(answers[1]!.headers).sort());
  });

  test('the editor opens the kept reset mail whole, follows its link and the author logs in with the new password', async () => {
    const author = await signupAs(t.app, 'Author');
    await forgot(t, author.user.email);
    const listed = await newestMail(t, editor, author.user.email, 'passwordReset');
    expect(listed).toMatchObject({ to: author.user.email, template: 'passwordReset', result: 'outbox', attempts: 0, smtpResponse: null });
    const mail = await wholeMail(t, editor, listed._id);
    expect(mail.masked).toBe(false);
    expect(mail.templateLabel).toBe('Password reset');
    const link = mail.links.find((l) => l.includes('/reset-password?token='));
    expect(link, mail.body).toBeDefined();
    expect(mail.body).toContain(link);
    const token = new URL(link!).searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, password: 'a brand new password', confirmPassword: 'a brand new password' },
    });
    expect(reset.json()).toEqual({ message: RESET_DONE });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: author.user.email, password: 'a brand new password', role: 'Author' },
    });
    expect(login.statusCode).toBe(200);
  });

  test('"Verify email" says the new link was kept; the editor reads it whole', async () => {
    const author = await signupAs(t.app, 'Author');
    const res = await t.app.inject({ method: 'POST', url: '/api/email/verify/resend', headers: author.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: VERIFY_KEPT, mail: 'outbox' });
    const listed = await newestMail(t, editor, author.user.email, 'verifyEmail');
    const mail = await wholeMail(t, editor, listed._id);
    expect(mail.links.some((l) => /\/verify-email\?token=[A-Za-z0-9_-]{43}$/.test(l))).toBe(true);
  });

  test('Send Mail, the invitation state behind the badge, track chairs and decisions say kept', async () => {
    const author = await signupAs(t.app, 'Author');
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const paper = await submitPaper(t.app, author.auth, { title: 'Kept paper' });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/send-mail/${encodeURIComponent(reviewer.user.email)}`,
      headers: editor.auth,
      payload: { paperId: paper._id, reviewerId: reviewer.user._id },
    });
    expect(sent.json()).toMatchObject({ result: 'outbox' });
    const invitations = await t.app.inject({ url: `/api/editor/papers/${paper._id}/invitation-mails`, headers: editor.auth });
    expect(invitations.json()).toEqual({ invitations: [{ reviewerId: reviewer.user._id, mailId: expect.any(String), state: 'outbox' }] });
    // The stored status the original API answers is unchanged: the badge's words come from the mail's state.
    const statuses = await t.app.inject({ url: `/api/reviewer/status/${paper._id}`, headers: editor.auth });
    expect(statuses.json()).toEqual([expect.objectContaining({ status: 'Mail Sent' })]);

    const named = await t.app.inject({
      method: 'PUT',
      url: '/api/editor/tracks/track-1/chairs',
      headers: editor.auth,
      payload: { emails: [uniqueAddress('chair')] },
    });
    expect(named.json().message).toContain(CHAIR_MAIL_KEPT);

    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/editor/papers/${paper._id}/decision`,
          headers: editor.auth,
          payload: { decision: 'Accepted' },
        })
      ).statusCode,
    ).toBe(200);
    const told = await t.app.inject({
      method: 'POST',
      url: '/api/editor/notify',
      headers: editor.auth,
      payload: { paperIds: [paper._id] },
    });
    expect(told.json()).toEqual({ sent: 1, skipped: 0, mail: 'outbox' });
    const decisionMails = await mailsOf(t, editor, '?template=decisionAccepted,decisionRejected,decisionRevision&limit=1');
    expect(decisionMails.counts).toEqual({ queued: 0, sending: 0, sent: 0, failed: 0, outbox: 1 });
    expect(decisionMails.total).toBe(1);
  });

  test('the log filters by recipient (any case), state and templates, with counts per state', async () => {
    const author = await signupAs(t.app, 'Author');
    await forgot(t, author.user.email);
    await newestMail(t, editor, author.user.email, 'passwordReset');
    const all = await mailsOf(t, editor, `?to=${encodeURIComponent(author.user.email.toUpperCase())}`);
    expect(all.mails.every((m) => m.to.toLowerCase() === author.user.email.toLowerCase())).toBe(true);
    expect(all.mails.map((m) => m.template).sort()).toEqual(['passwordReset', 'verifyEmail']);
    expect(all.counts.outbox).toBe(2);
    const resets = await mailsOf(t, editor, `?to=${encodeURIComponent(author.user.email)}&template=passwordReset`);
    expect(resets.mails.map((m) => m.template)).toEqual(['passwordReset']);
    expect((await mailsOf(t, editor, `?to=${encodeURIComponent(author.user.email)}&status=sent`)).mails).toEqual([]);
    const limited = await mailsOf(t, editor, '?limit=1');
    expect(limited.mails).toHaveLength(1);
    expect(limited.total).toBeGreaterThan(1);
    for (const bad of [
      '?status=delivered',
      '?template=noSuchTemplate',
      '?template=passwordReset,',
      '?limit=0',
      '?limit=501',
      `?to=${'a'.repeat(400)}`,
    ]) {
      const res = await t.app.inject({ url: `/api/editor/mails${bad}`, headers: editor.auth });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await t.app.inject({ url: '/api/editor/mails/0123456789abcdef01234567', headers: editor.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/editor/mails/not-an-id', headers: editor.auth })).statusCode).toBe(400);
  });

  test('only the editor reads mails: 401 without a token, 403 for an author, a reviewer and a track chair', async () => {
    const someMail = (await mailsOf(t, editor, '?limit=1')).mails[0]!._id;
    const author = await signupAs(t.app, 'Author');
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const chairEmail = uniqueAddress('chair');
    await t.app.inject({
      method: 'PUT',
      url: '/api/editor/tracks/track-4/chairs',
      headers: editor.auth,
      payload: { emails: [chairEmail] },
    });
    const chair = await signupAs(t.app, 'Editor', { email: chairEmail });
    await t.app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, chair.user._id));
    for (const url of ['/api/editor/mails', `/api/editor/mails/${someMail}`]) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      for (const who of [author, reviewer, chair]) expect((await t.app.inject({ url, headers: who.auth })).statusCode, url).toBe(403);
    }
    // The invitations' states: a chair on a paper of their track, not another's.
    const own = await injectMultipart(
      t.app,
      'POST',
      '/api/author/new-paper',
      [
        ['title', 'Chair track paper'],
        ['abstract', 'An abstract.'],
        ['track', 'track-4'],
        ['keywords', 'Strategic management'],
        ['file', pdfBytes('c'), 'c.pdf'],
      ],
      author.auth,
    );
    const other = await injectMultipart(
      t.app,
      'POST',
      '/api/author/new-paper',
      [
        ['title', 'Other track paper'],
        ['abstract', 'An abstract.'],
        ['track', 'track-1'],
        ['keywords', 'Composite materials'],
        ['file', pdfBytes('o'), 'o.pdf'],
      ],
      author.auth,
    );
    expect(
      (await t.app.inject({ url: `/api/editor/papers/${own.json().paper._id}/invitation-mails`, headers: chair.auth })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/editor/papers/${other.json().paper._id}/invitation-mails`, headers: chair.auth })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/editor/papers/${own.json().paper._id}/invitation-mails`, headers: author.auth })).statusCode,
    ).toBe(403);
  });
});

describe('with SMTP: the success texts for a real send, secret links hidden from the editor', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  let t: TestApp;
  let editor: SignedUp;
  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await startTestApp({ SMTP_URL: smtp.url });
    editor = await signupAs(t.app, 'Editor');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  test('forgot password keeps its answer, the same for an unknown account; the editor sees the reset mail with its link hidden', async () => {
    const author = await signupAs(t.app, 'Author');
    for (const email of [author.user.email, uniqueAddress('nobody')])
      expect((await forgot(t, email)).json()).toEqual({ message: FORGOT_ANSWER, mail: 'queued' });
    const listed = await newestMail(t, editor, author.user.email, 'passwordReset', 'sent');
    expect(listed.smtpResponse).toMatch(/^250/);
    const mail = await wholeMail(t, editor, listed._id);
    expect(mail.masked).toBe(true);
    expect(mail.body).toContain(LINK_HIDDEN_DELIVERED);
    expect(mail.body).not.toMatch(/token=/);
    expect(mail.links.some((l) => l.includes('token='))).toBe(false);
    // The recipient got the whole link.
    const delivered = smtp.mails
      .filter((m) => m.to.includes(author.user.email))
      .map(mailText)
      .join('\n');
    expect(delivered).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}/);
  });

  test('"Verify email" says sent once the mail server took it; the verification link is hidden from the editor', async () => {
    const author = await signupAs(t.app, 'Author');
    const res = await t.app.inject({ method: 'POST', url: '/api/email/verify/resend', headers: author.auth });
    expect(res.json()).toEqual({ message: VERIFY_SENT, mail: 'sent' });
    const listed = await newestMail(t, editor, author.user.email, 'verifyEmail', 'sent');
    const mail = await wholeMail(t, editor, listed._id);
    expect(mail.masked).toBe(true);
    expect(mail.body).not.toMatch(/token=/);
  });

  test("an invitation is shown whole, sent, with the server's answer; decisions are queued", async () => {
    const author = await signupAs(t.app, 'Author');
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const paper = await submitPaper(t.app, author.auth, { title: 'Delivered paper' });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/send-mail/${encodeURIComponent(reviewer.user.email)}`,
      headers: editor.auth,
      payload: { paperId: paper._id, reviewerId: reviewer.user._id },
    });
    expect(sent.json()).toEqual({ message: `Mail successfully sent to ${reviewer.user.email}`, result: 'sent' });
    const invitations = (await t.app.inject({ url: `/api/editor/papers/${paper._id}/invitation-mails`, headers: editor.auth })).json();
    expect(invitations.invitations).toEqual([expect.objectContaining({ reviewerId: reviewer.user._id, state: 'sent' })]);
    const mail = await wholeMail(t, editor, invitations.invitations[0].mailId);
    expect(mail).toMatchObject({ to: reviewer.user.email, template: 'reviewInvitation', result: 'sent', masked: false, attempts: 1 });
    expect(mail.smtpResponse).toMatch(/^250/);
    expect(mail.body).toContain('Delivered paper');
    expect(mail.links.some((l) => l.endsWith('/login'))).toBe(true);

    await t.app.inject({
      method: 'PUT',
      url: `/api/editor/papers/${paper._id}/decision`,
      headers: editor.auth,
      payload: { decision: 'Rejected' },
    });
    const told = await t.app.inject({
      method: 'POST',
      url: '/api/editor/notify',
      headers: editor.auth,
      payload: { paperIds: [paper._id] },
    });
    expect(told.json()).toEqual({ sent: 1, skipped: 0, mail: 'queued' });
  });
});
