import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONFERENCE_FACTS_DEFAULTS } from '../../src/core/conference-facts';
import { dayKey } from '../../src/core/format';
import { certificates, registrations } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { mailParts, startSmtpListener } from '../support/smtp';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';

/**
 * Decision 0077: check-in marks attendance, and attendance certificates are issued, only from the conference's first
 * day in its time zone; before it the organiser may open badge pick-up, which records the pick-up and not attendance.
 * The dates are set in the conference's settings, as the organiser sets them (no faked clock).
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let editor: SignedUp;
const db = () => t.app.database.db;
const ZONE = CONFERENCE_FACTS_DEFAULTS.timeZone;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: editor.auth, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });

/** A calendar day `days` from today in the conference's zone. */
const dayFromToday = (days: number) => dayKey(new Date(Date.now() + days * 86_400_000), ZONE);

async function setConferenceDays(startDate: string, endDate: string) {
  const res = await call('PUT', '/api/editor/conference', { ...CONFERENCE_FACTS_DEFAULTS, startDate, endDate });
  expect(res.statusCode, res.body).toBe(200);
}

/** A paid registration (the editor records its bank transfer); answers its id, code and address. */
async function paidRegistration(name: string) {
  const email = uniqueAddress('arrive');
  const made = await call('POST', '/api/editor/registrations', { name, email, category: 'attending', currency: 'USD' });
  expect(made.statusCode, made.body).toBe(201);
  const r = made.json().registration as { id: string; code: string; amountMinor: number };
  const paid = await call('POST', `/api/editor/registrations/${r.id}/bank-transfers`, {
    reference: `CHK-${r.code}`,
    paidOn: dayFromToday(-1),
    amountMinor: r.amountMinor,
    currency: 'USD',
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return { ...r, email };
}

const checkIn = (code: string) => call('POST', '/api/editor/check-in', { code });
const attendanceCertificate = (email: string) =>
  db()
    .select()
    .from(certificates)
    .where(and(eq(certificates.kind, 'attendance'), eq(certificates.email, email)));

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://conf.example.org' });
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('before the first day', () => {
  test('check-in is refused; with badge pick-up open the badge is handed out without marking attendance', async () => {
    const first = dayFromToday(3);
    await setConferenceDays(first, dayFromToday(4));
    const office = (await call('GET', '/api/editor/registration-office')).json();
    expect(office).toMatchObject({ firstDay: first, conferenceStarted: false, badgePickupOpen: false });
    const person = await paidRegistration('Early Eve');

    const refused = await checkIn(person.code);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(
      /^Check-in marks attendance from the conference's first day, .+\. Before then, open badge pick-up to hand out badges\.$/,
    );

    expect((await call('PUT', '/api/editor/registration-office', { badgePickupOpen: true })).json().badgePickupOpen).toBe(true);
    const pickup = await checkIn(person.code);
    expect(pickup.statusCode, pickup.body).toBe(200);
    expect(pickup.json()).toMatchObject({ mode: 'pickup', firstArrival: true, registration: { name: 'Early Eve' } });
    const twice = await checkIn(person.code);
    expect(twice.json()).toMatchObject({ mode: 'pickup', firstArrival: false });
    const [row] = await db().select().from(registrations).where(eq(registrations.id, person.id));
    expect(row!.badgePickedUpAt).not.toBeNull();
    expect(row!.checkedInAt).toBeNull();
    expect((await call('PUT', '/api/editor/registration-office', { badgePickupOpen: false })).statusCode).toBe(200);
  });

  test('attendance certificates wait for the first day, even for someone checked in earlier', async () => {
    // Checked in while the conference had begun; then the organiser moved the dates later.
    await setConferenceDays(dayFromToday(0), dayFromToday(1));
    const person = await paidRegistration('Moved Mo');
    expect((await checkIn(person.code)).json()).toMatchObject({ mode: 'attendance', firstArrival: true });
    await setConferenceDays(dayFromToday(5), dayFromToday(6));
    const early = await call('POST', '/api/editor/certificates', {});
    expect(early.statusCode, early.body).toBe(200);
    expect(await attendanceCertificate(person.email)).toHaveLength(0);
  });
});

describe('from the first day', () => {
  test('check-in marks attendance, the certificate is issued and its holder mailed', async () => {
    await setConferenceDays(dayFromToday(0), dayFromToday(1));
    expect((await call('GET', '/api/editor/registration-office')).json().conferenceStarted).toBe(true);
    const person = await paidRegistration('Onday Ola');
    const arrived = await checkIn(person.code);
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.json()).toMatchObject({ mode: 'attendance', firstArrival: true });
    const [row] = await db().select().from(registrations).where(eq(registrations.id, person.id));
    expect(row!.checkedInAt).not.toBeNull();

    const issued = await call('POST', '/api/editor/certificates', {});
    expect(issued.statusCode, issued.body).toBe(200);
    const [cert] = await attendanceCertificate(person.email);
    expect(cert).toBeDefined();
    const to = person.email.toLowerCase();
    await expect
      .poll(() => smtp.mails.filter((m) => m.to.includes(to) && /certificate of attendance/.test(m.raw)).length, { timeout: 10_000 })
      .toBe(1);
    const text = mailParts(smtp.mails.find((m) => m.to.includes(to) && /certificate of attendance/.test(m.raw))!).get('text/plain')!;
    expect(text).toContain(cert!.code);
    expect(text).toContain(`https://conf.example.org/verify/${cert!.code}`);
  });
});
