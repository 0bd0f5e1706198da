import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { freshPostgresUrl } from '../support/database';
import { mailedLink, startSmtpListener } from '../support/smtp';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0071: a token names its sign-in session; the person lists where they are signed in and ends any session or
 * all others, and an ended session is refused at once on every instance sharing the database.
 */
let pg: { url: string; drop: () => Promise<void> };
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let a: TestApp;
let b: TestApp;
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  pg = await freshPostgresUrl();
  smtp = await startSmtpListener();
  const env = { DATABASE_URL: pg.url, SMTP_URL: smtp.url };
  [a, b] = await Promise.all([startTestApp(env), startTestApp(env)]);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await smtp?.close();
  await pg?.drop();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A password login from a device and address: its token. */
async function logIn(app: TestApp, who: SignedUp, userAgent: string, ip: string): Promise<string> {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
    payload: { email: who.user.email, password: who.password, role: who.user.role },
  });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}
const me = (app: TestApp, token: string) => app.app.inject({ url: '/api/me', headers: bearer(token) });
const list = async (app: TestApp, token: string) => {
  const res = await app.app.inject({ url: '/api/account/sessions', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    sessions: Array<{ _id: string; device: string; ip: string; current: boolean; createdAt: string }>;
    legacy: boolean;
  };
};

describe('sessions', () => {
  test('a person sees where they are signed in: device, address, when, and which one is this device', async () => {
    const reviewer = await signupAs(a.app, 'Reviewer');
    const laptop = await logIn(a, reviewer, FIREFOX, '198.51.100.7');
    const phone = await logIn(b, reviewer, IPHONE, '203.0.113.9');
    const seen = await list(a, laptop);
    expect(seen.legacy).toBe(false);
    // The signup's own session, the laptop and the phone: this device first.
    expect(seen.sessions).toHaveLength(3);
    expect(seen.sessions[0]).toMatchObject({ device: 'Firefox on Windows', ip: '198.51.100.7', current: true });
    expect(seen.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(seen.sessions.find((s) => s.device === 'Safari on iPhone')).toMatchObject({ ip: '203.0.113.9', current: false });
    expect(Number.isNaN(Date.parse(seen.sessions[0]!.createdAt))).toBe(false);
    // Another person sees none of them.
    const other = await signupAs(a.app, 'Reviewer');
    expect((await list(a, other.token)).sessions.map((s) => s._id)).not.toContain(seen.sessions[0]!._id);
    expect((await list(b, phone)).sessions.find((s) => s.current)?.device).toBe('Safari on iPhone');
  });

  test('an ended session is refused at once, on this instance and on the other one', async () => {
    const reviewer = await signupAs(a.app, 'Reviewer');
    const laptop = await logIn(a, reviewer, FIREFOX, '198.51.100.8');
    const phone = await logIn(a, reviewer, IPHONE, '203.0.113.10');
    // Both instances have admitted the phone's token once (and remembered its signature).
    expect((await me(a, phone)).statusCode).toBe(200);
    expect((await me(b, phone)).statusCode).toBe(200);
    const phoneSession = (await list(a, phone)).sessions.find((s) => s.current)!;
    const ended = await a.app.inject({ method: 'DELETE', url: `/api/account/sessions/${phoneSession._id}`, headers: bearer(laptop) });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().message).toBe('Session ended');
    for (const app of [b, a]) {
      const refused = await me(app, phone);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe('Please login first');
    }
    expect((await me(b, laptop)).statusCode).toBe(200);
    expect((await list(a, laptop)).sessions.map((s) => s._id)).not.toContain(phoneSession._id);
    // Ending it again, or another person's session, is a 404.
    const again = await a.app.inject({ method: 'DELETE', url: `/api/account/sessions/${phoneSession._id}`, headers: bearer(laptop) });
    expect(again.statusCode).toBe(404);
    const stranger = await signupAs(a.app, 'Author');
    const laptopSession = (await list(a, laptop)).sessions.find((s) => s.current)!;
    const notTheirs = await a.app.inject({ method: 'DELETE', url: `/api/account/sessions/${laptopSession._id}`, headers: stranger.auth });
    expect(notTheirs.statusCode).toBe(404);
    expect((await me(a, laptop)).statusCode).toBe(200);
    // A malformed id is a clean 400.
    expect((await a.app.inject({ method: 'DELETE', url: '/api/account/sessions/nope', headers: bearer(laptop) })).statusCode).toBe(400);
  });

  test('ending every other session keeps this one and refuses the rest everywhere', async () => {
    const editor = await signupAs(a.app, 'Author');
    const one = await logIn(a, editor, FIREFOX, '198.51.100.11');
    const two = await logIn(b, editor, IPHONE, '203.0.113.11');
    const res = await b.app.inject({ method: 'POST', url: '/api/account/sessions/end-others', headers: bearer(two) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: '2 other sessions ended', ended: 2 });
    for (const app of [a, b]) {
      expect((await me(app, one)).statusCode).toBe(401);
      expect((await me(app, editor.token)).statusCode).toBe(401);
      expect((await me(app, two)).statusCode).toBe(200);
    }
    expect((await list(a, two)).sessions).toHaveLength(1);
  });

  test('a password reset ends every session of the account', async () => {
    const author = await signupAs(a.app, 'Author');
    const laptop = await logIn(a, author, FIREFOX, '198.51.100.12');
    expect((await me(b, laptop)).statusCode).toBe(200);
    await a.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: author.user.email, role: 'Author' } });
    const link = await mailedLink(smtp.mails, author.user.email, '/reset-password');
    const token = new URL(link, 'http://x').searchParams.get('token');
    const reset = await b.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token, password: 'a brand new password', confirmPassword: 'a brand new password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(a, laptop)).statusCode).toBe(401);
    const open = await a.app.database.db.select().from(sessions).where(eq(sessions.userId, author.user._id));
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((s) => s.endedAt !== null)).toBe(true);
    const fresh = await logIn(a, { ...author, password: 'a brand new password' }, FIREFOX, '198.51.100.12');
    expect((await list(b, fresh)).sessions).toHaveLength(1);
  });

  test('a token from before sessions were recorded works until the account ends its other sessions', async () => {
    const reviewer = await signupAs(a.app, 'Reviewer');
    // As the previous release signed it: no session id.
    const legacy = await new SignJWT({ role: 'Reviewer', iam: Date.now() - 60_000 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(reviewer.user._id)
      .setIssuedAt()
      .setExpirationTime('7d')
      .sign(new TextEncoder().encode(a.config.JWT_SECRET));
    expect((await me(b, legacy)).statusCode).toBe(200);
    expect((await list(a, legacy)).legacy).toBe(true);
    const now = await logIn(a, reviewer, FIREFOX, '198.51.100.13');
    await a.app.inject({ method: 'POST', url: '/api/account/sessions/end-others', headers: bearer(now) });
    expect((await me(b, legacy)).statusCode).toBe(401);
    expect((await me(a, now)).statusCode).toBe(200);
    const [row] = await a.app.database.db
      .select({ cutoff: users.unsessionedTokensValidAfter })
      .from(users)
      .where(eq(users.id, reviewer.user._id));
    expect(row!.cutoff).not.toBeNull();
  });

  test('the session routes need a login', async () => {
    expect((await a.app.inject({ url: '/api/account/sessions' })).statusCode).toBe(401);
    expect((await a.app.inject({ method: 'POST', url: '/api/account/sessions/end-others' })).statusCode).toBe(401);
  });
});
