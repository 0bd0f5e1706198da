import ICAL from 'ical.js';
import { inArray, sql } from 'drizzle-orm';
import { papers } from '../../src/server/db/schema';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { payuAnswer } from '../support/payu';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { insertRegistration } from '../support/registration-rows';
import { verifyAddress } from '../support/mailbox';
import { signupAs, type SignedUp } from '../support/users';
import { pdfText } from '../support/pdf-text';

const PAYU_KEY = 'testKey1';
const PAYU_SALT = 'testSalt1';

let t: TestApp;
let editor: SignedUp;
let author: SignedUp;
let other: SignedUp;
const paper = {} as Record<'a' | 'b' | 'c' | 'd', string>;

/** Accept the papers the way the review cycle records a decision (papers.decision); paper c stays accepted but unplaced. */
async function accept(ids: string[]) {
  await t.app.database.db.update(papers).set({ decision: 'Accepted' }).where(inArray(papers.id, ids));
}

const asEditor = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: editor.auth, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });

async function createSession(body: Record<string, string>) {
  const res = await asEditor('POST', '/api/editor/program/sessions', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

function parseIcs(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

/**
 * The paper's author registers naming it (only its authors may, decision 0056) and is handed PayU's fields; each later
 * attempt pays that same registration again.
 */
let registrationId: string | null = null;
async function startPayment(paperId: string, who: SignedUp): Promise<Record<string, string>> {
  const res = registrationId
    ? await t.app.inject({
        method: 'POST',
        url: `/api/account/registrations/${registrationId}/pay`,
        headers: who.auth,
        payload: { provider: 'payu' },
      })
    : await t.app.inject({
        method: 'POST',
        url: '/api/registrations',
        headers: who.auth,
        payload: { name: who.user.name, category: 'academician-journal', currency: 'INR', provider: 'payu', paperId },
      });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const body = res.json();
  registrationId ??= body.registration.id as string;
  return (body.payment ?? body).fields;
}

const postForm = (url: string, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

async function registrations(): Promise<Record<string, boolean>> {
  const res = await asEditor('GET', '/api/editor/registrations');
  expect(res.statusCode).toBe(200);
  return Object.fromEntries((res.json().papers as { _id: string; registered: boolean }[]).map((p) => [p._id, p.registered]));
}

describe('programme, calendars, registration and certificates', () => {
  let morning: string;
  let clash: string;
  beforeAll(async () => {
    t = await startTestApp({ PAYU_KEY, PAYU_SALT, PUBLIC_URL: 'https://conf.example.org' });
    editor = await signupAs(t.app, 'Editor');
    author = await signupAs(t.app, 'Author', { name: 'Ada Presenter' });
    other = await signupAs(t.app, 'Author', { name: 'Grace Other' });
    // Certificates go to an address only once its account has confirmed it (docs/product.md#accounts-and-verified-addresses).
    await verifyAddress(t.app, author.user.email);
    await verifyAddress(t.app, other.user.email);
    paper.a = (await submitPaper(t.app, author.auth, { title: 'Graphene in Sea Water' }))._id;
    paper.b = (await submitPaper(t.app, author.auth, { title: 'Sparse Solvers at Scale' }))._id;
    paper.c = (await submitPaper(t.app, other.auth, { title: 'Unplaced Paper on Markets' }))._id;
    paper.d = (await submitPaper(t.app, other.auth, { title: 'Registered Paper on Power' }))._id;
    await accept(Object.values(paper));
    morning = await createSession({
      title: 'Materials I',
      track: 'Science and Materials',
      room: 'Room A',
      start: '2023-12-27T09:00:00+07:00',
      end: '2023-12-27T10:30:00+07:00',
      chair: 'Prof. Chair',
    });
    clash = await createSession({
      title: 'Computing I',
      track: 'Computer Science and Applications',
      room: 'room a',
      start: '2023-12-27T10:00:00+07:00',
      end: '2023-12-27T11:00:00+07:00',
    });
    const place = async (id: string, papers: { paperId: string; presenterEmail: string }[]) => {
      const res = await asEditor('PUT', `/api/editor/program/sessions/${id}/papers`, { papers });
      expect(res.statusCode, res.body).toBe(200);
    };
    await place(morning, [
      { paperId: paper.a, presenterEmail: author.user.email },
      { paperId: paper.d, presenterEmail: other.user.email },
    ]);
    await place(clash, [{ paperId: paper.b, presenterEmail: author.user.email.toUpperCase() }]);
    // Visitors, calendars and certificates read the published programme (decision 0052); this draft has warnings (the clash).
    const published = await asEditor('POST', '/api/editor/program/publish', { acknowledgeWarnings: true });
    expect(published.statusCode, published.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  test('GET /api/program is public and lists the published sessions in time order with papers in order and ISO instants', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/program' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect([body.timeZone, body.zoneLabel]).toEqual(['Asia/Bangkok', 'Bangkok time, UTC+7']);
    expect(body.sessions.map((s: { title: string }) => s.title)).toEqual(['Materials I', 'Computing I']);
    expect(body.sessions[0]).toEqual({
      _id: morning,
      title: 'Materials I',
      kind: 'papers',
      track: 'Science and Materials',
      label: 'Science and Materials',
      room: 'Room A',
      online: false,
      chair: 'Prof. Chair',
      start: '2023-12-27T02:00:00.000Z',
      end: '2023-12-27T03:30:00.000Z',
      papers: [
        { _id: paper.a, title: 'Graphene in Sea Water', presenter: 'Ada Presenter' },
        { _id: paper.d, title: 'Registered Paper on Power', presenter: 'Grace Other' },
      ],
    });
    expect(res.body).not.toContain(author.user.email);
  });

  test('the editor sees the overlap, room, unplaced and date warnings', async () => {
    const outside = await createSession({
      title: 'Too Late',
      track: 'Management and Social Science',
      room: 'Online',
      start: '2023-12-30T09:00:00+07:00',
      end: '2023-12-30T10:00:00+07:00',
    });
    const res = await asEditor('GET', '/api/editor/program');
    expect(res.statusCode).toBe(200);
    const warnings = res.json().warnings as { kind: string; message: string; sessionIds: string[]; paperId?: string }[];
    expect(warnings).toContainEqual(
      expect.objectContaining({
        kind: 'presenter-overlap',
        sessionIds: [morning, clash],
        message: 'Ada Presenter presents in "Materials I" and "Computing I", which overlap',
      }),
    );
    expect(warnings).toContainEqual(expect.objectContaining({ kind: 'room-overlap', sessionIds: [morning, clash] }));
    expect(warnings).toContainEqual(expect.objectContaining({ kind: 'unplaced-paper', paperId: paper.c }));
    expect(warnings).toContainEqual(expect.objectContaining({ kind: 'outside-dates', sessionIds: [outside] }));
    expect(warnings.filter((w) => w.kind === 'outside-dates')).toHaveLength(1);
    expect((await asEditor('DELETE', `/api/editor/program/sessions/${outside}`)).statusCode).toBe(200);
    const after = (await asEditor('GET', '/api/editor/program')).json().warnings as { kind: string }[];
    expect(after.some((w) => w.kind === 'outside-dates')).toBe(false);
  });

  test('moving a session apart clears its overlap warnings', async () => {
    const res = await asEditor('PATCH', `/api/editor/program/sessions/${clash}`, { start: '2023-12-27T10:30:00+07:00' });
    expect(res.statusCode, res.body).toBe(200);
    const warnings = (await asEditor('GET', '/api/editor/program')).json().warnings as { kind: string }[];
    expect(warnings.filter((w) => w.kind !== 'unplaced-paper')).toEqual([]);
    await asEditor('PATCH', `/api/editor/program/sessions/${clash}`, { start: '2023-12-27T10:00:00+07:00' });
  });

  test('placement refuses a presenter who is not an author, and a session ending before it starts', async () => {
    const bad = await asEditor('PUT', `/api/editor/program/sessions/${clash}/papers`, {
      papers: [{ paperId: paper.c, presenterEmail: author.user.email }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(`The presenter of paper ${paper.c} must be one of its authors`);
    const pending = (await submitPaper(t.app, other.auth, { title: 'Still Under Review' }))._id;
    const notAccepted = await asEditor('PUT', `/api/editor/program/sessions/${clash}/papers`, {
      papers: [{ paperId: pending, presenterEmail: other.user.email }],
    });
    expect(notAccepted.statusCode).toBe(400);
    expect(notAccepted.json().message).toBe(`Paper ${pending} is not an accepted paper`);
    const warnings = (await asEditor('GET', '/api/editor/program')).json().warnings as { paperId?: string }[];
    expect(warnings.some((w) => w.paperId === pending)).toBe(false);
    const backwards = await asEditor('POST', '/api/editor/program/sessions', {
      title: 'X',
      track: 'Science and Materials',
      start: '2023-12-27T10:00:00Z',
      end: '2023-12-27T09:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toMatch(/end after it starts/);
    const track = await asEditor('POST', '/api/editor/program/sessions', {
      title: 'X',
      track: 'Cooking',
      start: '2023-12-27T09:00:00Z',
      end: '2023-12-27T10:00:00Z',
    });
    expect(track.statusCode).toBe(400);
  });

  test('the whole programme as iCalendar: an independent parser reads each session with its times, and UIDs are stable', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/program.ics' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/calendar/);
    const events = parseIcs(first.body);
    expect(events.map((e) => e.summary)).toEqual(['Materials I', 'Computing I']);
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe('2023-12-27T02:00:00.000Z');
    expect(events[0]!.endDate.toJSDate().toISOString()).toBe('2023-12-27T03:30:00.000Z');
    expect(events[0]!.location).toBe('Room A');
    expect(events[0]!.description).toContain('Graphene in Sea Water (presented by Ada Presenter)');
    const second = parseIcs((await t.app.inject({ method: 'GET', url: '/api/program.ics' })).body);
    expect(second.map((e) => e.uid)).toEqual(events.map((e) => e.uid));
    expect(new Set(events.map((e) => e.uid)).size).toBe(2);
    expect(events[0]!.uid).toBe(`session-${morning}@conf.example.org`);
  });

  test('one session as iCalendar keeps the same UID; an unknown session is 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/program/sessions/${clash}.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('.ics');
    const [event] = parseIcs(res.body);
    expect(event!.uid).toBe(`session-${clash}@conf.example.org`);
    expect(event!.startDate.toJSDate().toISOString()).toBe('2023-12-27T03:00:00.000Z');
    expect((await t.app.inject({ method: 'GET', url: `/api/program/sessions/${'f'.repeat(24)}.ics` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/program/sessions/nope.ics' })).statusCode).toBe(400);
  });

  test("a paper is registered after a verified PayU success paying its author's registration, not after a failure or a forged answer", async () => {
    expect((await registrations())[paper.d]).toBe(false);
    // The authors were told of the acceptance: only then may they name the paper in a registration.
    await t.app.database.db
      .update(papers)
      .set({ notifiedDecision: 'Accepted', notifiedAt: new Date() })
      .where(inArray(papers.id, [paper.d]));
    const failed = await startPayment(paper.d, other);
    expect(
      (await postForm('/api/payu/failure', payuAnswer(failed, { salt: PAYU_SALT, set: { status: 'failure' } }))).statusCode,
    ).toBeLessThan(400);
    const forged = await startPayment(paper.d, other);
    expect((await postForm('/api/payu/success', payuAnswer(forged, { salt: PAYU_SALT, hash: 'f'.repeat(128) }))).statusCode).toBe(400);
    expect((await registrations())[paper.d]).toBe(false);
    const own = await t.app.inject({ method: 'GET', url: `/api/author/paper-registration/${paper.d}`, headers: other.auth });
    expect(own.json()).toEqual({ registered: false });

    const paid = await startPayment(paper.d, other);
    expect((await postForm('/api/payu/success', payuAnswer(paid, { salt: PAYU_SALT }))).statusCode).toBeLessThan(400);
    const after = await registrations();
    expect(after[paper.d]).toBe(true);
    expect(after[paper.a]).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/author/paper-registration/${paper.d}`, headers: other.auth })).json()).toEqual({
      registered: true,
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/author/paper-registration/${paper.d}`, headers: author.auth })).statusCode).toBe(
      404,
    );
    const editorView = (await asEditor('GET', '/api/editor/program')).json().papers as { _id: string; registered: boolean }[];
    expect(editorView.find((p) => p._id === paper.d)?.registered).toBe(true);
  });

  test('the editor reminds unregistered accepted papers by mail, and not registered ones', async () => {
    const res = await asEditor('POST', '/api/editor/registrations/remind', { paperIds: [paper.a, paper.d] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sent: 1,
      message: 'Mail is not configured: the reminder to 1 author is kept in the outbox, nothing was sent',
    });
    const { rows } = (await t.app.database.db.execute(
      sql`select "to", subject from mail_queue where template = 'registrationReminder'`,
    )) as unknown as { rows: { to: string; subject: string }[] };
    expect(rows).toEqual([{ to: author.user.email, subject: 'Please register for the conference: Graphene in Sea Water' }]);
  });

  test('certificates: the presenter downloads a PDF naming them and the paper, the code verifies, an unknown code is 404', async () => {
    const issued = await asEditor('POST', '/api/editor/certificates');
    expect(issued.statusCode).toBe(200);
    expect(issued.json().issued).toBe(3); // three presented papers; the payer has not arrived at the desk yet
    expect((await asEditor('POST', '/api/editor/certificates')).json().issued).toBe(0);

    const mine = await t.app.inject({ method: 'GET', url: '/api/me/certificates', headers: author.auth });
    const certs = mine.json().certificates as { code: string; kind: string; paperId: string | null }[];
    expect(certs.map((c) => c.paperId).sort()).toEqual([paper.a, paper.b].sort());
    const cert = certs.find((c) => c.paperId === paper.a)!;
    expect(cert.code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/me/certificates/${cert.code}.pdf`, headers: author.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Certificate of Presentation');
    expect(text).toContain('Ada Presenter');
    expect(text).toContain('Graphene in Sea Water');
    expect(text).toContain(cert.code);

    const notMine = await t.app.inject({ method: 'GET', url: `/api/me/certificates/${cert.code}.pdf`, headers: other.auth });
    expect(notMine.statusCode).toBe(404);

    const verify = await t.app.inject({ method: 'GET', url: `/verify/${cert.code}` });
    expect(verify.statusCode).toBe(200);
    expect(verify.headers['content-type']).toMatch(/^text\/html/);
    expect(verify.body).toContain('Ada Presenter');
    expect(verify.body).toContain('Graphene in Sea Water');
    const api = await t.app.inject({ method: 'GET', url: `/api/certificates/${cert.code}` });
    expect(api.json().certificate).toMatchObject({ name: 'Ada Presenter', kind: 'presentation', paperTitle: 'Graphene in Sea Water' });
    expect(api.body).not.toContain(author.user.email);

    const unknown = await t.app.inject({ method: 'GET', url: '/verify/AAAA-BBBB-CCCC-DDDD-EEEE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Document not found');
    expect((await t.app.inject({ method: 'GET', url: '/api/certificates/AAAA-BBBB-CCCC-DDDD-EEEE' })).statusCode).toBe(404);
  });

  test('a payer gets an attendance certificate only once checked in at the desk', async () => {
    const attendance = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/me/certificates', headers: other.auth })).json().certificates as {
          kind: string;
          code: string;
        }[]
      ).filter((c) => c.kind === 'attendance');
    expect(await attendance()).toEqual([]);
    const registration = await insertRegistration(t.app.database.db, {
      name: 'Grace Other',
      email: other.user.email,
      category: 'attending',
    });
    expect((await asEditor('POST', '/api/editor/certificates')).json().issued).toBe(0);
    expect((await asEditor('POST', '/api/editor/check-in', { code: registration.code })).statusCode).toBe(200);
    expect((await asEditor('POST', '/api/editor/certificates')).json().issued).toBe(1);
    const [cert] = await attendance();
    const pdf = await t.app.inject({ method: 'GET', url: `/api/me/certificates/${cert!.code}.pdf`, headers: other.auth });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Certificate of Attendance');
    expect(text).toContain('Grace Other'); // the name on the registration
  });

  test('the editor routes are in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const p of [
      '/api/program',
      '/api/editor/program/sessions',
      '/api/editor/program/sessions/{id}/papers',
      '/api/editor/certificates',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
  });
});
