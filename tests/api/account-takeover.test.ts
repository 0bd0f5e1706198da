import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { VERIFY_DONE, VERIFY_TAKEN } from '../../src/core/schemas/accounts';
import { MESSAGES } from '../../src/core/messages';
import { startTestApp, type TestApp } from '../support/app';
import { mailBodies, verifyAddress } from '../support/mailbox';
import { injectMultipart, pdfBytes, submitPaper } from '../support/multipart';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';

// docs/product.md#accounts-and-verified-addresses: rights tied to an e-mail address, and switching between accounts of one address.
let t: TestApp;
let editor: SignedUp;
let ipSeq = 0;
beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor', { name: 'Erin Editor', password: 'the editor secret' });
  await verifyAddress(t.app, editor.user.email);
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: Record<string, unknown>, auth?: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, payload, headers: auth, remoteAddress: `203.0.113.${(++ipSeq % 250) + 1}` });
const get = (url: string, auth: Record<string, string>) => t.app.inject({ method: 'GET', url, headers: auth });
const login = (email: string, password: string, role: string) => post('/api/login', { email, password, role });

describe('switching into another account of the same address (27.1)', () => {
  test("a stranger who signs up with the editor's address stays out even after the editor confirms the mail that signup caused", async () => {
    const stranger = await signupAs(t.app, 'Author', { email: editor.user.email, name: 'Mallory', password: 'the stranger secret' });
    expect((await post('/api/switch-role', { role: 'Editor' }, stranger.auth)).statusCode).toBe(403);

    // The mail the stranger's signup caused names the role and the account, so the editor can tell it is not theirs.
    let mails: string[] = [];
    await expect.poll(async () => (mails = await mailBodies(t.app, editor.user.email, 'verifyEmail')).length).toBe(2);
    expect(mails[1]).toContain('IMSE Author account named "Mallory"');
    expect(mails[1]).toContain('press "Confirm my email address"');
    // The editor confirms it anyway (the attack of the issue): still no way into the Editor account.
    await verifyAddress(t.app, editor.user.email, 2);
    const roles = (await get('/api/me/roles', stranger.auth)).json();
    expect(roles).toEqual({ current: 'Author', emailVerified: true, roles: [{ role: 'Editor', available: false }] });
    const refused = await post('/api/switch-role', { role: 'Editor' }, stranger.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/type its password/);
    const viaLogin = (await login(editor.user.email, 'the stranger secret', 'Author')).json().token as string;
    expect((await post('/api/switch-role', { role: 'Editor' }, { authorization: `Bearer ${viaLogin}` })).statusCode).toBe(403);
    const guess = await post('/api/switch-role', { role: 'Editor', password: 'a guess' }, stranger.auth);
    expect(guess.statusCode).toBe(403);
    expect(guess.json().message).toBe('That is not the password of your account in this role');
    // The editor's own papers list stays closed to the stranger.
    expect((await get('/api/editor/papers', stranger.auth)).statusCode).toBe(403);
  });

  test("a password reset ends every verification still pending for the address, a stranger's signup mail included", async () => {
    const owner = await signupAs(t.app, 'Reviewer', { tags: ['AI'], password: 'owner password' });
    await verifyAddress(t.app, owner.user.email);
    const stranger = await signupAs(t.app, 'Author', { email: owner.user.email, name: 'Mallory Two', password: 'stranger password' });
    let verifyMails: string[] = [];
    await expect.poll(async () => (verifyMails = await mailBodies(t.app, owner.user.email, 'verifyEmail')).length).toBe(2);
    const strangerMail = verifyMails[1]!;
    await post('/api/password/forgot', { email: owner.user.email, role: 'Reviewer' });
    let resetMails: string[] = [];
    await expect.poll(async () => (resetMails = await mailBodies(t.app, owner.user.email, 'passwordReset')).length).toBe(1);
    const resetToken = /token=([A-Za-z0-9_-]{43})/.exec(resetMails[0]!)![1];
    expect(
      (await post('/api/password/reset', { token: resetToken, password: 'new owner password', confirmPassword: 'new owner password' }))
        .statusCode,
    ).toBe(200);
    const late = await post('/api/email/verify', { token: /token=([A-Za-z0-9_-]{43})/.exec(strangerMail)![1] });
    expect(late.statusCode).toBe(400);
    expect((await get('/api/me/roles', stranger.auth)).json().emailVerified).toBe(false);
  });

  test('a reset through the link of an unconfirmed twin does not take the address from the account that confirmed it', async () => {
    const email = uniqueAddress('twin');
    const first = await signupAs(t.app, 'Author', { email, password: 'first password' });
    const second = await signupAs(t.app, 'Author', { email, password: 'second password' });
    await post('/api/password/forgot', { email, role: 'Author' }); // both unconfirmed: each gets a link
    let links: string[] = [];
    await expect.poll(async () => (links = await mailBodies(t.app, email, 'passwordReset')).length).toBe(2);
    await verifyAddress(t.app, email, 1); // the first account confirms meanwhile
    for (const body of links) {
      const token = /token=([A-Za-z0-9_-]{43})/.exec(body)![1];
      expect(
        (await post('/api/password/reset', { token, password: 'changed password', confirmPassword: 'changed password' })).statusCode,
      ).toBe(200);
    }
    expect((await login(email, 'changed password', 'Author')).json().user._id).toBe(first.user._id);
    expect(second.user._id).not.toBe(first.user._id);
  });

  test('a wrong password typed to switch counts as a failed login: after five from one address, 429', async () => {
    const owner = await signupAs(t.app, 'Reviewer', { tags: ['AI'], password: 'reviewer secret' });
    const author = await signupAs(t.app, 'Author', { email: owner.user.email, password: 'author secret' });
    const from = { remoteAddress: '192.0.2.77', headers: author.auth };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await t.app.inject({ method: 'POST', url: '/api/switch-role', payload: { role: 'Reviewer', password: `guess ${i}` }, ...from }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
  });
});

describe('rights tied to an address wait for its verification (27.2)', () => {
  test("an unverified signup with a co-author's address sees that something waits, and nothing of the paper", async () => {
    const owner = await signupAs(t.app, 'Author');
    const coEmail = uniqueAddress('carla');
    const paper = await submitPaper(t.app, owner.auth, { title: 'Edge clinics for rural care' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/author/paper/${paper._id}/co-authors`,
      payload: { coAuthors: [{ name: 'Carla Co', email: coEmail }] },
      headers: owner.auth,
    });
    expect(put.statusCode).toBe(200);

    const stranger = await signupAs(t.app, 'Author', { email: coEmail, name: 'Not Carla', password: 'stranger password' });
    const list = (await get('/api/author/my-papers', stranger.auth)).json();
    expect(list.papers).toEqual([]);
    expect(list.waitingForVerification).toBe(true);
    expect(JSON.stringify(list)).not.toContain('Edge clinics');
    const detail = await get(`/api/author/paper/${paper._id}`, stranger.auth);
    expect(detail.statusCode).toBe(404);
    expect(detail.json().message).toBe('Paper not found');
    // Nor may it replace the PDF the reviewers and the editor read.
    const replace = await injectMultipart(
      t.app,
      'PATCH',
      `/api/author/paper/${paper._id}`,
      [['file', pdfBytes('evil'), 'evil.pdf']],
      stranger.auth,
    );
    expect(replace.statusCode).toBe(404);
    const conflicts = await get(`/api/author/paper/${paper._id}/conflicts`, stranger.auth);
    expect(conflicts.statusCode).toBe(404);

    // The real Carla signs up later: not refused because of the stranger's account.
    const carla = await signupAs(t.app, 'Author', { email: coEmail, name: 'Carla Co', password: 'carla password' });
    expect(carla.user._id).not.toBe(stranger.user._id);
    expect((await get('/api/author/my-papers', carla.auth)).json().papers).toEqual([]);
    await verifyAddress(t.app, coEmail, 2); // Carla's own mail, the second to that address
    const mine = (await get('/api/author/my-papers', carla.auth)).json();
    expect(mine.papers.map((p: { title: string }) => p.title)).toEqual(['Edge clinics for rural care']);
    expect(mine.waitingForVerification).toBeUndefined();
    expect((await get(`/api/author/paper/${paper._id}`, carla.auth)).statusCode).toBe(200);

    // The stranger's link can no longer confirm the address, and its account still sees nothing.
    const first = /token=([A-Za-z0-9_-]{43})/.exec((await mailBodies(t.app, coEmail, 'verifyEmail'))[0]!)![1];
    const late = await post('/api/email/verify', { token: first });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(VERIFY_TAKEN);
    expect((await get('/api/author/my-papers', stranger.auth)).json().papers).toEqual([]);

    // Each logs in with their own password to their own account.
    expect((await login(coEmail, 'carla password', 'Author')).json().user._id).toBe(carla.user._id);
    expect((await login(coEmail, 'stranger password', 'Author')).json().user._id).toBe(stranger.user._id);
    // A third signup with the confirmed address is refused as before.
    const again = await post('/api/signup', {
      name: 'X',
      email: coEmail,
      password: 'whatever 123',
      confirmPassword: 'whatever 123',
      role: 'Author',
      tags: [],
    });
    expect(again.statusCode).toBe(409);
  });

  test('a verified account reads its co-authored paper; the verification answer is the usual text', async () => {
    const owner = await signupAs(t.app, 'Author');
    const co = await signupAs(t.app, 'Author');
    const paper = await submitPaper(t.app, owner.auth);
    await t.app.inject({
      method: 'PUT',
      url: `/api/author/paper/${paper._id}/co-authors`,
      payload: { coAuthors: [{ name: 'Co', email: co.user.email }] },
      headers: owner.auth,
    });
    expect((await get(`/api/author/paper/${paper._id}`, co.auth)).statusCode).toBe(404);
    const token = /token=([A-Za-z0-9_-]{43})/.exec((await mailBodies(t.app, co.user.email, 'verifyEmail'))[0]!)![1];
    const res = await post('/api/email/verify', { token });
    expect(res.json()).toEqual({ message: VERIFY_DONE });
    expect((await get(`/api/author/paper/${paper._id}`, co.auth)).statusCode).toBe(200);
  });

  test('the dashboard notice text is the one the browser shows', () => {
    expect(MESSAGES.waitingForVerification).toMatch(/confirm your address/);
  });
});
