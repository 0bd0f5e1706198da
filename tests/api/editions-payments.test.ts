import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { payuAnswer, payuFields, payuSucceeds } from '../support/payu';
import { startSmtpListener } from '../support/smtp';
import { signupAs, uniqueAddress, verifyEmail, type SignedUp } from '../support/users';

/**
 * Decision 0060: money that arrives after the next edition was opened. A payment started in 2026 and confirmed by
 * PayU once 2027 is current is settled in 2026 (its registration paid, one numbered receipt, the confirmation mail
 * sent), and nothing of it appears in 2027's lists; a forged answer for it still changes nothing.
 */
const PAYU_KEY = 'editionsKey';
const PAYU_SALT = 'editionsSalt';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let editor: SignedUp;
const db = () => t.app.database.db;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ PAYU_KEY, PAYU_SALT, SMTP_URL: smtp.url });
  editor = await signupAs(t.app, 'Editor');
  await verifyEmail(t.app, editor);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

test("a payment of last year's registration, confirmed after the next edition opened, is settled in its own edition", async () => {
  const email = uniqueAddress('late-payer');
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/payu/initiate',
    payload: { name: 'Late Payer', email, phone: '9999999999', amount: 14800, productinfo: 'Registration', feeItem: { kind: 'award' } },
  });
  expect(started.statusCode, started.body).toBe(200);
  const fields = payuFields(started.body);

  const opened = await t.app.inject({ method: 'POST', url: '/api/editions', headers: editor.auth, payload: { year: 2027, carry: [] } });
  expect(opened.statusCode, opened.body).toBe(201);

  // A forged answer is refused as before, and changes nothing.
  const forged = await t.app.inject({
    method: 'POST',
    url: '/api/payu/success',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(payuAnswer(fields, { salt: PAYU_SALT, hash: 'f'.repeat(128) })).toString(),
  });
  expect(forged.statusCode).toBe(400);
  expect((await rows<{ status: string }>(sql`select status from payments_all where txnid = ${fields.txnid}`))[0]!.status).toBe('pending');

  const confirmed = await payuSucceeds(t.app, { salt: PAYU_SALT, fields });
  expect(confirmed.statusCode, confirmed.body).toBe(200);

  const [payment] = await rows<{ status: string; edition_id: string; registration_id: string }>(
    sql`select status, edition_id, registration_id from payments_all where txnid = ${fields.txnid}`,
  );
  expect(payment).toMatchObject({ status: 'paid', edition_id: 'edition-2026' });
  const [registration] = await rows<{ status: string; edition_id: string }>(
    sql`select status, edition_id from registrations_all where id = ${payment!.registration_id}`,
  );
  expect(registration).toMatchObject({ status: 'paid', edition_id: 'edition-2026' });
  const receipts = await rows<{ number: string; edition_id: string }>(
    sql`select number, edition_id from receipts_all where payment_id = (select id from payments_all where txnid = ${fields.txnid})`,
  );
  expect(receipts).toHaveLength(1);
  expect(receipts[0]!.edition_id).toBe('edition-2026');

  // The confirmation mail goes out although the current edition is 2027.
  await expect
    .poll(() => smtp.mails.filter((m) => m.to.includes(email.toLowerCase()) && /Registration confirmed/.test(m.raw)).length, {
      timeout: 15_000,
    })
    .toBe(1);

  // A replay settles nothing twice, and 2027's own lists know nothing of it.
  expect((await payuSucceeds(t.app, { salt: PAYU_SALT, fields })).statusCode).toBe(200);
  expect(
    await rows(sql`select 1 from receipts_all where payment_id = (select id from payments_all where txnid = ${fields.txnid})`),
  ).toHaveLength(1);
  const list = await t.app.inject({ method: 'GET', url: '/api/editor/payments', headers: editor.auth });
  expect(list.statusCode, list.body).toBe(200);
  expect(list.body).not.toContain(fields.txnid!);
});
