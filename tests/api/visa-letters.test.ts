import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONFERENCE_DATES } from '../../src/core/conference';
import { CONFERENCE_FACTS_DEFAULTS } from '../../src/core/conference-facts';
import { newId } from '../../src/core/ids';
import type { EditorVisaLetterJson, VisaLetterJson, VisaLettersJson } from '../../src/core/schemas/visa-letter';
import { newDocumentCode } from '../../src/server/documents/codes';
import { auditLog, papers, registrations, visaLetters } from '../../src/server/db/schema';
import { purgePassportNumbers } from '../../src/server/services/visa-letters/purge-passport-numbers';
import { startTestApp, type TestApp } from '../support/app';
import { multipart, submitPaper } from '../support/multipart';
import { signaturePng } from '../support/png';
import { mailText, startSmtpListener } from '../support/smtp';
import { signupAs, verifyEmail, type SignedUp } from '../support/users';

/**
 * Decision 0046: a registrant with a paid registration asks for a visa letter, an editor approves (the requester is
 * mailed the link) or refuses with a reason, the approved letter downloads as a PDF naming the person, their role
 * and the organiser, and passport numbers reach only editors and go after the conference.
 */
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let t: TestApp;
let editor: SignedUp;
let ann: SignedUp;
let bob: SignedUp;
let una: SignedUp;
const reg = { annPaid: '', annPending: '', annPaper: '', bobPaid: '', unaPaid: '' };
let paperTitle = '';
let paperId = '';
const ANN_PASSPORT = 'K1234567';
const BOB_PASSPORT = 'Z9876543';

const db = () => t.app.database.db;
const stay = { arrivalDate: '2023-12-25', departureDate: '2023-12-30' };
const request = (who: SignedUp, registrationId: string, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/account/registrations/${registrationId}/visa-letter`,
    headers: who.auth,
    payload: { passportName: 'ANN EXAMPLE', nationality: 'in', passportNumber: ANN_PASSPORT, ...stay, ...body },
  });
const mine = (who: SignedUp) => t.app.inject({ method: 'GET', url: '/api/account/visa-letters', headers: who.auth });
const editorList = async (): Promise<EditorVisaLetterJson[]> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/editor/visa-letters', headers: editor.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().letters;
};

async function register(user: SignedUp, status: 'paid' | 'pending', paper?: string): Promise<string> {
  const [row] = await db()
    .insert(registrations)
    .values({
      id: newId(),
      code: newDocumentCode(),
      year: 2026,
      userId: user.user._id,
      name: user.user.name,
      email: user.user.email,
      category: paper ? 'academician-scopus' : 'attending',
      paperId: paper ?? null,
      currency: 'USD',
      listMinor: 25000,
      amountMinor: 25000,
      status,
      paidAt: status === 'paid' ? new Date() : null,
    })
    .returning({ id: registrations.id });
  return row!.id;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return texts.join('\n').replace(/\s+/g, ' ');
}

const mailsTo = (to: string, template: RegExp) => smtp.mails.filter((m) => m.to.includes(to) && template.test(mailText(m) + m.raw));

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ SMTP_URL: smtp.url, MAIL_RATE_PER_MINUTE: '0' });
  editor = await signupAs(t.app, 'Editor');
  ann = await signupAs(t.app, 'Author', { name: 'Ann Example' });
  bob = await signupAs(t.app, 'Author', { name: 'Bob Other' });
  una = await signupAs(t.app, 'Reviewer', { name: 'Una Unverified' });
  await verifyEmail(t.app, ann, bob, editor);
  const paper = await submitPaper(t.app, ann.auth, { title: 'Visas and Conferences' });
  paperId = paper._id;
  paperTitle = paper.title;
  await db().update(papers).set({ decision: 'Accepted' }).where(eq(papers.id, paperId));
  reg.annPaid = await register(ann, 'paid');
  reg.annPending = await register(ann, 'pending');
  reg.annPaper = await register(ann, 'paid', paperId);
  reg.bobPaid = await register(bob, 'paid');
  reg.unaPaid = await register(una, 'paid');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('asking for a letter', () => {
  test('an unpaid registration is refused with 409 and the reason', async () => {
    const res = await request(ann, reg.annPending);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe('A visa letter needs a paid registration.');
  });

  test("another person's registration answers 404, as if it did not exist", async () => {
    const res = await request(bob, reg.annPaid);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe('Registration not found');
  });

  test('an unverified address is refused with 403 until it is verified', async () => {
    const res = await request(una, reg.unaPaid);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toMatch(/confirm your email address/);
    const list = await mine(una);
    expect(list.json()).toEqual({ letters: [], registrations: [], waitingForVerification: true });
  });

  test('bad input is a 400 naming the problem', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ nationality: 'XX' }, /nationality must be a two-letter/],
      [{ passportNumber: 'AB!' }, /passport number must be 5 to 20 letters and digits/],
      [{ passportName: '' }, /name as written in your passport/],
      [{ arrivalDate: '2023-02-30' }, /real calendar date/],
      [{ arrivalDate: '2023-12-29', departureDate: '2023-12-28' }, /departure date must not be before the arrival date/],
      [{ arrivalDate: '2023-10-01' }, /arrival date must be from 2023-11-27 to 2023-12-28/],
      [{ departureDate: '2024-03-01' }, /departure date must be from 2023-12-27 to 2024-01-27/],
      [{ extra: 1 }, /extra/],
    ];
    for (const [body, message] of cases) {
      const res = await request(ann, reg.annPaid, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  test("the stay must touch the conference's days as the editor last saved them, not the defaults", async () => {
    const saveDays = (startDate: string, endDate: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/editor/conference',
        headers: editor.auth,
        payload: { ...CONFERENCE_FACTS_DEFAULTS, startDate, endDate },
      });
    expect((await saveDays('2027-03-02', '2027-03-04')).statusCode).toBe(200);
    const later = await register(bob, 'paid');
    try {
      const old = await request(bob, reg.bobPaid);
      expect(old.statusCode, old.body).toBe(400);
      expect(old.json().message).toBe(
        'The arrival date must be from 2027-01-31 to 2027-03-04 (the conference is 2027-03-02 to 2027-03-04)',
      );
      const res = await request(bob, later, {
        passportName: 'BOB OTHER',
        passportNumber: BOB_PASSPORT,
        arrivalDate: '2027-03-01',
        departureDate: '2027-03-05',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().letter).toMatchObject({ arrivalDate: '2027-03-01', departureDate: '2027-03-05' });
    } finally {
      // The other tests count Bob's letters: this one goes with its registration.
      await db().delete(visaLetters).where(eq(visaLetters.registrationId, later));
      await db().delete(registrations).where(eq(registrations.id, later));
      expect((await saveDays(CONFERENCE_FACTS_DEFAULTS.startDate, CONFERENCE_FACTS_DEFAULTS.endDate)).statusCode).toBe(200);
    }
  });

  test("the requester's answers never hold the passport number; a second request for one registration waits for the first", async () => {
    const res = await request(ann, reg.annPaper, { passportNumber: ` ${ANN_PASSPORT.toLowerCase()} ` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.body).not.toContain(ANN_PASSPORT);
    const letter: VisaLetterJson = res.json().letter;
    expect(letter).toMatchObject({
      status: 'requested',
      nationality: 'IN',
      passportName: 'ANN EXAMPLE',
      code: null,
      role: `author of the paper "${paperTitle}" (Paper ID: ${paperId})`,
    });
    expect((await request(ann, reg.annPaper)).statusCode).toBe(409);

    const list = await mine(ann);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(ANN_PASSPORT);
    const body: VisaLettersJson = list.json();
    expect(body.letters.map((l) => l.id)).toEqual([letter.id]);
    // The registration with a waiting letter is no longer offered; the other paid one is (never the pending one).
    expect(body.registrations.map((r) => r.id)).toEqual([reg.annPaid]);
    // Nor the audit log, which is kept when the number goes.
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'visa-letter.request'));
    expect(JSON.stringify(audit)).not.toContain(ANN_PASSPORT);
    // Bob sees none of Ann's.
    expect((await mine(bob)).json().letters).toEqual([]);
  });
});

describe('the editor decides', () => {
  test('only editors see the requests, with the passport number', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/editor/visa-letters', headers: ann.auth })).statusCode).toBe(403);
    const [letter] = await editorList();
    expect(letter).toMatchObject({ passportNumber: ANN_PASSPORT, registrantEmail: ann.user.email, status: 'requested' });
  });

  test('approval gives the code, mails the requester the link, and the letter downloads for its owner only', async () => {
    const [waiting] = await editorList();
    const early = await t.app.inject({ method: 'GET', url: `/api/account/visa-letters/${waiting!.id}/letter.pdf`, headers: ann.auth });
    expect(early.statusCode).toBe(409);
    const res = await t.app.inject({ method: 'POST', url: `/api/editor/visa-letters/${waiting!.id}/approve`, headers: editor.auth });
    expect(res.statusCode, res.body).toBe(200);
    const approved: EditorVisaLetterJson = res.json().letter;
    expect(approved.status).toBe('approved');
    expect(approved.code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/editor/visa-letters/${waiting!.id}/approve`, headers: editor.auth })).statusCode,
    ).toBe(409);

    await expect.poll(() => mailsTo(ann.user.email, /visa invitation letter/i).length, { timeout: 15_000 }).toBe(1);
    const text = mailText(mailsTo(ann.user.email, /visa invitation letter/i)[0]!);
    expect(text).toContain(`${t.config.publicUrl}/account/visa-letters`);
    // The venue's country of the current facts (decision 0051).
    expect(text).toContain('your invitation letter for the visa to Thailand is ready');
    expect(text).toContain(approved.code!);
    expect(text).not.toContain(ANN_PASSPORT);

    expect(
      (await t.app.inject({ method: 'GET', url: `/api/account/visa-letters/${approved.id}/letter.pdf`, headers: bob.auth })).statusCode,
    ).toBe(404);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/account/visa-letters/${approved.id}/letter.pdf`, headers: ann.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const words = await pdfText(pdf.rawPayload);
    for (const expected of [
      'To the Visa Officer',
      'Royal Thai Embassy / Consulate',
      'ANN EXAMPLE',
      'India',
      ANN_PASSPORT,
      `author of the paper "${paperTitle}"`,
      '27 December 2023',
      '28 December 2023',
      '25 December 2023',
      '30 December 2023',
      'Organising Secretary',
      approved.code!,
    ]) {
      expect(words).toContain(expected);
    }

    // The public verify page names the letter's holder, never the passport number.
    const page = await t.app.inject({ method: 'GET', url: `/verify/${approved.code}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('ANN EXAMPLE');
    expect(page.body).not.toContain(ANN_PASSPORT);
    // A letter still waiting has no code; a refused one never gets one: nothing else verifies.
  });

  test('a refusal needs a reason, which the requester reads and is mailed; they may ask again', async () => {
    const asked = await request(bob, reg.bobPaid, { passportName: 'BOB OTHER', nationality: 'DE', passportNumber: BOB_PASSPORT });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().letter.id as string;
    const reject = (reason: unknown) =>
      t.app.inject({ method: 'POST', url: `/api/editor/visa-letters/${id}/reject`, headers: editor.auth, payload: { reason } });
    expect((await reject('  ')).statusCode).toBe(400);
    const res = await reject('The arrival date does not match your flight booking.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().letter).toMatchObject({ status: 'rejected', code: null });
    const [letter] = (await mine(bob)).json().letters as VisaLetterJson[];
    expect(letter).toMatchObject({ status: 'rejected', reason: 'The arrival date does not match your flight booking.' });
    await expect.poll(() => mailsTo(bob.user.email, /does not match your flight booking/).length, { timeout: 15_000 }).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/account/visa-letters/${id}/letter.pdf`, headers: bob.auth })).statusCode).toBe(
      409,
    );
    expect(
      (await request(bob, reg.bobPaid, { passportName: 'BOB OTHER', nationality: 'DE', passportNumber: BOB_PASSPORT })).statusCode,
    ).toBe(201);
  });
});

describe('passport numbers after the conference', () => {
  test('the purge job removes them the set number of days after the conference (or the request, when later)', async () => {
    expect(new Date(`${CONFERENCE_DATES.end}T00:00:00Z`).getTime()).toBeLessThan(Date.now());
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/editor/settings',
      headers: editor.auth,
      payload: { passportRetentionDays: 10 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().passportRetentionDays).toBe(10);
    const day = 86_400_000;
    expect(await purgePassportNumbers({ db: db(), now: new Date(Date.now() + 9 * day) })).toBe(0);
    expect((await editorList()).every((l) => l.passportNumber !== null)).toBe(true);
    expect(await purgePassportNumbers({ db: db(), now: new Date(Date.now() + 11 * day) })).toBe(3);
    const letters = await editorList();
    expect(letters.map((l) => l.passportNumber)).toEqual([null, null, null]);
    expect(letters.every((l) => l.passportRemovedAt)).toBe(true);
    const stored = await db().select({ n: visaLetters.passportNumber }).from(visaLetters);
    expect(stored.every((r) => r.n === null)).toBe(true);
    // The approved letter still downloads, now without the number.
    const approved = letters.find((l) => l.status === 'approved')!;
    const pdf = await t.app.inject({ method: 'GET', url: `/api/account/visa-letters/${approved.id}/letter.pdf`, headers: ann.auth });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).not.toContain(ANN_PASSPORT);
  });
});

describe('the organiser who signs', () => {
  const upload = async (who: SignedUp, bytes: Buffer, name = 'signature.png') => {
    const { payload, contentType } = await multipart([['signature', bytes, name]]);
    return t.app.inject({
      method: 'PUT',
      url: '/api/editor/settings/signature',
      payload,
      headers: { ...who.auth, 'content-type': contentType },
    });
  };

  test('name, title and retention are settings with clear limits', async () => {
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/editor/settings', headers: editor.auth, payload });
    const ok = await put({ organiserName: 'Dr. Somchai Example', organiserTitle: 'Organising Secretary, IMSE' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      organiserName: 'Dr. Somchai Example',
      organiserTitle: 'Organising Secretary, IMSE',
      hasSignature: false,
    });
    expect((await put({ organiserName: '' })).json().message).toMatch(/must not be empty/);
    expect((await put({ passportRetentionDays: 0 })).json().message).toMatch(/from 1 to 365/);
  });

  test('the signature is a PNG or JPEG told by its bytes, within the size limit; editors only', async () => {
    expect((await upload(ann, signaturePng())).statusCode).toBe(403);
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(200)]);
    const wrong = await upload(editor, gif, 'looks-like.png');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The signature must be a PNG or JPEG image');
    const big = Buffer.concat([signaturePng(), Buffer.alloc(600 * 1024)]);
    expect((await upload(editor, big)).statusCode).toBe(413);

    const png = signaturePng();
    const ok = await upload(editor, png);
    expect(ok.statusCode, ok.body).toBe(200);
    const got = await t.app.inject({ method: 'GET', url: '/api/editor/settings/signature', headers: editor.auth });
    expect(got.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(got.rawPayload, png)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/editor/settings', headers: editor.auth })).json().hasSignature).toBe(true);

    // The letter is signed by the configured organiser, with the image.
    const approved = (await editorList()).find((l) => l.status === 'approved')!;
    const pdf = await t.app.inject({ method: 'GET', url: `/api/account/visa-letters/${approved.id}/letter.pdf`, headers: ann.auth });
    const words = await pdfText(pdf.rawPayload);
    expect(words).toContain('Dr. Somchai Example');
    expect(words).toContain('Organising Secretary, IMSE');

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/editor/settings/signature', headers: editor.auth });
    expect(removed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/editor/settings/signature', headers: editor.auth })).statusCode).toBe(404);
  });
});
