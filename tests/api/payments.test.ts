import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { paymentEvents, payments } from '../../src/server/db/schema';
import { hashPayuRequest, hashPayuResponse } from '../../src/server/payments/payu';
import { startTestApp, type TestApp } from '../support/app';
import { payuAnswer } from '../support/payu';
import { startFakeStripe } from '../support/stripe-fake';

const PAYU_KEY = 'testKey1';
const PAYU_SALT = 'testSalt1';
const PAYU_URL = 'https://test.payu.in/_payment';

const payer = { name: 'Ada Lovelace', email: 'ada@example.org', phone: '9999999999', amount: 7400, productinfo: '' };

function unescapeHtml(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The form of the hand-off page: its action and every hidden field, unescaped. */
function readForm(html: string): { action: string; method: string; fields: Record<string, string> } {
  const form = /<form[^>]*method="([^"]*)"[^>]*action="([^"]*)"/.exec(html);
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unescapeHtml(m[1]!)] = unescapeHtml(m[2]!);
  return { method: form?.[1] ?? '', action: unescapeHtml(form?.[2] ?? ''), fields };
}

async function initiate(t: TestApp, body: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/payu/initiate', payload: body as object });
}

function postForm(t: TestApp, url: string, form: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

async function paymentOf(t: TestApp, txnid: string) {
  const [row] = await t.app.database.db.select().from(payments).where(eq(payments.txnid, txnid));
  return row!;
}

async function eventsOf(t: TestApp, txnid: string) {
  return t.app.database.db.select().from(paymentEvents).where(eq(paymentEvents.txnid, txnid));
}

async function signup(t: TestApp, role: 'Editor' | 'Author', email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: { name: role, email, password: 'correct horse', confirmPassword: 'correct horse', role },
  });
  expect(res.statusCode).toBe(201);
  return res.json().token as string;
}

describe('PayU payments', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PAYU_KEY, PAYU_SALT, PUBLIC_URL: 'https://conf.example.org' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function started(body: object = payer) {
    const res = await initiate(t, body);
    expect(res.statusCode).toBe(200);
    return readForm(res.body).fields;
  }

  test('initiate answers an HTML page whose form posts to PayU with fields that hash correctly', async () => {
    const res = await initiate(t, payer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const form = readForm(res.body);
    expect(form.method).toBe('post');
    expect(form.action).toBe(PAYU_URL);
    const f = form.fields;
    expect(Object.keys(f).sort()).toEqual(['amount', 'email', 'firstname', 'furl', 'hash', 'key', 'phone', 'productinfo', 'surl', 'txnid']);
    expect(f).toMatchObject({
      key: PAYU_KEY,
      amount: '7400.00',
      productinfo: 'Conference Registration',
      firstname: 'Ada Lovelace',
      email: 'ada@example.org',
      phone: '9999999999',
      surl: 'https://conf.example.org/api/payu/success',
      furl: 'https://conf.example.org/api/payu/failure',
    });
    expect(f.hash).toMatch(/^[0-9a-f]{128}$/);
    expect(f.hash).toBe(
      hashPayuRequest(
        { key: f.key!, txnid: f.txnid!, amount: f.amount!, productinfo: f.productinfo!, firstname: f.firstname!, email: f.email! },
        PAYU_SALT,
      ),
    );
    expect(res.body).toMatch(/<button type="submit">Continue to PayU<\/button>/);
    expect(res.body).toContain('.submit()');
  });

  test('initiate records the payment as pending with its txnid, amount, currency, payer and product', async () => {
    const f = await started({ ...payer, amount: '350.5', productinfo: 'IMSE-2025-017' });
    const row = await paymentOf(t, f.txnid!);
    expect(row).toMatchObject({
      provider: 'payu',
      status: 'pending',
      amount: '350.50',
      currency: 'INR',
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      product: 'IMSE-2025-017',
    });
    expect(f.amount).toBe('350.50');
  });

  test('every attempt gets its own txnid', async () => {
    const a = await started();
    const b = await started();
    expect(a.txnid).not.toBe(b.txnid);
  });

  test('every value in the page is HTML-escaped', async () => {
    const name = `"><script>alert('x')</script>&`;
    const res = await initiate(t, { ...payer, name, productinfo: '<img src=x onerror=alert(1)>' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<img');
    const f = readForm(res.body).fields;
    expect(f.firstname).toBe(name);
    expect(f.productinfo).toBe('<img src=x onerror=alert(1)>');
  });

  test.each([
    ['a missing name', { ...payer, name: undefined }, 'Name is required'],
    ['a blank name', { ...payer, name: '   ' }, 'Name is required'],
    ['a missing email', { ...payer, email: undefined }, 'Email is required'],
    ['a malformed email', { ...payer, email: 'ada@' }, 'Please enter a valid email address'],
    ['an amount of 0', { ...payer, amount: 0 }, 'Amount must be more than 0'],
    ['a negative amount', { ...payer, amount: -5 }, 'Amount must be more than 0'],
    ['an amount over 100,000', { ...payer, amount: 100000.01 }, 'Amount must be at most 100,000'],
    ['a non-numeric amount', { ...payer, amount: 'ten' }, 'Amount must be a number'],
    ['a missing amount', { ...payer, amount: undefined }, 'Amount is required'],
    ['a phone that is not digits', { ...payer, phone: '+91 98-765' }, 'Phone must be 6 to 15 digits, nothing else'],
  ])('initiate refuses %s with 400 and a clear message', async (_what, body, message) => {
    const before = (await t.app.database.db.select().from(payments)).length;
    const res = await initiate(t, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect((await t.app.database.db.select().from(payments)).length).toBe(before);
  });

  test('initiate accepts exactly 100,000', async () => {
    expect((await initiate(t, { ...payer, amount: 100000 })).statusCode).toBe(200);
  });

  test('a success callback with a good hash marks the payment paid and shows a result page', async () => {
    const f = await started();
    const res = await postForm(t, '/api/payu/success', payuAnswer(f, { salt: PAYU_SALT }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Payment received');
    expect(res.body).toContain(f.txnid);
    const row = await paymentOf(t, f.txnid!);
    expect(row.status).toBe('paid');
    expect(row.providerRef).toBe('403993715531234567');
    const events = await eventsOf(t, f.txnid!);
    expect(events.map((e) => [e.kind, e.accepted])).toEqual([['payu.success', true]]);
    expect((events[0]!.payload as Record<string, string>).mihpayid).toBe('403993715531234567');
  });

  test('a failure callback with a good hash marks the payment failed', async () => {
    const f = await started();
    const res = await postForm(t, '/api/payu/failure', payuAnswer(f, { salt: PAYU_SALT, set: { status: 'failure' } }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Payment failed');
    expect((await paymentOf(t, f.txnid!)).status).toBe('failed');
  });

  test('a callback with additionalCharges verifies with the prefixed hash', async () => {
    const f = await started();
    const res = await postForm(t, '/api/payu/success', payuAnswer(f, { salt: PAYU_SALT, set: { additionalCharges: '12.50' } }));
    expect(res.statusCode).toBe(200);
    expect((await paymentOf(t, f.txnid!)).status).toBe('paid');
  });

  test('a tampered amount changes nothing, is recorded, and answers 400', async () => {
    const f = await started();
    const good = payuAnswer(f, { salt: PAYU_SALT });
    const res = await postForm(t, '/api/payu/success', { ...good, amount: '1.00' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('could not be verified');
    expect((await paymentOf(t, f.txnid!)).status).toBe('pending');
    expect((await eventsOf(t, f.txnid!)).map((e) => [e.kind, e.accepted])).toEqual([['payu.success', false]]);
  });

  test('a hash made with another salt, or a success status on a failure hash, is refused', async () => {
    const f = await started();
    const failed = payuAnswer(f, { salt: PAYU_SALT, set: { status: 'failure' } });
    expect((await postForm(t, '/api/payu/success', { ...failed, status: 'success' })).statusCode).toBe(400);
    const answer = payuAnswer(f, { salt: PAYU_SALT });
    const forged = { ...answer, hash: hashPayuResponse(answer as never, 'guessed-salt') };
    expect((await postForm(t, '/api/payu/success', forged)).statusCode).toBe(400);
    expect((await postForm(t, '/api/payu/success', { ...answer, hash: '' })).statusCode).toBe(400);
    expect((await paymentOf(t, f.txnid!)).status).toBe('pending');
  });

  test('an unknown txnid changes nothing, is recorded, and answers 400', async () => {
    const f = await started();
    const answer = payuAnswer({ ...f, txnid: 'ffffffffffffffffffffffff' }, { salt: PAYU_SALT });
    const res = await postForm(t, '/api/payu/success', answer);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Unknown transaction');
    expect((await eventsOf(t, 'ffffffffffffffffffffffff')).map((e) => e.accepted)).toEqual([false]);
    expect((await paymentOf(t, f.txnid!)).status).toBe('pending');
  });

  test('a callback with no fields at all is refused', async () => {
    const res = await postForm(t, '/api/payu/failure', {});
    expect(res.statusCode).toBe(400);
  });

  test('replaying the same callback changes nothing a second time', async () => {
    const f = await started();
    const answer = payuAnswer(f, { salt: PAYU_SALT });
    expect((await postForm(t, '/api/payu/success', answer)).statusCode).toBe(200);
    const first = await paymentOf(t, f.txnid!);
    const replay = await postForm(t, '/api/payu/success', answer);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toContain('Payment received');
    const second = await paymentOf(t, f.txnid!);
    expect(second).toEqual(first);
    // A genuine later failure cannot undo a payment that was received.
    expect((await postForm(t, '/api/payu/failure', payuAnswer(f, { salt: PAYU_SALT, set: { status: 'failure' } }))).statusCode).toBe(200);
    expect(await paymentOf(t, f.txnid!)).toEqual(first);
    expect((await eventsOf(t, f.txnid!)).length).toBe(3);
  });

  test('a late success after a failure is recorded as paid', async () => {
    const f = await started();
    await postForm(t, '/api/payu/failure', payuAnswer(f, { salt: PAYU_SALT, set: { status: 'failure' } }));
    await postForm(t, '/api/payu/success', payuAnswer(f, { salt: PAYU_SALT }));
    expect((await paymentOf(t, f.txnid!)).status).toBe('paid');
  });

  test('the payments config says PayU is on and card is off', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toEqual({ payu: true, card: false });
  });

  test('a card checkout without Stripe configured answers 503 with a clear message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/card/checkout', payload: { ...payer, amount: 300 } });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/Card payment in US dollars is not configured yet/);
  });

  test('only an editor lists the payments, newest first, and downloads them as CSV', async () => {
    const older = await started({ ...payer, name: '=HYPERLINK("http://evil")', productinfo: 'P, "quoted"' });
    await postForm(t, '/api/payu/success', payuAnswer(older, { salt: PAYU_SALT }));
    const newer = await started({ ...payer, name: 'Newest Payer' });

    expect((await t.app.inject({ method: 'GET', url: '/api/editor/payments' })).statusCode).toBe(401);
    const author = await signup(t, 'Author', 'author@example.org');
    const asAuthor = await t.app.inject({ method: 'GET', url: '/api/editor/payments', headers: { authorization: `Bearer ${author}` } });
    expect(asAuthor.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/editor/payments.csv', headers: { authorization: `Bearer ${author}` } })).statusCode,
    ).toBe(403);

    const editor = await signup(t, 'Editor', 'editor@example.org');
    const res = await t.app.inject({ method: 'GET', url: '/api/editor/payments', headers: { authorization: `Bearer ${editor}` } });
    expect(res.statusCode).toBe(200);
    const list = res.json().payments as { txnid: string; status: string; amount: string; createdAt: string }[];
    expect(list[0]!.txnid).toBe(newer.txnid);
    expect(list.find((p) => p.txnid === older.txnid)).toMatchObject({ status: 'paid', amount: '7400.00' });
    const times = list.map((p) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const csv = await t.app.inject({ method: 'GET', url: '/api/editor/payments.csv', headers: { authorization: `Bearer ${editor}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="payments.csv"');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('created_at,status,amount,currency,name,email,phone,product,provider,txnid,provider_ref,updated_at');
    expect(lines.length).toBe(list.length + 1);
    expect(lines[1]).toContain(newer.txnid);
    const olderLine = lines.find((l) => l.includes(older.txnid!))!;
    expect(olderLine).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(olderLine).toContain('"P, ""quoted"""');
  });
});

describe('without PayU keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  test('initiate answers 503 with a clear message, never a form with an empty key', async () => {
    const res = await initiate(t, payer);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/not configured/);
    expect(res.body).not.toContain('<form');
    expect(await t.app.database.db.select().from(payments)).toEqual([]);
  });

  test('the payments config says neither provider is on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.json()).toEqual({ payu: false, card: false });
  });
});

describe('card payments through Stripe Checkout (local fake of the API)', () => {
  const WEBHOOK_SECRET = 'whsec_test_secret';
  const fake = startFakeStripe();
  const signer = new Stripe('sk_test_signer');
  let t: TestApp;
  beforeAll(async () => {
    const port = await fake.listen();
    t = await startTestApp({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
      PUBLIC_URL: 'https://conf.example.org',
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake.close();
  });

  async function checkout(amount = 350) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/card/checkout',
      payload: { name: 'Grace Hopper', email: 'grace@example.org', amount, productinfo: 'P-42' },
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().url as string;
    const id = url.split('/').pop()!;
    const [row] = await t.app.database.db.select().from(payments).where(eq(payments.providerRef, id));
    return { url, id, row: row! };
  }

  function webhook(event: object, signature?: string) {
    const payload = JSON.stringify(event);
    const header = signature ?? signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return t.app.inject({
      method: 'POST',
      url: '/api/card/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      payload,
    });
  }

  const completed = (id: string) => ({
    id: `evt_${id}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id, object: 'checkout.session', payment_status: 'paid' } },
  });

  test('the payments config says card is on', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({ payu: false, card: true });
  });

  test('checkout creates a Stripe session in dollar cents and records the payment as pending', async () => {
    const { url, id, row } = await checkout(350.5);
    expect(url).toBe(`https://checkout.stripe.com/c/pay/${id}`);
    const sent = fake.requests.find((r) => r.method === 'POST')!;
    expect(sent.auth).toBe('Bearer sk_test_fake');
    expect(sent.body.get('mode')).toBe('payment');
    expect(sent.body.get('line_items[0][price_data][unit_amount]')).toBe('35050');
    expect(sent.body.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(sent.body.get('customer_email')).toBe('grace@example.org');
    expect(sent.body.get('success_url')).toBe('https://conf.example.org/api/card/return?session_id={CHECKOUT_SESSION_ID}');
    expect(sent.body.get('client_reference_id')).toBe(row.txnid);
    expect(row).toMatchObject({ provider: 'stripe', status: 'pending', amount: '350.50', currency: 'USD', product: 'P-42' });
  });

  test("checkout refuses an amount under Stripe's 0.50 minimum", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/card/checkout',
      payload: { name: 'G', email: 'g@example.org', amount: 0.2 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Amount must be at least 0.50 USD');
  });

  test('a webhook with a bad signature changes nothing, is recorded, and answers 400', async () => {
    const { id, row } = await checkout();
    fake.sessions.get(id)!.payment_status = 'paid';
    const res = await webhook(completed(id), 't=1,v1=0000');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Webhook signature does not match');
    expect((await paymentOf(t, row.txnid)).status).toBe('pending');
    const rejected = await t.app.database.db.select().from(paymentEvents).where(eq(paymentEvents.kind, 'stripe.webhook'));
    expect(rejected.length).toBeGreaterThan(0);
    expect(rejected.every((e) => !e.accepted)).toBe(true);
  });

  test('the webhook reads the session from Stripe rather than trusting the body', async () => {
    const { id, row } = await checkout();
    const res = await webhook(completed(id)); // the body says paid; Stripe says unpaid
    expect(res.statusCode).toBe(200);
    expect((await paymentOf(t, row.txnid)).status).toBe('pending');
  });

  test('a signed webhook for a session Stripe has as paid marks it paid, once', async () => {
    const { id, row } = await checkout();
    fake.sessions.get(id)!.payment_status = 'paid';
    fake.sessions.get(id)!.status = 'complete';
    expect((await webhook(completed(id))).statusCode).toBe(200);
    const paid = await paymentOf(t, row.txnid);
    expect(paid).toMatchObject({ status: 'paid', providerRef: id });
    expect((await webhook(completed(id))).statusCode).toBe(200);
    expect(await paymentOf(t, row.txnid)).toEqual(paid);
    expect((await eventsOf(t, row.txnid)).map((e) => [e.kind, e.accepted])).toEqual([
      ['stripe.checkout.session.completed', true],
      ['stripe.checkout.session.completed', true],
    ]);
  });

  test('an expired session marks the payment failed', async () => {
    const { id, row } = await checkout();
    fake.sessions.get(id)!.status = 'expired';
    expect((await webhook({ ...completed(id), type: 'checkout.session.expired' })).statusCode).toBe(200);
    expect((await paymentOf(t, row.txnid)).status).toBe('failed');
  });

  test('a delayed payment is failed only by a signed async_payment_failed for a complete, unpaid session', async () => {
    const { id, row } = await checkout();
    fake.sessions.get(id)!.status = 'complete'; // complete, still unpaid: a bank debit in progress
    expect((await webhook(completed(id))).statusCode).toBe(200);
    expect((await paymentOf(t, row.txnid)).status).toBe('pending');
    expect((await webhook({ ...completed(id), type: 'checkout.session.async_payment_failed' })).statusCode).toBe(200);
    expect((await paymentOf(t, row.txnid)).status).toBe('failed');
  });

  test('a signed event that is not about a checkout session is recorded and ignored', async () => {
    const res = await webhook({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    expect(res.statusCode).toBe(200);
    const [event] = await t.app.database.db.select().from(paymentEvents).where(eq(paymentEvents.kind, 'stripe.customer.created'));
    expect(event?.accepted).toBe(false);
  });

  test('a session whose amount at Stripe differs from ours changes nothing', async () => {
    const { id, row } = await checkout();
    Object.assign(fake.sessions.get(id)!, { payment_status: 'paid', amount_total: 100 });
    expect((await webhook(completed(id))).statusCode).toBe(200);
    expect((await paymentOf(t, row.txnid)).status).toBe('pending');
    expect((await eventsOf(t, row.txnid)).map((e) => e.accepted)).toEqual([false]);
  });

  test('the return page syncs with Stripe and shows the result', async () => {
    const { id, row } = await checkout();
    fake.sessions.get(id)!.payment_status = 'paid';
    const res = await t.app.inject({ method: 'GET', url: `/api/card/return?session_id=${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Payment received');
    expect((await paymentOf(t, row.txnid)).status).toBe('paid');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/card/return?session_id=cs_test_unknown' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('does not know this checkout session');
    expect((await t.app.inject({ method: 'GET', url: '/api/card/return?session_id=<x>' })).statusCode).toBe(400);
  });
});

describe('the PayU field separator', () => {
  test('a | in the name or the paper ID is refused, so no value can shift the hashed fields', async () => {
    const t2 = await startTestApp({ PAYU_KEY: 'k', PAYU_SALT: 's' });
    try {
      for (const body of [
        { name: 'A|B', email: 'a@example.org', amount: 10 },
        { name: 'A', email: 'a@example.org', amount: 10, productinfo: 'x|1.00' },
      ]) {
        const res = await t2.app.inject({ method: 'POST', url: '/api/payu/initiate', payload: body });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/may not contain the character \|/);
      }
    } finally {
      await t2.close();
    }
  });
});
