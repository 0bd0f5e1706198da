import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOGIN_LIMITS } from '../../src/server/auth/login-limiter';
import { mailLog, mailQueue, rateLimits } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0022: wrong passwords spread over many addresses trip the per-e-mail ceiling. That ceiling
 * still stops guessing, but it must not lock the owner out: the right password gets in from an address that
 * logged in to the account before, and from a new address it earns a one-time login link by mail. The answer
 * from a new address is the same whether the password was right or wrong.
 */

const CEILING = 20;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOGIN_FAILURES_PER_EMAIL: String(CEILING) });
});
afterAll(async () => {
  await t?.close();
});

const LOCKED =
  /^Too many failed logins for this account\. If the password was right, a one-time login link was kept in the site's outbox \(mail is not configured, so nothing was sent: the organisers can read it\); otherwise please try again in \d+ minutes?\.$/;

const login = (payload: Record<string, unknown>, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress });
const linkLogin = (token: string, remoteAddress = '203.0.113.250') =>
  t.app.inject({ method: 'POST', url: '/api/login/link', payload: { token }, remoteAddress });

/** The bodies of the login-link mails to `to` (in the outbox without SMTP, in the log once delivered). */
async function linkMails(to: string): Promise<string[]> {
  const { db } = t.app.database;
  const queued = await db
    .select({ body: mailQueue.body })
    .from(mailQueue)
    .where(and(eq(mailQueue.to, to), eq(mailQueue.template, 'loginLink')));
  const logged = await db
    .select({ body: mailLog.body })
    .from(mailLog)
    .where(and(eq(mailLog.to, to), eq(mailLog.template, 'loginLink')));
  return [...new Set([...queued, ...logged].map((m) => m.body))];
}
/** Failed logins counted for an e-mail in this hour's window (what the next answer's Retry-After follows). */
async function failuresCounted(email: string): Promise<number> {
  const rows = await t.app.database.db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(eq(rateLimits.key, `login:e:${email.toLowerCase()}`));
  return rows.reduce((n, r) => n + r.count, 0);
}
const tokenIn = (body: string) => /login-link\?token=([A-Za-z0-9_-]{43})/.exec(body)?.[1];

/** Spread `CEILING` wrong passwords over addresses that each stay under their own limits (4 from each). */
async function tripCeiling(email: string, prefix: string, role = 'Editor'): Promise<void> {
  for (let i = 0; i < CEILING; i++) {
    const res = await login({ email, password: `guess ${i}`, role }, `${prefix}.${Math.floor(i / 4)}`);
    expect(res.statusCode, `guess ${i}`).toBe(401);
  }
}

describe('the per-e-mail ceiling of failed logins', () => {
  let editor: SignedUp;
  const home = '192.0.2.10';
  const right = () => ({ email: editor.user.email, password: editor.password, role: 'Editor' });
  const wrong = () => ({ email: editor.user.email, password: 'one more guess', role: 'Editor' });

  beforeAll(async () => {
    expect(LOGIN_LIMITS.perEmail.limit).toBe(1000); // production's value; this app is configured with CEILING
    editor = await signupAs(t.app, 'Editor');
    expect((await login(right(), home)).statusCode).toBe(200);
    await tripCeiling(editor.user.email, '10.66.0');
  });

  test('a wrong password from a new address stays 429 with Retry-After', async () => {
    const res = await login(wrong(), '198.51.100.1');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(LOCKED);
  });

  test('the right password from an address that logged in to the account before: 200', async () => {
    const res = await login(right(), home);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Login successful');
  });

  test('the right password from a new address: the same 429 as a wrong one, and a one-time link by mail that logs in once', async () => {
    const before = (await linkMails(editor.user.email)).length;
    const failures = await failuresCounted(editor.user.email);
    const wrongAnswer = await login(wrong(), '198.51.100.2');
    // Nothing is mailed for a wrong password.
    expect(await linkMails(editor.user.email)).toHaveLength(before);
    const rightAnswer = await login(right(), '198.51.100.3');
    // The same answer (the minutes and Retry-After grow with every failure, the wrong one's included) …
    for (const answer of [wrongAnswer, rightAnswer]) {
      expect(answer.statusCode).toBe(429);
      expect(answer.json().message).toMatch(LOCKED);
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    // … and both counted alike, so the next answer cannot tell them apart either.
    expect(await failuresCounted(editor.user.email)).toBe(failures + 2);
    let mails: string[] = [];
    await expect.poll(async () => (mails = await linkMails(editor.user.email)).length, { timeout: 5000 }).toBe(before + 1);
    const token = tokenIn(mails[mails.length - 1]!);
    expect(token).toBeDefined();

    const used = await linkLogin(token!, '198.51.100.3');
    expect(used.statusCode).toBe(200);
    expect(used.json().message).toBe('Login successful');
    expect(used.json().user).toMatchObject({ _id: editor.user._id, role: 'Editor' });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${used.json().token}` } });
    expect(me.statusCode).toBe(200);
    // Once only.
    const again = await linkLogin(token!, '198.51.100.3');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/login link/);
    // The address the link was used from is now known: the password alone gets in there.
    expect((await login(right(), '198.51.100.3')).statusCode).toBe(200);
  });

  test('a wrong password from a known address while the ceiling holds: 429, and it still counts', async () => {
    const res = await login(wrong(), home);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(LOCKED);
  });

  test('login-link mails are limited per account: a flood of right passwords from new addresses mails 3 an hour', async () => {
    const other = await signupAs(t.app, 'Author');
    await tripCeiling(other.user.email, '10.67.0', 'Author');
    for (let i = 0; i < 6; i++) {
      expect((await login({ email: other.user.email, password: other.password, role: 'Author' }, `198.51.100.${100 + i}`)).statusCode).toBe(
        429,
      );
    }
    await expect.poll(async () => (await linkMails(other.user.email)).length, { timeout: 5000 }).toBe(3);
  });
});

describe('POST /api/login/link', () => {
  test('an unknown or malformed token: 400 with a message, whatever the caller', async () => {
    for (const token of ['A'.repeat(43), 'short', '']) {
      const res = await linkLogin(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/login link/);
    }
  });

  test('a password-reset token is not a login link', async () => {
    const author = await signupAs(t.app, 'Author');
    await t.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: author.user.email, role: 'Author' },
      remoteAddress: '198.51.100.200',
    });
    let body: string | undefined;
    await expect
      .poll(
        async () => {
          const rows = await t.app.database.db
            .select({ body: mailQueue.body })
            .from(mailQueue)
            .where(and(eq(mailQueue.to, author.user.email), eq(mailQueue.template, 'passwordReset')));
          body = rows[0]?.body;
          return Boolean(body);
        },
        { timeout: 5000 },
      )
      .toBe(true);
    const token = /token=([A-Za-z0-9_-]{43})/.exec(body!)![1]!;
    expect((await linkLogin(token)).statusCode).toBe(400);
  });
});
