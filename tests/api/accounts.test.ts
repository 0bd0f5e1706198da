import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FORGOT_ANSWER_KEPT } from '../../src/core/mail-states';
import { RESET_DONE, RESET_LINK_BAD, VERIFY_DONE, VERIFY_LINK_BAD } from '../../src/core/schemas/accounts';
import { accountTokens, auditLog, users } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { linkMailedTo as linkMailedToOf, mailBodies as mailBodiesOf } from '../support/mailbox';
import { signupAs } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

let ipSeq = 0;
const freshIp = () => `198.51.100.${(++ipSeq % 250) + 1}`;
const post = (url: string, payload: Record<string, unknown>, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: opts.ip ?? freshIp(), headers: opts.headers });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
const login = (email: string, password: string, role = 'Author') => post('/api/login', { email, password, role });

const mailBodies = (to: string, template: string) => mailBodiesOf(t.app, to, template);
const linkMailedTo = (to: string, template: 'passwordReset' | 'verifyEmail', count = 1) => linkMailedToOf(t.app, to, template, count);
const mailsTo = async (to: string, template: string) => (await mailBodies(to, template)).length;

describe('POST /api/password/forgot', () => {
  test('answers the same for a registered and an unknown e-mail, and mails only the registered one', async () => {
    const author = await signupAs(t.app, 'Author');
    const unknown = `nobody.${Date.now()}@example.org`;
    const known = await post('/api/password/forgot', { email: author.user.email, role: 'Author' });
    const other = await post('/api/password/forgot', { email: unknown, role: 'Author' });
    const wrongRole = await post('/api/password/forgot', { email: author.user.email, role: 'Reviewer' });
    for (const res of [known, other, wrongRole]) {
      expect(res.statusCode).toBe(200);
      // No mail server here: the answer says the link was kept (decision 0041), the same for every address.
      expect(res.json()).toEqual({ message: FORGOT_ANSWER_KEPT, mail: 'outbox' });
    }
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(other.headers).sort());
    const token = await linkMailedTo(author.user.email, 'passwordReset');
    expect(token).toHaveLength(43);
    expect(await mailsTo(unknown, 'passwordReset')).toBe(0);
    // Only a hash of the link's token is stored.
    const stored = await t.app.database.db.select().from(accountTokens).where(eq(accountTokens.userId, author.user._id));
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);
  });

  test('a malformed e-mail or role is a 400 naming the problem', async () => {
    const res = await post('/api/password/forgot', { email: 'not-an-email', role: 'Author' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/email/i);
    expect((await post('/api/password/forgot', { email: 'a@example.org', role: 'Admin' })).statusCode).toBe(400);
  });

  test('is limited per e-mail (3 an hour) whichever address asks, for unknown e-mails too', async () => {
    const email = `limited.${Date.now()}@example.org`;
    for (let i = 0; i < 3; i++) expect((await post('/api/password/forgot', { email, role: 'Author' })).statusCode).toBe(200);
    const res = await post('/api/password/forgot', { email, role: 'Author' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/too many/i);
  });

  test('is limited per client address (100 an hour: a campus behind one address) across e-mails, in PostgreSQL', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 100; i++)
      expect(
        (await post('/api/password/forgot', { email: `probe${i}.${Date.now()}@example.org`, role: 'Author' }, { ip })).statusCode,
      ).toBe(200);
    expect((await post('/api/password/forgot', { email: `probe-last.${Date.now()}@example.org`, role: 'Author' }, { ip })).statusCode).toBe(
      429,
    );
  });
});

describe('POST /api/password/reset', () => {
  test('a link works once: new password in, old password out, and the second use is refused', async () => {
    const author = await signupAs(t.app, 'Author');
    await post('/api/password/forgot', { email: author.user.email, role: 'Author' });
    const token = await linkMailedTo(author.user.email, 'passwordReset');
    const res = await post('/api/password/reset', { token, password: 'a brand new secret', confirmPassword: 'a brand new secret' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: RESET_DONE });
    expect((await login(author.user.email, 'a brand new secret')).statusCode).toBe(200);
    expect((await login(author.user.email, author.password)).statusCode).toBe(401);
    const again = await post('/api/password/reset', { token, password: 'yet another secret', confirmPassword: 'yet another secret' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: RESET_LINK_BAD });
    // One audit row for the one reset, naming the account and not the password or the token.
    const audits = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, author.user._id), eq(auditLog.action, 'password.reset')));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(token);
    expect(JSON.stringify(audits)).not.toContain('a brand new secret');
  });

  test('every login token issued before the reset stops working; one issued after works', async () => {
    const author = await signupAs(t.app, 'Author');
    const before = (await login(author.user.email, author.password)).json().token as string;
    expect((await me(author.token)).statusCode).toBe(200);
    await post('/api/password/forgot', { email: author.user.email, role: 'Author' });
    const token = await linkMailedTo(author.user.email, 'passwordReset');
    expect((await post('/api/password/reset', { token, password: 'after the reset', confirmPassword: 'after the reset' })).statusCode).toBe(
      200,
    );
    expect((await me(author.token)).statusCode).toBe(401);
    expect((await me(before)).statusCode).toBe(401);
    const after = (await login(author.user.email, 'after the reset')).json().token as string;
    expect((await me(after)).statusCode).toBe(200);
  });

  test('an expired link is refused, and so is an older link once another was used', async () => {
    const author = await signupAs(t.app, 'Author');
    const { db } = t.app.database;
    await post('/api/password/forgot', { email: author.user.email, role: 'Author' });
    const first = await linkMailedTo(author.user.email, 'passwordReset', 1);
    await post('/api/password/forgot', { email: author.user.email, role: 'Author' });
    const second = await linkMailedTo(author.user.email, 'passwordReset', 2);
    expect(second).not.toBe(first);
    await db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.userId, author.user._id));
    const expired = await post('/api/password/reset', { token: second, password: 'too late now', confirmPassword: 'too late now' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(RESET_LINK_BAD);
    await db
      .update(accountTokens)
      .set({ expiresAt: sql`now() + interval '1 hour'` })
      .where(eq(accountTokens.userId, author.user._id));
    expect(
      (await post('/api/password/reset', { token: second, password: 'in time again', confirmPassword: 'in time again' })).statusCode,
    ).toBe(200);
    const older = await post('/api/password/reset', { token: first, password: 'the older link', confirmPassword: 'the older link' });
    expect(older.statusCode).toBe(400);
  });

  test.each([
    ['a short password', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    ['passwords that differ', { password: 'long enough one', confirmPassword: 'long enough two' }, 'Passwords do not match'],
    ['a malformed token', { token: 'abc' }, RESET_LINK_BAD],
    ['an unknown token', { token: 'A'.repeat(43) }, RESET_LINK_BAD],
  ])('%s is a 400 with the rule', async (_name, over, message) => {
    const res = await post('/api/password/reset', {
      token: 'B'.repeat(43),
      password: 'long enough one',
      confirmPassword: 'long enough one',
      ...over,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe('e-mail verification', () => {
  test('signup mails a link; the link verifies that account once', async () => {
    const reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const token = await linkMailedTo(reviewer.user.email, 'verifyEmail');
    const { db } = t.app.database;
    const verifiedAt = async () =>
      (await db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, reviewer.user._id)))[0]!.at;
    expect(await verifiedAt()).toBeNull();
    const res = await post('/api/email/verify', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: VERIFY_DONE });
    expect(await verifiedAt()).toBeInstanceOf(Date);
    expect(
      await t.app.database.db.$count(auditLog, and(eq(auditLog.actorId, reviewer.user._id), eq(auditLog.action, 'email.verify'))),
    ).toBe(1);
    const again = await post('/api/email/verify', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(VERIFY_LINK_BAD);
    const roles = await t.app.inject({ method: 'GET', url: '/api/me/roles', headers: reviewer.auth });
    expect(roles.json().emailVerified).toBe(true);
  });

  test('a reset link is not a verification link and the other way round', async () => {
    const author = await signupAs(t.app, 'Author');
    const verify = await linkMailedTo(author.user.email, 'verifyEmail');
    const res = await post('/api/password/reset', { token: verify, password: 'long enough one', confirmPassword: 'long enough one' });
    expect(res.statusCode).toBe(400);
    await post('/api/password/forgot', { email: author.user.email, role: 'Author' });
    const reset = await linkMailedTo(author.user.email, 'passwordReset');
    expect((await post('/api/email/verify', { token: reset })).statusCode).toBe(400);
  });

  test('an unverified account can ask for the link again; a verified one is told it is done', async () => {
    const author = await signupAs(t.app, 'Author');
    await linkMailedTo(author.user.email, 'verifyEmail');
    const res = await post('/api/email/verify/resend', {}, { headers: author.auth });
    expect(res.statusCode).toBe(200);
    const token = await linkMailedTo(author.user.email, 'verifyEmail', 2);
    expect((await post('/api/email/verify', { token })).statusCode).toBe(200);
    const done = await post('/api/email/verify/resend', {}, { headers: author.auth });
    expect(done.statusCode).toBe(400);
    expect(done.json().message).toMatch(/already verified/);
  });
});

describe('one person, several roles', () => {
  const switchTo = (token: string, role: string) => post('/api/switch-role', { role }, { headers: { authorization: `Bearer ${token}` } });
  const rolesOf = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/me/roles', headers: { authorization: `Bearer ${token}` } })).json();

  test('after one login with the password, the other roles of the same e-mail are offered and switching needs no password', async () => {
    const email = `both.${Date.now()}@example.org`;
    const author = await signupAs(t.app, 'Author', { email });
    await signupAs(t.app, 'Reviewer', { email: email.toUpperCase(), tags: ['AI'] });
    const token = (await login(email, author.password)).json().token as string;
    expect(await rolesOf(token)).toEqual({ current: 'Author', emailVerified: false, roles: [{ role: 'Reviewer', available: true }] });
    const res = await switchTo(token, 'Reviewer');
    expect(res.statusCode).toBe(200);
    const reviewerToken = res.json().token as string;
    expect(res.json().user.role).toBe('Reviewer');
    // Each role still sees only its own calls.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/author/my-papers', headers: { authorization: `Bearer ${reviewerToken}` } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/reviewer/assigned-papers/${res.json().user._id}`,
          headers: { authorization: `Bearer ${reviewerToken}` },
        })
      ).statusCode,
    ).toBe(200);
    // And back again.
    const back = await switchTo(reviewerToken, 'Author');
    expect(back.statusCode).toBe(200);
    expect(back.json().user._id).toBe(author.user._id);
  });

  test('an account of the same e-mail with another password is not offered, even with both e-mails verified, until its own password is typed', async () => {
    const email = `two-passwords.${Date.now()}@example.org`;
    const author = await signupAs(t.app, 'Author', { email });
    const reviewer = await signupAs(t.app, 'Reviewer', { email, password: 'a different password', tags: ['AI'] });
    const token = (await login(email, author.password)).json().token as string;
    expect((await rolesOf(token)).roles).toEqual([{ role: 'Reviewer', available: false }]);
    const refused = await switchTo(token, 'Reviewer');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/type its password/);
    // docs/product.md#accounts-and-verified-addresses: a shared address, verified by both, proves nothing about who holds the other account.
    const { db } = t.app.database;
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, author.user._id));
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, reviewer.user._id));
    expect((await rolesOf(token)).roles).toEqual([{ role: 'Reviewer', available: false }]);
    expect((await switchTo(token, 'Reviewer')).statusCode).toBe(403);
    const wrong = await post(
      '/api/switch-role',
      { role: 'Reviewer', password: author.password },
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('That is not the password of your account in this role');
    const typed = await post(
      '/api/switch-role',
      { role: 'Reviewer', password: 'a different password' },
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(typed.statusCode).toBe(200);
    expect(typed.json().user._id).toBe(reviewer.user._id);
    // Back without a password: the reviewer's token carries the author account this person came from.
    expect((await switchTo(typed.json().token, 'Author')).statusCode).toBe(200);
  });

  test("someone who signs up with another person's e-mail cannot switch into that person's verified account", async () => {
    const email = `victim.${Date.now()}@example.org`;
    const victim = await signupAs(t.app, 'Reviewer', { email, password: 'the victim secret', tags: ['AI'] });
    const { db } = t.app.database;
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, victim.user._id));
    const attacker = await signupAs(t.app, 'Author', { email, password: 'the attacker secret' });
    expect((await rolesOf(attacker.token)).roles).toEqual([{ role: 'Reviewer', available: false }]);
    expect((await switchTo(attacker.token, 'Reviewer')).statusCode).toBe(403);
    const viaLogin = (await login(email, 'the attacker secret')).json().token as string;
    expect((await switchTo(viaLogin, 'Reviewer')).statusCode).toBe(403);
  });

  test('a switch proved by a password the other account has since reset is refused', async () => {
    const email = `reset-between.${Date.now()}@example.org`;
    const author = await signupAs(t.app, 'Author', { email });
    await signupAs(t.app, 'Reviewer', { email, tags: ['AI'] });
    const token = (await login(email, author.password)).json().token as string;
    expect((await rolesOf(token)).roles).toEqual([{ role: 'Reviewer', available: true }]);
    await post('/api/password/forgot', { email, role: 'Reviewer' });
    const link = await linkMailedTo(email, 'passwordReset');
    expect(
      (await post('/api/password/reset', { token: link, password: 'the reviewer only', confirmPassword: 'the reviewer only' })).statusCode,
    ).toBe(200);
    expect((await rolesOf(token)).roles).toEqual([{ role: 'Reviewer', available: false }]);
    expect((await switchTo(token, 'Reviewer')).statusCode).toBe(403);
  });

  test('switching to a role without an account is a 404, to the same role a 400, without a token a 401', async () => {
    const author = await signupAs(t.app, 'Author');
    expect((await switchTo(author.token, 'Editor')).statusCode).toBe(404);
    expect((await switchTo(author.token, 'Author')).statusCode).toBe(400);
    expect((await post('/api/switch-role', { role: 'Reviewer' })).statusCode).toBe(401);
    expect((await switchTo(author.token, 'Admin')).statusCode).toBe(400);
  });
});
