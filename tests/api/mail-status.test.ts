import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { startSmtpListener } from '../support/smtp';
import { signupAs } from '../support/users';

const OUTBOX_BANNER = 'Mail is not configured: messages are kept in the outbox and nothing is sent until the server is given an SMTP_URL.';

/** docs/product.md#mail: without SMTP the editor is told plainly that nothing was sent; the success text stays for a real send. */
describe('mail status', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp();
  });
  afterAll(async () => {
    await bare?.close();
  });

  test('without SMTP_URL: the status says mail is not configured, and Send Mail says the mail stayed in the outbox', async () => {
    const editor = await signupAs(bare.app, 'Editor');
    const status = await bare.app.inject({ url: '/api/editor/mail-status', headers: editor.auth });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ configured: false, message: OUTBOX_BANNER });

    const author = await signupAs(bare.app, 'Author');
    const reviewer = await signupAs(bare.app, 'Reviewer', { tags: ['AI'] });
    const paper = await submitPaper(bare.app, author.auth, { title: 'Outbox paper' });
    const res = await bare.app.inject({
      method: 'POST',
      url: `/api/send-mail/${encodeURIComponent(reviewer.user.email)}`,
      headers: editor.auth,
      payload: { paperId: paper._id, reviewerId: reviewer.user._id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: `Mail is not configured: the mail to ${reviewer.user.email} is kept in the outbox, nothing was sent`,
      result: 'outbox',
    });
    expect(res.json().message).not.toContain('successfully');
    // The mail log shows the outbox state of that mail.
    const mails = (await bare.app.inject({ url: '/api/editor/messages', headers: editor.auth })).json().mails as {
      to: string;
      template: string;
      result: string;
    }[];
    expect(mails.filter((m) => m.to === reviewer.user.email && m.template === 'reviewInvitation')).toEqual([
      expect.objectContaining({ result: 'outbox' }),
    ]);
  });

  test('only editors may ask: no token 401, author 403', async () => {
    expect((await bare.app.inject({ url: '/api/editor/mail-status' })).statusCode).toBe(401);
    const author = await signupAs(bare.app, 'Author');
    const res = await bare.app.inject({ url: '/api/editor/mail-status', headers: author.auth });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toHaveProperty('message');
  });

  test('with SMTP_URL: configured, no banner, and a delivered invitation keeps the success message', async () => {
    const smtp = await startSmtpListener();
    const t = await startTestApp({ SMTP_URL: smtp.url });
    try {
      const editor = await signupAs(t.app, 'Editor');
      expect((await t.app.inject({ url: '/api/editor/mail-status', headers: editor.auth })).json()).toEqual({
        configured: true,
        message: null,
      });
      const author = await signupAs(t.app, 'Author');
      const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
      const paper = await submitPaper(t.app, author.auth, { title: 'Sent paper' });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/send-mail/${encodeURIComponent(reviewer.user.email)}`,
        headers: editor.auth,
        payload: { paperId: paper._id, reviewerId: reviewer.user._id },
      });
      expect(res.json()).toEqual({ message: `Mail successfully sent to ${reviewer.user.email}`, result: 'sent' });
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
