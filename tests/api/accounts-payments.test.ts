import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { payments } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { payAndConfirm } from '../support/payu';
import { signupAs, type SignedUp } from '../support/users';

const PAYU_SALT = 'accountsSalt';
let t: TestApp;
let editor: SignedUp;
beforeAll(async () => {
  t = await startTestApp({ PAYU_KEY: 'accountsKey', PAYU_SALT });
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
});

const PAPER = 'abcdefabcdefabcdefabcdef';
/** Start a rupee payment and have PayU confirm it (a correctly hashed success callback). */
const payInRupees = (body: Record<string, unknown>) =>
  payAndConfirm(t.app, PAYU_SALT, { name: 'Ada Lovelace', email: 'ada@example.org', ...body });
const listed = async (txnid: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/editor/payments', headers: editor.auth });
  return res.json().payments.find((p: { txnid: string }) => p.txnid === txnid);
};

describe('payments record the fee item chosen', () => {
  test('the expected amount is computed by the server and listed beside the paid amount', async () => {
    const item = { kind: 'registration', category: 'Academician', publication: 'SCOPUS book chapter' };
    const txnid = await payInRupees({ amount: 600 * 74, productinfo: PAPER, feeItem: item });
    const [row] = await t.app.database.db.select().from(payments).where(eq(payments.txnid, txnid));
    expect(row).toMatchObject({ feeItem: item, expectedAmount: '44400.00', amount: '44400.00', status: 'paid' });
    expect(await listed(txnid)).toMatchObject({
      amount: '44400.00',
      expectedAmount: '44400.00',
      feeItem: item,
      feeLabel: 'Registration with publication: Academician, SCOPUS book chapter',
      underpaid: false,
    });
  });

  test('a paid payment that leaves its registration owing is flagged, with or without a paper id, and shows what is owed', async () => {
    const item = { kind: 'registration', category: 'Industrial', publication: 'non-SCOPUS journal' };
    const low = await payInRupees({ amount: 100, productinfo: PAPER, feeItem: item });
    expect(await listed(low)).toMatchObject({
      amount: '100.00',
      expectedAmount: (450 * 74).toFixed(2),
      underpaid: true,
      registration: {
        status: 'pending',
        currency: 'INR',
        amountMinor: 450 * 74 * 100,
        receivedMinor: 100_00,
        owedMinor: 450 * 74 * 100 - 100_00,
      },
    });
    // Decision 0056: the registration, not the paper id, says whether the price was covered.
    const general = await payInRupees({ amount: 100, feeItem: item });
    expect(await listed(general)).toMatchObject({
      product: 'Conference Registration',
      underpaid: true,
      registration: { status: 'pending' },
    });
  });

  test('extra pages use their own rupee price per page', async () => {
    const txnid = await payInRupees({
      amount: 4500,
      productinfo: PAPER,
      feeItem: { kind: 'extra-pages', journal: 'SCOPUS journal', pages: 3 },
    });
    expect(await listed(txnid)).toMatchObject({ expectedAmount: '4500.00', feeLabel: 'Extra pages: 3 × SCOPUS journal', underpaid: false });
  });

  test('the original payment payload without a fee item still works, with nothing expected', async () => {
    const txnid = await payInRupees({ amount: 7400, phone: '9999999999', productinfo: '' });
    expect(await listed(txnid)).toMatchObject({ feeItem: null, feeLabel: null, expectedAmount: null, underpaid: false });
  });

  test('an unknown fee item is a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payu/initiate',
      payload: { name: 'A', email: 'a@example.org', amount: 5, feeItem: { kind: 'lunch' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/fee item/i);
  });
});
