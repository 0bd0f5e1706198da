import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SECOND_FACTOR_ENROL_FIRST, SECOND_FACTOR_WRONG } from '../../src/core/schemas/signin';
import { auditLog, awardPanelMembers, userTotp } from '../../src/server/db/schema';
import { issueAccountToken } from '../../src/server/services/accounts/account-tokens';
import { SECOND_FACTOR_LIMITS } from '../../src/server/services/signin/second-factor';
import { startTestApp, type TestApp } from '../support/app';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';

// Decision 0070: the second factor (TOTP, RFC 6238) on every way in. Codes are computed here with otplib from the
// secret the enrolment shows, as an authenticator app would.

const EDITORS = [uniqueAddress('chief'), uniqueAddress('deputy'), uniqueAddress('third')];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ EDITOR_EMAILS: EDITORS.join(',') });
});
afterAll(async () => {
  await t?.close();
});

const STEP_S = 30;
const currentStep = () => Math.floor(Date.now() / 1000 / STEP_S);

/**
 * The next code the server will take for this account: the step after the last one it used (a code is good once),
 * and not before the clock allows it (the server accepts one step of drift either way: it waits for the clock when
 * this account has used the next step already).
 */
async function nextCode(secret: string, userId: string): Promise<string> {
  const [row] = await t.app.database.db.select({ lastStep: userTotp.lastStep }).from(userTotp).where(eq(userTotp.userId, userId));
  const want = Math.max((row?.lastStep ?? 0) + 1, currentStep());
  while (want > currentStep() + 1) await new Promise((resolve) => setTimeout(resolve, 250));
  return generate({ secret, epoch: want * STEP_S });
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

async function enrol(who: SignedUp): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await post('/api/account/second-factor', {}, who.auth);
  expect(started.statusCode, started.body).toBe(200);
  const { secret, uri, qr } = started.json();
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(uri).toContain(`secret=${secret}`);
  expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
  const confirmed = await post('/api/account/second-factor/confirm', { code: await nextCode(secret, who.user._id) }, who.auth);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: confirmed.json().recoveryCodes };
}

const login = (who: SignedUp, ip = '10.1.0.1', role = who.user.role) =>
  post('/api/login', { email: who.user.email, password: who.password, role }, {}, ip);
const second = (ticket: string, code: string, ip = '10.1.0.1') => post('/api/login/second-factor', { ticket, code }, {}, ip);

describe('enrolling', () => {
  test('a QR and a first code turn it on, with ten recovery codes shown once; a wrong first code does not', async () => {
    const author = await signupAs(t.app, 'Author');
    const started = await post('/api/account/second-factor', {}, author.auth);
    const { secret } = started.json();
    const wrong = await post(
      '/api/account/second-factor/confirm',
      { code: '000000' === (await nextCode(secret, author.user._id)) ? '111111' : '000000' },
      author.auth,
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(SECOND_FACTOR_WRONG);
    expect((await get('/api/account/security', author.auth)).json().secondFactor).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const confirmed = await post('/api/account/second-factor/confirm', { code: await nextCode(secret, author.user._id) }, author.auth);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().recoveryCodes).toHaveLength(10);
    for (const c of confirmed.json().recoveryCodes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(new Set(confirmed.json().recoveryCodes).size).toBe(10);
    expect((await get('/api/account/security', author.auth)).json().secondFactor).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    // Only hashes are kept.
    const stored = JSON.stringify(await t.app.database.db.execute('select * from user_recovery_codes'));
    for (const c of confirmed.json().recoveryCodes) expect(stored).not.toContain(c.replace('-', ''));
    // Audited.
    const rows = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, author.user._id), eq(auditLog.action, 'second-factor.enrol')));
    expect(rows).toHaveLength(1);
  });
});

describe('logging in with a second factor', () => {
  test('an account without one gets the same answer as before: message, token, user and nothing else', async () => {
    const plain = await signupAs(t.app, 'Reviewer');
    const res = await login(plain);
    expect(Object.keys(res.json())).toEqual(['message', 'token', 'user']);
  });

  test('the password alone gives a ticket, not a token; the code gives the token; a replayed code is refused', async () => {
    const author = await signupAs(t.app, 'Author');
    const { secret } = await enrol(author);
    const first = await login(author);
    expect(first.statusCode).toBe(200);
    const pending = first.json();
    expect(pending.token).toBeUndefined();
    expect(pending).toMatchObject({ secondFactor: { pending: true, expiresInSeconds: 300 } });
    // The ticket is no token.
    expect((await get('/api/me', { authorization: `Bearer ${pending.secondFactor.ticket}` })).statusCode).toBe(401);
    const code = await nextCode(secret, author.user._id);
    const done = await second(pending.secondFactor.ticket, code);
    expect(done.statusCode, done.body).toBe(200);
    expect(Object.keys(done.json())).toEqual(['message', 'token', 'user']);
    expect((await get('/api/me', { authorization: `Bearer ${done.json().token}` })).json()._id).toBe(author.user._id);
    // The ticket is used up, and the same code on a new login is refused.
    expect((await second(pending.secondFactor.ticket, code)).statusCode).toBe(400);
    const again = (await login(author)).json();
    const replay = await second(again.secondFactor.ticket, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(SECOND_FACTOR_WRONG);
  });

  test("another account's code is refused", async () => {
    const a = await signupAs(t.app, 'Author');
    const b = await signupAs(t.app, 'Author');
    await enrol(a);
    const bFactor = await enrol(b);
    const ticket = (await login(a)).json().secondFactor.ticket;
    const res = await second(ticket, await nextCode(bFactor.secret, b.user._id));
    expect(res.statusCode).toBe(401);
    const recovery = await second(ticket, bFactor.recoveryCodes[0]!);
    expect(recovery.statusCode).toBe(401);
  });

  test('a recovery code works once', async () => {
    const author = await signupAs(t.app, 'Author');
    const { recoveryCodes } = await enrol(author);
    const t1 = (await login(author)).json().secondFactor.ticket;
    const ok = await second(t1, recoveryCodes[3]!.toUpperCase());
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/account/security', { authorization: `Bearer ${ok.json().token}` })).json().secondFactor.recoveryCodesLeft).toBe(
      9,
    );
    const t2 = (await login(author)).json().secondFactor.ticket;
    expect((await second(t2, recoveryCodes[3]!)).statusCode).toBe(401);
  });

  test('guessing codes is limited per account, from every address together', async () => {
    const author = await signupAs(t.app, 'Author');
    const { secret } = await enrol(author);
    const ticket = (await login(author)).json().secondFactor.ticket;
    const right = await nextCode(secret, author.user._id);
    const wrong = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < SECOND_FACTOR_LIMITS.perAccount.limit; i++) {
      const res = await second(ticket, wrong, `10.77.${i}.1`);
      expect(res.statusCode).toBe(401);
    }
    // From yet another address, even the right code now waits.
    const limited = await second(ticket, right, '10.78.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many wrong codes\. Please try again in /);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('every way in', () => {
  test('a login link and a role switch ask for the code of an account that has one', async () => {
    const email = uniqueAddress('both');
    const author = await signupAs(t.app, 'Author', { email, password: 'same password 1' });
    const reviewer = await signupAs(t.app, 'Reviewer', { email, password: 'same password 1' });
    const { secret } = await enrol(reviewer);
    const linkToken = await issueAccountToken({ db: t.app.database.db, userId: reviewer.user._id, purpose: 'login', ttlMs: 60_000 });
    const viaLink = await post('/api/login/link', { token: linkToken });
    expect(viaLink.json()).toMatchObject({ secondFactor: { pending: true } });
    expect(viaLink.json().token).toBeUndefined();
    // The author's login proved the reviewer account (same password), but switching still needs the reviewer's code.
    const authorLogin = (await login(author)).json();
    const switched = await post('/api/switch-role', { role: 'Reviewer' }, { authorization: `Bearer ${authorLogin.token}` });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().token).toBeUndefined();
    const done = await second(switched.json().secondFactor.ticket, await nextCode(secret, reviewer.user._id));
    expect(done.json().user).toMatchObject({ _id: reviewer.user._id, role: 'Reviewer' });
  });
});

describe("the editor's requirement and reset", () => {
  test('required of editors and award-panel members: without a second factor they may only set it up, on every way in', async () => {
    const chief = await signupAs(t.app, 'Editor', { email: EDITORS[0]! });
    const deputy = await signupAs(t.app, 'Editor', { email: EDITORS[1]!, password: 'deputy password' });
    await signupAs(t.app, 'Author', { email: EDITORS[1]!, password: 'deputy password' });
    const panelist = await signupAs(t.app, 'Reviewer');
    const author = await signupAs(t.app, 'Author');
    await t.app.database.db.insert(awardPanelMembers).values({ year: 2025, userId: panelist.user._id });

    // The chief must have one first.
    const early = await t.app.inject({
      method: 'PUT',
      url: '/api/editor/security',
      headers: chief.auth,
      payload: { requireSecondFactor: true },
    });
    expect(early.statusCode).toBe(409);
    await enrol(chief);
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/editor/security',
      headers: chief.auth,
      payload: { requireSecondFactor: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().requireSecondFactor).toBe(true);
    expect(on.json().people).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: deputy.user._id, enabled: false, due: true }),
        expect.objectContaining({ userId: panelist.user._id, enabled: false, due: true }),
        expect.objectContaining({ userId: chief.user._id, enabled: true, due: false }),
      ]),
    );
    // At once, the deputy's existing token opens only the enrolment.
    const refused = await get('/api/editor/security', deputy.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SECOND_FACTOR_ENROL_FIRST);
    expect((await get('/api/account/security', deputy.auth)).json().secondFactor).toMatchObject({ enabled: false, required: true });
    expect((await get('/api/editor/security', panelist.auth)).json().message).not.toBe(SECOND_FACTOR_ENROL_FIRST);
    expect((await get(`/api/reviewer/assigned-papers/${panelist.user._id}`, panelist.auth)).json().message).toBe(SECOND_FACTOR_ENROL_FIRST);
    // An author is not concerned.
    expect((await get('/api/account/security', author.auth)).json().secondFactor.required).toBe(false);
    expect((await login(author)).json().secondFactor).toBeUndefined();

    // Password login, login link and role switch all answer enrolRequired for the deputy.
    const byPassword = (await login(deputy)).json();
    expect(byPassword.secondFactor).toEqual({ enrolRequired: true });
    expect((await get('/api/editor/security', { authorization: `Bearer ${byPassword.token}` })).statusCode).toBe(403);
    const linkToken = await issueAccountToken({ db: t.app.database.db, userId: deputy.user._id, purpose: 'login', ttlMs: 60_000 });
    expect((await post('/api/login/link', { token: linkToken })).json().secondFactor).toEqual({ enrolRequired: true });
    const asAuthor = (await login({ ...deputy, user: { ...deputy.user, role: 'Author' } })).json();
    expect(asAuthor.secondFactor).toBeUndefined();
    const switched = await post('/api/switch-role', { role: 'Editor' }, { authorization: `Bearer ${asAuthor.token}` });
    expect(switched.json().secondFactor).toEqual({ enrolRequired: true });

    // Once set up, the same token works, and it cannot be turned off while required.
    const deputyFactor = await enrol(deputy);
    expect((await get('/api/editor/security', deputy.auth)).statusCode).toBe(200);
    const off = await post('/api/account/second-factor/disable', { code: deputyFactor.recoveryCodes[0] }, deputy.auth);
    expect(off.statusCode).toBe(403);

    // A lost device: another editor resets it, audited in the same transaction; the deputy is then due again.
    expect((await post(`/api/editor/users/${chief.user._id}/second-factor/reset`, {}, chief.auth)).statusCode).toBe(403);
    expect((await post(`/api/editor/users/${deputy.user._id}/second-factor/reset`, {}, author.auth)).statusCode).toBe(403);
    const reset = await post(`/api/editor/users/${deputy.user._id}/second-factor/reset`, {}, chief.auth);
    expect(reset.statusCode, reset.body).toBe(200);
    const audit = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'second-factor.reset'), eq(auditLog.actorId, chief.user._id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toEqual({ userId: deputy.user._id, email: deputy.user.email, role: 'Editor' });
    const afterReset = (await login(deputy)).json();
    expect(afterReset.token).toBeDefined();
    expect(afterReset.secondFactor).toEqual({ enrolRequired: true });

    // Turned off: nobody is held any more.
    const offAll = await t.app.inject({
      method: 'PUT',
      url: '/api/editor/security',
      headers: chief.auth,
      payload: { requireSecondFactor: false },
    });
    expect(offAll.statusCode).toBe(200);
    expect((await get('/api/editor/security', { authorization: `Bearer ${afterReset.token}` })).statusCode).toBe(200);
    // The reset signed the lost device out everywhere: the deputy's sessions from before it are over.
    expect((await get('/api/account/security', deputy.auth)).statusCode).toBe(401);
  });

  test('turning it off needs a code; then the password alone logs in', async () => {
    const author = await signupAs(t.app, 'Author');
    const { recoveryCodes } = await enrol(author);
    expect((await post('/api/account/second-factor/disable', { code: 'aaaaa-aaaaa' }, author.auth)).statusCode).toBe(401);
    const off = await post('/api/account/second-factor/disable', { code: recoveryCodes[0] }, author.auth);
    expect(off.json()).toEqual({ message: 'Your second factor is off' });
    expect(Object.keys((await login(author)).json())).toEqual(['message', 'token', 'user']);
  });
});
