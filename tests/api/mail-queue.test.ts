import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, mailQueue } from '../../src/server/db/schema';
import { createMailer } from '../../src/server/mail/send';
import { startTestApp, type TestApp } from '../support/app';
import { startSmtpListener } from '../support/smtp';
import { submitPaper } from '../support/multipart';
import { signupAs } from '../support/users';

/** A loopback port nobody listens on (yet). */
async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silent;
  },
  level: 'silent',
  silent() {},
};

let t: TestApp;
let port: number;
let editor: Awaited<ReturnType<typeof signupAs>>;
const isInvitation = (m: { raw: string }) => m.raw.includes('Subject: Invitation to review');

beforeAll(async () => {
  port = await freePort();
  t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
});

describe('mail queue', () => {
  test('SMTP listener down: the invitation is queued; listener up: it is delivered once', async () => {
    const author = await signupAs(t.app, 'Author');
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const paper = await submitPaper(t.app, author.auth, { title: 'Queued paper' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/send-mail/${encodeURIComponent(reviewer.user.email)}`,
      headers: editor.auth,
      payload: { paperId: paper._id, reviewerId: reviewer.user._id },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      message: `Mail to ${reviewer.user.email} is queued: the mail server is not answering, it will be sent when it does`,
      result: 'queued',
    });
    // The status and the audit row committed with the mail.
    expect((await t.app.inject({ url: `/api/reviewer/status/${paper._id}`, headers: editor.auth })).json()).toEqual([
      { reviewerId: reviewer.user._id, status: 'Mail Sent' },
    ]);
    const audit = await t.app.database.db.select().from(auditLog).where(eq(auditLog.action, 'review.invite'));
    expect(audit).toEqual([expect.objectContaining({ actorId: editor.user._id, actorRole: 'Editor', paperId: paper._id })]);

    const shown = (await t.app.inject({ url: '/api/editor/messages', headers: editor.auth })).json();
    const mine = shown.mails.filter(
      (m: { to: string; template: string }) => m.to === reviewer.user.email && m.template === 'reviewInvitation',
    );
    expect(mine).toEqual([
      expect.objectContaining({ result: 'queued', attempts: 1, error: expect.stringMatching(/ECONNREFUSED|connect/) }),
    ]);

    const smtp = await startSmtpListener(port);
    try {
      await expect
        .poll(
          async () =>
            (await t.app.inject({ url: '/api/editor/messages', headers: editor.auth }))
              .json()
              .mails.find((m: { to: string; template: string }) => m.to === reviewer.user.email && m.template === 'reviewInvitation')
              ?.result,
          { timeout: 15_000, interval: 200 },
        )
        .toBe('sent');
      const received = smtp.mails.filter((m) => m.to.includes(reviewer.user.email) && isInvitation(m));
      expect(received).toHaveLength(1);
      expect(received[0]!.raw).toContain('Subject: Invitation to review: Queued paper');
      const [row] = await t.app.database.db
        .select()
        .from(mailQueue)
        .where(and(eq(mailQueue.to, reviewer.user.email), eq(mailQueue.template, 'reviewInvitation')));
      expect(row!.messageId).toBe(`<${row!.id}@example.org>`);
      expect(received[0]!.raw).toContain(`Message-ID: <${row!.id}@example.org>`);
      // With the listener up a new invitation is answered "sent" (the message of docs/product.md#mail).
      const now = await t.app.inject({
        method: 'POST',
        url: `/api/send-mail/${encodeURIComponent(reviewer.user.email)}`,
        headers: editor.auth,
        payload: { paperId: paper._id, reviewerId: reviewer.user._id },
      });
      expect(now.statusCode).toBe(200);
      expect(now.json()).toEqual({ message: `Mail successfully sent to ${reviewer.user.email}`, result: 'sent' });
      expect(smtp.mails.filter((m) => m.to.includes(reviewer.user.email) && isInvitation(m))).toHaveLength(2);
    } finally {
      await smtp.close();
    }
  });

  test("several workers on one database deliver each mail once; a dead worker's lease is taken over", async () => {
    const smtp = await startSmtpListener();
    // A database of its own, whose app runs no worker (no SMTP_URL): only these three workers send.
    const other = await startTestApp();
    const { db } = other.app.database;
    const workers = [1, 2, 3].map(() => createMailer({ smtpUrl: smtp.url, from: 'x <q@example.org>', db, log: silent as never }));
    try {
      const ids: string[] = [];
      for (let i = 0; i < 30; i++)
        ids.push((await workers[0]!.send({ to: `w${i}@example.org`, template: 'verifyEmail', values: { name: 'N', verifyUrl: 'u' } })).id);
      // One "died" mid-send: its row is 'sending' with a lease that ran out.
      await db
        .update(mailQueue)
        .set({ status: 'sending', attempts: 1, leaseUntil: new Date(Date.now() - 1000) })
        .where(eq(mailQueue.id, ids[0]!));
      // Another is being sent right now by a live worker: its lease holds, nobody else takes it.
      await db
        .update(mailQueue)
        .set({ status: 'sending', attempts: 1, leaseUntil: new Date(Date.now() + 60_000) })
        .where(eq(mailQueue.id, ids[1]!));
      await Promise.all(
        workers.map(async (w) => {
          while ((await w.runOnce()) > 0);
        }),
      );
      const got = smtp.mails
        .map((m) => m.to[0])
        .filter((to) => to?.startsWith('w'))
        .sort();
      const expected = ids
        .map((_, i) => `w${i}@example.org`)
        .filter((e) => e !== 'w1@example.org')
        .sort();
      expect(got).toEqual(expected);
      const [held] = await db.select().from(mailQueue).where(eq(mailQueue.id, ids[1]!));
      expect(held!.status).toBe('sending');
    } finally {
      await Promise.all(workers.map((w) => w.close()));
      await smtp.close();
      await other.close();
    }
  });

  test('a mail that failed for good is shown with its error and can be retried by the editor only', async () => {
    const ed = editor;
    const reviewer = await signupAs(t.app, 'Reviewer');
    const { db } = t.app.database;
    const sent = await t.app.mailer.send({ to: 'failed@example.org', template: 'verifyEmail', values: { name: 'F', verifyUrl: 'u' } });
    await expect
      .poll(async () => (await db.select().from(mailQueue).where(eq(mailQueue.id, sent.id)))[0]!.attempts, { timeout: 10_000 })
      .toBeGreaterThan(0);
    await db.update(mailQueue).set({ status: 'failed', lastError: 'connect ECONNREFUSED' }).where(eq(mailQueue.id, sent.id));

    const shown = (await t.app.inject({ url: '/api/editor/messages', headers: ed.auth })).json();
    expect(shown.mails.find((m: { _id: string }) => m._id === sent.id)).toMatchObject({ result: 'failed', error: 'connect ECONNREFUSED' });
    const denied = await t.app.inject({ method: 'POST', url: `/api/editor/mails/${sent.id}/retry`, headers: reviewer.auth });
    expect(denied.statusCode).toBe(403);
    const missing = await t.app.inject({ method: 'POST', url: '/api/editor/mails/0123456789abcdef01234567/retry', headers: ed.auth });
    expect(missing.statusCode).toBe(404);

    const smtp = await startSmtpListener(port);
    try {
      const retried = await t.app.inject({ method: 'POST', url: `/api/editor/mails/${sent.id}/retry`, headers: ed.auth });
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ message: 'The mail is queued again' });
      await expect
        .poll(async () => (await db.select().from(mailQueue).where(eq(mailQueue.id, sent.id)))[0]!.status, { timeout: 10_000 })
        .toBe('sent');
      expect(smtp.mails.filter((m) => m.to.includes('failed@example.org'))).toHaveLength(1);
      const again = await t.app.inject({ method: 'POST', url: `/api/editor/mails/${sent.id}/retry`, headers: ed.auth });
      expect(again.statusCode).toBe(409);
    } finally {
      await smtp.close();
    }
  });
});
