import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { coupons, papers, payments, registrations } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { startFakeStripe } from '../support/stripe-fake';
import { submitPaper } from '../support/multipart';
import { payuFields, payuSucceeds } from '../support/payu';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';

/**
 * Registrations and payments as an attacker meets them: what was received must cover the server's price, a paper is
 * named only by its authors, the quote keeps unreleased decisions, a limited coupon is never used past its limit,
 * and one account holds at most one unpaid seat of a course.
 */
const PAYU_KEY = 'secPayKey';
const PAYU_SALT = 'secPaySalt';
const WEBHOOK_SECRET = 'whsec_security_payments';
const PAPER_REFUSED = (id: string) =>
  `Paper ${id} is not an accepted paper of yours: register without it, or check the paper ID. ` +
  'Only the paper\u2019s authors and co-authors, signed in with their confirmed address, can register with it.';

let t: TestApp;
let editor: SignedUp;
const stripe = startFakeStripe();
const signer = new Stripe('sk_test_signer');
const db = () => t.app.database.db;

type Who = SignedUp | null;
const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });

/** A paper of `author` with the editor's decision and, when `released`, the authors told of it. */
async function paperWith(author: SignedUp, decision: 'Accepted' | 'Rejected' | null, released: boolean): Promise<string> {
  const paper = await submitPaper(t.app, author.auth, { title: `Paper ${decision ?? 'undecided'} ${released ? 'released' : 'kept'}` });
  await db()
    .update(papers)
    .set({
      decision,
      decidedAt: decision ? new Date() : null,
      notifiedDecision: released ? decision : null,
      notifiedAt: released ? new Date() : null,
    })
    .where(eq(papers.id, paper._id));
  return paper._id;
}

/** The original public payment call (docs/product.md#the-api); answers PayU's hidden fields. */
async function startModalPayment(body: Record<string, unknown>): Promise<Record<string, string>> {
  const res = await send('POST', '/api/payu/initiate', null, { phone: '9999999999', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return payuFields(res.body);
}

async function registrationOfPayment(txnid: string) {
  const [payment] = await db().select().from(payments).where(eq(payments.txnid, txnid));
  expect(payment).toBeDefined();
  if (!payment!.registrationId) return null;
  const [row] = await db().select().from(registrations).where(eq(registrations.id, payment!.registrationId));
  return row!;
}

async function myRegistrations(who: SignedUp) {
  const res = await send('GET', '/api/account/registrations', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().registrations as Array<{
    id: string;
    status: string;
    amountMinor: number;
    receivedMinor: number;
    owedMinor: number;
    paperId: string | null;
    couponCode: string | null;
    discountMinor: number;
  }>;
}

async function editorPayment(txnid: string) {
  const res = await send('GET', '/api/editor/payments', editor);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().payments as Array<{ txnid: string; underpaid: boolean; registration: unknown }>).find((p) => p.txnid === txnid)!;
}

async function registeredPapers(): Promise<Record<string, boolean>> {
  const res = await send('GET', '/api/editor/registrations', editor);
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries((res.json().papers as { _id: string; registered: boolean }[]).map((p) => [p._id, p.registered]));
}

/** Register through the account's form (server-priced); answers the registration and how to pay it. */
async function register(who: SignedUp, body: Record<string, unknown>) {
  return send('POST', '/api/registrations', who, {
    name: who.user.name,
    affiliation: 'Mahidol University',
    country: 'TH',
    category: 'attending',
    currency: 'INR',
    provider: 'payu',
    ...body,
  });
}

beforeAll(async () => {
  const port = await stripe.listen();
  t = await startTestApp({
    PAYU_KEY,
    PAYU_SALT,
    PUBLIC_URL: 'https://conf.example.org',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: `http://127.0.0.1:${port}`,
  });
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
  await stripe.close();
});

describe('a registration is paid only when what was received covers its price', () => {
  test('₹1 through the payment form naming a fee row and another author\u2019s paper leaves the registration pending with the difference owed, the paper unregistered and the desk closed', async () => {
    const victim = await signupAs(t.app, 'Author', { name: 'Vera Victim', verified: true });
    const paperId = await paperWith(victim, 'Accepted', true);
    const eve = await signupAs(t.app, 'Author', { name: 'Eve Attacker', verified: true });
    const fields = await startModalPayment({
      name: 'Eve Attacker',
      email: eve.user.email,
      amount: 1,
      productinfo: paperId,
      feeItem: { kind: 'registration', category: 'Academician', publication: 'SCOPUS book chapter' },
    });
    const back = await payuSucceeds(t.app, { salt: PAYU_SALT, fields });
    expect(back.statusCode, back.body).toBe(200);

    const row = await registrationOfPayment(fields.txnid!);
    expect(row).toMatchObject({
      status: 'pending',
      category: 'academician-scopus',
      currency: 'INR',
      amountMinor: 44_400_00,
      paperId: null,
    });
    // The payer's page says what is still owed.
    expect(back.body).toContain('INR 44,399.00');
    const [mine] = (await myRegistrations(eve)).filter((r) => r.id === row!.id);
    expect(mine).toMatchObject({ status: 'pending', amountMinor: 44_400_00, receivedMinor: 100, owedMinor: 44_399_00 });
    expect(await editorPayment(fields.txnid!)).toMatchObject({
      underpaid: true,
      registration: { id: row!.id, status: 'pending', currency: 'INR', amountMinor: 44_400_00, receivedMinor: 100, owedMinor: 44_399_00 },
    });

    expect((await registeredPapers())[paperId]).toBe(false);
    expect((await send('GET', `/api/author/paper-registration/${paperId}`, victim)).json()).toEqual({ registered: false });
    const desk = await send('POST', '/api/editor/check-in', editor, { code: row!.code });
    expect(desk.statusCode).toBe(409);
  });

  test('the payment form without a fee row is a plain payment: it makes no registration, however the paper id is filled', async () => {
    const victim = await signupAs(t.app, 'Author', { verified: true });
    const paperId = await paperWith(victim, 'Accepted', true);
    const email = uniqueAddress('plain');
    const fields = await startModalPayment({ name: 'Plain Payer', email, amount: 1, productinfo: paperId });
    expect((await payuSucceeds(t.app, { salt: PAYU_SALT, fields })).statusCode).toBe(200);
    const [payment] = await db().select().from(payments).where(eq(payments.txnid, fields.txnid!));
    expect(payment).toMatchObject({ status: 'paid', product: paperId, registrationId: null });
    expect(await db().select().from(registrations).where(eq(registrations.email, email))).toEqual([]);
    expect((await registeredPapers())[paperId]).toBe(false);
  });

  test('paying the rest asks for exactly the difference, and then the registration is paid', async () => {
    const payer = await signupAs(t.app, 'Author', { name: 'Part Payer', verified: true });
    const first = await startModalPayment({ name: 'Part Payer', email: payer.user.email, amount: 100, feeItem: { kind: 'award' } });
    expect((await payuSucceeds(t.app, { salt: PAYU_SALT, fields: first })).statusCode).toBe(200);
    const row = await registrationOfPayment(first.txnid!);
    expect(row).toMatchObject({ status: 'pending', category: 'award-ceremony', amountMinor: 14_800_00 });

    const rest = await send('POST', `/api/account/registrations/${row!.id}/pay`, payer, { provider: 'payu' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().fields.amount).toBe('14700.00');
    const bank = await send('POST', `/api/account/registrations/${row!.id}/pay`, payer, { provider: 'bank' });
    expect(bank.json().instructions).toContain('INR 14,700.00');
    expect((await payuSucceeds(t.app, { salt: PAYU_SALT, fields: rest.json().fields })).statusCode).toBe(200);
    const [after] = (await myRegistrations(payer)).filter((r) => r.id === row!.id);
    expect(after).toMatchObject({ status: 'paid', receivedMinor: 14_800_00, owedMinor: 0 });
  });

  test('a card payment below the price (Stripe webhook) leaves the registration pending with the difference owed', async () => {
    const payer = await signupAs(t.app, 'Author', { name: 'Card Payer', verified: true });
    const res = await send('POST', '/api/card/checkout', null, {
      name: 'Card Payer',
      email: payer.user.email,
      amount: 1,
      productinfo: '',
      feeItem: { kind: 'award' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = (res.json().url as string).split('/').pop()!;
    Object.assign(stripe.sessions.get(sessionId)!, { payment_status: 'paid', status: 'complete' });
    const payload = JSON.stringify({
      id: `evt_${sessionId}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: sessionId, object: 'checkout.session' } },
    });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/card/webhook',
      payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const [payment] = await db().select().from(payments).where(eq(payments.providerRef, sessionId));
    expect(payment!.status).toBe('paid');
    const [mine] = (await myRegistrations(payer)).filter((r) => r.id === payment!.registrationId);
    expect(mine).toMatchObject({ status: 'pending', amountMinor: 200_00, receivedMinor: 100, owedMinor: 199_00 });
  });
});

describe('only a paper\u2019s authors may name it', () => {
  test('a registration naming another author\u2019s accepted paper is refused; the submitter and a confirmed co-author may name it', async () => {
    const victim = await signupAs(t.app, 'Author', { name: 'Vera Submitter', verified: true });
    const coAuthor = await signupAs(t.app, 'Author', { name: 'Cora Coauthor', verified: true });
    const paper = await submitPaper(t.app, victim.auth, { title: 'Wave Energy in the Gulf' });
    const co = await send('PUT', `/api/author/paper/${paper._id}/co-authors`, victim, {
      coAuthors: [{ name: 'Cora Coauthor', email: coAuthor.user.email.toUpperCase() }],
    });
    expect(co.statusCode, co.body).toBe(200);
    await db()
      .update(papers)
      .set({ decision: 'Accepted', notifiedDecision: 'Accepted', notifiedAt: new Date() })
      .where(eq(papers.id, paper._id));

    const eve = await signupAs(t.app, 'Author', { name: 'Eve Claimant', verified: true });
    const claimed = await register(eve, { category: 'academician-scopus', paperId: paper._id });
    expect(claimed.statusCode).toBe(400);
    expect(claimed.json().message).toBe(PAPER_REFUSED(paper._id));
    expect(await myRegistrations(eve)).toEqual([]);

    const byCoAuthor = await register(coAuthor, { category: 'academician-scopus', paperId: paper._id });
    expect(byCoAuthor.statusCode, byCoAuthor.body).toBe(201);
    expect(byCoAuthor.json().registration.paperId).toBe(paper._id);
    const bySubmitter = await register(victim, { category: 'student-journal', paperId: paper._id });
    expect(bySubmitter.statusCode, bySubmitter.body).toBe(201);
  });

  test('the visa letter, the editor\u2019s list and /verify name the role the data gives now, not the one the registration was made with', async () => {
    const submitter = await signupAs(t.app, 'Author', { name: 'Sam Submitter', verified: true });
    const coAuthor = await signupAs(t.app, 'Author', { name: 'Cora Traveller', verified: true });
    const paper = await submitPaper(t.app, submitter.auth, { title: 'Tides and Turbines' });
    expect(
      (
        await send('PUT', `/api/author/paper/${paper._id}/co-authors`, submitter, {
          coAuthors: [{ name: 'Cora Traveller', email: coAuthor.user.email }],
        })
      ).statusCode,
    ).toBe(200);
    await db()
      .update(papers)
      .set({ decision: 'Accepted', notifiedDecision: 'Accepted', notifiedAt: new Date() })
      .where(eq(papers.id, paper._id));
    const made = await register(coAuthor, { category: 'academician-journal', paperId: paper._id });
    expect(made.statusCode, made.body).toBe(201);
    expect((await payuSucceeds(t.app, { salt: PAYU_SALT, fields: made.json().payment.fields })).statusCode).toBe(200);
    const registrationId = made.json().registration.id as string;

    const asked = await send('POST', `/api/account/registrations/${registrationId}/visa-letter`, coAuthor, {
      passportName: 'CORA TRAVELLER',
      nationality: 'in',
      passportNumber: 'K7654321',
      arrivalDate: '2023-12-25',
      departureDate: '2023-12-30',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const letterId = asked.json().letter.id as string;
    expect(asked.json().letter.role).toBe(`author of the paper "Tides and Turbines" (Paper ID: ${paper._id})`);

    // The submitter takes her off the paper: from now on she is an attendee wherever the letter is described.
    expect((await send('PUT', `/api/author/paper/${paper._id}/co-authors`, submitter, { coAuthors: [] })).statusCode).toBe(200);
    const mine = (await send('GET', '/api/account/visa-letters', coAuthor)).json().letters as { id: string; role: string }[];
    expect(mine.find((l) => l.id === letterId)?.role).toBe('attendee');
    const listed = (await send('GET', '/api/editor/visa-letters', editor)).json().letters as { id: string; role: string }[];
    expect(listed.find((l) => l.id === letterId)?.role).toBe('attendee');
    const approved = await send('POST', `/api/editor/visa-letters/${letterId}/approve`, editor, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/verify/${approved.json().letter.code}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Attendee');
    expect(page.body).not.toContain('Author of the paper');
  });
});

describe('the quote keeps decisions that are not released', () => {
  test('unknown, undecided, rejected, unreleased and other authors\u2019 papers answer alike; the author\u2019s released accepted paper is priced', async () => {
    const author = await signupAs(t.app, 'Author', { name: 'Quinn Author', verified: true });
    const stranger = await signupAs(t.app, 'Author', { name: 'Stan Stranger', verified: true });
    const ids = {
      unknown: 'abcdef0123456789abcdef01',
      undecided: await paperWith(author, null, false),
      rejected: await paperWith(author, 'Rejected', true),
      unreleasedAccept: await paperWith(author, 'Accepted', false),
      unreleasedReject: await paperWith(author, 'Rejected', false),
      released: await paperWith(author, 'Accepted', true),
    };
    const quote = (paperId: string, who: Who) =>
      send('POST', '/api/registrations/quote', who, { category: 'academician-journal', currency: 'USD', paperId });
    const answers: [string, Who, string][] = [
      ...Object.entries(ids).map(([name, id]): [string, Who, string] => [`anonymous, ${name}`, null, id]),
      ...Object.entries(ids).map(([name, id]): [string, Who, string] => [`stranger, ${name}`, stranger, id]),
      ...(['unknown', 'undecided', 'rejected', 'unreleasedAccept', 'unreleasedReject'] as const).map((name): [string, Who, string] => [
        `author, ${name}`,
        author,
        ids[name],
      ]),
    ];
    const seen = await Promise.all(
      answers.map(async ([label, who, id]) => {
        const res = await quote(id, who);
        return { label, status: res.statusCode, message: res.json().message as string | undefined, expected: PAPER_REFUSED(id) };
      }),
    );
    expect(seen.filter((a) => a.status !== 400).map((a) => `${a.label}: ${a.status}`)).toEqual([]);
    for (const a of seen) expect(a.message, a.label).toBe(a.expected);
    const own = await quote(ids.released, author);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ amountMinor: 350_00, currency: 'USD' });
  });
});

describe('a limited coupon is never used beyond its limit', () => {
  let n = 0;
  async function limitedCoupon(): Promise<string> {
    const code = `ONCE${++n}${Date.now().toString(36).toUpperCase()}`;
    const res = await send('POST', '/api/editor/coupons', editor, { code, kind: 'percent', value: 50, usageLimit: 1 });
    expect(res.statusCode, res.body).toBe(201);
    return code;
  }
  const usedOf = async (code: string) => (await db().select().from(coupons).where(eq(coupons.code, code)))[0]!.used;

  test('registered with it through PayU, cancelled, then PayU\u2019s success for the original payment: the use is taken again and nobody else gets it', async () => {
    const code = await limitedCoupon();
    const first = await signupAs(t.app, 'Author', { name: 'Cat Canceller', verified: true });
    const made = await register(first, { coupon: code });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().registration).toMatchObject({ status: 'pending', discountMinor: 7_400_00, amountMinor: 7_400_00 });
    expect(await usedOf(code)).toBe(1);
    expect((await send('POST', `/api/account/registrations/${made.json().registration.id}/cancel`, first, {})).statusCode).toBe(200);
    expect(await usedOf(code)).toBe(0);

    expect((await payuSucceeds(t.app, { salt: PAYU_SALT, fields: made.json().payment.fields })).statusCode).toBe(200);
    expect(await usedOf(code)).toBe(1);
    const [row] = (await myRegistrations(first)).filter((r) => r.id === made.json().registration.id);
    expect(row).toMatchObject({ status: 'paid', couponCode: code, discountMinor: 7_400_00, owedMinor: 0 });

    const second = await signupAs(t.app, 'Author', { name: 'Dan Latecomer', verified: true });
    const refused = await register(second, { coupon: code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`The coupon code ${code} has been used up.`);
  });

  test('when someone else took the freed use meanwhile, the late payment is not settled at the discounted price: pending, with the discount owed', async () => {
    const code = await limitedCoupon();
    const first = await signupAs(t.app, 'Author', { name: 'Kim Canceller', verified: true });
    const made = await register(first, { coupon: code });
    expect(made.statusCode, made.body).toBe(201);
    expect((await send('POST', `/api/account/registrations/${made.json().registration.id}/cancel`, first, {})).statusCode).toBe(200);
    const second = await signupAs(t.app, 'Author', { name: 'Lee Taker', verified: true });
    expect((await register(second, { coupon: code })).statusCode).toBe(201);
    expect(await usedOf(code)).toBe(1);

    expect((await payuSucceeds(t.app, { salt: PAYU_SALT, fields: made.json().payment.fields })).statusCode).toBe(200);
    const [row] = (await myRegistrations(first)).filter((r) => r.id === made.json().registration.id);
    expect(row).toMatchObject({
      status: 'pending',
      couponCode: null,
      discountMinor: 0,
      amountMinor: 14_800_00,
      receivedMinor: 7_400_00,
      owedMinor: 7_400_00,
    });
    expect(await usedOf(code)).toBe(1);
  });
});

describe('one account holds at most one unpaid seat of a course', () => {
  test('40 registrations for one course at once by one account: exactly one is made, the others are told why (409)', async () => {
    const hoarder = await signupAs(t.app, 'Author', { name: 'Hal Hoarder', verified: true });
    const course = 'digital-system-design';
    const attempts = await Promise.all(
      Array.from({ length: 40 }, () => register(hoarder, { category: `workshop-${course}`, currency: 'USD', provider: 'bank' })),
    );
    const statuses = attempts.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(39);
    const made = attempts.find((a) => a.statusCode === 201)!.json() as { registration: { code: string } };
    expect(new Set(attempts.filter((a) => a.statusCode === 409).map((a) => a.json().message))).toEqual(
      new Set([
        `You have an unpaid registration for Technical workshop: Digital System Design already (code ${made.registration.code}): pay it or cancel it on your registrations page before registering again.`,
      ]),
    );
    const seats = (await send('GET', '/api/workshops', null)).json() as { id: string; left: number }[];
    expect(seats.find((c) => c.id === course)?.left).toBe(39);

    // Another person still gets a seat, and the hoarder may register again once the first is cancelled.
    expect(
      (
        await register(await signupAs(t.app, 'Author', { verified: true }), {
          category: `workshop-${course}`,
          currency: 'USD',
          provider: 'bank',
        })
      ).statusCode,
    ).toBe(201);
    const held = attempts.find((a) => a.statusCode === 201)!.json().registration.id as string;
    expect((await send('POST', `/api/account/registrations/${held}/cancel`, hoarder, {})).statusCode).toBe(200);
    expect((await register(hoarder, { category: `workshop-${course}`, currency: 'USD', provider: 'bank' })).statusCode).toBe(201);
  });
});
