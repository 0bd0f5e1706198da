import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { base64url, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { paperFiles, papers } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { pdfBytes, submitPaper } from '../support/multipart';
import { rawMultipart, type RawPart } from '../support/raw-multipart';
import { signupAs, type SignedUp } from '../support/users';

let t: TestApp;
let editor: SignedUp;
let author: SignedUp;
let reviewer: SignedUp;

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author');
  reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
});
afterAll(async () => {
  await t?.close();
});

const send = (parts: RawPart[], who: SignedUp = author, method: 'POST' | 'PATCH' = 'POST', url = '/api/author/new-paper') => {
  const { payload, contentType } = rawMultipart(parts);
  return t.app.inject({ method, url, payload, headers: { 'content-type': contentType, ...who.auth } });
};
const paperWith = (file: Buffer, filename: string, contentType = 'application/pdf') =>
  send([
    { name: 'title', value: 'Attack' },
    { name: 'abstract', value: 'Attack' },
    { name: 'file', value: file, filename, contentType },
  ]);

/** Every file under DATA_DIR, relative to it. */
const allFiles = () =>
  readdirSync(t.dataDir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(t.dataDir, path.join(d.parentPath, d.name)));
const uploaded = () => allFiles().filter((f) => !f.startsWith(`db${path.sep}`) && f !== 'jwt-secret');

describe('a file that is not a PDF, whatever its name says', () => {
  test.each<[string, Buffer]>([
    ['HTML', Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>')],
    ['a PNG', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)])],
    ['a ZIP', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)])],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ['lower-case %pdf-', Buffer.from('%pdf-1.4\n<html><script>alert(1)</script>')],
    ['%PDF- after a leading space', Buffer.from(' %PDF-1.4\n<html><script>alert(1)</script>')],
    ['an executable', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)])],
  ])('%s named paper.pdf and sent as application/pdf is refused with 400 and nothing is kept', async (_label, bytes) => {
    const before = { papers: (await t.app.database.db.select().from(papers)).length, files: uploaded() };
    const res = await paperWith(bytes, 'paper.pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The file is not a PDF' });
    expect({ papers: (await t.app.database.db.select().from(papers)).length, files: uploaded() }).toEqual(before);
  });
});

describe('hostile file names', () => {
  const NAMES = [
    '../../etc/passwd.pdf',
    '..\\..\\x.pdf',
    '/etc/passwd.pdf',
    'C:\\Windows\\win.ini.pdf',
    '....//....//x.pdf',
    '%2e%2e%2f%2e%2e%2fx.pdf',
    'a"b.pdf',
    'it\'s "quoted".pdf',
    "x.pdf\"; filename*=UTF-8''evil.html",
    'x.pdf\r\nSet-Cookie: stolen=1\r\nX-Injected: yes',
    'x.pdf\nContent-Type: text/html',
    'evil\u202efdp.html',
    '<script>alert(1)</script>.pdf',
    '.htaccess',
    `${'a'.repeat(2000)}.pdf`,
    '',
  ];

  test.each(NAMES.map((n) => [JSON.stringify(n).slice(0, 60), n]))(
    '%s: stored by content hash only, served with a safe name and no injected header',
    async (_label, name) => {
      const pdf = pdfBytes(`name-${name.length}-${Math.random()}`);
      const res = await paperWith(pdf, name);
      // A CR/LF in the name breaks the part header: the parser may then see no file at all. Either way nothing escapes.
      expect([201, 400], res.body).toContain(res.statusCode);
      for (const f of uploaded())
        expect(f, 'every stored file is files/<2 hex>/<sha-256>').toMatch(/^files[/\\]([0-9a-f]{2}[/\\][0-9a-f]{64}|tmp[/\\][0-9a-f]+)$/);
      expect(existsSync(path.resolve(t.dataDir, 'files', '../../etc/passwd.pdf'))).toBe(false);
      expect(existsSync(path.resolve(t.dataDir, '..', 'x.pdf'))).toBe(false);
      if (res.statusCode !== 201) return;

      const paper = res.json().paper;
      const file = await t.app.inject({ url: paper.pdf });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(pdf)).toBe(true);
      const disposition = String(file.headers['content-disposition']);
      expect(disposition).toMatch(/^inline; filename="[A-Za-z0-9._ -]{1,104}"$/);
      expect(disposition).toMatch(/\.pdf"$/);
      expect(disposition).not.toMatch(/\.\.|[/\\]/);
      for (const [k, v] of Object.entries(file.headers)) expect(`${k}: ${String(v)}`).not.toMatch(/[\r\n]/);
      expect(file.headers['set-cookie']).toBeUndefined();
      expect(file.headers['x-injected']).toBeUndefined();
      expect(file.headers['content-type']).toBe('application/pdf');

      // The name the author gave is kept as data, exactly, and only ever returned inside JSON.
      const [row] = await t.app.database.db.select().from(paperFiles).where(eq(paperFiles.paperId, paper._id));
      const detail = await t.app.inject({ url: `/api/author/paper/${paper._id}`, headers: author.auth });
      expect(detail.headers['content-type']).toMatch(/^application\/json/);
      expect(detail.json().paper.pdfVersions[0].fileName).toBe(row!.fileName);
    },
  );
});

describe('an HTML/PDF polyglot', () => {
  const polyglot = Buffer.from(
    '%PDF-1.4\n<html><body><script>fetch("/api/me").then(r => r.text()).then(alert)</script></body></html>\n%%EOF\n',
  );

  test('is accepted as a PDF but served so that no browser runs it as HTML', async () => {
    const res = await paperWith(polyglot, 'polyglot.html', 'text/html');
    expect(res.statusCode).toBe(201);
    const url = res.json().paper.pdf as string;
    for (const method of ['GET', 'HEAD'] as const) {
      const file = await t.app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-disposition']).toBe('inline; filename="polyglot.html.pdf"');
    }
    expect((await t.app.inject({ url })).rawPayload.equals(polyglot)).toBe(true);
    // Extra query parameters cannot change how it is served.
    const tweaked = await t.app.inject({ url: `${url}&content-type=text/html&download=1` });
    expect(tweaked.headers['content-type']).toBe('application/pdf');
  });

  test('an image/HTML polyglot photo is served as the image it starts as, with nosniff and a sandboxing policy', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<html><script>alert(1)</script></html>'),
    ]);
    const res = await send([{ name: 'photo', value: png, filename: 'me.html', contentType: 'text/html' }], reviewer, 'PATCH', '/api/me');
    expect(res.statusCode).toBe(200);
    const photo = await t.app.inject({ url: res.json().user.photo, headers: { accept: 'text/html' } });
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.headers['content-security-policy']).toMatch(/default-src 'none'/);
  });
});

describe('a refused upload leaves nothing on disk', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 9)]);

  test.each<[string, 'POST' | 'PATCH', string, () => SignedUp, RawPart[]]>([
    [
      'a second file after a stored PDF',
      'POST',
      '/api/author/new-paper',
      () => author,
      [
        { name: 'file', value: pdfBytes('orphan-1'), filename: 'a.pdf' },
        { name: 'file', value: pdfBytes('orphan-2'), filename: 'b.pdf' },
      ],
    ],
    [
      'a __proto__ field after a stored PDF',
      'POST',
      '/api/author/new-paper',
      () => author,
      [
        { name: 'file', value: pdfBytes('orphan-3'), filename: 'a.pdf' },
        { name: '__proto__', value: 'x' },
      ],
    ],
    [
      'a NUL in a field after a stored PDF',
      'POST',
      '/api/author/new-paper',
      () => author,
      [
        { name: 'file', value: pdfBytes('orphan-4'), filename: 'a.pdf' },
        { name: 'title', value: 'x\u0000' },
      ],
    ],
    [
      'a NUL in a field after a stored photo',
      'PATCH',
      '/api/me',
      () => reviewer,
      [
        { name: 'photo', value: png, filename: 'a.png' },
        { name: 'name', value: 'x\u0000' },
      ],
    ],
    [
      'a second picture after a stored speaker picture',
      'POST',
      '/api/keynote-speakers',
      () => editor,
      [
        { name: 'name', value: 'S' },
        { name: 'photo', value: png, filename: 'a.png' },
        { name: 'photo2', value: png, filename: 'b.png' },
      ],
    ],
  ])('%s: refused, and the stored file is removed again', async (_label, method, url, who, parts) => {
    const before = uploaded();
    const res = await send(parts, who(), method, url);
    expect([400, 413]).toContain(res.statusCode);
    expect(uploaded()).toEqual(before);
  });

  test('an upload cut short anywhere in the file leaves no temporary file', async () => {
    const whole = rawMultipart([
      { name: 'title', value: 'Cut' },
      { name: 'abstract', value: 'Short' },
      { name: 'file', value: pdfBytes('cut-short', 3000), filename: 'c.pdf' },
    ]);
    const before = uploaded();
    for (let cut = 200; cut < whole.payload.length; cut += 37) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/author/new-paper',
        payload: whole.payload.subarray(0, cut),
        headers: { 'content-type': whole.contentType, ...author.auth },
      });
      expect(res.statusCode, `cut at ${cut}`).toBe(400);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(uploaded()).toEqual(before);
  });
});

describe('forged tokens are refused with 401 on every role route', () => {
  const secret = () => new TextEncoder().encode(t.config.JWT_SECRET);
  const now = () => Math.floor(Date.now() / 1000);
  const enc = (o: object) => base64url.encode(JSON.stringify(o));

  /** Each way of forging or stretching a token for `who`, built fresh. */
  const forgeries = async (who: SignedUp): Promise<Array<[string, string]>> => {
    const role = who.user.role;
    const sub = who.user._id;
    const [h, p, s] = who.token.split('.') as [string, string, string];
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(p))) as Record<string, unknown>;
    const otherRole = role === 'Editor' ? 'Author' : 'Editor';
    return [
      ['alg none', `${enc({ alg: 'none', typ: 'JWT' })}.${enc({ sub, role, exp: now() + 3600 })}.`],
      ['alg none, signature kept', `${enc({ alg: 'none', typ: 'JWT' })}.${p}.${s}`],
      [
        'alg HS512 with the right secret',
        await new SignJWT({ role }).setProtectedHeader({ alg: 'HS512' }).setSubject(sub).setExpirationTime('1h').sign(secret()),
      ],
      [
        'expired',
        await new SignJWT({ role })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(sub)
          .setIssuedAt(now() - 7200)
          .setExpirationTime(now() - 60)
          .sign(secret()),
      ],
      [
        'not yet valid',
        await new SignJWT({ role })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(sub)
          .setNotBefore(now() + 3600)
          .setExpirationTime('2h')
          .sign(secret()),
      ],
      [
        'another secret',
        await new SignJWT({ role })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(sub)
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('another-secret-another-secret-another-secret')),
      ],
      ['role changed, old signature', `${h}.${enc({ ...claims, role: otherRole })}.${s}`],
      ['subject changed, old signature', `${h}.${enc({ ...claims, sub: (who === editor ? author : editor).user._id })}.${s}`],
      // Even a correctly signed token is checked against the account: the role must be the account's.
      [
        'signed by the server, with a role the account does not have',
        await new SignJWT({ role: otherRole }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setExpirationTime('1h').sign(secret()),
      ],
      [
        'signed by the server, for an account that does not exist',
        await new SignJWT({ role })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('0123456789abcdef01234567')
          .setExpirationTime('1h')
          .sign(secret()),
      ],
      ['no expiry claim', await new SignJWT({ role: 'Unknown' }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).sign(secret())],
      ['truncated signature', who.token.slice(0, -5)],
      ['garbage', 'not.a.token'],
    ];
  };

  const routes = () =>
    [
      ['GET /api/author/my-papers', '/api/author/my-papers', author],
      ['GET /api/editor/papers', '/api/editor/papers', editor],
      ['GET /api/reviewer/assigned-papers/:id', `/api/reviewer/assigned-papers/${reviewer.user._id}`, reviewer],
    ] as const;

  test('the genuine tokens work on these routes', async () => {
    for (const [label, url, who] of routes()) expect((await t.app.inject({ url, headers: who.auth })).statusCode, label).toBe(200);
  });

  test('alg none, expired, other secret, changed role or subject and other forgeries: 401 Please login first', async () => {
    for (const [label, url, who] of routes()) {
      for (const [kind, token] of await forgeries(who)) {
        const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode, `${label} with ${kind}`).toBe(401);
        expect(res.json(), `${label} with ${kind}`).toEqual({ message: 'Please login first' });
      }
    }
  });

  test('a token is read only from the Authorization bearer header', async () => {
    const [, url] = routes()[0];
    for (const headers of [
      { authorization: author.token },
      { authorization: `Basic ${author.token}` },
      { cookie: `token=${author.token}` },
      { 'x-access-token': author.token },
    ]) {
      expect((await t.app.inject({ url, headers })).statusCode, JSON.stringify(Object.keys(headers))).toBe(401);
    }
    expect((await t.app.inject({ url: `${url}?token=${author.token}` })).statusCode).toBe(401);
  });

  test('a paper of the author is still not readable by a forged Editor token for that author', async () => {
    const paper = await submitPaper(t.app, author.auth);
    const forged = (await forgeries(author)).find(([k]) => k === 'role changed, old signature')![1];
    const res = await t.app.inject({ url: `/api/editor/papers/${paper._id}`, headers: { authorization: `Bearer ${forged}` } });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain(paper.title);
  });
});
