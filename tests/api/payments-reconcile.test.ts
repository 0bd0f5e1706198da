import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, payments, receipts, registrations } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { payuFields, payuSucceeds } from '../support/payu';
import { mailParts, startSmtpListener } from '../support/smtp';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';

/**
 * Decision 0077: every payment lands where the organiser can reconcile it. The payments list names the method; a
 * payment from SPEC's public "Pay Now" form that names no registration is listed as such and can be matched to one
 * (never for less than it owes); revenue by category and currency, paid and pending, on screen and as CSV.
 */
const PAYU_KEY = 'reconcileKey';
const PAYU_SALT = 'reconcileSalt';
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let editor: SignedUp;
const db = () => t.app.database.db;

const asEditor = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: editor.auth, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });

async function editorRegisters(email: string, category = 'attending', currency: 'USD' | 'INR' = 'USD') {
  const res = await asEditor('POST', '/api/editor/registrations', { name: 'Rae Reconcile', email, category, currency });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().registration as { id: string; code: string; amountMinor: number; currency: 'USD' | 'INR'; status: string };
}

/** SPEC §7's Pay Now: any amount, no fee row, logged out; PayU then confirms it. Answers the payment's txnid. */
async function payNow(amount: number, email = uniqueAddress('paynow')): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payu/initiate',
    payload: { name: 'Pat Paynow', email, phone: '9999999999', amount, productinfo: 'Conference Registration' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const fields = payuFields(res.body);
  expect((await payuSucceeds(t.app, { salt: PAYU_SALT, fields, remoteAddress: '10.77.0.1' })).statusCode).toBe(200);
  return fields.txnid!;
}

type Listed = { _id: string; txnid: string; provider: string; method: string; registration: { id: string } | null; status: string };
const listed = async (txnid: string) =>
  ((await asEditor('GET', '/api/editor/payments')).json().payments as Listed[]).find((p) => p.txnid === txnid)!;

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ PAYU_KEY, PAYU_SALT, SMTP_URL: smtp.url, PUBLIC_URL: 'https://conf.example.org' });
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the payments list names the method', () => {
  test('a bank transfer is "Bank transfer", a PayU payment "PayU"', async () => {
    const reg = await editorRegisters(uniqueAddress('bank'));
    const paid = await asEditor('POST', `/api/editor/registrations/${reg.id}/bank-transfers`, {
      reference: 'TT-77',
      paidOn: '2026-01-05',
      amountMinor: reg.amountMinor,
      currency: 'USD',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const [bank] = await db().select().from(payments).where(eq(payments.registrationId, reg.id));
    expect(await listed(bank!.txnid)).toMatchObject({ provider: 'bank', method: 'Bank transfer' });
    const txnid = await payNow(5);
    expect(await listed(txnid)).toMatchObject({ provider: 'payu', method: 'PayU' });
  });
});

describe('a Pay Now payment without a registration', () => {
  test('is listed without one, matched to a registration by its code (audited), which is then paid with one receipt', async () => {
    const email = uniqueAddress('match');
    const reg = await editorRegisters(email, 'attending', 'INR');
    // SPEC's Pay Now answers as it always did: the payment page, for the amount typed.
    const txnid = await payNow(reg.amountMinor / 100);
    const before = await listed(txnid);
    expect(before).toMatchObject({ status: 'paid', registration: null });

    const matched = await asEditor('POST', `/api/editor/payments/${before._id}/match`, { registrationCode: reg.code.toLowerCase() });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json()).toMatchObject({ registrationId: reg.id, registrationCode: reg.code, registrationStatus: 'paid' });
    expect(matched.json().receiptNumber).toMatch(/^IMSE-\d{4}-\d{6}$/);
    expect((await listed(txnid)).registration?.id).toBe(reg.id);
    const [row] = await db().select().from(registrations).where(eq(registrations.id, reg.id));
    expect(row!.status).toBe('paid');
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.match'), sql`${auditLog.details}->>'registrationId' = ${reg.id}`));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(editor.user._id);

    // Matched twice: refused, still one receipt.
    const again = await asEditor('POST', `/api/editor/payments/${before._id}/match`, { registrationCode: reg.code });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment is matched to a registration already.');
    const issued = await db().select().from(receipts).where(eq(receipts.paymentId, before._id));
    expect(issued).toHaveLength(1);
    await expect
      .poll(() => smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && /Registration confirmed/.test(m.raw)).length, {
        timeout: 10_000,
      })
      .toBe(1);
    const text = mailParts(smtp.mails.find((m) => m.to.includes(email.toLowerCase()) && /Registration confirmed/.test(m.raw))!).get(
      'text/plain',
    )!;
    expect(text).toContain(issued[0]!.number);
    // The e-ticket link of the mail opens the ticket without logging in.
    const ticket = /https:\/\/conf\.example\.org(\/api\/e-tickets\/[^\s]+)/.exec(text)?.[1];
    expect(ticket).toBeDefined();
    const pdf = await t.app.inject({ method: 'GET', url: ticket! });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await t.app.inject({ method: 'GET', url: ticket!.replace(/sig=./, 'sig=x') })).statusCode).toBe(404);
  });

  test('an amount below what the registration owes is refused: ₹1 never buys a registration', async () => {
    const reg = await editorRegisters(uniqueAddress('small'), 'attending', 'INR');
    const txnid = await payNow(1);
    const p = await listed(txnid);
    const refused = await asEditor('POST', `/api/editor/payments/${p._id}/match`, { registrationCode: reg.code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'The payment of INR 1.00 is less than the INR 14,800.00 this registration still owes: it cannot pay for it.',
    );
    const [row] = await db().select().from(registrations).where(eq(registrations.id, reg.id));
    expect(row!.status).toBe('pending');
    expect((await listed(txnid)).registration).toBeNull();
    // A code that is no registration, and a currency that differs, are told as such.
    const unknown = await asEditor('POST', `/api/editor/payments/${p._id}/match`, { registrationCode: 'AAAA-BBBB-CCCC-DDDD-EEEE' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'No registration has this code']);
    const usd = await editorRegisters(uniqueAddress('usd'));
    const other = await asEditor('POST', `/api/editor/payments/${p._id}/match`, { registrationCode: usd.code });
    expect([other.statusCode, other.json().message]).toEqual([400, 'This registration is paid in USD; the payment is in INR.']);
  });
});

describe('revenue by category and currency', () => {
  test('paid and pending per category and currency, the unmatched payments, and the same as CSV', async () => {
    const before = (await asEditor('GET', '/api/editor/revenue')).json();
    const row = (r: typeof before, category: string, currency: string) =>
      r.rows.find((x: { category: string; currency: string }) => x.category === category && x.currency === currency) ?? {
        paidCount: 0,
        paidMinor: 0,
        pendingCount: 0,
        pendingMinor: 0,
      };
    const paid = await editorRegisters(uniqueAddress('rev'), 'academician-journal');
    await asEditor('POST', `/api/editor/registrations/${paid.id}/bank-transfers`, {
      reference: 'REV-1',
      paidOn: '2026-01-06',
      amountMinor: paid.amountMinor,
      currency: 'USD',
    });
    await editorRegisters(uniqueAddress('rev'), 'academician-journal');
    await payNow(3);
    const after = (await asEditor('GET', '/api/editor/revenue')).json();
    const b = row(before, 'academician-journal', 'USD');
    const a = row(after, 'academician-journal', 'USD');
    expect(a.categoryLabel).toBe('With publication: Academician, non-SCOPUS journal');
    expect([a.paidCount - b.paidCount, a.paidMinor - b.paidMinor]).toEqual([1, 35_000]);
    expect([a.pendingCount - b.pendingCount, a.pendingMinor - b.pendingMinor]).toEqual([1, 35_000]);
    const unmatched = (r: typeof before) =>
      r.unmatched.find((u: { currency: string }) => u.currency === 'INR') ?? { count: 0, amountMinor: 0 };
    expect(unmatched(after).count - unmatched(before).count).toBe(1);
    expect(unmatched(after).amountMinor - unmatched(before).amountMinor).toBe(300);

    const csv = await asEditor('GET', '/api/editor/revenue.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('category,category_label,currency,paid_count,paid_amount,pending_count,pending_amount');
    expect(lines, csv.body).toContain(
      `"academician-journal","With publication: Academician, non-SCOPUS journal","USD","${a.paidCount}","${(a.paidMinor / 100).toFixed(2)}","${a.pendingCount}","${(a.pendingMinor / 100).toFixed(2)}"`,
    );
    expect(lines.some((l) => l.startsWith('"unmatched-payments","Payments without a registration","INR",'))).toBe(true);
  });
});
