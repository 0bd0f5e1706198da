import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, cameraReady, coupons, papers, payments, registrations } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { payAndConfirm, payuFields } from '../support/payu';
import { signupAs, verifyEmail, type SignedUp } from '../support/users';
import { submitPaper } from '../support/multipart';

/** Decision 0043: registrations as records; prices from early-bird windows, coupons and extra pages, all on the server. */
const PAYU_SALT = 'regSalt1';
let t: TestApp;
let editor: SignedUp;
let student: SignedUp;

const post = (url: string, payload: object, who?: SignedUp) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: who?.auth ?? {} });
const get = (url: string, who?: SignedUp) => t.app.inject({ method: 'GET', url, headers: who?.auth ?? {} });
const quote = (body: object, who?: SignedUp) => post('/api/registrations/quote', body, who);
let n = 0;
const code = (p: string) => `${p}${++n}`;

async function coupon(body: object) {
  const res = await post('/api/editor/coupons', body, editor);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function verifiedAuthor(): Promise<SignedUp> {
  const u = await signupAs(t.app, 'Author');
  await verifyEmail(t.app, u);
  return u;
}

const REGISTER = {
  name: 'Somchai Student',
  affiliation: 'Chulalongkorn University',
  country: 'TH',
  category: 'student-scopus',
  currency: 'INR',
  provider: 'payu',
};

beforeAll(async () => {
  t = await startTestApp({ PAYU_KEY: 'regKey1', PAYU_SALT, PAYU_URL: 'https://test.payu.in/_payment' });
  editor = await signupAs(t.app, 'Editor');
  student = await verifiedAuthor();
});
afterAll(async () => {
  await t?.close();
});

describe('prices', () => {
  test('every category is listed in cents and paise, INR = USD × 74 in integers', async () => {
    const res = await get('/api/registrations/prices');
    expect(res.statusCode).toBe(200);
    const prices = res.json().prices as Array<{ category: string; usdMinor: number; inrMinor: number }>;
    const student = prices.find((p) => p.category === 'student-scopus')!;
    expect(student).toMatchObject({ usdMinor: 55_000, inrMinor: 4_070_000 });
    for (const p of prices) {
      expect(Number.isInteger(p.inrMinor)).toBe(true);
      expect(p.inrMinor).toBe(p.usdMinor * 74);
    }
    expect(prices.map((p) => p.category)).toContain('workshop-internet-of-things');
  });

  test("a quote without anything special is the fee table's row", async () => {
    const res = await quote({ category: 'academician-journal', currency: 'USD' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      listMinor: 35_000,
      earlyBird: false,
      discountMinor: 0,
      extraMinor: 0,
      amountMinor: 35_000,
      currency: 'USD',
    });
  });

  test('an early-bird window applies before its date and not after it', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const res = await post('/api/editor/early-bird-prices', { category: 'industrial-journal', usdMinor: 40_000, until }, editor);
    expect(res.statusCode, res.body).toBe(201);
    const before = await quote({ category: 'industrial-journal', currency: 'INR' });
    expect(before.json()).toMatchObject({
      regularMinor: 45_000 * 74,
      listMinor: 40_000 * 74,
      earlyBird: true,
      earlyBirdUntil: until,
      amountMinor: 40_000 * 74,
    });

    // A window that ended a minute ago is no longer applied.
    const past = await post(
      '/api/editor/early-bird-prices',
      { category: 'industrial-scopus', usdMinor: 50_000, until: new Date(Date.now() - 60_000).toISOString() },
      editor,
    );
    expect(past.statusCode).toBe(201);
    expect(past.json().open).toBe(false);
    const after = await quote({ category: 'industrial-scopus', currency: 'USD' });
    expect(after.json()).toMatchObject({ listMinor: 65_000, earlyBird: false, earlyBirdUntil: null });

    const listed = (await get('/api/registrations/prices'))
      .json()
      .prices.find((p: { category: string }) => p.category === 'industrial-journal');
    expect(listed).toMatchObject({ usdMinor: 40_000, regularUsdMinor: 45_000, earlyBirdUntil: until });

    // An early-bird price at or above the list price is refused.
    const high = await post('/api/editor/early-bird-prices', { category: 'attending', usdMinor: 20_000, until }, editor);
    expect(high.statusCode).toBe(400);
  });
});

describe('coupons', () => {
  test('percent and fixed, rupees at the stated rate', async () => {
    const pct = await coupon({ code: code('TEN'), kind: 'percent', value: 10 });
    const fixed = await coupon({ code: code('FIFTY'), kind: 'fixed', value: 5_000 });
    expect((await quote({ category: 'student-journal', currency: 'USD', coupon: pct.code.toLowerCase() })).json()).toMatchObject({
      listMinor: 30_000,
      discountMinor: 3_000,
      amountMinor: 27_000,
      couponCode: pct.code,
    });
    expect((await quote({ category: 'student-journal', currency: 'INR', coupon: fixed.code })).json()).toMatchObject({
      listMinor: 30_000 * 74,
      discountMinor: 5_000 * 74,
      amountMinor: 25_000 * 74,
    });
  });

  test('per category, expired, disabled and unknown codes are refused with a clear message', async () => {
    const onlyStudents = await coupon({ code: code('STU'), kind: 'percent', value: 20, categories: ['student-scopus', 'student-journal'] });
    expect((await quote({ category: 'student-scopus', currency: 'USD', coupon: onlyStudents.code })).json().discountMinor).toBe(11_000);
    const wrong = await quote({ category: 'academician-scopus', currency: 'USD', coupon: onlyStudents.code });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(
      `The coupon code ${onlyStudents.code} does not apply to With publication: Academician, SCOPUS book chapter.`,
    );

    const old = await coupon({ code: code('OLD'), kind: 'percent', value: 20, expiresAt: new Date(Date.now() - 1000).toISOString() });
    const expired = await quote({ category: 'attending', currency: 'USD', coupon: old.code });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(`The coupon code ${old.code} has expired.`);

    const off = await coupon({ code: code('OFF'), kind: 'percent', value: 20 });
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/editor/coupons/${off.code}`, payload: { disabled: true }, headers: editor.auth }))
        .statusCode,
    ).toBe(200);
    expect((await quote({ category: 'attending', currency: 'USD', coupon: off.code })).json().message).toBe(
      `The coupon code ${off.code} is no longer valid.`,
    );

    const unknown = await quote({ category: 'attending', currency: 'USD', coupon: 'NOSUCHCODE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('The coupon code NOSUCHCODE does not exist.');
    const malformed = await quote({ category: 'attending', currency: 'USD', coupon: 'a b' });
    expect(malformed.statusCode).toBe(400);

    const dup = await post('/api/editor/coupons', { code: off.code, kind: 'fixed', value: 100 }, editor);
    expect(dup.statusCode).toBe(409);
  });

  test('the usage limit holds under concurrent use: two at once for the last use, exactly one wins', async () => {
    const last = await coupon({ code: code('LAST'), kind: 'percent', value: 50, usageLimit: 2 });
    const first = await post('/api/registrations', { ...REGISTER, coupon: last.code }, student);
    expect(first.statusCode, first.body).toBe(201);
    const [a, b] = await Promise.all([verifiedAuthor(), verifiedAuthor()]);
    const results = await Promise.all([a, b].map((u) => post('/api/registrations', { ...REGISTER, coupon: last.code }, u)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(`The coupon code ${last.code} has been used up.`);
    const [row] = await t.app.database.db.select().from(coupons).where(eq(coupons.code, last.code));
    expect(row!.used).toBe(2);
    const listed = (await get('/api/editor/coupons', editor)).json().coupons.find((c: { code: string }) => c.code === last.code);
    expect(listed).toMatchObject({ used: 2, usageLimit: 2 });

    // Cancelling an unpaid registration gives its use back.
    const winner = results.find((r) => r.statusCode === 201)!.json().registration;
    const owner = results[0]!.statusCode === 201 ? a : b;
    expect((await post(`/api/account/registrations/${winner.id}/cancel`, {}, owner)).statusCode).toBe(200);
    const [after] = await t.app.database.db.select().from(coupons).where(eq(coupons.code, last.code));
    expect(after!.used).toBe(1);
  });
});

describe('registrations', () => {
  test('the payer cannot set the amount: an amount in the body is ignored, the server prices it', async () => {
    const u = await verifiedAuthor();
    const res = await post('/api/registrations', { ...REGISTER, category: 'attending', amount: 1, amountMinor: 100, currency: 'INR' }, u);
    expect(res.statusCode, res.body).toBe(201);
    const { registration, payment } = res.json();
    expect(registration).toMatchObject({ amountMinor: 20_000 * 74, currency: 'INR', status: 'pending', category: 'attending' });
    expect(payment.kind).toBe('payu');
    expect(payment.fields.amount).toBe('14800.00');
    const [row] = await t.app.database.db.select().from(payments).where(eq(payments.txnid, payment.fields.txnid));
    expect(row).toMatchObject({ registrationId: registration.id, amount: '14800.00', currency: 'INR' });
    // PayU takes rupees only; the card dollars only.
    expect((await post('/api/registrations', { ...REGISTER, currency: 'USD', provider: 'payu' }, u)).statusCode).toBe(400);
    expect((await post('/api/registrations', { ...REGISTER, currency: 'INR', provider: 'card' }, u)).statusCode).toBe(400);
    const bank = await post('/api/registrations', { ...REGISTER, currency: 'USD', provider: 'bank' }, u);
    expect(bank.statusCode).toBe(201);
    expect(bank.json().payment.instructions).toContain(bank.json().registration.code);
    expect(bank.json().payment.instructions).toContain('USD 550.00');
  });

  test("extra pages come from the camera-ready PDF's page count", async () => {
    const author = await verifiedAuthor();
    const paper = await submitPaper(t.app, author.auth);
    const db = t.app.database.db;
    await db.update(papers).set({ decision: 'Accepted', notifiedDecision: 'Accepted' }).where(eq(papers.id, paper._id));
    const doc = await PDFDocument.create();
    for (let i = 0; i < 13; i++) doc.addPage();
    const stored = await t.app.files.put(Readable.from([Buffer.from(await doc.save())]));
    await db.insert(cameraReady).values({ paperId: paper._id, storageKey: stored.key, size: stored.size, fileName: 'final.pdf' });
    // A paper is priced for its own authors only (decision 0056).
    expect((await quote({ category: 'academician-scopus', currency: 'INR', paperId: paper._id }, author)).json()).toMatchObject({
      extraPages: 3,
      extraMinor: 3 * 1500 * 100,
      amountMinor: 60_000 * 74 + 3 * 1500 * 100,
    });
    expect((await quote({ category: 'academician-journal', currency: 'USD', paperId: paper._id }, author)).json()).toMatchObject({
      extraPages: 3,
      extraMinor: 3 * 10 * 100,
      amountMinor: 35_000 + 3_000,
    });
    // Without publication: no extra pages. A paper that is not accepted: a clear 400.
    expect((await quote({ category: 'presentation-only', currency: 'USD', paperId: paper._id }, author)).json().extraMinor).toBe(0);
    const other = await submitPaper(t.app, author.auth);
    const refused = await quote({ category: 'academician-scopus', currency: 'USD', paperId: other._id }, author);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('is not an accepted paper');
  });

  test("the list shows the caller's own; a foreign id answers 404; an unverified address sees none", async () => {
    const mine = await verifiedAuthor();
    const created = (await post('/api/registrations', { ...REGISTER, category: 'accompanying' }, mine)).json().registration;
    const list = (await get('/api/account/registrations', mine)).json();
    expect(list.waitingForVerification).toBe(false);
    expect(list.registrations.map((r: { id: string }) => r.id)).toEqual([created.id]);

    const stranger = await verifiedAuthor();
    expect((await get('/api/account/registrations', stranger)).json().registrations).toEqual([]);
    expect((await post(`/api/account/registrations/${created.id}/cancel`, {}, stranger)).statusCode).toBe(404);
    expect((await post(`/api/account/registrations/${created.id}/pay`, { provider: 'bank' }, stranger)).statusCode).toBe(404);

    // Someone signs up (unverified) with the same address: they see nothing and cannot register.
    const twin = await signupAs(t.app, 'Reviewer', { email: mine.user.email });
    const twinList = (await get('/api/account/registrations', twin)).json();
    expect(twinList).toEqual({ waitingForVerification: true, registrations: [] });
    expect((await post('/api/registrations', REGISTER, twin)).statusCode).toBe(403);
    expect((await post(`/api/account/registrations/${created.id}/cancel`, {}, twin)).statusCode).toBe(403);
  });

  test('cancel: a pending one is cancelled; a paid one is 409 non-refundable', async () => {
    const u = await verifiedAuthor();
    const pending = (await post('/api/registrations', { ...REGISTER, category: 'attending' }, u)).json().registration;
    const cancelled = await post(`/api/account/registrations/${pending.id}/cancel`, {}, u);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect((await post(`/api/account/registrations/${pending.id}/pay`, { provider: 'payu' }, u)).statusCode).toBe(409);

    const paid = (await post('/api/registrations', { ...REGISTER, category: 'attending' }, u)).json().registration;
    await t.app.database.db.update(registrations).set({ status: 'paid', paidAt: new Date() }).where(eq(registrations.id, paid.id));
    const refused = await post(`/api/account/registrations/${paid.id}/cancel`, {}, u);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The registration fee is non-refundable.');
  });

  test('the payment modal keeps its payload and answer; a fee row named makes a registration the server prices', async () => {
    const email = 'modal.payer@example.org';
    const txnid = await payAndConfirm(t.app, PAYU_SALT, { name: 'Modal Payer', email, phone: '9999999999', amount: 7400, productinfo: '' });
    const db = t.app.database.db;
    const [payment] = await db.select().from(payments).where(eq(payments.txnid, txnid));
    // No fee row: a plain payment, settled, with no registration it could price (decision 0056).
    expect(payment).toMatchObject({ status: 'paid', registrationId: null });
    const withItem = await post('/api/payu/initiate', {
      name: 'Item Payer',
      email,
      amount: 22200,
      productinfo: '',
      feeItem: { kind: 'award' },
    });
    expect(withItem.statusCode).toBe(200);
    const [p2] = await db
      .select()
      .from(payments)
      .where(eq(payments.txnid, payuFields(withItem.body).txnid!));
    const [r2] = await db.select().from(registrations).where(eq(registrations.id, p2!.registrationId!));
    // The server's price for the row, not the amount typed; the payment still asks PayU for what was typed.
    expect(r2).toMatchObject({ category: 'award-ceremony', amountMinor: 14_800_00, paperId: null, status: 'pending' });
    expect(p2).toMatchObject({ amount: '22200.00' });
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'registration.create'));
    expect(audits.some((a) => (a.details as { registrationId?: string }).registrationId === r2!.id)).toBe(true);
  });
});
