import { SignJWT, base64url } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { verifyAddress } from '../support/mailbox';
import { signupAs } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signup = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/signup', payload });
const login = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload, remoteAddress: ip });
const good = (over: Record<string, unknown> = {}) => ({
  name: 'Grace Hopper',
  email: `grace.${Math.random().toString(36).slice(2)}@example.org`,
  password: 'correct horse battery',
  confirmPassword: 'correct horse battery',
  role: 'Author',
  tags: [],
  ...over,
});

describe('POST /api/signup', () => {
  test('creates an account and answers 201 with a token and the user', async () => {
    const body = good();
    const res = await signup(body);
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.message).toBeTypeOf('string');
    expect(json.token.split('.')).toHaveLength(3);
    expect(json.user).toMatchObject({ name: 'Grace Hopper', email: body.email, role: 'Author', tags: [], phone: '', photo: null });
    expect(json.user._id).toMatch(/^[0-9a-f]{24}$/);
    expect(JSON.stringify(json)).not.toMatch(/scrypt|password/i);
  });

  test('an empty name falls back to the part of the email before @', async () => {
    const res = await signup(good({ name: '  ', email: 'ada.lovelace@example.org' }));
    expect(res.json().user.name).toBe('ada.lovelace');
  });

  test.each([
    ['a malformed email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['a password shorter than 8', { password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters'],
    ['passwords that differ', { confirmPassword: 'something else' }, 'Passwords do not match'],
    ['an unknown role', { role: 'Admin' }, 'Role must be Author, Editor or Reviewer'],
    ['a tag not among the 50', { role: 'Reviewer', tags: ['AI', 'Astrology'] }, 'Unknown tag: choose tags from the list'],
  ])('400 for %s', async (_label, over, message) => {
    const res = await signup(good(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  test('a reviewer keeps the tags chosen; other roles keep none', async () => {
    const r = await signup(good({ role: 'Reviewer', tags: ['AI', 'IoT'] }));
    expect(r.json().user.tags).toEqual(['AI', 'IoT']);
    const a = await signup(good({ role: 'Author', tags: ['AI'] }));
    expect(a.json().user.tags).toEqual([]);
  });

  test('same email and role again is 409 once the address is verified; the same email may hold another role', async () => {
    const body = good({ email: 'twice@example.org' });
    expect((await signup(body)).statusCode).toBe(201);
    await verifyAddress(t.app, 'twice@example.org');
    const again = await signup({ ...body, email: 'TWICE@example.org' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already exists/);
    expect((await signup({ ...body, role: 'Reviewer' })).statusCode).toBe(201);
  });

  test("while no account has verified the address, a few may share it (a stranger's signup cannot lock its owner out), not more", async () => {
    const body = good({ email: 'unclaimed@example.org' });
    expect([(await signup(body)).statusCode, (await signup(body)).statusCode, (await signup(body)).statusCode]).toEqual([201, 201, 201]);
    const fourth = await signup(body);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toMatch(/already exists/);
  });

  test('a body that is not JSON object gets 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTypeOf('string');
  });
});

describe('Editor accounts', () => {
  test('with EDITOR_EMAILS empty, only the first Editor may sign up', async () => {
    const first = await signup(good({ role: 'Editor' }));
    expect(first.statusCode).toBe(201);
    const second = await signup(good({ role: 'Editor' }));
    expect(second.statusCode).toBe(403);
    expect(second.json().message).toMatch(/Editor signup is closed/);
  });

  test('with EDITOR_EMAILS set, only listed emails may sign up as Editor', async () => {
    const t2 = await startTestApp({ EDITOR_EMAILS: 'chief@example.org, deputy@example.org' });
    try {
      const ok = await t2.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: good({ role: 'Editor', email: 'Deputy@example.org' }),
      });
      expect(ok.statusCode).toBe(201);
      const no = await t2.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: good({ role: 'Editor', email: 'intruder@example.org' }),
      });
      expect(no.statusCode).toBe(403);
      expect(no.json().message).toMatch(/by invitation only/);
    } finally {
      await t2.close();
    }
  });
});

describe('POST /api/login', () => {
  test('answers the token and the user', async () => {
    const { user, password } = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const res = await login({ email: user.email, password, role: 'Reviewer' });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.user).toEqual(user);
    expect(json.token).toBeTypeOf('string');
    const me = await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${json.token}` } });
    expect(me.json()).toEqual(user);
  });

  test('unknown email, wrong password and wrong role give the same 401 and message', async () => {
    const { user, password } = await signupAs(t.app, 'Author');
    const answers = await Promise.all([
      login({ email: 'nobody@example.org', password, role: 'Author' }, '10.1.0.1'),
      login({ email: user.email, password: 'wrong password', role: 'Author' }, '10.1.0.2'),
      login({ email: user.email, password, role: 'Editor' }, '10.1.0.3'),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid email, password or role' });
    }
  });

  test('400 for a malformed email or a missing password', async () => {
    expect((await login({ email: 'x', password: 'p', role: 'Author' })).statusCode).toBe(400);
    const res = await login({ email: 'a@example.org', role: 'Author' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Password is required');
  });

  test('after 5 failures for one email from one address: 429 there with Retry-After, even with the right password; elsewhere the right password logs in', async () => {
    const { user, password } = await signupAs(t.app, 'Author');
    for (let i = 0; i < 5; i++) {
      expect((await login({ email: user.email, password: 'nope nope', role: 'Author' }, '10.2.0.1')).statusCode).toBe(401);
    }
    const res = await login({ email: user.email, password, role: 'Author' }, '10.2.0.1');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/Too many failed logins/);
    expect((await login({ email: user.email, password, role: 'Author' }, '10.2.0.99')).statusCode).toBe(200);
  });

  test('after 100 failures from one address: 429 for any email from it', async () => {
    for (let i = 0; i < 100; i++) {
      await login({ email: `nobody${i}@example.org`, password: 'x', role: 'Author' }, '10.3.0.1');
    }
    const res = await login({ email: 'someone-else@example.org', password: 'x', role: 'Author' }, '10.3.0.1');
    expect(res.statusCode).toBe(429);
    const other = await login({ email: 'someone-else@example.org', password: 'x', role: 'Author' }, '10.3.0.2');
    expect(other.statusCode).toBe(401);
  }, 180_000);
});

describe('tokens', () => {
  const me = (token: string) => t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } });
  const secret = () => new TextEncoder().encode(t.config.JWT_SECRET);

  test('no token: 401 Please login first', async () => {
    const res = await t.app.inject({ url: '/api/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please login first' });
  });

  test('a token whose role was changed is refused', async () => {
    const { token } = await signupAs(t.app, 'Author');
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(new TextDecoder().decode(base64url.decode(p!)));
    const forged = [h, base64url.encode(JSON.stringify({ ...payload, role: 'Editor' })), s].join('.');
    expect((await me(forged)).statusCode).toBe(401);
  });

  test('an expired token, one signed with another secret, and alg none are refused', async () => {
    const { user } = await signupAs(t.app, 'Author');
    const expired = await new SignJWT({ role: 'Author' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user._id)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret());
    const otherSecret = await new SignJWT({ role: 'Author' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user._id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(JSON.stringify({ sub: user._id, role: 'Author', exp: Math.floor(Date.now() / 1000) + 3600 }))}.`;
    const good = await new SignJWT({ role: 'Author' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user._id)
      .setExpirationTime('1h')
      .sign(secret());
    expect((await me(good)).statusCode).toBe(200);
    for (const token of [expired, otherSecret, none, 'garbage']) expect((await me(token)).statusCode).toBe(401);
  });
});

describe('profile', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
  const form = (parts: Array<[string, string | Buffer, string?]>) => {
    const fd = new FormData();
    for (const [name, value, filename] of parts) {
      if (typeof value === 'string') fd.append(name, value);
      else fd.append(name, new Blob([new Uint8Array(value)]), filename ?? 'file');
    }
    return fd;
  };
  const patch = async (auth: Record<string, string>, fd: FormData) => {
    const req = new Request('http://x/', { method: 'PATCH', body: fd });
    return t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...auth, 'content-type': req.headers.get('content-type')! },
      payload: Buffer.from(await req.arrayBuffer()),
    });
  };

  test('PATCH /api/me saves name, phone and a photo that is then served', async () => {
    const { auth } = await signupAs(t.app, 'Reviewer');
    const res = await patch(
      auth,
      form([
        ['name', 'Dr. R. Viewer'],
        ['phone', '+66 81 234 5678'],
        ['photo', png, 'me.png'],
      ]),
    );
    expect(res.statusCode).toBe(200);
    const user = res.json().user;
    expect(user).toMatchObject({ name: 'Dr. R. Viewer', phone: '+66 81 234 5678' });
    expect(user.photo).toMatch(/^\/api\/photos\/[0-9a-f]{64}$/);
    const photo = await t.app.inject({ url: user.photo });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(png)).toBe(true);
    const me = await t.app.inject({ url: '/api/me', headers: auth });
    expect(me.json().photo).toBe(user.photo);
  });

  test('a photo that is not an image by its bytes is refused; over 2 MB is 413', async () => {
    const { auth } = await signupAs(t.app, 'Author');
    const fake = await patch(auth, form([['photo', Buffer.from('%PDF-1.4 not an image'), 'me.png']]));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('The photo must be a JPEG, PNG or WebP image');
    const big = await patch(auth, form([['photo', Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), 'big.png']]));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The photo is too large (at most 2 MB)');
    expect((await t.app.inject({ url: '/api/me', headers: auth })).json().photo).toBeNull();
  });

  test('JSON PATCH with an empty name is 400', async () => {
    const { auth } = await signupAs(t.app, 'Author');
    const res = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: auth, payload: { name: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Name cannot be empty');
  });
});

describe('profile body shape', () => {
  test('a JSON body that is not an object is 400, not a silent success', async () => {
    const { auth } = await signupAs(t.app, 'Author');
    for (const payload of ['[1,2]', '"name"', 'null']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { ...auth, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('a refused file part', () => {
  test('a large file under a field name that is not accepted gets its 400 (the request does not hang)', async () => {
    const { auth } = await signupAs(t.app, 'Author');
    const fd = new FormData();
    fd.append('avatar', new Blob([new Uint8Array(1024 * 1024)]), 'big.png');
    fd.append('name', 'After the file');
    const req = new Request('http://x/', { method: 'PATCH', body: fd });
    const res = await Promise.race([
      t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { ...auth, 'content-type': req.headers.get('content-type')! },
        payload: Buffer.from(await req.arrayBuffer()),
      }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer in 5 s')), 5000)),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The only file accepted is `photo`' });
  });

  test('an empty file part with an empty file name under another field gets its 400 (found by fuzzing: it hung)', async () => {
    const { auth } = await signupAs(t.app, 'Author');
    const boundary = 'xyzBOUNDARYxyz';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="\\"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--${boundary}--\r\n`;
    const res = await Promise.race([
      t.app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer in 5 s')), 5000)),
    ]);
    expect(res.statusCode).toBe(400);
  });
});
