import ICAL from 'ical.js';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { papers, programPublications } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { mailBodies } from '../support/mailbox';
import { submitPaper } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

/**
 * The timetable of the whole event: slots without papers (keynotes, breaks…) beside the tracks' sessions, every track the
 * editor has on offer, clashes warned (never refused), and a signed-in participant's personal agenda with its calendar.
 */
let t: TestApp;
let editor: SignedUp;
let ada: SignedUp;
let bob: SignedUp;
let paperA: string;
let paperB: string;
const ids = {} as Record<'keynote' | 'lunch' | 'materials' | 'computing' | 'health', string>;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (who: SignedUp | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, ...(who ? { headers: who.auth } : {}), ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const asEditor = (method: Method, url: string, payload?: object) => call(editor, method, url, payload);
const createSession = async (body: Record<string, string>) => {
  const res = await asEditor('POST', '/api/editor/program/sessions', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
};
const icsEvents = (body: string) =>
  new ICAL.Component(ICAL.parse(body)).getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return { summary: e.summary, location: e.location, description: e.description };
  });
const publish = async () => {
  const res = await asEditor('POST', '/api/editor/program/publish', { acknowledgeWarnings: true });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://conf.example.org' });
  editor = await signupAs(t.app, 'Editor');
  ada = await signupAs(t.app, 'Author', { name: 'Ada Presenter' });
  bob = await signupAs(t.app, 'Reviewer', { name: 'Bob Listener' });
  paperA = (await submitPaper(t.app, ada.auth, { title: 'Graphene in Sea Water' }))._id;
  paperB = (await submitPaper(t.app, ada.auth, { title: 'Sparse Solvers at Scale' }))._id;
  await t.app.database.db
    .update(papers)
    .set({ decision: 'Accepted' })
    .where(inArray(papers.id, [paperA, paperB]));
});
afterAll(async () => {
  await t?.close();
});

describe('slots without papers', () => {
  test('a keynote and a break are saved without a track; a slot with a track, or a session of papers without one, is refused', async () => {
    ids.keynote = await createSession({
      title: 'Opening keynote: Materials for a warmer world',
      kind: 'keynote',
      room: 'Grand Ballroom',
      chair: 'Prof. Keynote Speaker',
      start: '2023-12-27T08:00:00+07:00',
      end: '2023-12-27T09:00:00+07:00',
    });
    ids.lunch = await createSession({
      title: 'Lunch',
      kind: 'break',
      start: '2023-12-27T12:00:00+07:00',
      end: '2023-12-27T13:00:00+07:00',
    });
    const program = (await asEditor('GET', '/api/editor/program')).json();
    const keynote = program.sessions.find((s: { _id: string }) => s._id === ids.keynote);
    expect(keynote).toMatchObject({ kind: 'keynote', track: '', room: 'Grand Ballroom', chair: 'Prof. Keynote Speaker', papers: [] });

    const withTrack = await asEditor('POST', '/api/editor/program/sessions', {
      title: 'Coffee',
      kind: 'break',
      track: 'Science and Materials',
      start: '2023-12-27T10:00:00+07:00',
      end: '2023-12-27T10:30:00+07:00',
    });
    expect(withTrack.statusCode).toBe(400);
    expect(withTrack.json().message).toBe('A slot without papers (Break) has no track: leave the track empty');
    const noTrack = await asEditor('POST', '/api/editor/program/sessions', {
      title: 'Untracked papers',
      start: '2023-12-27T10:00:00+07:00',
      end: '2023-12-27T10:30:00+07:00',
    });
    expect(noTrack.statusCode).toBe(400);
    expect(noTrack.json().message).toBe('A session of papers needs a track: choose one of the tracks');
    const badKind = await asEditor('POST', '/api/editor/program/sessions', {
      title: 'Nap',
      kind: 'nap',
      start: '2023-12-27T10:00:00+07:00',
      end: '2023-12-27T10:30:00+07:00',
    });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toMatch(/^Kind must be one of: papers, keynote, break/);
  });

  test('a slot without papers refuses papers with a 400 message', async () => {
    const res = await asEditor('PUT', `/api/editor/program/sessions/${ids.keynote}/papers`, {
      papers: [{ paperId: paperA, presenterEmail: ada.user.email }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A slot without papers (Keynote) cannot hold papers: place them in a session of papers');
  });

  test('a session holding papers cannot become a slot without papers; an empty one can', async () => {
    ids.materials = await createSession({
      title: 'Materials I',
      track: 'Science and Materials',
      room: 'Room A',
      chair: 'Dr. Double Booked',
      start: '2023-12-27T09:00:00+07:00',
      end: '2023-12-27T10:30:00+07:00',
    });
    const placed = await asEditor('PUT', `/api/editor/program/sessions/${ids.materials}/papers`, {
      papers: [{ paperId: paperA, presenterEmail: ada.user.email }],
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const refused = await asEditor('PATCH', `/api/editor/program/sessions/${ids.materials}`, { kind: 'social' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This session holds papers: remove them before making it a slot without papers');

    const spare = await createSession({
      title: 'Spare',
      track: 'Science and Materials',
      start: '2023-12-28T09:00:00+07:00',
      end: '2023-12-28T10:00:00+07:00',
    });
    const made = await asEditor('PATCH', `/api/editor/program/sessions/${spare}`, { kind: 'social', title: 'Gala dinner' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ kind: 'social', track: '', title: 'Gala dinner' });
    expect((await asEditor('DELETE', `/api/editor/program/sessions/${spare}`)).statusCode).toBe(200);
  });
});

describe('tracks are data', () => {
  test('a fifth track made by the editor is offered by the programme screen and the public filter, and takes sessions', async () => {
    const made = await asEditor('POST', '/api/editor/tracks', { name: 'Health Sciences', topics: ['Public health'] });
    expect(made.statusCode, made.body).toBe(201);
    const tracks = (await call(null, 'GET', '/api/tracks')).json().map((tr: { name: string }) => tr.name);
    expect(tracks).toHaveLength(5);
    expect((await asEditor('GET', '/api/editor/program')).json().tracks).toEqual(tracks);
    expect((await call(null, 'GET', '/api/program')).json().tracks).toEqual(tracks);

    ids.health = await createSession({
      title: 'Health I',
      track: 'health sciences',
      room: 'Room C',
      start: '2023-12-27T13:00:00+07:00',
      end: '2023-12-27T14:00:00+07:00',
    });
    const program = (await asEditor('GET', '/api/editor/program')).json();
    expect(program.sessions.find((s: { _id: string }) => s._id === ids.health).track).toBe('Health Sciences');
    const unknown = await asEditor('POST', '/api/editor/program/sessions', {
      title: 'Nowhere',
      track: 'Astrology',
      start: '2023-12-27T13:00:00+07:00',
      end: '2023-12-27T14:00:00+07:00',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^Track must be one of the tracks: .*Health Sciences$/);
  });
});

describe('clashes', () => {
  test('the same room, the same chair and the same presenter at overlapping times are warnings, never refusals', async () => {
    // Overlaps Materials I (09:00–10:30): Room A again, its chair again, and Ada presenting again.
    ids.computing = await createSession({
      title: 'Computing I',
      track: 'Computer Science and Applications',
      room: 'room a',
      chair: 'Dr. Double Booked',
      start: '2023-12-27T10:00:00+07:00',
      end: '2023-12-27T11:00:00+07:00',
    });
    const placed = await asEditor('PUT', `/api/editor/program/sessions/${ids.computing}/papers`, {
      papers: [{ paperId: paperB, presenterEmail: ada.user.email }],
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const warnings = (await asEditor('GET', '/api/editor/program')).json().warnings as { kind: string; message: string }[];
    const clash = (kind: string) => warnings.filter((w) => w.kind === kind).map((w) => w.message);
    expect(clash('room-overlap')).toEqual(['Room "Room A" is used by "Materials I" and "Computing I" at the same time']);
    expect(clash('chair-overlap')).toEqual(['Dr. Double Booked chairs "Materials I" and "Computing I", which overlap']);
    expect(clash('presenter-overlap')).toEqual(['Ada Presenter presents in "Materials I" and "Computing I", which overlap']);
    // A slot without papers and no room clashes with nothing.
    expect(warnings.some((w) => w.message.includes('Lunch'))).toBe(false);
  });
});

describe('the published timetable', () => {
  test('the keynote and the break show in the public programme JSON and the calendar, with their kind and no papers', async () => {
    await publish();
    const program = (await call(null, 'GET', '/api/program')).json();
    const byTitle = new Map(program.sessions.map((s: { title: string }) => [s.title, s]));
    expect(byTitle.get('Opening keynote: Materials for a warmer world')).toMatchObject({
      kind: 'keynote',
      track: '',
      label: 'Keynote',
      room: 'Grand Ballroom',
      papers: [],
      start: '2023-12-27T01:00:00.000Z',
    });
    expect(byTitle.get('Lunch')).toMatchObject({ kind: 'break', track: '', papers: [] });
    expect(byTitle.get('Materials I')).toMatchObject({ kind: 'papers', track: 'Science and Materials' });

    const events = icsEvents((await call(null, 'GET', '/api/program.ics')).body);
    expect(events.find((e) => e.summary === 'Opening keynote: Materials for a warmer world')).toMatchObject({
      location: 'Grand Ballroom',
      description: 'Keynote\nChair or speaker: Prof. Keynote Speaker',
    });
    expect(events.find((e) => e.summary === 'Lunch')?.description).toBe('Break');
    expect(events.map((e) => e.summary)).toContain('Materials I');
  });

  test("a presenter's mail names the day's slots without papers", async () => {
    const mails = await mailBodies(t.app, ada.user.email, 'programmeSlot');
    expect(mails.length).toBeGreaterThan(0);
    for (const body of mails) {
      expect(body).toContain(
        'Also on that day:\n  08:00–09:00 Keynote: Opening keynote: Materials for a warmer world (Grand Ballroom)\n  12:00–13:00 Break: Lunch',
      );
    }
  });

  test('the programme PDF is drawn with the slots', async () => {
    const pdf = await call(null, 'GET', '/api/program.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
  });

  test('a snapshot published before slots existed (no kind) reads as sessions of papers', async () => {
    const [row] = await t.app.database.db.select().from(programPublications).limit(1);
    await t.app.database.db.insert(programPublications).values({
      sessions: row!.sessions.map(({ kind: _kind, ...s }) => s),
      publishedBy: editor.user._id,
    });
    const program = (await call(null, 'GET', '/api/program')).json();
    expect(new Set(program.sessions.map((s: { kind: string }) => s.kind))).toEqual(new Set(['papers']));
    await publish();
  });
});

describe('the personal agenda', () => {
  test('stars are per person: each lists their own starred sessions', async () => {
    const starred = await call(ada, 'PUT', `/api/me/agenda/${ids.keynote}`);
    expect(starred.statusCode, starred.body).toBe(200);
    expect((await call(ada, 'PUT', `/api/me/agenda/${ids.keynote}`)).json().sessionIds).toEqual([ids.keynote]);
    await call(ada, 'PUT', `/api/me/agenda/${ids.materials}`);
    await call(bob, 'PUT', `/api/me/agenda/${ids.lunch}`);

    const mine = (await call(ada, 'GET', '/api/me/agenda')).json();
    expect(mine.sessionIds.sort()).toEqual([ids.keynote, ids.materials].sort());
    expect(mine.sessions.map((s: { title: string }) => s.title)).toEqual(['Opening keynote: Materials for a warmer world', 'Materials I']);
    expect(JSON.stringify(mine)).not.toContain(ada.user.email);
    expect((await call(bob, 'GET', '/api/me/agenda')).json().sessionIds).toEqual([ids.lunch]);

    const unstarred = await call(ada, 'DELETE', `/api/me/agenda/${ids.materials}`);
    expect(unstarred.json().sessionIds).toEqual([ids.keynote]);
    expect((await call(null, 'GET', '/api/me/agenda')).statusCode).toBe(401);
  });

  test('only published sessions can be starred', async () => {
    const draft = await createSession({
      title: 'Draft only',
      kind: 'other',
      start: '2023-12-28T15:00:00+07:00',
      end: '2023-12-28T16:00:00+07:00',
    });
    const res = await call(ada, 'PUT', `/api/me/agenda/${draft}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Session not found');
    expect((await call(ada, 'PUT', '/api/me/agenda/not-an-id')).statusCode).toBe(400);
  });

  test('the agenda downloads as a calendar of the starred sessions only', async () => {
    const res = await call(bob, 'GET', '/api/me/agenda.ics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(icsEvents(res.body).map((e) => e.summary)).toEqual(['Lunch']);
    expect(icsEvents((await call(ada, 'GET', '/api/me/agenda.ics')).body).map((e) => e.summary)).toEqual([
      'Opening keynote: Materials for a warmer world',
    ]);
    expect((await call(null, 'GET', '/api/me/agenda.ics')).statusCode).toBe(401);
  });
});
