import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, test } from 'vitest';
import { LEVEL, startLoggedApp, type LoggedApp } from '../support/logged-app';
import { submitPaper } from '../support/multipart';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';

// docs/product.md#validation-and-messages: log lines name mail templates and ids, never a recipient's address or a mail's subject (which
// holds the paper's title); request lines do not carry an address in the path either (/send-mail/:email).

const TITLE = 'Quasar Lattice Perturbations in Zebrafish Logistics 7f3a';
const apps: LoggedApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});

/** An author submits a paper, an editor invites a reviewer to it by mail and sends it, and the author asks for a new password. */
async function mailingJourney(t: LoggedApp, opts: { refused?: boolean } = {}) {
  const editor = await signupAs(t.app, 'Editor', { email: uniqueAddress('editor.private') });
  const author = await signupAs(t.app, 'Author', { email: uniqueAddress('author.private') });
  const reviewer = await signupAs(t.app, 'Reviewer', { email: uniqueAddress('reviewer.private'), tags: ['AI'] });
  const paper = await submitPaper(t.app, author.auth, { title: TITLE, keywords: ['AI'] });
  const invite = await t.app.inject({
    method: 'POST',
    url: `/api/send-mail/${encodeURIComponent(reviewer.user.email)}`,
    headers: editor.auth,
    payload: { paperId: paper._id, reviewerId: reviewer.user._id },
  });
  if (opts.refused) {
    // A permanent refusal (5xx) fails the mail at once: the editor reads the failure message.
    expect(invite.statusCode, invite.body).toBe(502);
    expect(invite.json()).toEqual({ message: `Failed to send mail to ${reviewer.user.email}` });
  } else expect(invite.statusCode, invite.body).toBeLessThan(300);
  const send = await t.app.inject({
    method: 'POST',
    url: '/api/editor/send-paper',
    headers: editor.auth,
    payload: { paperId: paper._id, reviewerId: reviewer.user._id },
  });
  expect(send.statusCode, send.body).toBe(200);
  const forgot = await t.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: author.user.email, role: 'Author' } });
  expect(forgot.statusCode, forgot.body).toBe(200);
  return { editor, author, reviewer };
}

/** What must not appear in any log line: every address, the title, and the parts of the title a subject could be cut to. */
function secrets(people: SignedUp[]): string[] {
  return [...people.flatMap((p) => [p.user.email, encodeURIComponent(p.user.email), p.user.email.split('@')[0]!]), TITLE, 'Quasar Lattice'];
}

const mailCount = async (t: LoggedApp) =>
  (await t.app.database.pool.query<{ n: number }>('select count(*)::int as n from mail_queue')).rows[0]!.n;

describe('log lines at info level', () => {
  test('signing up, submitting a paper and mailing (no SMTP: the outbox) logs template names and ids only', async () => {
    const t = await startLoggedApp({ LOG_LEVEL: 'info' });
    apps.push(t);
    const people = await mailingJourney(t);
    // Verification mails (3), the paper's receipt, the invitation and the reset link, all kept in the outbox.
    await expect.poll(() => mailCount(t), { timeout: 10_000 }).toBeGreaterThanOrEqual(6);
    await expect
      .poll(() => t.lines.filter((l) => l.msg === 'SMTP_URL is not set: mail kept in the outbox').length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(6);

    const text = t.text();
    expect(
      t.lines.some((l) => l.level === LEVEL.info && typeof l.req === 'object'),
      'request lines were captured',
    ).toBe(true);
    for (const secret of secrets(Object.values(people))) expect(text, secret).not.toContain(secret);
    const outbox = t.lines.filter((l) => l.msg === 'SMTP_URL is not set: mail kept in the outbox');
    expect(outbox.map((l) => l.template)).toEqual(expect.arrayContaining(['verifyEmail', 'reviewInvitation', 'passwordReset']));
    for (const l of outbox) expect(Object.keys(l).sort()).toEqual(expect.arrayContaining(['mailId', 'template']));
    // The invitation's request line shows where it went, not to whom.
    expect(t.lines.map((l) => (l.req as { url?: string } | undefined)?.url)).toContain('/api/send-mail/(address)');
  });

  test('a mail server that refuses a recipient (its reply names the address): the failure line names the template and id only', async () => {
    // A real SMTP server that answers 550 with the recipient's address, as many do.
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected: User unknown`), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = smtp.server.address() as AddressInfo;
      const t = await startLoggedApp({ LOG_LEVEL: 'info', SMTP_URL: `smtp://127.0.0.1:${port}` });
      apps.push(t);
      const people = await mailingJourney(t, { refused: true });
      // 550 is permanent: no retry, the mail fails at once (decision 0037).
      await expect
        .poll(() => t.lines.filter((l) => l.msg === 'mail failed for good').map((l) => l.template), { timeout: 15_000 })
        .toEqual(expect.arrayContaining(['reviewInvitation', 'passwordReset']));
      expect(t.lines.filter((l) => l.msg === 'mail not sent, will retry')).toEqual([]);

      const text = t.text();
      for (const secret of secrets(Object.values(people))) expect(text, secret).not.toContain(secret);
      const retry = t.lines.find((l) => l.msg === 'mail failed for good')!;
      expect(retry.level).toBe(LEVEL.warn);
      expect(retry).toMatchObject({ mailId: expect.any(String), template: expect.any(String), attempts: 1 });
      expect(String(retry.err)).toMatch(/Recipient address rejected/);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
