import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../../src/core/ids';
import { auditLog, registrations } from '../../src/server/db/schema';
import { newDocumentCode } from '../../src/server/documents/codes';
import { startTestApp, type TestApp } from '../support/app';
import { mailBodies } from '../support/mailbox';
import { pdfText } from '../support/pdf-text';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0045: the technical workshop is the organiser's data. The editor changes a course's date, seats and fee
 * at /editor/workshops, and every use follows: the seats, the prices, the waiting-list mail, the certificate.
 */
let t: TestApp;
let editor: SignedUp;
let author: SignedUp;
const db = () => t.app.database.db;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedUp | null, payload?: object) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });
const course = (id: string) => `/api/editor/workshops/courses/${id}`;
const IOT = { title: 'Internet of Things', date: '2022-12-30', seats: 40, feeUsdMinor: 10_000 };

/** A paid workshop registration, as the payment leaves it, for `who`'s address. */
async function paidRegistration(courseId: string, who: SignedUp) {
  const [row] = await db()
    .insert(registrations)
    .values({
      id: newId(),
      code: newDocumentCode(),
      year: 2026,
      name: who.user.name,
      email: who.user.email,
      userId: who.user._id,
      affiliation: 'Institute',
      category: `workshop-${courseId}`,
      currency: 'USD',
      listMinor: 10_000,
      amountMinor: 10_000,
      status: 'paid',
      paidAt: new Date(),
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author', { verified: true });
});
afterAll(async () => {
  await t?.close();
});

describe('the workshop as data', () => {
  test("today's four courses and day are the defaults", async () => {
    const res = await call('GET', '/api/editor/workshops', editor);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.details).toEqual({ firstDay: '2022-12-30', lastDay: '2022-12-30', venue: null });
    expect(
      body.courses.map((c: { id: string; date: string; seats: number; feeUsdMinor: number }) => [c.id, c.date, c.seats, c.feeUsdMinor]),
    ).toEqual([
      ['embedded-systems', '2022-12-30', 40, 10_000],
      ['internet-of-things', '2022-12-30', 40, 10_000],
      ['python-machine-learning', '2022-12-30', 40, 10_000],
      ['digital-system-design', '2022-12-30', 40, 10_000],
    ]);
  });

  test('the editor moves a course and changes its seats and fee: seats, prices, the waiting-list mail and the certificate follow', async () => {
    const participant = await signupAs(t.app, 'Author', { name: 'Iris Participant', verified: true });
    const waiting = await signupAs(t.app, 'Author', { name: 'Wanda Waiting', verified: true });
    const taken = await paidRegistration('internet-of-things', participant);

    const moved = await call('PUT', course('internet-of-things'), editor, { ...IOT, date: '2023-01-05', seats: 1, feeUsdMinor: 12_500 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({
      id: 'internet-of-things',
      title: 'Internet of Things',
      date: '2023-01-05',
      seats: 1,
      feeUsdMinor: 12_500,
    });

    // Seats: one seat, taken.
    const seats = (await call('GET', '/api/workshops', null)).json() as { id: string; seats: number; left: number; full: boolean }[];
    expect(seats.find((s) => s.id === 'internet-of-things')).toMatchObject({ seats: 1, left: 0, full: true });

    // Prices: the quote and the price list are the new fee, rupees at the stated rate.
    const usd = await call('POST', '/api/registrations/quote', null, { category: 'workshop-internet-of-things', currency: 'USD' });
    expect(usd.statusCode, usd.body).toBe(200);
    expect(usd.json()).toMatchObject({
      regularMinor: 12_500,
      amountMinor: 12_500,
      categoryLabel: 'Technical workshop: Internet of Things',
    });
    const inr = await call('POST', '/api/registrations/quote', null, { category: 'workshop-internet-of-things', currency: 'INR' });
    expect(inr.json().amountMinor).toBe(12_500 * 74);
    const prices = (await call('GET', '/api/registrations/prices', null)).json().prices as { category: string; usdMinor: number }[];
    expect(prices.find((p) => p.category === 'workshop-internet-of-things')?.usdMinor).toBe(12_500);
    expect(prices.find((p) => p.category === 'workshop-embedded-systems')?.usdMinor).toBe(10_000);

    // Full: Wanda waits; a second seat frees one, and the editor's offer mails her the course's new date.
    expect((await call('POST', '/api/workshops/internet-of-things/waiting-list', waiting)).statusCode).toBe(201);
    expect(
      (await call('PUT', course('internet-of-things'), editor, { ...IOT, date: '2023-01-05', seats: 2, feeUsdMinor: 12_500 })).statusCode,
    ).toBe(200);
    expect((await call('POST', '/api/editor/workshops/internet-of-things/offer', editor)).statusCode).toBe(200);
    const [mail] = await mailBodies(t.app, waiting.user.email, 'workshopSeatOpen');
    expect(mail).toContain('"Internet of Things" (5 January 2023)');
    expect(mail).not.toContain('30 December 2022');

    // The certificate of the participant who came prints the new date.
    await db().update(registrations).set({ checkedInAt: new Date() }).where(eq(registrations.id, taken.id));
    expect((await call('POST', '/api/editor/certificates', editor)).statusCode).toBe(200);
    const mine = (await call('GET', '/api/me/certificates', participant)).json().certificates as { code: string; kind: string }[];
    const cert = mine.find((c) => c.kind === 'workshop');
    expect(cert).toBeDefined();
    const pdf = await call('GET', `/api/me/certificates/${cert!.code}.pdf`, participant);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Internet of Things');
    expect(text).toContain('5 January 2023');
    expect(text).not.toContain('30 December 2022');

    const audit = await db()
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, editor.user._id), eq(auditLog.action, 'workshop.course-update')));
    expect(audit.map((a) => a.details)).toContainEqual({
      courseId: 'internet-of-things',
      ...IOT,
      date: '2023-01-05',
      seats: 1,
      feeUsdMinor: 12_500,
    });
  });

  test('a course is added, priced and removed; a course with registrations cannot be removed', async () => {
    const NEW = { id: 'rust-basics', title: 'Rust for Embedded Engineers', date: '2022-12-31', seats: 20, feeUsdMinor: 7_500 };
    const created = await call('POST', '/api/editor/workshops/courses', editor, NEW);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual(NEW);
    const again = await call('POST', '/api/editor/workshops/courses', editor, NEW);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A course with the id rust-basics exists already.');

    const quote = await call('POST', '/api/registrations/quote', null, { category: 'workshop-rust-basics', currency: 'USD' });
    expect(quote.json()).toMatchObject({ amountMinor: 7_500, categoryLabel: 'Technical workshop: Rust for Embedded Engineers' });
    const seats = (await call('GET', '/api/workshops', null)).json() as { id: string; seats: number }[];
    expect(seats.at(-1)).toMatchObject({ id: 'rust-basics', seats: 20 });

    expect((await call('DELETE', course('rust-basics'), editor)).json()).toEqual({ deleted: true });
    const gone = await call('POST', '/api/registrations/quote', null, { category: 'workshop-rust-basics', currency: 'USD' });
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe('Choose a registration category from the fee table');
    expect((await call('DELETE', course('rust-basics'), editor)).statusCode).toBe(404);

    await paidRegistration('embedded-systems', author);
    const refused = await call('DELETE', course('embedded-systems'), editor);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This course has registrations (or people on its waiting list): it cannot be removed. Set its seats to 0 to close it instead.',
    );
    expect((await call('GET', '/api/workshops', null)).json().map((c: { id: string }) => c.id)).toContain('embedded-systems');

    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, editor.user._id), inArray(auditLog.action, ['workshop.course-create', 'workshop.course-delete'])));
    expect(actions.map((a) => a.action).sort()).toEqual(['workshop.course-create', 'workshop.course-delete']);
  });

  test("the workshop's days and venue are saved; bad input is a clear 400", async () => {
    const saved = await call('PUT', '/api/editor/workshops/details', editor, {
      firstDay: '2023-01-05',
      lastDay: '2023-01-06',
      venue: 'Hall B',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call('GET', '/api/editor/workshops', editor)).json().details).toEqual({
      firstDay: '2023-01-05',
      lastDay: '2023-01-06',
      venue: 'Hall B',
    });
    const backwards = await call('PUT', '/api/editor/workshops/details', editor, {
      firstDay: '2023-01-06',
      lastDay: '2023-01-05',
      venue: '',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The last day cannot be before the first day');
    const badDate = await call('PUT', course('internet-of-things'), editor, { ...IOT, date: '2023-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.body).toContain('Date must be a real calendar date (YYYY-MM-DD)');
    const noDate = await call('PUT', course('internet-of-things'), editor, { ...IOT, date: 'tomorrow' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.body).toContain('Date must be a date (YYYY-MM-DD)');
    const badId = await call('POST', '/api/editor/workshops/courses', editor, { ...IOT, id: 'Not An Id' });
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain("A course id is lower-case letters and digits joined by '-'");
    expect((await call('PUT', course('no-such-course'), editor, IOT)).statusCode).toBe(404);
  });

  test('the next edition starts from these courses and days, a year on per year (decision 0060)', async () => {
    const before = (await call('GET', '/api/editor/workshops', editor)).json();
    const opened = await call('POST', '/api/editions', editor, { year: 2027, carry: [] });
    expect(opened.statusCode, opened.body).toBe(201);
    const after = (await call('GET', '/api/editor/workshops', editor)).json();
    // The sample facts' conference is in 2023: the 2027 edition's is four years on, and so is its workshop.
    const on = (day: string) => `${Number(day.slice(0, 4)) + 4}${day.slice(4)}`;
    expect(after.details).toEqual({ ...before.details, firstDay: on(before.details.firstDay), lastDay: on(before.details.lastDay) });
    expect(after.courses.map((c: { id: string; date: string; seats: number }) => [c.id, c.date, c.seats])).toEqual(
      before.courses.map((c: { id: string; date: string; seats: number }) => [c.id, on(c.date), c.seats]),
    );
    expect(after.courses.every((c: { participants: unknown[] }) => c.participants.length === 0)).toBe(true);
  });

  test('only the editor changes the workshop', async () => {
    const attempts = [
      () => call('PUT', '/api/editor/workshops/details', author, { firstDay: '2023-01-05', lastDay: '2023-01-05', venue: null }),
      () => call('POST', '/api/editor/workshops/courses', author, { ...IOT, id: 'sneaky' }),
      () => call('PUT', course('digital-system-design'), author, { ...IOT, title: 'Sneaky' }),
      () => call('DELETE', course('digital-system-design'), author),
    ];
    for (const attempt of attempts) expect((await attempt()).statusCode).toBe(403);
    expect((await call('DELETE', course('digital-system-design'), null)).statusCode).toBe(401);
    const list = (await call('GET', '/api/workshops', null)).json() as { id: string; title: string }[];
    expect(list.find((c) => c.id === 'digital-system-design')?.title).toBe('Digital System Design');
    expect(list.some((c) => c.id === 'sneaky')).toBe(false);
  });
});
