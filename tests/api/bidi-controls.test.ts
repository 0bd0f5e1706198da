import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes, submitPaper } from '../support/multipart';
import { rawMultipart, type RawPart } from '../support/raw-multipart';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';

// docs/product.md#validation-and-messages: Unicode's Bidi_Control characters (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) make a
// name, a title or a file name read differently from what it is: `evil\u202efdp.exe` shows as "evilexe.pdf".
// They are refused wherever such a text is shown; Arabic and Hebrew text without them is welcome.

const refused = (field: string) => ({ message: `${field} contains control or text-direction characters that are not allowed` });

let t: TestApp;
let author: SignedUp;
beforeAll(async () => {
  t = await startTestApp();
  author = await signupAs(t.app, 'Author');
});
afterAll(async () => {
  await t?.close();
});

const signup = (name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: {
      name,
      email: uniqueAddress('bidi'),
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      role: 'Author',
      tags: [],
    },
  });
const sendPaper = (parts: RawPart[]) => {
  const { payload, contentType } = rawMultipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/author/new-paper', payload, headers: { 'content-type': contentType, ...author.auth } });
};
const paper = (o: { title?: string; abstract?: string; fileName?: string }) =>
  sendPaper([
    { name: 'title', value: o.title ?? 'A title' },
    { name: 'abstract', value: o.abstract ?? 'An abstract' },
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

  test.each([['evil\u202efdp.pdf'], ['report\u2066.pdf'], ['\u061cpaper.pdf'], ['name\u200e.pdf']])(
    'an uploaded PDF named %j',
    async (fileName) => {
      const before = await stored();
      const res = await paper({ title: 'Named with a control', fileName });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refused('File name'));
      expect(await stored()).toEqual(before);
    },
  );

  test('a profile photo named with an override', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    const { payload, contentType } = rawMultipart([{ name: 'photo', value: png, filename: 'me\u202egnp.exe', contentType: 'image/png' }]);
    const res = await t.app.inject({ method: 'PATCH', url: '/api/me', payload, headers: { 'content-type': contentType, ...author.auth } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('File name'));
  });
});

describe('every stored free text: U+202E refused with 400 naming the field, nothing kept (one rule, core/schemas/text.ts)', () => {
  const E = '\u202e';
  let editor: SignedUp;
  let reviewer: SignedUp;
  let paperId: string;
  const send = (method: 'POST' | 'PUT', url: string, who: SignedUp | null, payload: object) =>
    t.app.inject({ method, url, headers: who?.auth ?? {}, payload: payload as Record<string, unknown> });
  /** The contact form, each message from an address of its own (the form is rate-limited per address). */
  let ip = 0;
  const contact = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as Record<string, unknown>, remoteAddress: `198.51.100.${++ip}` });
  const REVIEW = { recommendation: 4, confidence: 3, commentsToAuthors: 'A clear paper.', commentsToEditor: 'Nothing to add.' };

  beforeAll(async () => {
    editor = await signupAs(t.app, 'Editor');
    reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    paperId = (await submitPaper(t.app, author.auth, { title: 'Reviewed with care', keywords: ['AI'] }))._id;
    expect(
      (await send('POST', '/api/editor/send-paper', editor, { paperId, reviewerId: reviewer.user._id, override: true })).statusCode,
    ).toBe(200);
    expect((await send('PUT', `/api/reviewer/review/${paperId}`, reviewer, REVIEW)).statusCode).toBe(200);
  });

  const CASES: Array<[string, () => Promise<{ statusCode: number; json: () => unknown }>, string]> = [
    [
      "a review's comments to the authors",
      () => send('PUT', `/api/reviewer/review/${paperId}`, reviewer, { ...REVIEW, commentsToAuthors: `We prove ${E}esrever` }),
      'commentsToAuthors',
    ],
    [
      "a review's comments to the editor",
      () => send('PUT', `/api/reviewer/review/${paperId}`, reviewer, { ...REVIEW, commentsToEditor: `Accept ${E}tcejer` }),
      'commentsToEditor',
    ],
    [
      "a reviewer's comment on the paper",
      () => send('POST', `/api/reviewer/add-comment/${paperId}`, reviewer, { reviewerId: reviewer.user._id, text: `Fine ${E}enif` }),
      'Comment',
    ],
    [
      "a meta-review's text to the authors",
      () => send('PUT', `/api/editor/papers/${paperId}/meta-review`, editor, { recommendation: 'Accepted', toAuthors: `Well ${E}done` }),
      'The text to the authors',
    ],
    [
      "a meta-review's text to the committee",
      () =>
        send('PUT', `/api/editor/papers/${paperId}/meta-review`, editor, {
          recommendation: 'Accepted',
          toAuthors: 'Well done.',
          toCommittee: `Close ${E}call`,
        }),
      'The text to the committee',
    ],
    ['an author response', () => send('PUT', `/api/author/paper/${paperId}/response`, author, { text: `We fixed ${E}it` }), 'The response'],
    [
      "a bulk mail's subject",
      () =>
        send('POST', '/api/editor/bulk-mails', editor, {
          audience: { group: 'authors' },
          subject: `News ${E}txt.exe`,
          body: 'Hello',
          key: 'bidi-key-0123456789',
        }),
      'The subject',
    ],
    [
      "a bulk mail's body",
      () =>
        send('POST', '/api/editor/bulk-mails', editor, {
          audience: { group: 'authors' },
          subject: 'News',
          body: `Hello ${E}olleh`,
          key: 'bidi-key-0123456789',
        }),
      'The body',
    ],
    [
      "a bulk mail's preview",
      () =>
        send('POST', '/api/editor/bulk-mails/preview', editor, {
          audience: { group: 'authors' },
          subject: 'News',
          body: `Hello ${E}olleh`,
        }),
      'The body',
    ],
    ["the contact form's name", () => contact({ name: `Eve ${E}nimda`, message: 'Hi' }), 'Name'],
    ["the contact form's e-mail", () => contact({ email: `eve${E}@example.org`, message: 'Hi' }), 'Email'],
    ["the contact form's phone", () => contact({ phone: `+66 ${E}1234`, message: 'Hi' }), 'Phone'],
    ["the contact form's subject", () => contact({ subject: `Invoice ${E}fdp.exe`, message: 'Hi' }), 'Subject'],
    ["the contact form's message", () => contact({ message: `Pay ${E}001 now` }), 'Message'],
    ["a news item's description", () => send('POST', '/api/news', editor, { name: 'News', description: `Read ${E}eno` }), 'Description'],
    [
      "a keynote speaker's designation",
      () => send('POST', '/api/keynote-speakers', editor, { name: 'Speaker', designation: `Prof ${E}rosseforp` }),
      'Designation',
    ],
    [
      "a keynote speaker's position",
      () => send('POST', '/api/keynote-speakers', editor, { name: 'Speaker', position: `Dean ${E}naed` }),
      'Current position',
    ],
    [
      "a session's room",
      () =>
        send('POST', '/api/editor/program/sessions', editor, {
          title: 'Session',
          track: 'Science and Materials',
          start: '2023-12-27T09:00:00Z',
          end: '2023-12-27T10:00:00Z',
          room: `Hall ${E}A`,
        }),
      'Room',
    ],
    [
      "a session's chair",
      () =>
        send('POST', '/api/editor/program/sessions', editor, {
          title: 'Session',
          track: 'Science and Materials',
          start: '2023-12-27T09:00:00Z',
          end: '2023-12-27T10:00:00Z',
          chair: `Dr ${E}X`,
        }),
      'Chair',
    ],
    [
      "a registration's billing address",
      () =>
        send('POST', '/api/editor/registrations', editor, {
          name: 'Payer',
          email: uniqueAddress('payer'),
          category: 'attending',
          currency: 'USD',
          billingAddress: `1 Road ${E}2`,
        }),
      'Billing address',
    ],
    [
      "a review rating's note",
      () =>
        send('PUT', `/api/editor/papers/${paperId}/reviews/${reviewer.user._id}/rating`, editor, {
          rating: 'helpful',
          note: `Good ${E}doog`,
        }),
      'note',
    ],
    [
      "a co-author's affiliation",
      () =>
        send('PUT', `/api/author/paper/${paperId}/co-authors`, author, {
          coAuthors: [{ name: 'Cora', email: uniqueAddress('cora'), affiliation: `Uni ${E}inu` }],
        }),
      'Affiliation',
    ],
    [
      "a mail template's subject",
      () => send('PUT', '/api/editor/mail-templates/paperReceived', editor, { subject: `Got ${E}{paperTitle}`, body: 'Dear {name}' }),
      'The subject',
    ],
    [
      "a mail template's body",
      () => send('PUT', '/api/editor/mail-templates/paperReceived', editor, { subject: 'Got {paperTitle}', body: `Dear ${E}{name}` }),
      'The body',
    ],
    [
      "a payment's paper id",
      () => send('POST', '/api/payu/initiate', null, { name: 'Payer', email: 'p@example.org', amount: 10, productinfo: `P-1${E}2` }),
      'Paper ID',
    ],
  ];

  test.each(CASES)('%s', async (_, request, field) => {
    const res = await request();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused(field));
  });

  test('a refused review keeps the one saved, a refused contact message is not kept', async () => {
    await send('PUT', `/api/reviewer/review/${paperId}`, reviewer, { ...REVIEW, commentsToAuthors: `Changed ${E}` });
    const review = await t.app.inject({ url: `/api/reviewer/review/${paperId}`, headers: reviewer.auth });
    expect(review.json()).toMatchObject({ commentsToAuthors: REVIEW.commentsToAuthors });
    const count = async () => (await t.app.database.pool.query('select count(*)::int as n from contact_messages')).rows[0].n as number;
    const before = await count();
    expect((await contact({ message: `Pay ${E}001` })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  test('Arabic and Hebrew review comments and contact messages are kept as written', async () => {
    const comments = { ...REVIEW, commentsToAuthors: 'ورقة واضحة ومفيدة.\nשורה שנייה.', commentsToEditor: 'أوصي بالقبول' };
    const saved = await send('PUT', `/api/reviewer/review/${paperId}`, reviewer, comments);
    expect(saved.statusCode, JSON.stringify(saved.json())).toBe(200);
    expect(saved.json()).toMatchObject({
      review: { commentsToAuthors: comments.commentsToAuthors, commentsToEditor: comments.commentsToEditor },
    });
    const sent = await contact({ name: 'محمد علي', subject: 'שאלה', message: 'مرحبا، لدي سؤال عن التسجيل.' });
    expect(sent.statusCode).toBe(201);
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
    const res = await injectMultipart(
      t.app,
      'POST',
      '/api/author/new-paper',
      [
        ['title', title],
        ['abstract', abstract],
        ['keywords', 'AI'],
        ['file', pdfBytes('arabic'), 'ورقة بحثية.pdf'],
      ],
      author.auth,
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().paper;
    expect(created.title).toBe(title);
    expect(created.abstract.replaceAll('\r\n', '\n')).toBe(abstract);
    const detail = await t.app.inject({ url: `/api/author/paper/${created._id}`, headers: author.auth });
    expect(detail.json().paper.pdfVersions[0].fileName).toBe('ورقة بحثية.pdf');
  });
});
