import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../../src/core/ids';
import { awardNominations, certificates, papers, payments, receipts, visaLetters } from '../../src/server/db/schema';
import { newDocumentCode } from '../../src/server/documents/codes';
import { startTestApp, type TestApp } from '../support/app';
import { insertRegistration } from '../support/registration-rows';
import { signupAs, type SignedUp } from '../support/users';

/**
 * The public /verify/:code page (decisions 0048, 0046, 0044 and 0054) answers every document the conference issues:
 * certificates of the four kinds, receipts and approved visa letters; it never shows an e-mail address or a
 * passport number. Rows are written straight to the database, as the issuing services leave them.
 */
let t: TestApp;
let author: SignedUp;
const code = {} as Record<'presentation' | 'attendance' | 'award' | 'workshop' | 'receipt' | 'letter' | 'requestedLetter', string>;
const PASSPORT = 'Z9876543';
const PAPER_TITLE = 'Graphene <membranes> & sea water';

const verify = (c: string) => t.app.inject({ method: 'GET', url: `/verify/${encodeURIComponent(c)}` });

beforeAll(async () => {
  t = await startTestApp();
  author = await signupAs(t.app, 'Author', { name: 'Priya Author' });
  const db = t.app.database.db;
  const paperId = 'IMSE-VD-1';
  await db.insert(papers).values({ id: paperId, authorId: author.user._id, title: PAPER_TITLE, abstract: 'A' });
  // Made by the paper's author's account: the letter names an author only while the data says so (decision 0056).
  const reg = await insertRegistration(db, {
    name: 'देवनागरी नाम',
    email: 'deva.author@verify.example',
    userId: author.user._id,
    paperId,
    category: 'student-scopus',
  });
  const workshopReg = await insertRegistration(db, {
    name: 'Zoë Ångström-Núñez',
    email: 'zoe@verify.example',
    category: 'workshop-internet-of-things',
  });
  const [nomination] = await db
    .insert(awardNominations)
    .values({
      id: newId(),
      year: 2026,
      category: 'Best Researcher Award',
      nomineeName: 'สมชาย ใจดี',
      nomineeEmail: 'somchai@verify.example',
      designation: 'Professor',
      affiliation: 'Chulalongkorn University',
      statement: 'S',
      cvKey: 'f'.repeat(64),
      nominatedBy: author.user._id,
      status: 'awarded',
      awardId: '2026/Award/ET/7',
    })
    .returning();
  for (const k of ['presentation', 'attendance', 'award', 'workshop', 'receipt', 'letter', 'requestedLetter'] as const)
    code[k] = newDocumentCode();
  await db.insert(certificates).values([
    {
      code: code.presentation,
      kind: 'presentation',
      subject: paperId,
      name: 'देवनागरी नाम',
      email: 'deva.author@verify.example',
      paperId,
      paperTitle: PAPER_TITLE,
    },
    {
      code: code.attendance,
      kind: 'attendance',
      subject: 'ann@verify.example',
      name: 'Ann <b>Bold</b> Example',
      email: 'ann@verify.example',
    },
    { code: code.award, kind: 'award', subject: nomination!.id, name: 'สมชาย ใจดี', email: 'somchai@verify.example' },
    { code: code.workshop, kind: 'workshop', subject: workshopReg.id, name: 'Zoë Ångström-Núñez', email: 'zoe@verify.example' },
  ]);
  const [payment] = await db
    .insert(payments)
    .values({
      id: newId(),
      txnid: `vd-${newId()}`,
      provider: 'payu',
      amount: '250.00',
      currency: 'USD',
      name: 'देवनागरी नाम',
      email: 'deva.author@verify.example',
      product: 'Registration',
      status: 'paid',
      registrationId: reg.id,
    })
    .returning();
  await db.insert(receipts).values({
    number: 'IMSE-2026-000042',
    year: 2026,
    seq: 42,
    code: code.receipt,
    paymentId: payment!.id,
    registrationId: reg.id,
    billingName: 'Institute of Verification',
    billingAddress: '12 Hidden Lane, Pune',
    item: 'With publication: Student, SCOPUS book chapter (early-bird)',
    amountMinor: 25000,
    currency: 'USD',
    method: 'PayU',
    paidAt: new Date('2026-11-20T08:00:00Z'),
  });
  await db.insert(visaLetters).values([
    {
      id: newId(),
      registrationId: reg.id,
      requestedBy: author.user._id,
      passportName: 'PRIYA AUTHOR',
      nationality: 'IN',
      passportNumber: PASSPORT,
      arrivalDate: '2023-12-25',
      departureDate: '2023-12-30',
      status: 'approved',
      code: code.letter,
      decidedAt: new Date('2026-11-21T08:00:00Z'),
    },
    {
      id: newId(),
      registrationId: reg.id,
      requestedBy: author.user._id,
      passportName: 'WAITING PERSON',
      nationality: 'IN',
      passportNumber: 'W1111111',
      arrivalDate: '2023-12-25',
      departureDate: '2023-12-30',
      status: 'requested',
      code: code.requestedLetter,
    },
  ]);
});
afterAll(async () => {
  await t?.close();
});

/** The page's visible text, tags removed. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('public /verify/:code', () => {
  test.each([
    [
      'presentation',
      [
        'Valid certificate',
        'certificate of presentation',
        'देवनागरी नाम',
        'Presenting the paper “Graphene &lt;membranes&gt; &amp; sea water” (Paper ID: IMSE-VD-1)',
      ],
    ],
    ['attendance', ['Valid certificate', 'certificate of attendance', 'Ann &lt;b&gt;Bold&lt;/b&gt; Example', 'Attending the conference']],
    ['award', ['Valid certificate', 'certificate of award', 'สมชาย ใจดี', 'The Best Researcher Award 2026', 'Award ID', '2026/Award/ET/7']],
    [
      'workshop',
      [
        'Valid certificate',
        'certificate of participation',
        'Zoë Ångström-Núñez',
        'Participating in the technical workshop course Internet of Things (30 December 2022)',
      ],
    ],
  ] as const)('a %s certificate: who, for what, when; no e-mail address', async (kind, expected) => {
    const res = await verify(code[kind]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    for (const part of expected) expect(res.body).toContain(part);
    expect(res.body).toContain(code[kind]);
    expect(res.body).not.toMatch(/@verify\.example/);
    expect(res.body).not.toContain('<script');
  });

  test('a receipt: number, issued to, item, amount, dates and "non-refundable"; no address or e-mail', async () => {
    const res = await verify(code.receipt);
    expect(res.statusCode, res.body).toBe(200);
    const shown = text(res.body);
    for (const part of [
      'Valid receipt',
      'IMSE-2026-000042',
      'Institute of Verification',
      'With publication: Student, SCOPUS book chapter (early-bird)',
      'USD 250.00',
      'PayU',
      'Paid on 20 November 2026',
      'The registration fee is non-refundable.',
    ]) {
      expect(shown).toContain(part);
    }
    expect(res.body).not.toContain('Hidden Lane');
    expect(res.body).not.toMatch(/@verify\.example/);
  });

  test('an approved visa letter: name as on passport, nationality, stay, role; never the passport number', async () => {
    const res = await verify(code.letter);
    expect(res.statusCode, res.body).toBe(200);
    const shown = text(res.body);
    for (const part of [
      'Valid visa invitation letter',
      'PRIYA AUTHOR',
      'Nationality India',
      '25 December 2023 to 30 December 2023',
      'Author of the paper “Graphene &lt;membranes&gt; &amp; sea water” (Paper ID: IMSE-VD-1)',
      'Approved on 21 November 2026',
    ]) {
      expect(shown).toContain(part);
    }
    expect(res.body).not.toContain(PASSPORT);
    expect(res.body).not.toMatch(/@verify\.example/);
  });

  test('a letter not approved is no document yet: 404, and its passport number is not shown', async () => {
    const res = await verify(code.requestedLetter);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('W1111111');
    expect(res.body).not.toContain('WAITING PERSON');
  });

  test('a code typed loosely (lower case, O for 0, I or L for 1, no dashes) finds its document', async () => {
    const loose = code.receipt.toLowerCase().replace(/-/g, '').replace(/0/g, 'o').replace(/1/g, 'l');
    const res = await verify(loose);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('IMSE-2026-000042');
  });

  test('an unknown or malformed code is a 404 page that names no document and echoes the code harmlessly', async () => {
    for (const c of ['AAAA-BBBB-CCCC-DDDD-EEEE', 'not a code', '<script>alert(1)</script>', 'x'.repeat(90)]) {
      const res = await verify(c);
      expect(res.statusCode, c).toBe(404);
      expect(res.headers['content-type'], c).toMatch(/^text\/html/);
      expect(res.body).toContain('Document not found');
      expect(res.body).not.toContain('<script>alert');
    }
    // Past the router's longest path parameter (100 characters) the server's own 404 answers.
    expect((await verify('x'.repeat(300))).statusCode).toBe(404);
  });
});
