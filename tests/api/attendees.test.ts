import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import type { RegistrationRow } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { insertRegistration } from '../support/registration-rows';
import { signupAs, signupChair, type SignedUp } from '../support/users';
import { readPdf } from '../support/pdf-text';

let t: TestApp;
let editor: SignedUp;
let chair: SignedUp;
const reg = {} as Record<'somchai' | 'ana' | 'priya' | 'pending' | 'cancelled' | 'formula' | 'workshop', RegistrationRow>;

const get = (url: string, who: SignedUp = editor) => t.app.inject({ method: 'GET', url, headers: who.auth });
const checkIn = (code: string, who: SignedUp = editor) =>
  t.app.inject({ method: 'POST', url: '/api/editor/check-in', headers: who.auth, payload: { code } });
const names = (body: { attendees: { name: string }[] }) => body.attendees.map((a) => a.name);

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  chair = await signupChair(t.app, { editor, track: 'track-2' });
  const db = t.app.database.db;
  reg.somchai = await insertRegistration(db, {
    name: 'สมชาย ใจดี',
    affiliation: 'Chulalongkorn University',
    country: 'TH',
    category: 'student-scopus',
  });
  reg.ana = await insertRegistration(db, {
    name: 'Ana Núñez',
    affiliation: 'Universidad de Chile',
    country: 'CL',
    category: 'academician-journal',
    currency: 'INR',
    amountMinor: 1850000,
  });
  reg.priya = await insertRegistration(db, { name: 'प्रिया शर्मा', affiliation: 'IIT Delhi', country: 'IN', category: 'attending' });
  reg.pending = await insertRegistration(db, {
    name: 'Pending Person',
    affiliation: 'Nowhere Institute',
    country: 'TH',
    category: 'attending',
    status: 'pending',
  });
  reg.cancelled = await insertRegistration(db, { name: 'Cancelled Person', country: 'IN', category: 'attending', status: 'cancelled' });
  reg.formula = await insertRegistration(db, {
    name: '=HYPERLINK("http://evil.example","x")',
    affiliation: '+1;-2@x',
    country: 'US',
    category: 'accompanying',
  });
  reg.workshop = await insertRegistration(db, {
    name: 'Workshop Person',
    affiliation: 'Kasetsart University',
    country: 'TH',
    category: 'workshop-internet-of-things',
    email: 'workshop.person@desk.example',
  });
});
afterAll(async () => {
  await t?.close();
});

describe('the attendee list', () => {
  test('lists every registration by name with the category label, money in minor units with its currency', async () => {
    const res = await get('/api/editor/attendees');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(7);
    expect(body.nextCursor).toBeNull();
    const ana = body.attendees.find((a: { id: string }) => a.id === reg.ana.id);
    expect(ana).toMatchObject({
      code: reg.ana.code,
      name: 'Ana Núñez',
      affiliation: 'Universidad de Chile',
      country: 'CL',
      category: 'academician-journal',
      categoryLabel: 'With publication: Academician, non-SCOPUS journal',
      status: 'paid',
      amountMinor: 1850000,
      currency: 'INR',
      checkedInAt: null,
    });
  });

  test('filters by category, status, country and words, alone and together', async () => {
    expect(names((await get('/api/editor/attendees?category=attending')).json()).sort()).toEqual(
      ['Cancelled Person', 'Pending Person', 'प्रिया शर्मा'].sort(),
    );
    expect(names((await get('/api/editor/attendees?status=paid&country=th')).json()).sort()).toEqual(
      ['Workshop Person', 'สมชาย ใจดี'].sort(),
    );
    expect(names((await get('/api/editor/attendees?status=pending')).json())).toEqual(['Pending Person']);
    expect(names((await get('/api/editor/attendees?q=chulalongkorn')).json())).toEqual(['สมชาย ใจดี']);
    expect(names((await get(`/api/editor/attendees?q=${encodeURIComponent('núñez chile')}`)).json())).toEqual(['Ana Núñez']);
    expect(names((await get(`/api/editor/attendees?q=${reg.priya.code.slice(5, 14)}`)).json())).toEqual(['प्रिया शर्मा']);
    // LIKE's own characters are matched as themselves.
    expect((await get('/api/editor/attendees?q=%25')).json().total).toBe(0);
    // An empty filter is no filter (an untouched select).
    expect((await get('/api/editor/attendees?category=&status=&country=&q=')).json().total).toBe(7);
  });

  test('pages follow the cursor: every registration once, in the same order as one page', async () => {
    const whole = names((await get('/api/editor/attendees?limit=200')).json());
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/api/editor/attendees?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(7);
      expect(body.attendees.length).toBeLessThanOrEqual(2);
      seen.push(...names(body));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(whole);
    expect((await get(`/api/editor/attendees?cursor=${'f'.repeat(24)}`)).json()).toEqual({ attendees: [], total: 0, nextCursor: null });
  });

  test('bad filters are a 400 with the reason', async () => {
    for (const [query, message] of [
      ['status=arrived', /status must be one of/],
      ['country=THA', /two-letter/],
      ['limit=0', /limit must be 1 to 200/],
      ['category=vip', /Unknown category/],
      ['cursor=abc', /Invalid ID format/],
    ] as const) {
      const res = await get(`/api/editor/attendees?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
  });

  test('the CSV has the same filters, a byte-order mark, and no cell a spreadsheet would run as a formula', async () => {
    const res = await get('/api/editor/attendees.csv?country=US');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="attendees.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe(
      'code,name,email,affiliation,country,category,category_label,status,amount,currency,paper_id,registered_at,paid_at,checked_in_at',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${reg.formula.code}","'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines[1]).toContain('"\'+1;\'-2@x"');
    expect(lines[1]).toContain('"250.00","USD"');
    const all = (await get('/api/editor/attendees.csv')).body.trimEnd().split('\r\n');
    expect(all).toHaveLength(8);
    expect(all.join('\n')).toContain('"สมชาย ใจดี"');
  });

  test('a track chair and other roles are refused', async () => {
    expect((await get('/api/editor/attendees', chair)).statusCode).toBe(403);
    expect((await get('/api/editor/attendees.csv', chair)).statusCode).toBe(403);
    expect((await checkIn(reg.ana.code, chair)).statusCode).toBe(403);
    const author = await signupAs(t.app, 'Author');
    expect((await get('/api/editor/attendees', author)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/editor/attendees' })).statusCode).toBe(401);
  });
});

describe('check-in', () => {
  test('a typed code is normalised; the first scan marks arrival once, a second says when', async () => {
    // Lower case, spaces instead of dashes, O for zero and l for one: the desk types what it reads.
    const typed = ` ${reg.somchai.code.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l')} `;
    const first = await checkIn(typed);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      firstArrival: true,
      registration: {
        id: reg.somchai.id,
        code: reg.somchai.code,
        name: 'สมชาย ใจดี',
        affiliation: 'Chulalongkorn University',
        category: 'student-scopus',
        paid: true,
        status: 'paid',
      },
    });
    expect(Date.now() - Date.parse(body.checkedInAt)).toBeLessThan(60_000);
    const second = await checkIn(reg.somchai.code);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ firstArrival: false, checkedInAt: body.checkedInAt, registration: { name: 'สมชาย ใจดี' } });
    const audits = await t.app.database.db.select().from(auditLog).where(eq(auditLog.action, 'registration.check-in'));
    expect(audits.filter((a) => (a.details as { registrationId?: string }).registrationId === reg.somchai.id)).toHaveLength(1);
    const listed = (await get('/api/editor/attendees?status=checked-in')).json();
    expect(names(listed)).toEqual(['สมชาย ใจดี']);
    expect(listed.attendees[0].checkedInAt).toBe(body.checkedInAt);
    expect(names((await get('/api/editor/attendees?status=not-checked-in')).json())).not.toContain('สมชาย ใจดี');
  });

  test('two desks scanning the same badge at once record one arrival', async () => {
    const answers = await Promise.all([checkIn(reg.ana.code), checkIn(reg.ana.code), checkIn(reg.ana.code)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.json().firstArrival)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json().checkedInAt)).size).toBe(1);
  });

  test('an unpaid registration is refused with 409 and who it is; nothing is recorded', async () => {
    for (const r of [reg.pending, reg.cancelled]) {
      const res = await checkIn(r.code);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: 'Not paid yet', registration: { name: r.name, paid: false, status: r.status } });
    }
    const { rows } = (await t.app.database.db.execute(
      sql`select checked_in_at from registrations where id = ${reg.pending.id}`,
    )) as unknown as { rows: { checked_in_at: Date | null }[] };
    expect(rows[0]!.checked_in_at).toBeNull();
  });

  test('an unknown or malformed code is a 404; an empty one a 400', async () => {
    for (const code of ['AAAA-BBBB-CCCC-DDDD-EEEE', 'hello', '12345', '<script>']) {
      const res = await checkIn(code);
      expect(res.statusCode, code).toBe(404);
      expect(res.json().message).toBe('No registration has this code');
    }
    const empty = await checkIn('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Type the registration code');
  });
});

describe('certificates from check-in', () => {
  test('attendance for those checked in, workshop participation for a checked-in workshop registration; paying alone gives none', async () => {
    const issue = async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/editor/certificates', headers: editor.auth });
      expect(res.statusCode).toBe(200);
      return res.json() as { issued: number; certificates: { kind: string; name: string; email: string; paperTitle: string | null }[] };
    };
    const before = await issue();
    // สมชาย and Ana checked in above; Priya paid but has not arrived; the pending and cancelled ones cannot arrive.
    expect(
      before.certificates
        .filter((c) => c.kind === 'attendance')
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Ana Núñez', 'สมชาย ใจดี'].sort());
    expect(before.certificates.filter((c) => c.kind === 'workshop')).toEqual([]);
    expect((await checkIn(reg.workshop.code)).json().firstArrival).toBe(true);
    const after = await issue();
    expect(after.issued).toBe(1);
    expect(after.certificates.filter((c) => c.kind === 'workshop')).toEqual([
      expect.objectContaining({ name: 'Workshop Person', email: 'workshop.person@desk.example', paperTitle: 'Internet of Things' }),
    ]);
    expect(after.certificates.some((c) => c.kind === 'attendance' && c.name === 'Workshop Person')).toBe(false);
    expect((await issue()).issued).toBe(0);
  });
});

describe('badges', () => {
  test('one A4 PDF of the paid registrations: names in any script, affiliation, category, the code; eight a page', async () => {
    const res = await get('/api/editor/badges.pdf');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="badges.pdf"');
    const { text, pages, size } = await readPdf(res.rawPayload);
    expect(pages).toBe(1);
    expect(size).toEqual([595, 842]);
    for (const r of [reg.somchai, reg.ana, reg.priya, reg.workshop]) {
      expect(text).toContain(r.code);
    }
    for (const words of ['Ana Núñez', 'Universidad de Chile', 'Technical workshop: Internet of Things', 'Workshop Person'])
      expect(text).toContain(words);
    // Thai and Devanagari are drawn in their own fonts, shaped: compared without the spaces pdf.js puts between runs, and
    // Devanagari by its first conjunct (pdf.js reads shaped glyphs in visual order: the i-sign before its consonant).
    expect(text.replace(/\s/g, '')).toContain('สมชายใจดี');
    expect(text).toContain('प्र');
    expect(text).toContain('IIT Delhi');
    expect(text).not.toContain('Pending Person');
    expect(text).not.toContain('Cancelled Person');
  });

  test('the filters choose the badges; none matching is a 404 with the reason', async () => {
    const one = await readPdf((await get('/api/editor/badges.pdf?country=CL')).rawPayload);
    expect(one.text).toContain('Ana Núñez');
    expect(one.text).not.toContain('Workshop Person');
    const pending = await readPdf((await get('/api/editor/badges.pdf?status=pending')).rawPayload);
    expect(pending.text).toContain('Pending Person');
    const none = await get('/api/editor/badges.pdf?country=FR');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No registration matches these filters: there are no badges to print');
    expect((await get('/api/editor/badges.pdf?status=nope')).statusCode).toBe(400);
    expect((await get('/api/editor/badges.pdf', chair)).statusCode).toBe(403);
  });

  test('nine badges take two pages', async () => {
    for (let i = 0; i < 3; i++) await insertRegistration(t.app.database.db, { name: `Extra Person ${i}`, country: 'JP' });
    expect((await readPdf((await get('/api/editor/badges.pdf?status=paid')).rawPayload)).pages).toBe(1);
    for (let i = 3; i < 9; i++) await insertRegistration(t.app.database.db, { name: `Extra Person ${i}`, country: 'JP' });
    const { pages, text } = await readPdf((await get('/api/editor/badges.pdf?country=JP')).rawPayload);
    expect(pages).toBe(2);
    expect(text).toContain('Extra Person 8');
  });
});
