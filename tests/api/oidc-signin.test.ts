import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generate } from 'otplib';
import { awardPanelMembers, oidcFlows, securitySettings, users } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { RedirectBrowser, startTestProvider, type TestProvider } from '../support/oidc-provider';
import { injectMultipart, pdfBytes, submitPaper } from '../support/multipart';
import { signupAs, uniqueAddress } from '../support/users';

// Decision 0070: sign-in with ORCID or an institution's OpenID Connect provider, against a real oidc-provider on
// loopback. Every browser step is an HTTP request with the cookies a browser would send.

const PUBLIC_URL = 'http://localhost:4999';
let t: TestApp;
let provider: TestProvider;

beforeAll(async () => {
  provider = await startTestProvider(PUBLIC_URL);
  t = await startTestApp({
    ...provider.env(PUBLIC_URL),
    OIDC_PROVIDERS: 'uni,down',
    OIDC_DOWN_ISSUER: 'http://127.0.0.1:9',
    OIDC_DOWN_CLIENT_ID: 'x',
    OIDC_DOWN_CLIENT_SECRET: 'y',
    OIDC_DOWN_LABEL: 'Closed University',
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

const newBrowser = () =>
  new RedirectBrowser(PUBLIC_URL, (opts) =>
    t.app.inject({ method: opts.method as 'GET', url: opts.url, headers: opts.headers, payload: opts.payload }),
  );

let orcidSerial = 100;
/** A checksum-valid ORCID iD, new for each call. */
function newOrcid(): string {
  orcidSerial += 1;
  const base = `0000000${String(orcidSerial).padStart(8, '0')}`;
  let total = 0;
  for (const d of base) total = (total + Number(d)) * 2;
  const check = (12 - (total % 11)) % 11;
  const digits = base + (check === 10 ? 'X' : String(check));
  return `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8, 12)}-${digits.slice(12)}`;
}

/** From the product's start address through the provider's sign-in and consent pages to the ticket the app lands with. */
async function throughProvider(b: RedirectBrowser, start: string, login: string): Promise<{ ticket: string; state: string }> {
  let res = await b.follow(start);
  let state = '';
  for (let i = 0; i < 5 && !res.landing; i++) {
    expect(res.status, res.body).toBe(200);
    const action = /action="([^"]+)"/.exec(res.body)?.[1];
    expect(action, res.body).toBeTruthy();
    const next = new URL(action!, res.url).href;
    res = await b.follow(next, { method: 'POST', form: action!.endsWith('/login') ? { login } : {} });
  }
  expect(res.landing).toMatch(/^http:\/\/localhost:4999\/login\/oidc#ticket=/);
  state = res.url;
  return { ticket: res.landing!.split('#ticket=')[1]!, state };
}

const complete = (b: RedirectBrowser, body: Record<string, unknown>, ip = '10.9.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/oidc/complete',
    payload: body,
    headers: { cookie: `oidc_browser=${b.cookie(PUBLIC_URL, 'oidc_browser') ?? ''}` },
    remoteAddress: ip,
  });

describe('the providers', () => {
  test('are listed for the login page; an app without them lists none', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({
      providers: [
        { id: 'orcid', label: 'ORCID' },
        { id: 'uni', label: 'University Login' },
        { id: 'down', label: 'Closed University' },
      ],
    });
    const plain = await startTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ providers: [] });
      const start = await plain.app.inject({ method: 'GET', url: '/api/auth/oidc/orcid/start' });
      expect(start.statusCode).toBe(404);
      expect(start.body).toContain('No such sign-in provider is configured here');
    } finally {
      await plain.close();
    }
  });
});

describe('signing up and in with ORCID', () => {
  test('a new ORCID iD makes an Author account with the iD on the profile, verified; the next sign-in logs into it', async () => {
    const orcid = newOrcid();
    const email = uniqueAddress('ada');
    provider.seed({ sub: orcid, name: 'Ada Lovelace' });
    const b = newBrowser();
    const { ticket } = await throughProvider(b, '/api/auth/oidc/orcid/start?role=Author&returnTo=/author/new-paper', orcid);
    // ORCID shares no address: the person types one (unverified until its mailed link is followed).
    const asked = await complete(b, { ticket });
    expect(asked.json()).toEqual({
      message: 'ORCID did not share your e-mail address: type the address to use with this account',
      emailNeeded: true,
      provider: 'ORCID',
      role: 'Author',
    });
    const res = await complete(b, { ticket, email });
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({
      message: 'Signup successful',
      returnTo: '/author/new-paper',
      user: { name: 'Ada Lovelace', email, role: 'Author', orcid },
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/account/security', headers: { authorization: `Bearer ${json.token}` } });
    expect(me.json()).toMatchObject({ orcid, orcidVerified: true, identities: [{ provider: 'orcid', label: 'ORCID', orcid }] });
    // The ticket works once.
    expect((await complete(b, { ticket })).statusCode).toBe(400);

    // Next time: the same account.
    const again = newBrowser();
    const second = await throughProvider(again, '/api/auth/oidc/orcid/start?role=Author', orcid);
    const in2 = await complete(again, { ticket: second.ticket });
    expect(in2.json()).toMatchObject({ message: 'Login successful', returnTo: '', user: { _id: json.user._id } });
  });

  test('an identity whose address has an account never logs into it silently: the password proves it, then it is linked', async () => {
    const owner = await signupAs(t.app, 'Author', { verified: true });
    provider.seed({ sub: 'uni-grace', email: owner.user.email, email_verified: true, name: 'Grace' });
    const b = newBrowser();
    const { ticket } = await throughProvider(b, '/api/auth/oidc/uni/start?role=Author', 'uni-grace');
    const asked = await complete(b, { ticket });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ passwordNeeded: true, email: owner.user.email, role: 'Author', provider: 'University Login' });
    expect(asked.json().token).toBeUndefined();
    // A wrong password: refused, nothing linked.
    const wrong = await complete(b, { ticket, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('That is not the password of the account with this address');
    const security0 = await t.app.inject({ method: 'GET', url: '/api/account/security', headers: owner.auth });
    expect(security0.json().identities).toEqual([]);
    // The right one: linked and signed in, to the same account.
    const right = await complete(b, { ticket, password: owner.password });
    expect(right.json()).toMatchObject({ message: 'Login successful', user: { _id: owner.user._id } });
    const security = await t.app.inject({ method: 'GET', url: '/api/account/security', headers: owner.auth });
    expect(security.json().identities).toMatchObject([{ provider: 'uni', label: 'University Login', email: owner.user.email }]);
    // From now on the provider alone signs in.
    const b2 = newBrowser();
    const next = await throughProvider(b2, '/api/auth/oidc/uni/start?role=Author', 'uni-grace');
    expect((await complete(b2, { ticket: next.ticket })).json()).toMatchObject({ user: { _id: owner.user._id } });
  });

  test('linking from Account security needs the password; unlinking leaves the password sign-in', async () => {
    const me = await signupAs(t.app, 'Reviewer', { tags: [] });
    const orcid = newOrcid();
    provider.seed({ sub: orcid, name: 'Linked Reviewer' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/account/link/orcid',
      headers: me.auth,
      payload: { password: 'wrong password' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('That is not the password of your account');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/account/link/orcid',
      headers: me.auth,
      payload: { password: me.password },
    });
    expect(started.statusCode).toBe(200);
    const b = newBrowser();
    const cookie = /oidc_browser=([^;]+)/.exec(String(started.headers['set-cookie']))![1]!;
    b.setCookie(PUBLIC_URL, 'oidc_browser', cookie);
    const { ticket } = await throughProvider(b, started.json().url, orcid);
    const linked = await complete(b, { ticket });
    expect(linked.json()).toEqual({ message: 'ORCID is now linked to your account', linked: true, returnTo: '/account/security' });
    const security = await t.app.inject({ method: 'GET', url: '/api/account/security', headers: me.auth });
    expect(security.json()).toMatchObject({ orcid, orcidVerified: true });
    const [identity] = security.json().identities as { id: string }[];
    // Someone else cannot unlink it.
    const other = await signupAs(t.app, 'Reviewer');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/account/identities/${identity!.id}`, headers: other.auth })).statusCode).toBe(
      404,
    );
    const unlinked = await t.app.inject({ method: 'DELETE', url: `/api/account/identities/${identity!.id}`, headers: me.auth });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().identities).toEqual([]);
    // The ORCID iD stays on the profile; a sign-in with it now makes no login to this account.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: me.user.email, password: me.password, role: 'Reviewer' },
    });
    expect(login.statusCode).toBe(200);
  });

  test('a profile edit of the ORCID iD drops its verified mark', async () => {
    const orcid = newOrcid();
    provider.seed({ sub: orcid, name: 'Bo' });
    const b = newBrowser();
    const { ticket } = await throughProvider(b, '/api/auth/oidc/orcid/start?role=Author', orcid);
    const { token } = (await complete(b, { ticket, email: uniqueAddress('bo') })).json();
    const auth = { authorization: `Bearer ${token}` };
    const other = newOrcid();
    await t.app.inject({ method: 'PATCH', url: '/api/me', headers: auth, payload: { orcid: other } });
    expect((await t.app.inject({ method: 'GET', url: '/api/account/security', headers: auth })).json()).toMatchObject({
      orcid: other,
      orcidVerified: false,
    });
  });
});

describe("the verified ORCID iD in the proceedings (decision 0042's exports)", () => {
  test('an author who signed up with ORCID is exported with that iD for her accepted paper', async () => {
    const editor = await signupAs(t.app, 'Editor');
    const orcid = newOrcid();
    provider.seed({ sub: orcid, name: 'Proceedings Author' });
    const b = newBrowser();
    const { ticket } = await throughProvider(b, '/api/auth/oidc/orcid/start?role=Author', orcid);
    const { token } = (await complete(b, { ticket, email: uniqueAddress('proc') })).json();
    const auth = { authorization: `Bearer ${token}` };
    const paper = await submitPaper(t.app, auth, { title: 'Signed in with ORCID' });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/editor/papers/${paper._id}/decision`,
          headers: editor.auth,
          payload: { decision: 'Accepted' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/editor/notify', headers: editor.auth, payload: { paperIds: [paper._id] } }))
        .statusCode,
    ).toBe(200);
    const up = await injectMultipart(
      t.app,
      'POST',
      `/api/author/paper/${paper._id}/camera-ready`,
      [['file', pdfBytes('final', 40_000), 'final.pdf']],
      auth,
    );
    expect(up.statusCode).toBe(201);
    const csv = await t.app.inject({ method: 'GET', url: '/api/editor/exports/proceedings.csv', headers: editor.auth });
    const row = csv.body.split('\r\n').find((l) => l.startsWith(`"${paper._id}"`));
    expect(row).toContain(`"${orcid}"`);
  });
});

describe('attacks on the callback', () => {
  test('a forged or replayed state is refused with a page, not a sign-in', async () => {
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/callback?code=abc&state=forged-state' });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers['content-type']).toMatch(/text\/html/);
    expect(forged.body).toContain('This sign-in was not started in this browser, or it has expired.');
    // A real flow's callback, replayed: refused the second time.
    const orcid = newOrcid();
    provider.seed({ sub: orcid, email: uniqueAddress('replay'), email_verified: true });
    const b = newBrowser();
    const calls: string[] = [];
    const spy = new RedirectBrowser(PUBLIC_URL, (opts) => {
      if (opts.url.startsWith('/api/auth/oidc/callback')) calls.push(opts.url);
      return t.app.inject({ method: opts.method as 'GET', url: opts.url, headers: opts.headers, payload: opts.payload });
    });
    await throughProvider(spy, '/api/auth/oidc/orcid/start', orcid);
    expect(calls).toHaveLength(1);
    const replay = await t.app.inject({
      method: 'GET',
      url: calls[0]!,
      headers: { cookie: `oidc_browser=${spy.cookie(PUBLIC_URL, 'oidc_browser')}` },
    });
    expect(replay.statusCode).toBe(400);
    void b;
  });

  test("state fixation: a flow started in the attacker's browser cannot be finished in the victim's", async () => {
    const orcid = newOrcid();
    provider.seed({ sub: orcid, email: uniqueAddress('victim'), email_verified: true });
    // The attacker starts and signs in at the provider; the victim's browser is made to open the callback.
    const calls: string[] = [];
    const attacker = new RedirectBrowser(PUBLIC_URL, (opts) => {
      if (opts.url.startsWith('/api/auth/oidc/callback')) {
        calls.push(opts.url);
        return Promise.resolve({ statusCode: 200, headers: {}, body: '' });
      }
      return t.app.inject({ method: opts.method as 'GET', url: opts.url, headers: opts.headers, payload: opts.payload });
    });
    let res = await attacker.follow('/api/auth/oidc/orcid/start');
    for (let i = 0; i < 4 && calls.length === 0; i++) {
      const action = /action="([^"]+)"/.exec(res.body)![1]!;
      res = await attacker.follow(new URL(action, res.url).href, {
        method: 'POST',
        form: action.endsWith('/login') ? { login: orcid } : {},
      });
    }
    expect(calls).toHaveLength(1);
    const victim = newBrowser();
    await victim.request('/api/auth/oidc/uni/start'); // the victim has a cookie of her own flow
    const fixed = await victim.request(calls[0]!);
    expect(fixed.status).toBe(400);
    expect(fixed.body).toContain('This sign-in was not started in this browser');
    const bare = await t.app.inject({ method: 'GET', url: calls[0]! });
    expect(bare.statusCode).toBe(400);
  });

  test('a nonce that does not match the ID token is refused', async () => {
    const orcid = newOrcid();
    provider.seed({ sub: orcid, email: uniqueAddress('nonce'), email_verified: true });
    const calls: string[] = [];
    const b = new RedirectBrowser(PUBLIC_URL, async (opts) => {
      if (opts.url.startsWith('/api/auth/oidc/callback')) {
        calls.push(opts.url);
        // Between the provider's answer and the callback, the flow's nonce is not the one the provider put in its ID
        // token (as with an ID token of another sign-in).
        await t.app.database.db.update(oidcFlows).set({ nonce: 'another-sign-ins-nonce' });
      }
      return t.app.inject({ method: opts.method as 'GET', url: opts.url, headers: opts.headers, payload: opts.payload });
    });
    let res = await b.follow('/api/auth/oidc/orcid/start');
    for (let i = 0; i < 4 && calls.length === 0; i++) {
      const action = /action="([^"]+)"/.exec(res.body)![1]!;
      res = await b.follow(new URL(action, res.url).href, { method: 'POST', form: action.endsWith('/login') ? { login: orcid } : {} });
    }
    expect(res.status).toBe(400);
    expect(res.body).toContain('ORCID&#39;s answer could not be verified, so you were not signed in.');
  });

  test('the return address must be a path of this site: an open redirect is refused', async () => {
    for (const evil of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/ok\r\nLocation: https://evil.example',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth/oidc/orcid/start?returnTo=${encodeURIComponent(evil)}` });
      expect(res.statusCode, evil).toBe(400);
      expect(res.body).toContain('The address to return to after signing in must be a page of this site.');
      expect(res.headers.location).toBeUndefined();
    }
    const ok = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/orcid/start?returnTo=%2Fauthor%2Fdashboard' });
    expect(ok.statusCode).toBe(303);
    expect(String(ok.headers.location)).toMatch(new RegExp(`^${provider.issuer}/auth\\?`));
    const location = new URL(String(ok.headers.location));
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/oidc/callback`);
    expect(String(ok.headers['set-cookie'])).toMatch(
      /oidc_browser=[A-Za-z0-9_-]{43}; Path=\/api\/auth\/oidc; Max-Age=1200; HttpOnly; SameSite=Lax/,
    );
  });

  test('Editor accounts are not made by a provider', async () => {
    provider.seed({ sub: 'uni-ed', email: uniqueAddress('ed'), email_verified: true });
    const b = newBrowser();
    const { ticket } = await throughProvider(b, '/api/auth/oidc/uni/start?role=Editor', 'uni-ed');
    const res = await complete(b, { ticket });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^Editor accounts are by invitation/);
  });

  test("a provider's verified address makes a verified account; a typed one does not", async () => {
    const email = uniqueAddress('verified');
    provider.seed({ sub: 'uni-verified', email, email_verified: true, name: 'Vera' });
    const b = newBrowser();
    const { ticket } = await throughProvider(b, '/api/auth/oidc/uni/start?role=Reviewer', 'uni-verified');
    expect((await complete(b, { ticket })).json()).toMatchObject({
      message: 'Signup successful',
      user: { email, role: 'Reviewer', orcid: null },
    });
    const [row] = await t.app.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.emailVerifiedAt).not.toBeNull();
    const orcid = newOrcid();
    provider.seed({ sub: orcid, name: 'Quiet Person' });
    const b2 = newBrowser();
    const typed = uniqueAddress('quiet');
    const second = await throughProvider(b2, '/api/auth/oidc/orcid/start', orcid);
    expect((await complete(b2, { ticket: second.ticket, email: typed })).json()).toMatchObject({ user: { email: typed, orcid } });
    const [quiet] = await t.app.database.db.select().from(users).where(eq(users.email, typed));
    expect(quiet!.emailVerifiedAt).toBeNull();
  });
});

describe('the second factor on a provider sign-in (decision 0070)', () => {
  test('an account with one gets a ticket, not a token; one that must set it up is led to it', async () => {
    const email = uniqueAddress('twofa');
    provider.seed({ sub: 'uni-twofa', email, email_verified: true, name: 'Two Factor' });
    const b = newBrowser();
    const made = (
      await complete(b, { ticket: (await throughProvider(b, '/api/auth/oidc/uni/start?role=Reviewer', 'uni-twofa')).ticket })
    ).json();
    const auth = { authorization: `Bearer ${made.token}` };
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/account/second-factor', headers: auth })).json();
    const step = Math.floor(Date.now() / 30_000);
    const on = await t.app.inject({
      method: 'POST',
      url: '/api/account/second-factor/confirm',
      headers: auth,
      payload: { code: await generate({ secret, epoch: step * 30 }) },
    });
    expect(on.statusCode, on.body).toBe(200);
    const b2 = newBrowser();
    const pending = (
      await complete(b2, { ticket: (await throughProvider(b2, '/api/auth/oidc/uni/start?role=Reviewer', 'uni-twofa')).ticket })
    ).json();
    expect(pending.token).toBeUndefined();
    expect(pending).toMatchObject({ secondFactor: { pending: true }, returnTo: '' });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/login/second-factor',
      payload: { ticket: pending.secondFactor.ticket, code: await generate({ secret, epoch: (step + 1) * 30 }) },
    });
    expect(done.json().user._id).toBe(made.user._id);

    // Required of award-panel members: a panel member without one signs in with the provider and may only set it up.
    const panelEmail = uniqueAddress('panel');
    provider.seed({ sub: 'uni-panel', email: panelEmail, email_verified: true, name: 'Panel Member' });
    const b3 = newBrowser();
    const panel = (
      await complete(b3, { ticket: (await throughProvider(b3, '/api/auth/oidc/uni/start?role=Reviewer', 'uni-panel')).ticket })
    ).json();
    await t.app.database.db.insert(awardPanelMembers).values({ year: 2025, userId: panel.user._id });
    await t.app.database.db
      .insert(securitySettings)
      .values({ id: 1, requireSecondFactor: true })
      .onConflictDoUpdate({ target: securitySettings.id, set: { requireSecondFactor: true } });
    const b4 = newBrowser();
    const held = (
      await complete(b4, { ticket: (await throughProvider(b4, '/api/auth/oidc/uni/start?role=Reviewer', 'uni-panel')).ticket })
    ).json();
    expect(held.secondFactor).toEqual({ enrolRequired: true });
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/reviewer/assigned-papers/${panel.user._id}`,
      headers: { authorization: `Bearer ${held.token}` },
    });
    expect(refused.statusCode).toBe(403);
    await t.app.database.db.update(securitySettings).set({ requireSecondFactor: false });
  });
});

describe('a provider that is down', () => {
  test('answers a page with 503 and what to do, not a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/down/start' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain(
      'Closed University cannot be reached just now. Please try again in a few minutes, or log in with your password.',
    );
    expect(res.body).toContain('href="/login"');
  });
});
