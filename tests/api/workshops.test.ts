import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newId } from '../../src/core/ids';
import type { EditorWorkshopsJson } from '../../src/core/schemas/workshop';
import type { z } from 'zod';
import { registrations, workshopWaitlist } from '../../src/server/db/schema';
import { newDocumentCode } from '../../src/server/documents/codes';
import { offerFreedSeat, offerFreeWorkshopSeats } from '../../src/server/services/workshops/workshop-waitlist';
import { startTestApp, type TestApp } from '../support/app';
import { mailBodies } from '../support/mailbox';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0045: workshop seats. A seat counts when its registration is paid, and a pending one holds it for an
 * hour; a full course takes a waiting list (signed in, verified address, once per address), and a seat that
 * comes free (a cancellation, a lapsed hold, the editor's offer) is mailed to the first person waiting.
 */
let t: TestApp;
let editor: SignedUp;
const db = () => t.app.database.db;
let n = 0;

/** A registration for a course written straight to the database, as createRegistration and the payment leave it. */
async function register(
  courseId: string,
  status: 'paid' | 'pending' | 'cancelled',
  opts: { minutesAgo?: number; email?: string; name?: string } = {},
) {
  n += 1;
  const created = new Date(Date.now() - (opts.minutesAgo ?? 0) * 60_000);
  const [row] = await db()
    .insert(registrations)
    .values({
      id: newId(),
      code: newDocumentCode(),
      year: 2026,
      name: opts.name ?? `Participant ${n}`,
      email: opts.email ?? `p${n}@ws${n}.example`,
      affiliation: `Institute ${n}`,
      category: `workshop-${courseId}`,
      currency: 'USD',
      listMinor: 10_000,
      amountMinor: 10_000,
      status,
      paidAt: status === 'paid' ? created : null,
      cancelledAt: status === 'cancelled' ? created : null,
      createdAt: created,
    })
    .returning();
  return row!;
}
const fill = async (courseId: string, paid: number, status: 'paid' | 'pending' = 'paid') => {
  for (let i = 0; i < paid; i++) await register(courseId, status);
};
const seats = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/workshops' })).json() as Array<{
    id: string;
    seats: number;
    left: number;
    full: boolean;
  }>;
const join = (who: SignedUp | null, courseId: string) =>
  t.app.inject({ method: 'POST', url: `/api/workshops/${courseId}/waiting-list`, headers: who?.auth ?? {} });
const editorView = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/editor/workshops', headers: editor.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as z.infer<typeof EditorWorkshopsJson>;
};
const offer = (courseId: string) => t.app.inject({ method: 'POST', url: `/api/editor/workshops/${courseId}/offer`, headers: editor.auth });
/** What REG's cancelRegistration does for a workshop registration: cancel, then offer the seat in the same transaction. */
const cancel = (id: string, courseId: string) =>
  db().transaction(async (tx) => {
    await tx.update(registrations).set({ status: 'cancelled', cancelledAt: new Date() }).where(eq(registrations.id, id));
    return offerFreedSeat({ tx, mailer: t.app.mailer, publicUrl: t.config.publicUrl, courseId });
  });

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
});
afterAll(() => t?.close());

describe('seats', () => {
  test('a course counts paid registrations and pending ones under an hour old; cancelled and lapsed ones free their seat', async () => {
    await fill('embedded-systems', 30);
    await fill('embedded-systems', 5, 'pending');
    await register('embedded-systems', 'pending', { minutesAgo: 61 });
    await register('embedded-systems', 'pending', { minutesAgo: 90 });
    await register('embedded-systems', 'cancelled');
    const course = (await seats()).find((c) => c.id === 'embedded-systems');
    expect(course).toEqual({ id: 'embedded-systems', title: 'Embedded Systems', seats: 40, left: 5, full: false });
    expect((await seats()).find((c) => c.id === 'internet-of-things')).toMatchObject({ seats: 40, left: 40, full: false });

    const view = (await editorView()).courses.find((c) => c.id === 'embedded-systems')!;
    expect(view).toMatchObject({ seats: 40, paid: 30, held: 5, left: 5, offerable: 5, waiting: [] });
    expect(view.participants).toHaveLength(30);
    expect(view.participants[0]).toMatchObject({
      name: expect.stringMatching(/^Participant \d+$/),
      affiliation: expect.stringMatching(/^Institute/),
      paidAt: expect.any(String),
    });

    await fill('embedded-systems', 5);
    expect((await seats()).find((c) => c.id === 'embedded-systems')).toMatchObject({ left: 0, full: true });
  });

  test('an unknown course is a 404 with its reason', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/editor/workshops/basket-weaving/offer', headers: editor.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No such workshop course' });
  });
});

describe('the waiting list', () => {
  test('only a full course takes it, a signed-in caller with a verified address, once per address, not once registered', async () => {
    const ana = await signupAs(t.app, 'Author', { name: 'Ana Waiting', verified: true });
    expect((await join(null, 'internet-of-things')).statusCode).toBe(401);

    const open = await join(ana, 'internet-of-things');
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe('This course still has free seats: register for it instead of waiting.');

    await fill('internet-of-things', 39);
    await register('internet-of-things', 'pending', { minutesAgo: 10 });
    const unverified = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    const refused = await join(unverified, 'internet-of-things');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Confirm your email address first/);

    const first = await join(ana, 'internet-of-things');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ courseId: 'internet-of-things', title: 'Internet of Things', position: 1, offeredAt: null });
    const again = await join(ana, 'internet-of-things');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You are on this course's waiting list already.");

    const ben = await signupAs(t.app, 'Author', { name: 'Ben Waiting', verified: true });
    expect((await join(ben, 'internet-of-things')).json()).toMatchObject({ position: 2 });
    const mine = await t.app.inject({ method: 'GET', url: '/api/account/workshop-waiting-list', headers: ben.auth });
    expect(mine.json()).toEqual([expect.objectContaining({ courseId: 'internet-of-things', position: 2 })]);

    const carl = await signupAs(t.app, 'Author', { name: 'Carl Registered', verified: true });
    await register('internet-of-things', 'paid', { email: carl.user.email });
    const registered = await join(carl, 'internet-of-things');
    expect(registered.statusCode).toBe(409);
    expect(registered.json().message).toBe('You are registered for this course already.');

    const view = (await editorView()).courses.find((c) => c.id === 'internet-of-things')!;
    expect(view.waiting.map((w) => [w.name, w.email, w.offeredAt])).toEqual([
      ['Ana Waiting', ana.user.email, null],
      ['Ben Waiting', ben.user.email, null],
    ]);
  });

  test('a cancelled pending registration mails the first waiting; the editor offers a free seat, 409 when none is free', async () => {
    await fill('digital-system-design', 38);
    const pendingA = await register('digital-system-design', 'pending');
    const pendingB = await register('digital-system-design', 'pending');
    const dora = await signupAs(t.app, 'Author', { name: 'Dora First', verified: true });
    const emil = await signupAs(t.app, 'Author', { name: 'Emil Second', verified: true });
    const fay = await signupAs(t.app, 'Author', { name: 'Fay Third', verified: true });
    for (const who of [dora, emil, fay]) expect((await join(who, 'digital-system-design')).statusCode).toBe(201);

    const none = await offer('digital-system-design');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('No seat is free in this course.');

    // Cancelled: the seat goes to Dora, by mail, in the cancellation's transaction.
    expect(await cancel(pendingA.id, 'digital-system-design')).toMatchObject({ email: dora.user.email });
    const [mail] = await mailBodies(t.app, dora.user.email, 'workshopSeatOpen');
    expect(mail).toContain('Dear Dora First');
    expect(mail).toContain('"Digital System Design"');
    expect(mail).toContain(`${t.config.publicUrl}/account/registrations`);
    expect(mail).toContain('24 hours');
    // That one seat is Dora's for now: the editor cannot offer it to Emil too.
    const offered = await offer('digital-system-design');
    expect(offered.statusCode).toBe(409);
    expect(offered.json().message).toMatch(/^Each free seat is already offered/);

    // A second seat comes free without a mail (the hold lapses): the editor offers it to the next, Emil.
    await db()
      .update(registrations)
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(registrations.id, pendingB.id));
    const toEmil = await offer('digital-system-design');
    expect(toEmil.statusCode, toEmil.body).toBe(200);
    expect(toEmil.json()).toMatchObject({ courseId: 'digital-system-design', name: 'Emil Second', email: emil.user.email });
    expect(await mailBodies(t.app, emil.user.email, 'workshopSeatOpen')).toHaveLength(1);
    expect(await mailBodies(t.app, fay.user.email, 'workshopSeatOpen')).toHaveLength(0);

    // Dora registers: she leaves the list, her seat is held by her registration now.
    await register('digital-system-design', 'pending', { email: dora.user.email });
    const view = (await editorView()).courses.find((c) => c.id === 'digital-system-design')!;
    expect(view.waiting.map((w) => [w.name, w.registered, w.offeredAt !== null])).toEqual([
      ['Dora First', true, true],
      ['Emil Second', false, true],
      ['Fay Third', false, false],
    ]);
    expect(view).toMatchObject({ left: 1, offerable: 0 });
    const mine = await t.app.inject({ method: 'GET', url: '/api/account/workshop-waiting-list', headers: dora.auth });
    expect(mine.json()).toEqual([expect.objectContaining({ position: 0, offeredAt: expect.any(String) })]);
  });

  test('through the API: a full course refuses a registration (409); a cancelled pending one mails the first waiting', async () => {
    // Embedded Systems is full since the first test: 35 paid, 5 held.
    const hana = await signupAs(t.app, 'Author', { name: 'Hana Hopeful', verified: true });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/registrations',
      headers: hana.auth,
      payload: { name: 'Hana Hopeful', category: 'workshop-embedded-systems', currency: 'USD', provider: 'bank' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This course is full. You can join its waiting list.');
    expect((await join(hana, 'embedded-systems')).json()).toMatchObject({ position: 1 });

    // One of the held seats is Ivan's; he cancels his pending registration from his account.
    const ivan = await signupAs(t.app, 'Author', { name: 'Ivan Leaving', verified: true });
    const [held] = await db()
      .select()
      .from(registrations)
      .where(
        and(
          eq(registrations.category, 'workshop-embedded-systems'),
          eq(registrations.status, 'pending'),
          gt(registrations.createdAt, new Date(Date.now() - 3_600_000)),
        ),
      )
      .limit(1);
    await db().update(registrations).set({ email: ivan.user.email, userId: ivan.user._id }).where(eq(registrations.id, held!.id));
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/account/registrations/${held!.id}/cancel`, headers: ivan.auth });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [mail] = await mailBodies(t.app, hana.user.email, 'workshopSeatOpen');
    expect(mail).toContain('Dear Hana Hopeful');
    expect(mail).toContain('"Embedded Systems"');

    // The seat is free now: Hana registers for it, and is no longer waiting.
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/registrations',
      headers: hana.auth,
      payload: { name: 'Hana Hopeful', category: 'workshop-embedded-systems', currency: 'USD', provider: 'bank' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const mine = await t.app.inject({ method: 'GET', url: '/api/account/workshop-waiting-list', headers: hana.auth });
    expect(mine.json()).toEqual([expect.objectContaining({ courseId: 'embedded-systems', position: 0 })]);
    expect((await seats()).find((c) => c.id === 'embedded-systems')).toMatchObject({ left: 0, full: true });
  });

  test('the worker offers a seat whose hold lapsed to the first waiting, once', async () => {
    await fill('python-machine-learning', 39);
    const held = await register('python-machine-learning', 'pending', { minutesAgo: 30 });
    const gil = await signupAs(t.app, 'Author', { name: 'Gil Waiting', verified: true });
    expect((await join(gil, 'python-machine-learning')).statusCode).toBe(201);
    expect(await offerFreeWorkshopSeats({ db: db(), mailer: t.app.mailer, publicUrl: t.config.publicUrl })).toBe(0);
    await db()
      .update(registrations)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(registrations.id, held.id));
    expect(await offerFreeWorkshopSeats({ db: db(), mailer: t.app.mailer, publicUrl: t.config.publicUrl })).toBe(1);
    expect(await offerFreeWorkshopSeats({ db: db(), mailer: t.app.mailer, publicUrl: t.config.publicUrl })).toBe(0);
    expect(await mailBodies(t.app, gil.user.email, 'workshopSeatOpen')).toHaveLength(1);
    const [row] = await db().select().from(workshopWaitlist).where(eq(workshopWaitlist.email, gil.user.email));
    expect(row!.notifiedAt).not.toBeNull();
  });
});
