import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LOGIN_LIMITS } from '../../src/server/auth/login-limiter';
import { issueAccountToken } from '../../src/server/services/accounts/account-tokens';
import { RESETS_PER_ADDRESS } from '../../src/server/services/accounts/reset-password';
import { startTestApp, type TestApp } from '../support/app';
import { signupAs } from '../support/users';

/**
 * Decision 0022: password hashing (scrypt, ~40 ms and 16 MB each) is the server's most expensive work.
 * A bad reset link must cost no hash, resets and logins are limited per address (a class behind one NAT
 * still logs in), and every hash waits in one bounded queue: full, it answers 503 at once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const HOUR_MS = 3_600_000;
const BUSY = 'The server is busy. Please try again in a few seconds.';
const reset = (app: TestApp, token: string, remoteAddress: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/password/reset',
    remoteAddress,
    payload: { token, password: 'a new long password', confirmPassword: 'a new long password' },
  });
const login = (app: TestApp, payload: Record<string, unknown>, remoteAddress: string) =>
  app.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress });
/** Password hashes (scrypt runs) the server has started: the counter the hashing queue keeps. */
const hashes = (app: TestApp) => app.app.hashing.stats().started;

describe('POST /api/password/reset', () => {
  test('a bad link is refused with 400 before any password hash: 200 bad resets run no scrypt', async () => {
    const before = hashes(t);
    for (let i = 0; i < 200; i++) {
      const res = await reset(t, `${'A'.repeat(40)}${String(i).padStart(3, '0')}`, `198.18.${i >> 8}.${i & 255}`);
      expect(res.statusCode).toBe(400);
    }
    expect(hashes(t)).toBe(before);
    // A good link does hash the new password: the counter sees it.
    const author = await signupAs(t.app, 'Author');
    const token = await issueAccountToken({ db: t.app.database.db, userId: author.user._id, purpose: 'reset', ttlMs: 60_000 });
    const beforeGood = hashes(t);
    expect((await reset(t, token, '198.18.9.1')).statusCode).toBe(200);
    expect(hashes(t)).toBe(beforeGood + 1);
    expect((await login(t, { email: author.user.email, password: 'a new long password', role: 'Author' }, '198.18.9.2')).statusCode).toBe(
      200,
    );
  });

  test('one link used by two resets at once: one 200, one 400', async () => {
    const author = await signupAs(t.app, 'Author');
    const token = await issueAccountToken({ db: t.app.database.db, userId: author.user._id, purpose: 'reset', ttlMs: 60_000 });
    const codes = (await Promise.all([reset(t, token, '198.18.10.1'), reset(t, token, '198.18.10.2')])).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([200, 400]);
    expect((await reset(t, token, '198.18.10.3')).statusCode).toBe(400);
  });

  test(`past ${RESETS_PER_ADDRESS.limit} resets an hour from one address: 429 with Retry-After; other addresses go on`, async () => {
    const address = '198.18.20.1';
    for (let i = 0; i < RESETS_PER_ADDRESS.limit; i++) expect((await reset(t, 'B'.repeat(43), address)).statusCode, `reset ${i}`).toBe(400);
    const over = await reset(t, 'B'.repeat(43), address);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/^Too many password resets from your address\. Please try again in \d+ minutes?\.$/);
    expect((await reset(t, 'B'.repeat(43), '198.18.20.2')).statusCode).toBe(400);
  });
});

describe('logins per address', () => {
  test(`a class behind one NAT: 100 successful logins an hour all pass; past ${LOGIN_LIMITS.attemptsPerAddress.limit} logins of any kind, 429`, async () => {
    const campus = '192.0.2.150';
    const student = await signupAs(t.app, 'Author');
    const right = { email: student.user.email, password: student.password, role: 'Author' };
    const started = Date.now();
    for (let i = 0; i < 100; i++) expect((await login(t, right, campus)).statusCode, `login ${i}`).toBe(200);
    // Every attempt counts, successful or not: fill the rest of the hour with malformed ones (no hash needed).
    for (let i = 100; i < LOGIN_LIMITS.attemptsPerAddress.limit; i++) {
      expect((await login(t, { email: student.user.email, role: 'Author' }, campus)).statusCode, `attempt ${i}`).toBe(400);
    }
    // The window slides: the count is this hour's plus the last hour's weighted by what is left of it. Within one
    // hour the next login is refused at once; when the hour turned during the test, the estimate lags the true count
    // by at most limit × (time since the hour turned) / 1 h, so that many more may pass before the refusal.
    let over = await login(t, right, campus);
    let passedOver = 0;
    while (over.statusCode === 200 && passedOver < 20) {
      passedOver++;
      over = await login(t, right, campus);
    }
    const turned = Math.floor(started / HOUR_MS) !== Math.floor(Date.now() / HOUR_MS);
    const lag = turned ? Math.ceil((LOGIN_LIMITS.attemptsPerAddress.limit * (Date.now() % HOUR_MS)) / HOUR_MS) + 1 : 0;
    expect(passedOver).toBeLessThanOrEqual(lag);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json().message).toMatch(/^Too many logins from your address\. Please try again in \d+ minutes?\.$/);
    expect((await login(t, right, '192.0.2.151')).statusCode).toBe(200);
  }, 120_000);
});

describe('the password hashing queue', () => {
  test('full: 503 with Retry-After and a clear message, at once; a login from another address still gets in', async () => {
    const small = await startTestApp({ HASH_CONCURRENCY: '1', HASH_QUEUE: '4' });
    try {
      const user = await signupAs(small.app, 'Author');
      const right = { email: user.user.email, password: user.password, role: 'Author' };
      const flood = Array.from({ length: 16 }, () => login(small, right, '198.18.30.1'));
      const other = login(small, right, '198.18.30.2');
      const answers = await Promise.all(flood);
      expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 503)).toBe(true);
      const busy = answers.filter((r) => r.statusCode === 503);
      // One running and one waiting from that address (its fair share of the queue of 4): the others that came
      // meanwhile are refused at once.
      expect(busy.length).toBeGreaterThan(0);
      expect(busy[0]!.json()).toEqual({ message: BUSY });
      expect(Number(busy[0]!.headers['retry-after'])).toBeGreaterThan(0);
      expect((await other).statusCode).toBe(200);
      expect(small.app.hashing.stats().refused).toBe(busy.length);
      // Once the queue drains, the same address logs in again.
      expect((await login(small, right, '198.18.30.1')).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});
