import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { forgedBase64url } from '../support/hostile';
import { payments, receipts, registrations } from '../../src/server/db/schema';
import { conferenceYear, takeDocumentNumber } from '../../src/server/services/payments/complete-payment';
import { startTestApp, type TestApp } from '../support/app';
import { verifyAddress } from '../support/mailbox';
import { payuFields, payuSucceeds } from '../support/payu';
import { mailParts, startSmtpListener, type ReceivedMail } from '../support/smtp';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';
import { pdfText } from '../support/pdf-text';

const PAYU_KEY = 'receiptsKey';
const PAYU_SALT = 'receiptsSalt';
const PUBLIC_URL = 'https://conf.example.org';
const AWARD = { kind: 'award' };

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let editor: SignedUp;
const db = () => t.app.database.db;

/**
 * Start a payment through the payment modal; answers PayU's hidden fields (the txnid among them). A fee row named makes
 * the registration the payment settles (the award ceremony: INR 14,800.00); paid once the payment covers it (decision 0056).
 */
async function startPayu(body: Record<string, unknown>): Promise<Record<string, string>> {
  const res = await t.app.inject({ method: 'POST', url: '/api/payu/initiate', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return payuFields(res.body);
}

/** PayU's verified success answer for a started payment, as the payer's browser posts it back (from an address of its own). */
const confirm = (fields: Record<string, string>) =>
  payuSucceeds(t.app, {
    salt: PAYU_SALT,
    fields,
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });

const receiptsOfPayment = (txnid: string) =>
  db()
    .select({ r: receipts })
    .from(receipts)
    .innerJoin(payments, eq(payments.id, receipts.paymentId))
    .where(eq(payments.txnid, txnid))
    .then((rows) => rows.map((x) => x.r));

const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address.toLowerCase()));
async function receiptMailTo(address: string, count = 1): Promise<ReceivedMail> {
  await expect.poll(() => mailsTo(address).filter((m) => /Registration confirmed/.test(m.raw)).length, { timeout: 10_000 }).toBe(count);
  return mailsTo(address)
    .filter((m) => /Registration confirmed/.test(m.raw))
    .at(-1)!;
}

const asEditor = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: editor.auth, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });

/** The editor registers someone (no payment yet); answers the registration's id and amount due. */
async function editorRegisters(
  person: { name: string; email: string; billingName?: string; billingAddress?: string },
  category = 'attending',
  currency: 'USD' | 'INR' = 'USD',
) {
  const res = await asEditor('POST', '/api/editor/registrations', {
    ...person,
    affiliation: 'Chulalongkorn University',
    country: 'TH',
    category,
    currency,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().registration as { id: string; amountMinor: number; currency: 'USD' | 'INR'; status: string };
}

const transfer = (id: string, body: object) => asEditor('POST', `/api/editor/registrations/${id}/bank-transfers`, body);

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ PAYU_KEY, PAYU_SALT, PUBLIC_URL, SMTP_URL: smtp.url });
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('a PayU payment', () => {
  test('makes its registration paid, with a numbered receipt and a mail whose link downloads it', async () => {
    const email = uniqueAddress('payer');
    const f = await startPayu({
      name: 'Ada Lovelace',
      email,
      phone: '9999999999',
      amount: 14800,
      productinfo: 'Registration',
      feeItem: AWARD,
    });
    expect((await confirm(f)).statusCode).toBe(200);

    const [payment] = await db().select().from(payments).where(eq(payments.txnid, f.txnid!));
    const [registration] = await db().select().from(registrations).where(eq(registrations.id, payment!.registrationId!));
    expect(registration!.status).toBe('paid');
    expect(registration!.paidAt).not.toBeNull();
    const [receipt] = await receiptsOfPayment(f.txnid!);
    expect(receipt!.number).toMatch(new RegExp(`^IMSE-${conferenceYear({ at: new Date() })}-\\d{6}$`));
    expect(receipt).toMatchObject({ amountMinor: 1480000, currency: 'INR', method: 'PayU', billingName: 'Ada Lovelace' });

    const mail = await receiptMailTo(email);
    const text = mailParts(mail).get('text/plain')!;
    expect(text).toContain(receipt!.number);
    expect(text).toContain('INR 14,800.00');
    expect(text).toContain('non-refundable');
    const link = /https:\/\/conf\.example\.org(\/api\/receipts\/[^\s]+)/.exec(text)?.[1];
    expect(link).toBeDefined();
    const pdf = await t.app.inject({ method: 'GET', url: link! });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const read = await pdfText(pdf.rawPayload);
    expect(read).toContain(receipt!.number);
    expect(read).toContain('INR 14,800.00');
    expect(read).toContain('The registration fee is non-refundable.');
    expect(read).toContain('Ada Lovelace');
    expect(read).toContain('PayU');
    expect(read).toContain(receipt!.code);
  });

  test('a replayed callback, and the same callback five times at once, give one receipt and one mail', async () => {
    const email = uniqueAddress('replay');
    const f = await startPayu({
      name: 'Replay Payer',
      email,
      phone: '9999999999',
      amount: 14800,
      productinfo: 'Registration',
      feeItem: AWARD,
    });
    const answers = await Promise.all([confirm(f), confirm(f), confirm(f), confirm(f), confirm(f)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await confirm(f)).statusCode).toBe(200);
    expect(await receiptsOfPayment(f.txnid!)).toHaveLength(1);
    await receiptMailTo(email, 1);
    // Give a duplicate mail the time it would need, then count again.
    await t.app.mailer.runOnce();
    expect(mailsTo(email).filter((m) => /Registration confirmed/.test(m.raw))).toHaveLength(1);
  });

  test('numbers are sequential within the year under concurrent payments, and a rolled-back number is not skipped or reused', async () => {
    const year = conferenceYear({ at: new Date() });
    const started = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        startPayu({
          name: `Payer ${i}`,
          email: uniqueAddress('many'),
          phone: '9999999999',
          amount: 100 + i,
          productinfo: 'Registration',
          feeItem: AWARD,
        }),
      ),
    );
    const answers = await Promise.all(started.map((f) => confirm(f)));
    expect(answers.map((a) => (a.statusCode === 200 ? 200 : `${a.statusCode} ${a.body.slice(0, 300)}`))).toEqual(answers.map(() => 200));

    // A payment whose transaction fails after taking a number gives it back.
    await expect(
      db().transaction(async (tx) => {
        await takeDocumentNumber({ tx, kind: 'receipt', year });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const f = await startPayu({
      name: 'After rollback',
      email: uniqueAddress('after'),
      phone: '9999999999',
      amount: 99,
      productinfo: 'Registration',
      feeItem: AWARD,
    });
    expect((await confirm(f)).statusCode).toBe(200);

    const rows = await db()
      .select({ seq: receipts.seq, number: receipts.number })
      .from(receipts)
      .where(eq(receipts.year, year))
      .orderBy(receipts.seq);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
    const [last] = await receiptsOfPayment(f.txnid!);
    expect(last!.seq).toBe(rows.length);
  });
});

describe('a bank transfer the editor records', () => {
  test('must be the amount due in the registration\u2019s currency; then the receipt is issued, and a second transfer is 409', async () => {
    const email = uniqueAddress('bank');
    const reg = await editorRegisters({
      name: 'Grace Hopper',
      email,
      billingName: 'Yale University',
      billingAddress: 'New Haven, CT 06520, USA',
    });
    expect(reg.status).toBe('pending');

    const wrong = await transfer(reg.id, {
      reference: 'TT-1',
      paidOn: '2026-01-05',
      amountMinor: reg.amountMinor - 1,
      currency: reg.currency,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/amount due, USD [\d,]+\.\d\d/);
    const otherCurrency = await transfer(reg.id, {
      reference: 'TT-1',
      paidOn: '2026-01-05',
      amountMinor: reg.amountMinor,
      currency: 'INR',
    });
    expect(otherCurrency.statusCode).toBe(400);
    const future = await transfer(reg.id, {
      reference: 'TT-1',
      paidOn: '2999-01-01',
      amountMinor: reg.amountMinor,
      currency: reg.currency,
    });
    expect(future.statusCode).toBe(400);
    const noReference = await transfer(reg.id, {
      reference: ' ',
      paidOn: '2026-01-05',
      amountMinor: reg.amountMinor,
      currency: reg.currency,
    });
    expect(noReference.statusCode).toBe(400);

    const [first, second] = await Promise.all([
      transfer(reg.id, { reference: 'HSBC 0042-7781', paidOn: '2025-12-30', amountMinor: reg.amountMinor, currency: reg.currency }),
      transfer(reg.id, { reference: 'HSBC 0042-7781', paidOn: '2025-12-30', amountMinor: reg.amountMinor, currency: reg.currency }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    const done = first.statusCode === 201 ? first.json() : second.json();
    // Dated by the day the money arrived: the 2025 sequence.
    expect(done.receiptNumber).toMatch(/^IMSE-2025-\d{6}$/);
    expect(done.registration.registration.status).toBe('paid');
    expect(done.registration.payments).toEqual([
      expect.objectContaining({
        provider: 'bank',
        method: 'Bank transfer',
        status: 'paid',
        reference: 'HSBC 0042-7781',
        paidOn: '2025-12-30',
        recordedBy: editor.user._id,
      }),
    ]);
    expect(done.registration.receipts).toEqual([
      expect.objectContaining({ number: done.receiptNumber, method: 'Bank transfer', billingName: 'Yale University' }),
    ]);
    const again = await transfer(reg.id, {
      reference: 'HSBC 0042-7782',
      paidOn: '2025-12-31',
      amountMinor: reg.amountMinor,
      currency: reg.currency,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/paid already/);

    const view = await asEditor('GET', `/api/editor/registrations/${reg.id}`);
    expect(view.statusCode).toBe(200);
    expect(view.json().receipts).toHaveLength(1);

    const pdf = await asEditor('GET', `/api/editor/receipts/${done.receiptNumber}.pdf`);
    expect(pdf.statusCode).toBe(200);
    const read = await pdfText(pdf.rawPayload);
    for (const s of [
      done.receiptNumber,
      'Yale University',
      'New Haven, CT 06520, USA',
      'Bank transfer',
      'HSBC 0042-7781',
      'The registration fee is non-refundable.',
      '30 December 2025',
    ])
      expect(read).toContain(s);
    expect(read).toMatch(/USD [\d,]+\.\d\d/);

    const mail = await receiptMailTo(email);
    expect(mailParts(mail).get('text/plain')).toContain(done.receiptNumber);
  });

  test('an unknown registration is 404, and a chair or an author may not record one', async () => {
    expect((await transfer('f'.repeat(24), { reference: 'X', paidOn: '2026-01-05', amountMinor: 100, currency: 'USD' })).statusCode).toBe(
      404,
    );
    const author = await signupAs(t.app, 'Author');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/editor/registrations/${'f'.repeat(24)}/bank-transfers`,
      headers: author.auth,
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('who downloads a receipt', () => {
  let owner: SignedUp;
  let registrationId: string;
  let receiptCode: string;

  beforeAll(async () => {
    owner = await signupAs(t.app, 'Author', { name: 'Owner Person' });
    const reg = await editorRegisters({ name: 'Owner Person', email: owner.user.email });
    registrationId = reg.id;
    const res = await transfer(reg.id, {
      reference: 'REF-OWN',
      paidOn: '2026-01-10',
      amountMinor: reg.amountMinor,
      currency: reg.currency,
    });
    expect(res.statusCode).toBe(201);
    receiptCode = res.json().registration.receipts[0].code;
  });

  test('the owner, once the address is confirmed; another person is told it does not exist', async () => {
    const url = `/api/account/registrations/${registrationId}/receipt.pdf`;
    const unverified = await t.app.inject({ method: 'GET', url, headers: owner.auth });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().message).toMatch(/Confirm your e-mail address/);
    await verifyAddress(t.app, owner.user.email);
    const own = await t.app.inject({ method: 'GET', url, headers: owner.auth });
    expect(own.statusCode).toBe(200);
    expect(await pdfText(own.rawPayload)).toContain('REF-OWN');

    const other = await signupAs(t.app, 'Author');
    await verifyAddress(t.app, other.user.email);
    const foreign = await t.app.inject({ method: 'GET', url, headers: other.auth });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/account/registrations/${'a'.repeat(24)}/receipt.pdf`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  test('an unpaid registration of one\u2019s own has no receipt yet (409)', async () => {
    const reg = await editorRegisters({ name: 'Owner Person', email: owner.user.email });
    const res = await t.app.inject({ method: 'GET', url: `/api/account/registrations/${reg.id}/receipt.pdf`, headers: owner.auth });
    expect(res.statusCode).toBe(409);
  });

  test('a signed link works without logging in; a changed signature or code does not', async () => {
    const [row] = await db()
      .select()
      .from(receipts)
      .where(and(eq(receipts.code, receiptCode)));
    const { receiptLink } = await import('../../src/server/services/receipts/receipts');
    const good = new URL(receiptLink({ publicUrl: PUBLIC_URL, secret: t.config.JWT_SECRET, code: row!.code }));
    expect((await t.app.inject({ method: 'GET', url: good.pathname + good.search })).statusCode).toBe(200);

    const sig = good.searchParams.get('sig')!;
    const flipped = forgedBase64url(sig);
    const tampered = await t.app.inject({ method: 'GET', url: `${good.pathname}?sig=${flipped}` });
    expect(tampered.statusCode).toBe(404);
    const otherCode = `${row!.code.slice(0, -1)}${row!.code.endsWith('0') ? '1' : '0'}`;
    expect((await t.app.inject({ method: 'GET', url: `/api/receipts/${otherCode}.pdf?sig=${sig}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: good.pathname })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/receipts/not-a-code.pdf?sig=${sig}` })).statusCode).toBe(400);
    // The editor's download is the editor's alone.
    expect((await t.app.inject({ method: 'GET', url: `/api/editor/receipts/${row!.number}.pdf`, headers: owner.auth })).statusCode).toBe(
      403,
    );
  });
});
