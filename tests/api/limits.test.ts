import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOGIN_LIMITS, LoginLimiter } from '../../src/server/auth/login-limiter';
import { addressKey, secondsOver, SharedLimiter } from '../../src/server/auth/request-limiter';
import { ConfigError, loadConfig } from '../../src/server/config';
import { contactMessages, rateLimits } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { verifyAddress } from '../support/mailbox';
import { signupAs, uniqueAddress } from '../support/users';

/**
 * Decision 0019: limits count the real client address (X-Forwarded-For only from
 * configured balancers), live in PostgreSQL so instances share them, stop abuse and not a campus.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const contact = (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}, message = 'Hello') =>
  app.app.inject({ method: 'POST', url: '/api/contact', payload: { message }, remoteAddress, headers });
const login = (payload: Record<string, unknown>, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress });
const signup = (email: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/signup',
    remoteAddress,
    payload: { name: 'Student', email, password: 'correct horse', confirmPassword: 'correct horse', role: 'Author' },
  });

describe('TRUST_PROXY', () => {
  test("off by default: a client's rotating X-Forwarded-For does not get past the contact limit (before: 30 × 201)", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await contact(t, '198.51.100.20', { 'x-forwarded-for': `10.9.${i}.1` })).statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.slice(5).every((c) => c === 429)).toBe(true);
    // The stored address is the socket's, not what the client claimed.
    const rows = await t.app.database.db.select().from(contactMessages).where(eq(contactMessages.ip, '198.51.100.20'));
    expect(rows).toHaveLength(5);
  });

  test("a hop count believes the balancer's X-Forwarded-For: clients behind it are counted apart", async () => {
    const behind = await startTestApp({ TRUST_PROXY: '1' });
    try {
      for (let i = 0; i < 7; i++) {
        expect((await contact(behind, '10.0.0.5', { 'x-forwarded-for': `203.0.113.${i}` })).statusCode).toBe(201);
      }
      const stored = await behind.app.database.db.select({ ip: contactMessages.ip }).from(contactMessages);
      expect(stored.map((r) => r.ip).sort()).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `203.0.113.${i}`).sort());
      // One client behind the balancer is still limited: only the last hop (the balancer's word) counts.
      const codes: number[] = [];
      for (let i = 0; i < 6; i++)
        codes.push((await contact(behind, '10.0.0.5', { 'x-forwarded-for': `6.6.6.${i}, 203.0.113.50` })).statusCode);
      expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    } finally {
      await behind.close();
    }
  });

  test('a list of balancer addresses: the header counts only when the socket is one of them', async () => {
    const behind = await startTestApp({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' });
    try {
      expect((await contact(behind, '10.1.2.3', { 'x-forwarded-for': '203.0.113.77' })).statusCode).toBe(201);
      const codes: number[] = [];
      for (let i = 0; i < 6; i++)
        codes.push((await contact(behind, '192.0.2.44', { 'x-forwarded-for': `203.0.113.${100 + i}` })).statusCode);
      expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
      const ips = (await behind.app.database.db.select({ ip: contactMessages.ip }).from(contactMessages)).map((r) => r.ip);
      expect(ips.filter((ip) => ip === '203.0.113.77')).toHaveLength(1);
      expect(ips.filter((ip) => ip === '192.0.2.44')).toHaveLength(5);
    } finally {
      await behind.close();
    }
  });

  test('a value that is neither a hop count nor addresses stops startup with a message naming it', () => {
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/40', 'true']) {
      expect(() => loadConfig({ TRUST_PROXY: bad, JWT_SECRET: 'x'.repeat(32) }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: bad, JWT_SECRET: 'x'.repeat(32) }), bad).toThrow(/TRUST_PROXY: must be a hop count/);
    }
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0', JWT_SECRET: 'x'.repeat(32) }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2', JWT_SECRET: 'x'.repeat(32) }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5,::1', JWT_SECRET: 'x'.repeat(32) }).TRUST_PROXY).toEqual(['10.0.0.5', '::1']);
  });
});

describe('limits counted in PostgreSQL', () => {
  test('two instances on one database share the contact limit', async () => {
    const second = await startTestApp({ DATABASE_URL: t.config.DATABASE_URL! });
    try {
      const codes = [];
      for (const app of [t, second, t, second, t, second]) codes.push((await contact(app, '198.51.100.30')).statusCode);
      expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    } finally {
      await second.close();
    }
  });

  test('an IPv6 client is counted by its /64: changing the last bits does not get past the limit', async () => {
    const codes = [];
    for (let i = 1; i <= 6; i++) codes.push((await contact(t, `2001:db8:1:2::${i.toString(16)}`)).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await contact(t, '2001:db8:1:3::1')).statusCode).toBe(201);
    expect(addressKey('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
  });

  test('the window slides: the previous window still counts by the part of it inside the last 10 minutes', () => {
    const limit = { key: 'k', limit: 5, windowMs: 600_000 };
    // A minute into a window after one of 10 messages: 9 still count, refused until 5 do (4 minutes on).
    expect(secondsOver(limit, { start: 0, previous: -600_000, fraction: 0.1 }, 0, 10)).toBe(240);
    // A minute after a window of 5, with 1 already in this one: 1 + 4.5 ≥ 5, refused for one more minute.
    expect(secondsOver(limit, { start: 0, previous: -600_000, fraction: 0.1 }, 1, 5)).toBe(60);
    // Half-way through the next window, half of those 5 count: 2.5 + 2 = 4.5 < 5, allowed.
    expect(secondsOver(limit, { start: 0, previous: -600_000, fraction: 0.5 }, 2, 5)).toBe(0);
    // Five in this window: refused until they fade in the next one (at least the rest of this window).
    expect(secondsOver(limit, { start: 0, previous: -600_000, fraction: 0.5 }, 5, 0)).toBeGreaterThanOrEqual(300);
  });

  test('rows of old windows are deleted as requests come; nothing is cleared wholesale', async () => {
    const db = t.app.database.db;
    let clock = Date.now() - 5 * 60 * 60 * 1000;
    const limiter = new SharedLimiter(db, () => clock);
    await limiter.take([{ key: 'sweep-test:old', limit: 10, windowMs: 60_000 }]);
    clock = Date.now();
    await limiter.take([{ key: 'sweep-test:new', limit: 10, windowMs: 60_000 }]);
    const keys = async () =>
      (
        await db
          .select({ key: rateLimits.key })
          .from(rateLimits)
          .where(sql`${rateLimits.key} like 'sweep-test:%'`)
      ).map((r) => r.key);
    await expect.poll(keys, { timeout: 5000 }).toEqual(['sweep-test:new']);
  });
});

describe('login throttling', () => {
  test('nobody can lock another user out from another address', async () => {
    const victim = await signupAs(t.app, 'Author');
    const wrong = { email: victim.user.email, password: 'not the password', role: 'Author' };
    const right = { email: victim.user.email, password: victim.password, role: 'Author' };
    const attacker = '198.51.100.66';
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await login(wrong, attacker)).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5).every((c) => c === 429)).toBe(true);
    // The attacker's address is stopped, even with the right password …
    const stopped = await login(right, attacker);
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    expect(stopped.json().message).toMatch(/^Too many failed logins\. Please try again in \d+ minutes?\.$/);
    // … the owner, from an address that has not been failing, logs in.
    const owner = await login(right, '203.0.113.200');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().message).toBe('Login successful');
  });

  test('one address guessing across many e-mails is stopped at 100 failures an hour; others are not', async () => {
    const address = '198.51.100.77';
    for (let i = 0; i < LOGIN_LIMITS.perAddress.limit; i++) {
      expect((await login({ email: `guess${i}@example.org`, password: 'x', role: 'Author' }, address)).statusCode).toBe(401);
    }
    const res = await login({ email: 'one-more@example.org', password: 'x', role: 'Author' }, address);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many failed logins/);
    expect((await login({ email: 'one-more@example.org', password: 'x', role: 'Author' }, '198.51.100.78')).statusCode).toBe(401);
  }, 180_000);

  test('guessing one e-mail from many addresses meets the per-e-mail ceiling', async () => {
    const victim = await signupAs(t.app, 'Author');
    const limiter = new LoginLimiter(new SharedLimiter(t.app.database.db));
    // 1000 failures from 250 addresses (4 each, under the per-address limits), counted as the route counts them.
    for (let i = 0; i < LOGIN_LIMITS.perEmail.limit; i++) await limiter.fail(victim.user.email, `10.77.${i % 250}.1`);
    const res = await login({ email: victim.user.email, password: victim.password, role: 'Author' }, '203.0.113.201');
    expect(res.statusCode).toBe(429);
    // Another account is untouched.
    const other = await signupAs(t.app, 'Author');
    expect((await login({ email: other.user.email, password: other.password, role: 'Author' }, '203.0.113.201')).statusCode).toBe(200);
  }, 180_000);
});

describe('a campus behind one NAT', () => {
  const campus = '192.0.2.200';

  test('100 sign-ups and 100 logins from one address in an hour all pass', async () => {
    const emails: string[] = [];
    for (let i = 0; i < 100; i++) {
      const email = uniqueAddress('student');
      const res = await signup(email, campus);
      expect(res.statusCode, `signup ${i}`).toBe(201);
      emails.push(email);
    }
    // A few typos among them do not stop the class.
    for (const email of emails.slice(0, 10))
      expect((await login({ email, password: 'typo', role: 'Author' }, campus)).statusCode).toBe(401);
    for (const [i, email] of emails.entries()) {
      expect((await login({ email, password: 'correct horse', role: 'Author' }, campus)).statusCode, `login ${i}`).toBe(200);
    }
  }, 300_000);

  test('past 200 sign-ups an hour from one address: 429 with a clear message, also for a known e-mail; other addresses sign up', async () => {
    // The previous test signed up 100 from this address.
    for (let i = 100; i < 200; i++) expect((await signup(uniqueAddress('student'), campus)).statusCode, `signup ${i}`).toBe(201);
    const over = await signup(uniqueAddress('student'), campus);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/^Too many sign-ups from your address\. Please try again in \d+ minutes?\.$/);
    const known = await signupAs(t.app, 'Author');
    await verifyAddress(t.app, known.user.email); // an unverified address may still be signed up again (docs/product.md#accounts-and-verified-addresses)
    expect((await signup(known.user.email, campus)).statusCode).toBe(429);
    expect((await signup(known.user.email, '192.0.2.201')).statusCode).toBe(409);
    expect((await signup(uniqueAddress('student'), '192.0.2.201')).statusCode).toBe(201);
  }, 300_000);
});

describe('an empty contact form', () => {
  test("stores nothing and answers 200 (not 201: nothing created) with the page's toast text", async () => {
    const before = (await t.app.database.db.select().from(contactMessages)).length;
    for (const [i, payload] of [
      {},
      { name: '', email: '', phone: '', subject: '', message: '' },
      { name: '  ', message: '\n\t ' },
    ].entries()) {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: `198.51.100.${90 + i}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Message sent successfully !!' });
    }
    expect(await t.app.database.db.select().from(contactMessages)).toHaveLength(before);
    // One field is enough to be a message.
    const one = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { phone: '+66 1' }, remoteAddress: '198.51.100.95' });
    expect(one.statusCode).toBe(201);
  });
});
