import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { awardIdOf, nominationDeadline, YOUNG_SCIENTIST_RULE } from '../../src/core/awards-programme';
import { awardNominations, certificates, documentCounters, mailQueue, users as usersTable } from '../../src/server/db/schema';
import { createNomination } from '../../src/server/services/awards/nominations';
import { sendPanelReminders } from '../../src/server/services/awards/reminders';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes, type Part } from '../support/multipart';
import { signupAs, uniqueAddress, type SignedUp } from '../support/users';

/** Decision 0044: nominations with a CV, the panel's scores, the editor's decision, the awardees page's data. */
let t: TestApp;
let editor: SignedUp;
let nominator: SignedUp;
let stranger: SignedUp;
let panelist: SignedUp;
let reviewer: SignedUp;

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 9)]);
const db = () => t.app.database.db;
const FIELDS = {
  nomineeName: 'Dr Priya Raman',
  nomineeEmail: 'priya.raman@example.org',
  designation: 'Associate Professor',
  affiliation: 'Chulalongkorn University',
  category: 'Best Researcher Award',
  statement: 'Twenty papers on corrosion-resistant alloys.',
};
const nominate = (who: SignedUp, fields: Record<string, string> = {}, files: Part[] = [['cv', pdfBytes('cv'), 'cv.pdf']]) =>
  injectMultipart(t.app, 'POST', '/api/account/nominations', [...(Object.entries({ ...FIELDS, ...fields }) as Part[]), ...files], who.auth);
const get = (url: string, who?: SignedUp) => t.app.inject({ method: 'GET', url, headers: who?.auth ?? {} });
const put = (url: string, payload: object, who: SignedUp) =>
  t.app.inject({ method: 'PUT', url, payload: payload as Record<string, unknown>, headers: who.auth });
const post = (url: string, payload: object, who: SignedUp) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: who.auth });

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  nominator = await signupAs(t.app, 'Author', { name: 'Nora Nominator' });
  stranger = await signupAs(t.app, 'Author');
  reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  panelist = await signupAs(t.app, 'Reviewer', { tags: ['AI'], email: uniqueAddress('panelist'), name: 'Pat Panelist' });
  await db().update(usersTable).set({ emailVerifiedAt: new Date() }).where(eq(usersTable.id, panelist.user._id));
});
afterAll(async () => {
  await t?.close();
});

describe('nominating', () => {
  test('a signed-in person nominates with a CV and a photo, sees it among their own, and nobody else does', async () => {
    const res = await nominate(nominator, {}, [
      ['cv', pdfBytes('cv-1'), 'cv.pdf'],
      ['photo', png, 'me.png'],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { nomination } = res.json();
    expect(nomination).toMatchObject({
      nomineeName: 'Dr Priya Raman',
      category: 'Best Researcher Award',
      status: 'submitted',
      hasPhoto: true,
      awardId: null,
      year: 2026,
    });
    const mine = await get('/api/account/nominations', nominator);
    expect(mine.json().nominations.map((n: { id: string }) => n.id)).toContain(nomination.id);
    expect(mine.json()).toMatchObject({ year: 2026, categories: expect.arrayContaining(['Young Scientist Award']) });
    expect(mine.json().categories).toHaveLength(28);
    expect((await get('/api/account/nominations', stranger)).json().nominations).toEqual([]);
    expect((await get(`/api/account/nominations/${nomination.id}`, nominator)).statusCode).toBe(200);
    // A foreign id is answered as not existing; the CV only to the panel.
    expect((await get(`/api/account/nominations/${nomination.id}`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/award-panel/nominations/${nomination.id}/cv.pdf`, nominator)).statusCode).toBe(403);
    expect((await get('/api/award-panel/nominations', stranger)).statusCode).toBe(403);
  });

  test('the CV is checked like a paper: a PDF by its bytes, present, one only; the photo an image', async () => {
    const notPdf = await nominate(nominator, {}, [['cv', Buffer.from('hello, not a pdf at all'), 'cv.pdf']]);
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe('The CV is not a PDF');
    const none = await nominate(nominator, {}, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("Attach the nominee's CV as a PDF");
    const two = await nominate(nominator, {}, [
      ['cv', pdfBytes('a'), 'a.pdf'],
      ['cv', pdfBytes('b'), 'b.pdf'],
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Send one CV only');
    const badPhoto = await nominate(nominator, {}, [
      ['cv', pdfBytes('c'), 'c.pdf'],
      ['photo', pdfBytes('p'), 'p.png'],
    ]);
    expect(badPhoto.statusCode).toBe(400);
    expect(badPhoto.json().message).toBe('The photo must be a JPEG, PNG or WebP image');
    const category = await nominate(nominator, { category: 'Best Magician Award' });
    expect(category.statusCode).toBe(400);
    expect(category.json().message).toBe('Choose one of the 2026 award categories');
    const email = await nominate(nominator, { nomineeEmail: 'nope' });
    expect(email.statusCode).toBe(400);
    const json = await post('/api/account/nominations', FIELDS, nominator);
    expect(json.statusCode).toBe(400);
  });

  test('the Young Scientist rule: at most 35, or a PhD, MPhil or Masters student', async () => {
    const young = { category: 'Young Scientist Award' };
    const none = await nominate(nominator, young);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain(YOUNG_SCIENTIST_RULE);
    const old = await nominate(nominator, { ...young, age: '36', studentStatus: 'none' });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(`${YOUNG_SCIENTIST_RULE} This nominee is 36 and not a student.`);
    expect((await nominate(nominator, { ...young, age: '35' })).statusCode).toBe(201);
    const student = await nominate(nominator, { ...young, age: '52', studentStatus: 'MPhil' });
    expect(student.statusCode).toBe(201);
    expect(student.json().nomination).toMatchObject({ age: 52, studentStatus: 'MPhil' });
    expect((await nominate(nominator, { ...young, studentStatus: 'Bachelor' })).statusCode).toBe(400);
    // Other categories do not keep the answers.
    expect((await nominate(nominator, { age: '70' })).json().nomination).toMatchObject({ age: null, studentStatus: null });
  });

  test("after 20 December 23:59 Bangkok time nominations are refused with the reason (the service's clock, and the API's)", async () => {
    const deadline = nominationDeadline(2026);
    expect(deadline.toISOString()).toBe('2026-12-20T16:59:59.999Z');
    const caller = { id: nominator.user._id, role: 'Author' as const, email: nominator.user.email, name: 'Nora', emailVerified: false };
    const input = {
      db: db(),
      caller,
      ip: '127.0.0.1',
      cvKey: 'x',
      photoKey: null,
      fields: { ...FIELDS, category: 'Best Researcher Award' as const },
    };
    await expect(createNomination({ ...input, now: new Date(deadline.getTime() + 1) })).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Nominations for the 2026 awards closed on 20 December 2026, 23:59 (Bangkok time).',
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-12-21T00:00:30+07:00'));
      const late = await signupAs(t.app, 'Author');
      const res = await nominate(late);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Nominations for the 2026 awards closed on 20 December 2026, 23:59 (Bangkok time).');
      expect((await get('/api/account/nominations', late)).json().open).toBe(false);
      vi.setSystemTime(new Date('2026-12-20T23:59:00+07:00'));
      expect((await nominate(late)).statusCode).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the panel and the decision', () => {
  let id: string;
  beforeAll(async () => {
    const res = await nominate(nominator, { nomineeName: 'Dr Somchai Decided', nomineeEmail: 'somchai@example.org' }, [
      ['cv', pdfBytes('somchai'), 'cv.pdf'],
      ['photo', png, 'p.png'],
    ]);
    expect(res.statusCode).toBe(201);
    id = res.json().nomination.id;
  });

  test('the editor names a panel member, who lists, downloads the CV and scores; the average is shown', async () => {
    expect((await get('/api/award-panel/nominations', panelist)).statusCode).toBe(403);
    const unknown = await post('/api/award-panel/members', { email: 'nobody-here@example.org' }, editor);
    expect(unknown.statusCode).toBe(404);
    const named = await post('/api/award-panel/members', { email: panelist.user.email }, editor);
    expect(named.statusCode).toBe(200);
    expect(named.json().members.map((m: { userId: string }) => m.userId)).toContain(panelist.user._id);
    const list = await get('/api/award-panel/nominations', panelist);
    expect(list.statusCode).toBe(200);
    expect(list.json().canDecide).toBe(false);
    expect(list.json().nominations.some((n: { id: string }) => n.id === id)).toBe(true);
    const cv = await get(`/api/award-panel/nominations/${id}/cv.pdf`, panelist);
    expect(cv.statusCode).toBe(200);
    expect(cv.headers['content-type']).toBe('application/pdf');
    expect(cv.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const bad of [{ score: 0 }, { score: 11 }, { score: 7.5 }, { score: '7' }]) {
      const res = await put(`/api/award-panel/nominations/${id}/score`, bad, panelist);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Score must be a whole number from 1 to 10');
    }
    expect((await put(`/api/award-panel/nominations/${id}/score`, { score: 6, comment: 'Solid.' }, panelist)).statusCode).toBe(200);
    expect(
      (await put(`/api/award-panel/nominations/${id}/score`, { score: 8, comment: 'Strong record.' }, panelist)).json().nomination.myScore,
    ).toEqual({ score: 8, comment: 'Strong record.' });
    const scored = await put(`/api/award-panel/nominations/${id}/score`, { score: 9 }, editor);
    expect(scored.json().nomination).toMatchObject({
      average: 8.5,
      scores: [
        expect.objectContaining({ panelistName: 'Pat Panelist', score: 8, comment: 'Strong record.' }),
        expect.objectContaining({ score: 9 }),
      ],
    });
    // A reviewer not on the panel, and a foreign id.
    expect((await put(`/api/award-panel/nominations/${id}/score`, { score: 5 }, reviewer)).statusCode).toBe(403);
    expect((await put(`/api/award-panel/nominations/${'f'.repeat(24)}/score`, { score: 5 }, panelist)).statusCode).toBe(404);
    // Only the editor decides.
    expect((await post(`/api/award-panel/nominations/${id}/decision`, { decision: 'awarded' }, panelist)).statusCode).toBe(403);
  });

  test('the editor decides awarded once: an award id from the counter, a certificate, both told at once; a second decision 409', async () => {
    const [before] = await db()
      .select()
      .from(documentCounters)
      .where(sql`${documentCounters.kind} = 'award' and ${documentCounters.year} = 2026`);
    const res = await post(`/api/award-panel/nominations/${id}/decision`, { decision: 'awarded' }, editor);
    expect(res.statusCode, res.body).toBe(200);
    const n = (before?.last ?? 0) + 1;
    expect(res.json().nomination).toMatchObject({ status: 'awarded', awardId: awardIdOf(2026, n) });
    expect(res.json().nomination.awardId).toBe(`2026/Award/ET/${n}`);
    const [cert] = await db().select().from(certificates).where(eq(certificates.subject, id));
    expect(cert).toMatchObject({
      kind: 'award',
      name: 'Dr Somchai Decided',
      email: 'somchai@example.org',
      code: res.json().certificateCode,
    });
    const mails = await db().select().from(mailQueue).where(eq(mailQueue.template, 'awardDecisionAwarded'));
    expect(mails.map((m) => m.to).sort()).toEqual(['somchai@example.org', nominator.user.email].sort());
    expect(mails[0]!.body).toContain(`Award id: 2026/Award/ET/${n}`);
    const again = await post(`/api/award-panel/nominations/${id}/decision`, { decision: 'not-awarded' }, editor);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This nomination has already been decided (awarded).');
    expect((await put(`/api/award-panel/nominations/${id}/score`, { score: 3 }, panelist)).statusCode).toBe(409);
    expect((await get(`/api/account/nominations/${id}`, nominator)).json()).toMatchObject({
      status: 'awarded',
      awardId: `2026/Award/ET/${n}`,
    });
  });

  test('two awards at once get two ids; not awarded takes no number', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(async (i) => (await nominate(nominator, { nomineeName: `Parallel ${i}` })).json().nomination.id as string),
    );
    const [a, b, c] = await Promise.all(
      ids.map((nid, i) => post(`/api/award-panel/nominations/${nid}/decision`, { decision: i === 2 ? 'not-awarded' : 'awarded' }, editor)),
    );
    expect([a!.statusCode, b!.statusCode, c!.statusCode]).toEqual([200, 200, 200]);
    expect(a!.json().nomination.awardId).not.toBe(b!.json().nomination.awardId);
    expect(c!.json().nomination).toMatchObject({ status: 'not-awarded', awardId: null });
    expect(c!.json().certificateCode).toBeNull();
    expect(await db().$count(mailQueue, eq(mailQueue.template, 'awardDecisionNotAwarded'))).toBe(2);
  });

  test('the public awardees: photo, name, designation, affiliation, award and id; no e-mail; the photo served', async () => {
    const res = await get('/api/awards/2026/awardees');
    expect(res.statusCode).toBe(200);
    const somchai = res.json().awardees.find((a: { name: string }) => a.name === 'Dr Somchai Decided');
    expect(somchai).toEqual({
      name: 'Dr Somchai Decided',
      designation: 'Associate Professor',
      affiliation: 'Chulalongkorn University',
      award: 'Best Researcher Award',
      awardId: expect.stringMatching(/^2026\/Award\/ET\/\d+$/),
      photo: `/api/awards/photos/${id}`,
    });
    expect(res.body).not.toContain('@');
    expect(res.json().awardees.some((a: { name: string }) => a.name === 'Parallel 3')).toBe(false);
    const photo = await get(somchai.photo);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect((await get('/api/awards/2019/awardees')).json()).toEqual({ year: 2019, awardees: [] });
    expect((await get('/api/awards/nope/awardees')).statusCode).toBe(400);
    // A nomination not awarded has no public photo.
    const open = await nominate(nominator, {}, [
      ['cv', pdfBytes('z'), 'z.pdf'],
      ['photo', png, 'p.png'],
    ]);
    expect((await get(`/api/awards/photos/${open.json().nomination.id}`)).statusCode).toBe(404);
  });

  test('the panel is reminded of nominations waiting more than 7 days, once each', async () => {
    const waiting = (await nominate(nominator, { nomineeName: 'Waiting Long' })).json().nomination.id as string;
    await db()
      .update(awardNominations)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(awardNominations.id, waiting));
    const reminded = await sendPanelReminders({ db: db(), mailer: t.app.mailer, publicUrl: t.config.publicUrl });
    expect(reminded).toBeGreaterThanOrEqual(1);
    const mails = await db().select().from(mailQueue).where(eq(mailQueue.template, 'awardPanelReminder'));
    expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining([editor.user.email, panelist.user.email]));
    expect(mails.find((m) => m.to === panelist.user.email)!.body).toContain('Waiting Long, Best Researcher Award');
    expect(await sendPanelReminders({ db: db(), mailer: t.app.mailer, publicUrl: t.config.publicUrl })).toBe(0);
    expect(await db().$count(mailQueue, eq(mailQueue.template, 'awardPanelReminder'))).toBe(mails.length);
  });

  test('the editor takes a member off the panel', async () => {
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/award-panel/members/${panelist.user._id}`, headers: editor.auth })).statusCode,
    ).toBe(200);
    expect((await get('/api/award-panel/nominations', panelist)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/award-panel/members/${panelist.user._id}`, headers: editor.auth })).statusCode,
    ).toBe(404);
  });
});
