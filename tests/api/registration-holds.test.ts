import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, coupons, registrations } from '../../src/server/db/schema';
import { mailBodies } from '../support/mailbox';
import { startTestApp, type TestApp } from '../support/app';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0077: an unpaid registration holds a limited seat for the organiser's hold time, one hold per person and
 * course; the organiser sees who holds what and releases it; no registration is left by a payment that cannot start;
 * seats and coupon uses hold under concurrency. This app has neither PayU nor card payment configured.
 */
let t: TestApp;
let editor: SignedUp;
const db = () => t.app.database.db;
let n = 0;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: SignedUp | null, payload?: object) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });

/** A course of its own for each test, so tests never share seats. */
async function newCourse(seats: number, feeUsdMinor = 8_000): Promise<string> {
  const id = `hold-course-${++n}`;
  const res = await call('POST', '/api/editor/workshops/courses', editor, {
    id,
    title: `Holding Course ${n}`,
    date: '2022-12-30',
    seats,
    feeUsdMinor,
  });
  expect(res.statusCode, res.body).toBe(201);
  return id;
}

const register = (who: SignedUp, body: object) =>
  call('POST', '/api/registrations', who, { name: who.user.name, category: 'attending', currency: 'USD', provider: 'bank', ...body });

const registrationsOf = (email: string) =>
  db()
    .select()
    .from(registrations)
    .where(sql`lower(${registrations.email}) = ${email.toLowerCase()}`);

const seatsLeft = async (courseId: string) =>
  ((await call('GET', '/api/workshops', null)).json() as { id: string; left: number }[]).find((c) => c.id === courseId)!.left;

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
});

describe('one hold per person and course', () => {
  test('a second unpaid registration for the same course is refused (409), naming the pending one; another course is fine', async () => {
    const course = await newCourse(10);
    const other = await newCourse(10);
    const holder = await signupAs(t.app, 'Author', { name: 'Hana Holder', verified: true });
    const first = await register(holder, { category: `workshop-${course}` });
    expect(first.statusCode, first.body).toBe(201);
    const code = first.json().registration.code as string;

    const second = await register(holder, { category: `workshop-${course}` });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      `You have an unpaid registration for Technical workshop: Holding Course ${n - 1} already (code ${code}): pay it or cancel it on your registrations page before registering again.`,
    );
    expect(await registrationsOf(holder.user.email)).toHaveLength(1);
    expect((await register(holder, { category: `workshop-${other}` })).statusCode).toBe(201);
  });
});

describe("the organiser's list of holds", () => {
  test('lists name, e-mail, since and expiry by the hold time the organiser sets; a release frees the seat, is audited and mailed', async () => {
    const course = await newCourse(3);
    const holder = await signupAs(t.app, 'Author', { name: 'Lena Lister', verified: true });
    const made = await register(holder, { category: `workshop-${course}` });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().registration.id as string;
    expect(await seatsLeft(course)).toBe(2);

    const office = await call('GET', '/api/editor/registration-office', editor);
    expect(office.json()).toMatchObject({ seatHoldMinutes: 60, badgePickupOpen: false });
    let list = (await call('GET', '/api/editor/registration-holds', editor)).json();
    let hold = list.holds.find((h: { registrationId: string }) => h.registrationId === id);
    expect(hold).toMatchObject({ name: 'Lena Lister', email: holder.user.email, categoryLabel: `Technical workshop: Holding Course ${n}` });
    expect(Date.parse(hold.expires) - Date.parse(hold.since)).toBe(60 * 60_000);

    // The organiser shortens the hold: the list and the seats follow at once.
    const set = await call('PUT', '/api/editor/registration-office', editor, { seatHoldMinutes: 30 });
    expect(set.statusCode, set.body).toBe(200);
    list = (await call('GET', '/api/editor/registration-holds', editor)).json();
    hold = list.holds.find((h: { registrationId: string }) => h.registrationId === id);
    expect(list.seatHoldMinutes).toBe(30);
    expect(Date.parse(hold.expires) - Date.parse(hold.since)).toBe(30 * 60_000);
    // A hold older than the hold time holds nothing.
    await db()
      .update(registrations)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(registrations.id, id));
    expect(await seatsLeft(course)).toBe(3);
    expect(
      (await call('GET', '/api/editor/registration-holds', editor))
        .json()
        .holds.some((h: { registrationId: string }) => h.registrationId === id),
    ).toBe(false);
    await db().update(registrations).set({ createdAt: new Date() }).where(eq(registrations.id, id));
    expect((await call('PUT', '/api/editor/registration-office', editor, { seatHoldMinutes: 60 })).statusCode).toBe(200);
    expect((await call('PUT', '/api/editor/registration-office', editor, { seatHoldMinutes: 2 })).json().message).toBe(
      'A seat is held at least 5 minutes',
    );

    const released = await call('POST', `/api/editor/registration-holds/${id}/release`, editor);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toEqual({ released: true, registrationId: id });
    const [row] = await registrationsOf(holder.user.email);
    expect(row!.status).toBe('cancelled');
    expect(await seatsLeft(course)).toBe(3);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'registration.release-hold'), sql`${auditLog.details}->>'registrationId' = ${id}`));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(editor.user._id);
    const [mail] = await mailBodies(t.app, holder.user.email, 'registrationCancelled');
    expect(mail).toContain('Cancelled by: the organisers (the seat it held was released)');

    const again = await call('POST', `/api/editor/registration-holds/${id}/release`, editor);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This registration holds no seat any more: it is paid or cancelled.');
    // Once released, the holder may register again.
    expect((await register(holder, { category: `workshop-${course}` })).statusCode).toBe(201);
  });
});

describe("a course's price before anything is made", () => {
  test("the course's quote is its own fee and creates nothing", async () => {
    const course = await newCourse(4, 12_300);
    const before = await db()
      .select({ c: sql<number>`count(*)::int` })
      .from(registrations);
    const q = await call('POST', '/api/registrations/quote', null, { category: `workshop-${course}`, currency: 'USD' });
    expect(q.statusCode).toBe(200);
    expect(q.json()).toMatchObject({ amountMinor: 12_300, currency: 'USD' });
    const after = await db()
      .select({ c: sql<number>`count(*)::int` })
      .from(registrations);
    expect(after[0]!.c).toBe(before[0]!.c);
  });
});

describe('no registration from a payment that cannot start', () => {
  test('card and PayU not configured: 503, nothing written, no coupon use or seat taken; the methods are not offered', async () => {
    expect((await call('GET', '/api/payments/config', null)).json()).toEqual({ payu: false, card: false });
    const course = await newCourse(1);
    const code = `NOSTART${++n}`;
    expect((await call('POST', '/api/editor/coupons', editor, { code, kind: 'percent', value: 10, usageLimit: 1 })).statusCode).toBe(201);
    const payer = await signupAs(t.app, 'Author', { verified: true });
    const card = await register(payer, { category: `workshop-${course}`, provider: 'card', coupon: code });
    expect(card.statusCode).toBe(503);
    expect(card.json().message).toBe('Card payment in US dollars is not configured yet. Please contact the organisers.');
    const payu = await register(payer, { category: `workshop-${course}`, currency: 'INR', provider: 'payu', coupon: code });
    expect(payu.statusCode).toBe(503);
    expect(payu.json().message).toBe('Rupee payments through PayU are not configured on this server yet. Please contact the organisers.');
    expect(await registrationsOf(payer.user.email)).toHaveLength(0);
    expect((await call('GET', '/api/account/registrations', payer)).json().registrations).toHaveLength(0);
    const [c] = await db().select().from(coupons).where(eq(coupons.code, code));
    expect(c!.used).toBe(0);
    expect(await seatsLeft(course)).toBe(1);
    // A bank transfer starts: the registration is made.
    expect((await register(payer, { category: `workshop-${course}`, coupon: code })).statusCode).toBe(201);
  });
});

/** Accounts made one after another (password hashing is the server's slow part): only the purchases race. */
async function signUpMany(count: number, name: string): Promise<SignedUp[]> {
  const out: SignedUp[] = [];
  for (let i = 0; i < count; i++) out.push(await signupAs(t.app, 'Author', { name: `${name} ${i}`, verified: true }));
  return out;
}

describe('concurrency', () => {
  test('50 parallel purchases of the last 5 seats sell exactly 5', { timeout: 60_000 }, async () => {
    const course = await newCourse(5);
    const buyers = await signUpMany(50, 'Buyer');
    const answers = await Promise.all(buyers.map((b) => register(b, { category: `workshop-${course}` })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    expect(new Set(answers.filter((a) => a.statusCode === 409).map((a) => a.json().message))).toEqual(
      new Set(['This course is full. You can join its waiting list.']),
    );
    const made = await db()
      .select({ c: sql<number>`count(*)::int` })
      .from(registrations)
      .where(eq(registrations.category, `workshop-${course}`));
    expect(made[0]!.c).toBe(5);
    expect(await seatsLeft(course)).toBe(0);
  });

  test('20 parallel uses of a coupon limited to 10 succeed exactly 10 times', { timeout: 60_000 }, async () => {
    const code = `TENUSES${++n}`;
    expect((await call('POST', '/api/editor/coupons', editor, { code, kind: 'percent', value: 20, usageLimit: 10 })).statusCode).toBe(201);
    const payers = await signUpMany(20, 'Coupon');
    const answers = await Promise.all(payers.map((p) => register(p, { coupon: code })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    const [c] = await db().select().from(coupons).where(eq(coupons.code, code));
    expect(c!.used).toBe(10);
    const withCoupon = await db()
      .select({ c: sql<number>`count(*)::int` })
      .from(registrations)
      .where(eq(registrations.couponCode, code));
    expect(withCoupon[0]!.c).toBe(10);
  });
});
