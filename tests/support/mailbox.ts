import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { mailLog, mailQueue } from '../../src/server/db/schema';

/** Bodies of the mails of `template` to `to`, oldest first: queued or kept in the outbox (mail_queue), or logged (mail_log). */
export async function mailBodies(app: FastifyInstance, to: string, template: string): Promise<string[]> {
  const { db } = app.database;
  const queued = await db
    .select({ id: mailQueue.id, body: mailQueue.body })
    .from(mailQueue)
    .where(and(eq(mailQueue.to, to), eq(mailQueue.template, template)));
  const logged = await db
    .select({ id: mailLog.id, body: mailLog.body })
    .from(mailLog)
    .where(and(eq(mailLog.to, to), eq(mailLog.template, template)));
  // A delivered mail is in both tables: one link, one mail.
  const byBody = new Map([...queued, ...logged].sort((a, b) => a.id.localeCompare(b.id)).map((m) => [m.body, m.id]));
  return [...byBody.entries()].sort((a, b) => a[1].localeCompare(b[1])).map(([body]) => body);
}

/** The link token of the newest mail of `template` sent to `to`, once the background send has written at least `count`. */
export async function linkMailedTo(app: FastifyInstance, to: string, template: string, count = 1): Promise<string> {
  let bodies: string[] = [];
  await expect.poll(async () => (bodies = await mailBodies(app, to, template)).length, { timeout: 5000 }).toBeGreaterThanOrEqual(count);
  const match = /token=([A-Za-z0-9_-]{43})/.exec(bodies[bodies.length - 1]!);
  if (!match) throw new Error('no link in the mail');
  return match[1]!;
}

/**
 * Confirm an account's address the way its owner does: the link mailed at signup, then the page's button
 * (POST /api/email/verify). `nth`: which verification mail to that address (1 = the first), when several
 * accounts share it.
 */
export async function verifyAddress(app: FastifyInstance, email: string, nth = 1): Promise<void> {
  // Polled by hand: this also runs in beforeAll, where expect.poll is not allowed. The mail is written after
  // the signup's answer, so it may need a moment.
  let bodies: string[] = [];
  for (const started = Date.now(); (bodies = await mailBodies(app, email.toLowerCase(), 'verifyEmail')).length < nth;) {
    if (Date.now() - started > 5000) throw new Error(`no verification mail #${nth} to ${email}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const token = /token=([A-Za-z0-9_-]{43})/.exec(bodies[nth - 1]!)?.[1];
  const res = await app.inject({ method: 'POST', url: '/api/email/verify', payload: { token } });
  if (res.statusCode !== 200) throw new Error(`verification failed: ${res.statusCode} ${res.body}`);
}
