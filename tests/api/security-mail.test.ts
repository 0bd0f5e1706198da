import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../../src/core/ids';
import { MAIL_TEMPLATES } from '../../src/core/mail-templates';
import { LINK_HIDDEN_PENDING, type MailDetailJson, type MailListJson } from '../../src/core/schemas/mail';
import { overWordLimit } from '../../src/core/word-count';
import { mailQueue, mailTemplates, settings } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { mailBodies } from '../support/mailbox';
import { submitPaper } from '../support/multipart';
import { mailText, startSmtpListener } from '../support/smtp';
import { signupAs, uniqueAddress, verifyEmail, type SignedUp } from '../support/users';

/**
 * Mail that must not leak: a link that opens an account stays in its mail's body and out of the editor's mail log
 * (docs/product.md#mail), a mail about a paper reaches only the people its screens let in (conflicts and
 * verification), and the response's word limit counts words joined by invisible characters.
 */
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let t: TestApp;
let editor: SignedUp;
let author: SignedUp;

const db = () => t.app.database.db;
const put = (url: string, who: SignedUp, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: who.auth, payload: payload as Record<string, unknown> });
const post = (url: string, who: SignedUp | null, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who?.auth ?? {}, payload: payload as Record<string, unknown> });
const get = (url: string, who: SignedUp) => t.app.inject({ url, headers: who.auth });
const day = 24 * 3600_000;
/** The response window open now, with this word limit (straight into the row: the settings form is not what is tested). */
const openResponseWindow = (wordLimit = 500) => {
  const values = {
    reviewDeadline: new Date(Date.now() - day),
    responseOpens: new Date(Date.now() - day / 2),
    responseCloses: new Date(Date.now() + 3 * day),
    responseWordLimit: wordLimit,
  };
  return db()
    .insert(settings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: [settings.editionId, settings.id], set: values });
};

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ SMTP_URL: smtp.url });
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author', { name: 'Ada Author' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('a link that opens an account goes only in the body of its mail', () => {
  test.each([
    ['passwordReset', 'resetUrl'],
    ['loginLink', 'loginUrl'],
    ['verifyEmail', 'verifyUrl'],
  ] as const)(
    '%s: {%s} in the subject is refused with 400 naming it, in the preview too; in the body it is saved',
    async (name, placeholder) => {
      const url = `/api/editor/mail-templates/${name}`;
      const subject = `Your link: {${placeholder}}`;
      const refused = await put(url, editor, { subject, body: MAIL_TEMPLATES[name].text });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain(`{${placeholder}}`);
      expect(refused.json().message).toMatch(/only in the body/);
      const preview = await post(`${url}/preview`, editor, { subject, body: MAIL_TEMPLATES[name].text });
      expect(preview.statusCode).toBe(400);
      expect(preview.json()).toEqual(refused.json());
      const listed = (await get('/api/editor/mail-templates', editor)).json().templates.find((x: { name: string }) => x.name === name);
      expect(listed).toMatchObject({ customised: false, subject: MAIL_TEMPLATES[name].subject });

      const inBody = await put(url, editor, { subject: 'Your link', body: `Open it: {${placeholder}}` });
      expect(inBody.statusCode, inBody.body).toBe(200);
      expect((await t.app.inject({ method: 'DELETE', url, headers: editor.auth })).statusCode).toBe(200);
    },
  );

  test('{loginUrl} of a mail that links the public login page may still go in its subject', async () => {
    const url = '/api/editor/mail-templates/reviewInvitation';
    const saved = await put(url, editor, { subject: 'Review {paperTitle} at {loginUrl}', body: MAIL_TEMPLATES.reviewInvitation.text });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url, headers: editor.auth })).statusCode).toBe(200);
  });
});

describe('the mail log hides account links in every field it returns', () => {
  const tokenFree = (json: unknown) => expect(JSON.stringify(json)).not.toMatch(/token=/);

  test('a reset wording saved before the rule, with the link in its subject: no field of the log shows the link, and the recipient gets a working one', async () => {
    await db().insert(mailTemplates).values({
      name: 'passwordReset',
      subject: 'Reset it here: {resetUrl}',
      body: MAIL_TEMPLATES.passwordReset.text,
      updatedBy: editor.user._id,
    });
    try {
      const someone = await signupAs(t.app, 'Author');
      expect((await post('/api/password/forgot', null, { email: someone.user.email, role: 'Author' })).statusCode).toBe(200);
      const q = `/api/editor/mails?to=${encodeURIComponent(someone.user.email)}&template=passwordReset`;
      await expect
        .poll(async () => ((await get(q, editor)).json() as MailListJson).mails.filter((m) => m.result === 'sent').length, {
          timeout: 15_000,
        })
        .toBe(1);
      const listed = (await get(q, editor)).json() as MailListJson;
      tokenFree(listed);
      const whole = (await get(`/api/editor/mails/${listed.mails[0]!._id}`, editor)).json() as MailDetailJson;
      tokenFree(whole);
      expect(whole.masked).toBe(true);
      tokenFree((await get('/api/editor/messages', editor)).json());

      const delivered = smtp.mails
        .filter((m) => m.to.includes(someone.user.email.toLowerCase()))
        .map(mailText)
        .join('\n');
      const token = /\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(delivered)?.[1];
      expect(token, delivered).toBeDefined();
      const reset = await post('/api/password/reset', null, {
        token,
        password: 'a brand new password',
        confirmPassword: 'a brand new password',
      });
      expect(reset.statusCode, reset.body).toBe(200);
    } finally {
      await db().delete(mailTemplates).where(eq(mailTemplates.name, 'passwordReset'));
    }
  });

  test("an old failed reset mail with the link in its subject, error and SMTP answer: masked in the list, the whole mail, the messages page and the retry's answer", async () => {
    const to = uniqueAddress('old-reset');
    const link = `${t.config.publicUrl}/reset-password?token=${'A'.repeat(43)}`;
    const id = newId();
    await db()
      .insert(mailQueue)
      .values({
        id,
        to,
        template: 'passwordReset',
        status: 'failed',
        attempts: 10,
        subject: `Reset it here: ${link}`,
        body: `Dear you,\nOpen ${link} within one hour.`,
        lastError: `Message refused: ${link}`,
        smtpResponse: `550 content rejected (${link})`,
      });
    const listed = (await get(`/api/editor/mails?to=${encodeURIComponent(to)}`, editor)).json() as MailListJson;
    expect(listed.mails).toHaveLength(1);
    tokenFree(listed);
    expect(listed.mails[0]!.subject).toBe(`Reset it here: ${LINK_HIDDEN_PENDING}`);
    const whole = (await get(`/api/editor/mails/${id}`, editor)).json() as MailDetailJson;
    tokenFree(whole);
    expect(whole).toMatchObject({ masked: true, subject: `Reset it here: ${LINK_HIDDEN_PENDING}`, links: [] });
    const messages = (await get('/api/editor/messages', editor)).json() as { mails: Array<{ _id: string }> };
    expect(messages.mails.some((m) => m._id === id)).toBe(true);
    tokenFree(messages);
    const retried = await post(`/api/editor/mails/${id}/retry`, editor, {});
    expect(retried.statusCode, retried.body).toBe(200);
    tokenFree(retried.json());
  });
});

describe('a mail about a paper reaches only the people its screens let in', () => {
  let conflictedChair: SignedUp;
  let freeChair: SignedUp;
  let unverifiedChair: SignedUp;
  let reviewer: SignedUp;

  beforeAll(async () => {
    const emails = [uniqueAddress('conflicted-chair'), uniqueAddress('free-chair'), uniqueAddress('unverified-chair')];
    const named = await put('/api/editor/tracks/track-2/chairs', editor, { emails });
    expect(named.statusCode, named.body).toBe(200);
    conflictedChair = await signupAs(t.app, 'Editor', { email: emails[0] });
    freeChair = await signupAs(t.app, 'Editor', { email: emails[1] });
    unverifiedChair = await signupAs(t.app, 'Editor', { email: emails[2] });
    await verifyEmail(t.app, conflictedChair);
    await verifyEmail(t.app, freeChair);
    reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  });

  async function paperWithConflictedChair(): Promise<string> {
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'] });
    const sent = await post('/api/editor/send-paper', editor, { paperId: paper._id, reviewerId: reviewer.user._id, override: true });
    expect(sent.statusCode, sent.body).toBe(200);
    const declared = await put(`/api/author/paper/${paper._id}/conflicts`, author, { emails: [conflictedChair.user.email] });
    expect(declared.statusCode, declared.body).toBe(200);
    // The screens: the conflicted chair is refused the paper's discussion, the other chair reads it.
    expect((await get(`/api/papers/${paper._id}/discussion`, conflictedChair)).statusCode).toBe(403);
    expect((await get(`/api/papers/${paper._id}/discussion`, freeChair)).statusCode).toBe(200);
    return paper._id;
  }
  const mailedAbout = async (who: SignedUp, template: string, paperId: string) =>
    (await mailBodies(t.app, who.user.email, template)).some((m) => m.includes(paperId));

  test('the author declared a conflict with a track chair: "Author response received" reaches the other chair, not the conflicted one nor an unverified one', async () => {
    const paperId = await paperWithConflictedChair();
    await openResponseWindow();
    const saved = await put(`/api/author/paper/${paperId}/response`, author, { text: 'RESPONSE-8: we fixed section 3.' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await mailedAbout(freeChair, 'authorResponseToChair', paperId)).toBe(true);
    expect(await mailedAbout(reviewer, 'authorResponseToReviewer', paperId)).toBe(true);
    expect(await mailedAbout(conflictedChair, 'authorResponseToChair', paperId)).toBe(false);
    expect(await mailedAbout(unverifiedChair, 'authorResponseToChair', paperId)).toBe(false);
  });

  test('a discussion post is mailed to the other chair, not to the conflicted one nor an unverified one', async () => {
    const paperId = await paperWithConflictedChair();
    const posted = await post(`/api/papers/${paperId}/discussion`, reviewer, { body: 'POST-8: the method is sound.' });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(await mailedAbout(freeChair, 'discussionPosts', paperId)).toBe(true);
    expect(await mailedAbout(conflictedChair, 'discussionPosts', paperId)).toBe(false);
    expect(await mailedAbout(unverifiedChair, 'discussionPosts', paperId)).toBe(false);
  });

  test('a withdrawal is mailed to the reviewer still on the paper, not to one who declined it', async () => {
    const decliner = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'] });
    for (const r of [reviewer, decliner])
      expect(
        (await post('/api/editor/send-paper', editor, { paperId: paper._id, reviewerId: r.user._id, override: true })).statusCode,
      ).toBe(200);
    expect(
      (await post('/api/reviewer/respond', decliner, { paperId: paper._id, email: decliner.user.email, status: 'Declined' })).statusCode,
    ).toBe(200);
    const withdrawn = await post(`/api/author/paper/${paper._id}/withdraw`, author, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await mailedAbout(reviewer, 'paperWithdrawn', paper._id)).toBe(true);
    expect(await mailedAbout(decliner, 'paperWithdrawn', paper._id)).toBe(false);
  });

  test('an invitation to review is refused (409) for a reviewer the author declared conflicted, and no mail goes', async () => {
    const other = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'] });
    expect((await put(`/api/author/paper/${paper._id}/conflicts`, author, { emails: [other.user.email] })).statusCode).toBe(200);
    const invited = await post(`/api/send-mail/${encodeURIComponent(other.user.email)}`, editor, {
      paperId: paper._id,
      reviewerId: other.user._id,
    });
    expect(invited.statusCode).toBe(409);
    expect(invited.json().message).toBe('Conflict of interest: the author declared a conflict with this reviewer');
    expect(await mailedAbout(other, 'reviewInvitation', paper._id)).toBe(false);
    const free = await post(`/api/send-mail/${encodeURIComponent(reviewer.user.email)}`, editor, {
      paperId: paper._id,
      reviewerId: reviewer.user._id,
    });
    expect(free.statusCode, free.body).toBe(200);
  });
});

describe("the response's word limit", () => {
  test('3,000 words joined by U+200B ZERO WIDTH SPACE are 3,000 words: refused against a 500-word limit, nothing saved', async () => {
    const paper = await submitPaper(t.app, author.auth, { keywords: ['AI'] });
    await openResponseWindow(500);
    const text = Array.from({ length: 3000 }, (_, i) => `word${i}`).join('\u200b');
    const res = await put(`/api/author/paper/${paper._id}/response`, author, { text });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: overWordLimit(3000, 500) });
    expect((await get(`/api/author/paper/${paper._id}/response`, author)).json().response).toBeNull();
  });
});
