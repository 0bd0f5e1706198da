import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseBibtex } from '@retorquere/bibtex-parser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { LATIN_NAME_MESSAGE } from '../../src/core/schemas/person-name';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes, submitPaper } from '../support/multipart';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';

/** Decision 0074: names as people write them, through sign-up, profile, co-authors and the proceedings exports. */
let t: TestApp;
let editor: SignedUp;

const XSD = readFileSync(path.resolve('tests/support/crossref-5.3.1-conference.xsd'), 'utf8');
const PASSWORD = 'correct horse battery';
const signup = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: { email: uniqueAddress('name'), password: PASSWORD, confirmPassword: PASSWORD, role: 'Author', tags: [], ...payload },
  });
const req = (method: 'GET' | 'PUT' | 'PATCH', url: string, who: SignedUp, payload?: object) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const asSignedUp = (res: { json: () => { token: string; user: SignedUp['user'] } }): SignedUp => {
  const { token, user } = res.json();
  return { token, user, password: PASSWORD, auth: { authorization: `Bearer ${token}` } };
};

async function acceptedPaper(author: SignedUp, title: string) {
  const paper = await submitPaper(t.app, author.auth, { title });
  expect((await req('PUT', `/api/editor/papers/${paper._id}/decision`, editor, { decision: 'Accepted' })).statusCode).toBe(200);
  const notify = await t.app.inject({
    method: 'POST',
    url: '/api/editor/notify',
    headers: editor.auth,
    payload: { paperIds: [paper._id] },
  });
  expect(notify.statusCode).toBe(200);
  const up = await injectMultipart(
    t.app,
    'POST',
    `/api/author/paper/${paper._id}/camera-ready`,
    [['file', pdfBytes(title, 20_000), 'final.pdf']],
    author.auth,
  );
  expect(up.statusCode, up.body).toBe(201);
  return paper._id;
}

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('sign-up', () => {
  test('with parts: the display name is made from them, family first for 王芳, the Latin name beside it', async () => {
    const res = await signup({ name: '王芳', givenName: '芳', familyName: '王', familyFirst: true, latinName: 'Wang Fang' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user).toMatchObject({ name: '王芳', givenName: '芳', familyName: '王', familyFirst: true, latinName: 'Wang Fang' });
    const me = await req('GET', '/api/me', asSignedUp(res));
    expect(me.json()).toMatchObject({ name: '王芳', givenName: '芳', familyName: '王', familyFirst: true, latinName: 'Wang Fang' });
  });

  test('the original call with only `name` answers exactly as before: the name as sent, no parts', async () => {
    const res = await signup({ name: 'Nguyễn Thị Hằng' });
    expect(res.statusCode).toBe(201);
    const user = res.json().user;
    expect(user.name).toBe('Nguyễn Thị Hằng');
    expect(Object.keys(user).sort()).toEqual(['_id', 'affiliation', 'country', 'email', 'name', 'orcid', 'phone', 'photo', 'role', 'tags']);
    // An empty name still falls back to the address's part before the @ (docs/product.md#validation-and-messages).
    const email = uniqueAddress('fallback');
    const empty = await signup({ name: '', email });
    expect(empty.json().user.name).toBe(email.split('@')[0]);
  });

  test('a Latin name in another script, or a part too long, is a 400 naming the field', async () => {
    const latin = await signup({ name: 'x', givenName: 'A', familyName: 'B', latinName: '王芳' });
    expect([latin.statusCode, latin.json().message]).toEqual([400, LATIN_NAME_MESSAGE]);
    const long = await signup({ name: 'x', givenName: 'a'.repeat(121) });
    expect([long.statusCode, long.json().message]).toEqual([400, 'Given name is too long (at most 120 characters)']);
    const mistyped = await signup({ name: 'x', familyFirst: 'yes' });
    expect(mistyped.statusCode).toBe(400);
  });
});

describe('profile', () => {
  test('parts replace the name; the name alone keeps the parts while it is unchanged and drops them when it changes', async () => {
    const who = asSignedUp(await signup({ name: 'Hang' }));
    const parts = await req('PATCH', '/api/me', who, { givenName: 'Thị Hằng', familyName: 'Nguyễn', familyFirst: true });
    expect(parts.statusCode, parts.body).toBe(200);
    expect(parts.json().user).toMatchObject({ name: 'Nguyễn Thị Hằng', givenName: 'Thị Hằng', familyName: 'Nguyễn', familyFirst: true });

    const same = await req('PATCH', '/api/me', who, { name: 'Nguyễn Thị Hằng', phone: '+66 1' });
    expect(same.json().user).toMatchObject({ name: 'Nguyễn Thị Hằng', familyName: 'Nguyễn', phone: '+66 1' });

    const renamed = await req('PATCH', '/api/me', who, { name: 'Hang N.' });
    expect(renamed.json().user.name).toBe('Hang N.');
    expect(renamed.json().user.familyName).toBeUndefined();
  });

  test('a multipart form sends "family name first" as text', async () => {
    const who = asSignedUp(await signup({ name: 'Kovács' }));
    const res = await injectMultipart(
      t.app,
      'PATCH',
      '/api/me',
      [
        ['givenName', 'János'],
        ['familyName', 'Kovács'],
        ['familyFirst', 'true'],
      ],
      who.auth,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Kovács János', familyFirst: true });
  });
});

describe('co-authors and the proceedings exports', () => {
  let hangPaper: string;
  let plainPaper: string;
  let wangId: string;

  beforeAll(async () => {
    expect(
      (await req('PUT', '/api/editor/settings', editor, { doiPrefix: '10.55555', doiPattern: 'imse.{year}.{paperId}' })).statusCode,
    ).toBe(200);
    const hang = asSignedUp(await signup({ name: '', givenName: 'Thị Hằng', familyName: 'Nguyễn', familyFirst: true }));
    hangPaper = await acceptedPaper(hang, 'A lone { brace, 50% & $5 #1 a_b ~^ \\n and 王芳的论文');
    const co = await req('PUT', `/api/author/paper/${hangPaper}/co-authors`, hang, {
      coAuthors: [
        {
          name: 'ignored when parts are sent',
          givenName: '芳',
          familyName: '王',
          familyFirst: true,
          latinName: 'Wang Fang',
          email: 'fang@example.cn',
        },
        { name: 'Sukarno', email: 'sukarno@example.id' },
        { name: 'Jan van der Berg', givenName: 'Jan', familyName: 'van der Berg', email: 'jan@example.nl' },
      ],
    });
    expect(co.statusCode, co.body).toBe(200);
    expect(co.json().coAuthors[0]).toMatchObject({
      name: '王芳',
      givenName: '芳',
      familyName: '王',
      familyFirst: true,
      latinName: 'Wang Fang',
    });
    // A co-author given by name only answers as before.
    expect(co.json().coAuthors[1]).toEqual({ name: 'Sukarno', email: 'sukarno@example.id', affiliation: '', country: '', orcid: null });

    const wang = asSignedUp(await signup({ name: '王芳', givenName: '芳', familyName: '王', familyFirst: true, latinName: 'Wang Fang' }));
    wangId = await acceptedPaper(wang, '深度学习 for Graphs');
    const thai = asSignedUp(await signup({ name: 'สมชาย ใจดี', givenName: 'สมชาย', familyName: 'ใจดี' }));
    plainPaper = await acceptedPaper(thai, 'ไทย');
  }, 120_000);

  test("Crossref: given_name Thị Hằng and surname Nguyễn; 王 and 芳; a one-part name is a surname; the schema's rules hold", async () => {
    const res = await req('GET', '/api/editor/exports/proceedings.xml', editor);
    expect(res.statusCode).toBe(200);
    const xml = res.body;
    const result = await validateXML({ xml: [{ fileName: 'deposit.xml', contents: xml }], schema: [{ fileName: 'c.xsd', contents: XSD }] });
    expect(result.errors).toEqual([]);
    expect(xml).toContain(
      '<person_name sequence="first" contributor_role="author"><given_name>Thị Hằng</given_name><surname>Nguyễn</surname>',
    );
    expect(xml).toContain('<person_name sequence="additional" contributor_role="author"><given_name>芳</given_name><surname>王</surname>');
    expect(xml).toContain('<person_name sequence="additional" contributor_role="author"><surname>Sukarno</surname></person_name>');
    expect(xml).toContain('<given_name>Jan</given_name><surname>van der Berg</surname>');
  });

  test('BibTeX: read back by a BibTeX parser, title, authors, booktitle and year are exactly what was entered', async () => {
    const res = await req('GET', '/api/editor/exports/proceedings.bib', editor);
    expect(res.statusCode).toBe(200);
    const lib = parseBibtex(res.body, { sentenceCase: false, caseProtection: false });
    expect(lib.errors).toEqual([]);
    const byTitle = new Map(lib.entries.map((e) => [e.fields.title as unknown as string, e]));
    const hang = byTitle.get('A lone { brace, 50% & $5 #1 a_b ~^ \\n and 王芳的论文');
    expect(hang, [...byTitle.keys()].join(' | ')).toBeDefined();
    type Creator = { lastName?: string; firstName?: string; prefix?: string };
    expect(
      (hang!.fields.author as unknown as Creator[]).map((c) => [[c.prefix, c.lastName].filter(Boolean).join(' '), c.firstName ?? '']),
    ).toEqual([
      ['Nguyễn', 'Thị Hằng'],
      ['王', '芳'],
      ['Sukarno', ''],
      ['van der Berg', 'Jan'],
    ]);
    expect(hang!.fields.booktitle).toMatch(/^Proceedings of the /);
    expect(hang!.fields.year).toMatch(/^\d{4}$/);
    expect(hang!.key).toMatch(/^nguyen\d{4}lone$/);
    // Keys for names without Latin letters: the Latin name, else the paper id and year; never "anon".
    expect(byTitle.get('深度学习 for Graphs')!.key).toMatch(/^wang\d{4}graphs$/);
    expect(byTitle.get('ไทย')!.key).toMatch(new RegExp(`^paper-${plainPaper}-\\d{4}$`));
    expect(res.body).not.toContain('anon');
    expect(wangId).toBeTruthy();
  });

  test('CSV: given, family and Latin names are added after every existing column', async () => {
    const res = await req('GET', '/api/editor/exports/proceedings.csv', editor);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'paper_id,title,track,authors,affiliations,countries,orcids,doi,keywords,abstract,pdf_file,pdf_bytes,camera_ready_uploaded_at,given_names,family_names,latin_names',
    );
    const row = lines.find((l) => l.startsWith(`"${hangPaper}"`))!;
    expect(row).toContain('"Nguyễn Thị Hằng; 王芳; Sukarno; Jan van der Berg"');
    expect(row.endsWith('"Thị Hằng; 芳; ; Jan","Nguyễn; 王; ; van der Berg","; Wang Fang; ; "')).toBe(true);
    const papers = await req('GET', '/api/editor/exports/papers.csv', editor);
    expect(papers.body.split('\r\n')[0]).toMatch(/,decided_at,author_given_name,author_family_name,author_latin_name$/);
  });
});
