import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { paymentEvents, payments } from '../../src/server/db/schema';
import { hashPayuResponse } from '../../src/server/payments/payu';
import { PAYMENT_LIMITS } from '../../src/server/routes/payments';
import { startTestApp, type TestApp } from '../support/app';
import { signupAs, type SignedUp } from '../support/users';

/** Decision 0019: nobody writes much to the database without logging in, and the payments list pages. */

const PAYU_KEY = 'hardKey1';
const PAYU_SALT = 'hardSalt1';
const payer = { name: 'Ada Lovelace', email: 'ada@example.org', phone: '9999999999', amount: 7400, productinfo: 'IMSE-1' };

let t: TestApp;
let editor: SignedUp;
beforeAll(async () => {
  t = await startTestApp({ PAYU_KEY, PAYU_SALT, PUBLIC_URL: 'https://conf.example.org' });
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
});

const initiate = (remoteAddress: string, body: object = payer) =>
  t.app.inject({ method: 'POST', url: '/api/payu/initiate', payload: body, remoteAddress });
const callback = (remoteAddress: string, form: string, kind = 'success') =>
  t.app.inject({
    method: 'POST',
    url: `/api/payu/${kind}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
    remoteAddress,
  });
const txnidOf = (html: string) => /name="txnid" value="([^"]+)"/.exec(html)?.[1] ?? '';
const lastEvent = async () =>
  (await t.app.database.db.select().from(paymentEvents).orderBy(desc(paymentEvents.createdAt), desc(paymentEvents.id)).limit(1))[0]!;
const storedBytes = async (id: string) => {
  const res = await t.app.database.db.execute(sql`select octet_length(payload::text) as n from payment_events where id = ${id}`);
  return Number((res as unknown as { rows: { n: number }[] }).rows[0]!.n);
};

describe('PayU callback storage', () => {
  test("a refused callback of about 1 MB stores a few hundred bytes: PayU's known fields, each cut short", async () => {
    const form = new URLSearchParams({
      txnid: 'not-ours',
      status: 'success',
      hash: 'f'.repeat(128),
      junk: 'x'.repeat(1_000_000),
    }).toString();
    expect(form.length).toBeGreaterThan(1_000_000);
    const before = (await t.app.database.db.select({ id: paymentEvents.id }).from(paymentEvents)).length;
    const res = await callback('198.51.100.1', form);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Unknown transaction: this payment was not started here.');
    const event = await lastEvent();
    expect((await t.app.database.db.select({ id: paymentEvents.id }).from(paymentEvents)).length).toBe(before + 1);
    expect(Object.keys(event.payload as object).sort()).toEqual(['hash', 'status', 'txnid']);
    expect(await storedBytes(event.id)).toBeLessThanOrEqual(300);
  });

  test('a known field sent at 1 MB is stored cut to its length', async () => {
    const form = new URLSearchParams({ txnid: 'not-ours-either', firstname: 'A'.repeat(1_000_000) }).toString();
    expect((await callback('198.51.100.2', form, 'failure')).statusCode).toBe(400);
    const event = await lastEvent();
    expect((event.payload as Record<string, string>).firstname).toBe('A'.repeat(60));
    expect(await storedBytes(event.id)).toBeLessThanOrEqual(200);
  });

  test('a genuine callback is still accepted and settles the payment', async () => {
    const started = await initiate('198.51.100.3');
    const txnid = txnidOf(started.body);
    const answer = {
      status: 'success',
      key: PAYU_KEY,
      txnid,
      amount: '7400.00',
      productinfo: 'IMSE-1',
      firstname: 'Ada Lovelace',
      email: 'ada@example.org',
      udf1: '',
      udf2: '',
      udf3: '',
      udf4: '',
      udf5: '',
    };
    const form = new URLSearchParams({
      ...answer,
      hash: hashPayuResponse(answer, PAYU_SALT),
      mihpayid: '4039',
      mode: 'CC',
      extra_field: 'y'.repeat(5000),
    }).toString();
    const res = await callback('198.51.100.3', form);
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.database.db
      .select()
      .from(payments)
      .where(sql`${payments.txnid} = ${txnid}`);
    expect(row!.status).toBe('paid');
    const event = await lastEvent();
    expect(event.accepted).toBe(true);
    expect(event.payload).not.toHaveProperty('extra_field');
    expect(event.payload).toMatchObject({ mihpayid: '4039', mode: 'CC' });
  });
});

describe('limits per address', () => {
  test(`/payu/initiate: ${PAYMENT_LIMITS.initiate.limit} an hour from one address, then 429 with a clear message; other addresses go on`, async () => {
    const address = '192.0.2.50';
    for (let i = 0; i < PAYMENT_LIMITS.initiate.limit; i++) expect((await initiate(address)).statusCode, `payment ${i}`).toBe(200);
    const before = (await t.app.database.db.select({ id: payments.id }).from(payments)).length;
    const res = await initiate(address);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json().message).toMatch(/^Too many payment requests from your address\. Please try again in \d+ minutes?\.$/);
    expect((await t.app.database.db.select({ id: payments.id }).from(payments)).length).toBe(before);
    expect((await initiate('192.0.2.51')).statusCode).toBe(200);
  }, 180_000);

  test(`PayU callbacks: ${PAYMENT_LIMITS.callback.limit} an hour from one address, then a 429 page that stores nothing`, async () => {
    const address = '192.0.2.60';
    const form = new URLSearchParams({ txnid: 'nope', status: 'success' }).toString();
    for (let i = 0; i < PAYMENT_LIMITS.callback.limit; i++) expect((await callback(address, form)).statusCode, `callback ${i}`).toBe(400);
    const before = (await t.app.database.db.select({ id: paymentEvents.id }).from(paymentEvents)).length;
    const res = await callback(address, form);
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toContain('Too many payment requests from your address.');
    expect((await t.app.database.db.select({ id: paymentEvents.id }).from(paymentEvents)).length).toBe(before);
  }, 180_000);
});

describe('GET /api/editor/payments paging', () => {
  const list = (query = '') => t.app.inject({ url: `/api/editor/payments${query}`, headers: editor.auth });

  test('without limit: every payment in the original shape, no cursor', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['payments']);
    expect(res.json().payments.length).toBeGreaterThan(200);
    expect(res.headers['x-next-cursor']).toBeUndefined();
  });

  test('with limit: pages in the same order, each payment once, the last page without a cursor', async () => {
    const all = (await list()).json().payments.map((p: { _id: string }) => p._id) as string[];
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await list(`?limit=37${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const page = res.json().payments as { _id: string }[];
      expect(page.length).toBeLessThanOrEqual(37);
      seen.push(...page.map((p) => p._id));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      pages += 1;
    } while (cursor && pages < 100);
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 37));
  });

  test('payments made in the same microsecond, or within one millisecond, page without loss or repeat', async () => {
    const db = t.app.database.db;
    const ids = Array.from({ length: 6 }, (_, i) => `zzzz${String(i).padStart(20, '0')}`);
    await db.execute(sql`insert into payments (id, txnid, provider, amount, currency, name, email, product, created_at)
      select id, id, 'payu', 1, 'INR', 'Same Time', 'same@example.org', '', '2099-01-01 00:00:00.123456+00'::timestamptz + (n * interval '1 microsecond')
      from unnest(${`{${ids.join(',')}}`}::text[]) with ordinality as u(id, n)`);
    await db.execute(sql`update payments set created_at = '2099-01-01 00:00:00.123456+00' where id in (${ids[0]}, ${ids[1]}, ${ids[2]})`);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...(res.json().payments as { _id: string }[]).map((p) => p._id).filter((id) => id.startsWith('zzzz')));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      if (seen.length >= ids.length) break;
    }
    expect(seen).toEqual([ids[5], ids[4], ids[3], ids[2], ids[1], ids[0]]);
  });

  test('a bad limit or cursor is a 400 with a message; an unknown cursor an empty page; only editors', async () => {
    for (const q of ['?limit=0', '?limit=201', '?limit=abc', '?limit=5&cursor=%27%3B--']) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message, q).toBeTruthy();
    }
    const unknown = await list('?limit=5&cursor=000000000000000000000000');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ payments: [] });
    const author = await signupAs(t.app, 'Author');
    expect((await t.app.inject({ url: '/api/editor/payments?limit=5', headers: author.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/editor/payments?limit=5' })).statusCode).toBe(401);
  });
});
