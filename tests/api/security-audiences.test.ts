import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { papers, payments, registrations } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { payAndConfirm, payuSucceeds } from '../support/payu';
import { readPdf } from '../support/pdf-text';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0056 as every list of people reads it: what counts is a paid registration (paid once what it received
 * covers its price) and a paper named by one of its authors, never a payment or its label. Walks the ₹1 attack
 * through the desk's attendee list, badges, check-in, certificates, the registration reminder and the bulk-mail groups.
 */
const PAYU_SALT = 'audSalt';
let t: TestApp;
let editor: SignedUp;
const db = () => t.app.database.db;

type Who = SignedUp | null;
const send = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });

/** The public payment form, paid through PayU; answers the payment's txnid. */
const payThroughForm = (body: Record<string, unknown>) => payAndConfirm(t.app, PAYU_SALT, { phone: '9999999999', ...body });

const preview = async (audience: object) => {
  const res = await send('POST', '/api/editor/bulk-mails/preview', editor, { audience, subject: 'Hello {name}', body: '{papers}' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().mails as { to: string; text: string }[]).map((m) => [m.to.toLowerCase(), m.text]);
};
const paidAttendees = async () =>
  ((await send('GET', '/api/editor/attendees?status=paid', editor)).json().attendees as { email: string }[]).map((a) =>
    a.email.toLowerCase(),
  );
const certificateHolders = async () => {
  const res = await send('POST', '/api/editor/certificates', editor, {});
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().certificates as { email: string; kind: string }[]).map((c) => [c.kind, c.email.toLowerCase()]);
};
const isRegistered = async (paperId: string) =>
  ((await send('GET', '/api/editor/registrations', editor)).json().papers as { _id: string; registered: boolean }[]).find(
    (p) => p._id === paperId,
  )?.registered;

beforeAll(async () => {
  t = await startTestApp({ PAYU_KEY: 'audKey', PAYU_SALT });
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
});

describe('a ₹1 payment opens nothing that reads "paid"', () => {
  test('neither a plain payment naming another author\u2019s paper nor an underpaid registration makes an attendee, a badge, a check-in or a certificate, or registers the paper; the author\u2019s paid registration does', async () => {
    const vera = await signupAs(t.app, 'Author', { name: 'Vera Author', verified: true });
    const paper = await submitPaper(t.app, vera.auth, { title: 'Tidal Arrays' });
    await db()
      .update(papers)
      .set({ decision: 'Accepted', notifiedDecision: 'Accepted', notifiedAt: new Date() })
      .where(eq(papers.id, paper._id));
    const eve = await signupAs(t.app, 'Author', { name: 'Eve Attacker', verified: true });

    // ₹1 with Vera's paper id and no fee row (a plain payment), and ₹1 for a fee row (a registration left owing).
    const plain = await payThroughForm({ name: 'Eve Attacker', email: eve.user.email, amount: 1, productinfo: paper._id });
    expect((await db().select().from(payments).where(eq(payments.txnid, plain)))[0]).toMatchObject({
      status: 'paid',
      registrationId: null,
    });
    const part = await payThroughForm({
      name: 'Eve Attacker',
      email: eve.user.email,
      amount: 1,
      productinfo: paper._id,
      feeItem: { kind: 'award' },
    });
    const [payment] = await db().select().from(payments).where(eq(payments.txnid, part));
    const [owing] = await db().select().from(registrations).where(eq(registrations.id, payment!.registrationId!));
    expect(owing).toMatchObject({ status: 'pending', paperId: null });

    expect(await paidAttendees()).toEqual([]);
    const badges = await send('GET', '/api/editor/badges.pdf', editor);
    expect(badges.statusCode).toBe(404);
    expect(badges.json().message).toBe('No registration matches these filters: there are no badges to print');
    expect((await send('POST', '/api/editor/check-in', editor, { code: owing!.code })).statusCode).toBe(409);
    expect(await certificateHolders()).toEqual([]);
    expect(await isRegistered(paper._id)).toBe(false);
    expect(await preview({ group: 'attendees' })).toEqual([]);
    expect(await preview({ group: 'unregistered' })).toEqual([[vera.user.email, `"Tidal Arrays" (Paper ID: ${paper._id})`]]);
    const reminded = await send('POST', '/api/editor/registrations/remind', editor, { paperIds: [paper._id] });
    expect(reminded.json().sent).toBe(1);

    // Vera registers with her paper and pays its price.
    const made = await send('POST', '/api/registrations', vera, {
      name: 'Vera Author',
      affiliation: 'Mahidol University',
      country: 'TH',
      category: 'academician-journal',
      currency: 'INR',
      provider: 'payu',
      paperId: paper._id,
    });
    expect(made.statusCode, made.body).toBe(201);
    const paid = await payuSucceeds(t.app, { salt: PAYU_SALT, fields: made.json().payment.fields });
    expect(paid.statusCode, paid.body).toBe(200);

    expect(await paidAttendees()).toEqual([vera.user.email]);
    expect(await isRegistered(paper._id)).toBe(true);
    expect(await preview({ group: 'attendees' })).toEqual([[vera.user.email, `"Tidal Arrays" (Paper ID: ${paper._id})`]]);
    expect(await preview({ group: 'unregistered' })).toEqual([]);
    expect((await send('POST', '/api/editor/registrations/remind', editor, { paperIds: [paper._id] })).json().sent).toBe(0);
    const pdf = await send('GET', '/api/editor/badges.pdf', editor);
    expect(pdf.statusCode).toBe(200);
    expect((await readPdf(pdf.rawPayload)).text).toContain('Vera Author');
    const code = made.json().registration.code as string;
    expect((await send('POST', '/api/editor/check-in', editor, { code })).json()).toMatchObject({
      firstArrival: true,
      registration: { name: 'Vera Author', paid: true },
    });
    expect(await certificateHolders()).toEqual([['attendance', vera.user.email]]);
  });
});
