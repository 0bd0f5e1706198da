import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes } from '../support/multipart';
import { rawMultipart, type RawPart } from '../support/raw-multipart';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';

// Issue 27.9: Unicode's Bidi_Control characters (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) make a
// name, a title or a file name read differently from what it is: `evil\u202efdp.exe` shows as "evilexe.pdf".
// They are refused wherever such a text is shown; Arabic and Hebrew text without them is welcome.

const refused = (field: string) => ({ message: `${field} contains control or text-direction characters that are not allowed` });

let t: TestApp;
let author: SignedUp;
beforeAll(async () => {
  t = await startTestApp();
  author = await signupAs(t.app, 'Author');
});
afterAll(async () => { await t?.close(); });

const signup = (name: string) => t.app.inject({
  method: 'POST', url: '/api/signup',
  payload: { name, email: uniqueAddress('bidi'), password: 'correct horse battery', confirmPassword: 'correct horse battery', role: 'Author', tags: [] },
});
const sendPaper = (parts: RawPart[]) => {
  const { payload, contentType } = rawMultipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/author/new-paper', payload, headers: { 'content-type': contentType, ...author.auth } });
};
const paper = (o: { title?: string; abstract?: string; fileName?: string }) => sendPaper([
  { name: 'title', value: o.title ?? 'A title' }, { name: 'abstract', value: o.abstract ?? 'An abstract' },
  { name: 'file', value: pdfBytes(`bidi-${Math.random()}`), filename: o.fileName ?? 'paper.pdf', contentType: 'application/pdf' },
]);

/** Papers and stored files, to show that a refused request keeps nothing. */
const stored = async () => ({
  papers: (await t.app.database.pool.query('select count(*)::int as n from papers')).rows[0].n as number,
  files: readdirSync(path.join(t.dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length,
});

describe('refused: 400 naming the field, nothing kept', () => {
  test('a signup name with U+061C ARABIC LETTER MARK', async () => {
    const res = await signup('\u0639\u0644\u064a\u061c Hassan');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('Name'));
  });

  test('a profile name with a right-to-left isolate', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: author.auth, payload: { name: 'Eve \u2067Admin\u2069' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('Name'));
  });

  test('a paper title with U+061C', async () => {
    const before = await stored();
    const res = await paper({ title: 'Markets \u061c2025' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('Title'));
    expect(await stored()).toEqual(before);
  });

  test('an abstract with U+202E RIGHT-TO-LEFT OVERRIDE', async () => {
    const before = await stored();
    const res = await paper({ abstract: 'We prove \u202eesrever\u202c the claim.' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('Abstract'));
    expect(await stored()).toEqual(before);
  });

  test('a changed abstract with U+200F', async () => {
    const created = await paper({ title: 'Kept as it was' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().paper._id as string;
    const res = await injectMultipart(t.app, 'PATCH', `/api/author/paper/${id}`, [['abstract', 'Changed\u200f']], author.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('Abstract'));
    const detail = await t.app.inject({ url: `/api/author/paper/${id}`, headers: author.auth });
    expect(detail.json().paper.abstract).toBe('An abstract');
  });

  test.each([
    ['evil\u202efdp.pdf'],
    ['report\u2066.pdf'],
    ['\u061cpaper.pdf'],
    ['name\u200e.pdf'],
  ])('an uploaded PDF named %j', async (fileName) => {
    const before = await stored();
    const res = await paper({ title: 'Named with a control', fileName });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('File name'));
    expect(await stored()).toEqual(before);
  });

  test('a profile photo named with an override', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    const { payload, contentType } = rawMultipart([{ name: 'photo', value: png, filename: 'me\u202egnp.exe', contentType: 'image/png' }]);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/me', payload, headers: { 'content-type': contentType, ...author.auth } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('File name'));
  });
});

describe('accepted: Arabic and Hebrew text without controls', () => {
  test('names in Arabic and in Hebrew', async () => {
    const arabic = await signup('محمد بن علي');
    expect(arabic.statusCode, arabic.body).toBe(201);
    expect(arabic.json().user.name).toBe('محمد بن علي');
    const hebrew = await t.app.inject({ method: 'PATCH', url: '/api/me', headers: author.auth, payload: { name: 'דוד כהן' } });
    expect(hebrew.statusCode, hebrew.body).toBe(200);
    expect(hebrew.json().user.name).toBe('דוד כהן');
  });

  test('an Arabic title, a multi-line abstract as a browser sends it and an Arabic file name', async () => {
    const title = 'نموذج جديد لإدارة سلاسل الإمداد 2025';
    const abstract = 'السطر الأول\nשורה שנייה\n\tIndented English line.';
    // FormData, as the browser sends it: line breaks become CR LF, the file name goes as UTF-8.
    const res = await injectMultipart(t.app, 'POST', '/api/author/new-paper',
      [['title', title], ['abstract', abstract], ['keywords', 'AI'], ['file', pdfBytes('arabic'), 'ورقة بحثية.pdf']], author.auth);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().paper;
    expect(created.title).toBe(title);
    expect(created.abstract.replaceAll('\r\n', '\n')).toBe(abstract);
    const detail = await t.app.inject({ url: `/api/author/paper/${created._id}`, headers: author.auth });
    expect(detail.json().paper.pdfVersions[0].fileName).toBe('ورقة بحثية.pdf');
  });
});
