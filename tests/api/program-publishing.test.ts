import ICAL from 'ical.js';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, papers, settings } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { mailBodies, verifyAddress } from '../support/mailbox';
import { submitPaper } from '../support/multipart';
import { insertRegistration } from '../support/registration-rows';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0052: the sessions are the editor's draft; visitors, calendars and presenters' mails follow what the editor
 * publishes. Online links reach registered participants only.
 */
let t: TestApp;
let editor: SignedUp;
let ada: SignedUp;
let grace: SignedUp;
let registered: SignedUp;
let unverifiedPayer: SignedUp;
const paper = {} as Record<'a' | 'b' | 'c', string>;
let morning: string;
let afternoon: string;
const LINK = 'https://meet.example.org/materials-1';

const asEditor = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: editor.auth, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
const visitor = (url: string, who?: SignedUp) => t.app.inject({ method: 'GET', url, ...(who ? { headers: who.auth } : {}) });
const publicTitles = async () => ((await visitor('/api/program')).json().sessions as { title: string }[]).map((s) => s.title);
const icsSummaries = async () => {
  const cal = new ICAL.Component(ICAL.parse((await visitor('/api/program.ics')).body));
  return cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v).summary);
};
const slotMails = (to: string) => mailBodies(t.app, to, 'programmeSlot');
const publish = (acknowledgeWarnings?: boolean) =>
  asEditor('POST', '/api/editor/program/publish', acknowledgeWarnings === undefined ? {} : { acknowledgeWarnings });

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://conf.example.org' });
  editor = await signupAs(t.app, 'Editor');
  ada = await signupAs(t.app, 'Author', { name: 'Ada Presenter' });
  grace = await signupAs(t.app, 'Author', { name: 'Grace Other' });
  registered = await signupAs(t.app, 'Author', { name: 'Rita Registered' });
  unverifiedPayer = await signupAs(t.app, 'Author', { name: 'Uma Unverified' });
  await verifyAddress(t.app, registered.user.email);
  await insertRegistration(t.app.database.db, { name: 'Rita Registered', email: registered.user.email.toUpperCase() });
  await insertRegistration(t.app.database.db, { name: 'Uma Unverified', email: unverifiedPayer.user.email });
  await insertRegistration(t.app.database.db, { name: 'Grace Other', email: grace.user.email, status: 'pending' });
  await verifyAddress(t.app, grace.user.email);
  paper.a = (await submitPaper(t.app, ada.auth, { title: 'Graphene in Sea Water' }))._id;
  paper.b = (await submitPaper(t.app, ada.auth, { title: 'Sparse Solvers at Scale' }))._id;
  paper.c = (await submitPaper(t.app, grace.auth, { title: 'Markets in Motion' }))._id;
  await t.app.database.db
    .update(papers)
    .set({ decision: 'Accepted' })
    .where(inArray(papers.id, Object.values(paper)));
  const session = async (body: Record<string, string>) => {
    const res = await asEditor('POST', '/api/editor/program/sessions', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  };
  morning = await session({
    title: 'Materials I',
    track: 'Science and Materials',
    room: 'Room A',
    link: LINK,
    start: '2023-12-27T09:00:00+07:00',
    end: '2023-12-27T10:30:00+07:00',
    chair: 'Prof. Chair',
  });
  afternoon = await session({
    title: 'Computing I',
    track: 'Computer Science and Applications',
    room: 'Room B',
    start: '2023-12-27T13:00:00+07:00',
    end: '2023-12-27T14:00:00+07:00',
  });
  const place = async (id: string, list: { paperId: string; presenterEmail: string }[]) => {
    const res = await asEditor('PUT', `/api/editor/program/sessions/${id}/papers`, { papers: list });
    expect(res.statusCode, res.body).toBe(200);
  };
  await place(morning, [
    { paperId: paper.a, presenterEmail: ada.user.email },
    { paperId: paper.c, presenterEmail: grace.user.email },
  ]);
  await place(afternoon, [{ paperId: paper.b, presenterEmail: ada.user.email }]);
});
afterAll(async () => {
  await t?.close();
});

describe('draft and published programme', () => {
  test('before any publication a visitor sees no sessions and an empty calendar; the editor sees the draft as not published', async () => {
    const res = await visitor('/api/program');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ timeZone: 'Asia/Bangkok', zoneLabel: 'Bangkok time, UTC+7', publishedAt: null, sessions: [] });
    expect(await icsSummaries()).toEqual([]);
    expect((await visitor(`/api/program/sessions/${morning}.ics`)).statusCode).toBe(404);
    const draft = (await asEditor('GET', '/api/editor/program')).json();
    expect(draft.sessions.map((s: { title: string }) => s.title)).toEqual(['Materials I', 'Computing I']);
    expect(draft.sessions[0].link).toBe(LINK);
    expect(draft.published).toBeNull();
    expect(draft.changedSincePublished).toBe(true);
  });

  test('first publication: the visitor sees it (without the link), the calendar follows, every presenter is mailed their slot', async () => {
    const res = await publish();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      mailed: 3,
      message:
        'Programme published: 2 sessions; mail is not configured: the 3 mails to presenters are kept in the outbox, nothing was sent',
    });
    const body = (await visitor('/api/program')).json();
    expect(body.publishedAt).toBe(res.json().publishedAt);
    expect(body.sessions[0]).toEqual({
      _id: morning,
      title: 'Materials I',
      kind: 'papers',
      track: 'Science and Materials',
      label: 'Science and Materials',
      room: 'Room A',
      online: true,
      chair: 'Prof. Chair',
      start: '2023-12-27T02:00:00.000Z',
      end: '2023-12-27T03:30:00.000Z',
      papers: [
        { _id: paper.a, title: 'Graphene in Sea Water', presenter: 'Ada Presenter' },
        { _id: paper.c, title: 'Markets in Motion', presenter: 'Grace Other' },
      ],
    });
    expect(body.sessions[1].online).toBe(false);
    const raw = (await visitor('/api/program')).body;
    expect(raw).not.toContain('meet.example.org');
    expect(raw).not.toContain(ada.user.email);
    expect(await icsSummaries()).toEqual(['Materials I', 'Computing I']);
    expect((await visitor('/api/program.ics')).body).not.toContain('meet.example.org');

    const adas = await slotMails(ada.user.email);
    expect(adas).toHaveLength(2);
    const graphene = adas.find((m) => m.includes('Graphene in Sea Water'))!;
    expect(graphene).toContain('Session: Materials I (talk 1 of the session)');
    expect(graphene).toContain('When: Wednesday, 27 December 2023, 09:00–10:30 (Bangkok time, UTC+7)');
    expect(graphene).toContain('Where: Room A and online');
    expect(graphene).toContain('https://conf.example.org/program');
    expect(await slotMails(grace.user.email)).toHaveLength(1);
    const editorView = (await asEditor('GET', '/api/editor/program')).json();
    expect(editorView.published).toEqual({ at: res.json().publishedAt, sessions: 2 });
    expect(editorView.changedSincePublished).toBe(false);
    const audit = await t.app.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ['program.publish']));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(editor.user._id);
  });

  test('re-publishing an unchanged draft mails no one', async () => {
    const res = await publish();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mailed).toBe(0);
    expect(res.json().message).toBe('Programme published: 2 sessions; no presenter’s slot changed, nobody was mailed');
    expect(await slotMails(ada.user.email)).toHaveLength(2);
    expect(await slotMails(grace.user.email)).toHaveLength(1);
  });

  test('draft edits stay out of public view until the next publication, which mails only the presenters whose slot changed', async () => {
    const edit = await asEditor('PATCH', `/api/editor/program/sessions/${afternoon}`, {
      title: 'Computing I (moved)',
      start: '2023-12-27T15:00:00+07:00',
      end: '2023-12-27T16:00:00+07:00',
      room: 'Room C',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // Swap the order of the morning's papers: both presenters' positions change.
    expect(
      (
        await asEditor('PUT', `/api/editor/program/sessions/${morning}/papers`, {
          papers: [
            { paperId: paper.c, presenterEmail: grace.user.email },
            { paperId: paper.a, presenterEmail: ada.user.email },
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect(await publicTitles()).toEqual(['Materials I', 'Computing I']);
    expect(await icsSummaries()).toEqual(['Materials I', 'Computing I']);
    expect((await asEditor('GET', '/api/editor/program')).json().changedSincePublished).toBe(true);

    const res = await publish();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mailed).toBe(3);
    expect(await publicTitles()).toEqual(['Materials I', 'Computing I (moved)']);
    expect(await icsSummaries()).toEqual(['Materials I', 'Computing I (moved)']);
    const adas = await slotMails(ada.user.email);
    expect(adas).toHaveLength(4);
    expect(adas.slice(2).join('\n')).toContain('When: Wednesday, 27 December 2023, 15:00–16:00 (Bangkok time, UTC+7)');
    expect(adas.slice(2).join('\n')).toContain('Where: Room C');

    // Only the chair changes: a presenter's slot is the same, nobody is mailed.
    expect((await asEditor('PATCH', `/api/editor/program/sessions/${afternoon}`, { chair: 'Dr. New Chair' })).statusCode).toBe(200);
    expect((await publish()).json().mailed).toBe(0);
    expect((await visitor('/api/program')).json().sessions[1]).toMatchObject({ room: 'Room C', chair: 'Dr. New Chair' });
    // The morning session's link goes: its two presenters (Grace, and Ada's graphene talk) are mailed.
    expect((await asEditor('PATCH', `/api/editor/program/sessions/${morning}`, { link: '' })).statusCode).toBe(200);
    const linkGone = await publish();
    expect(linkGone.json().mailed).toBe(2);
    expect(await slotMails(grace.user.email)).toHaveLength(3);
    expect((await slotMails(grace.user.email))[2]).toContain('Where: Room A\n');
    expect((await visitor('/api/program')).json().sessions[0].online).toBe(false);
    expect((await asEditor('PATCH', `/api/editor/program/sessions/${morning}`, { link: LINK })).statusCode).toBe(200);
    expect((await publish()).json().mailed).toBe(2);
  });

  test('times, days and the date warnings follow the conference facts of the moment', async () => {
    const facts = { ...t.app.conference.current(), timeZone: 'Asia/Kolkata' };
    await t.app.database.db
      .insert(settings)
      .values({ id: 1, conference: facts, conferenceUpdatedAt: new Date() })
      .onConflictDoUpdate({ target: [settings.editionId, settings.id], set: { conference: facts, conferenceUpdatedAt: new Date() } });
    await t.app.conference.refresh(t.app.database.db);
    try {
      const body = (await visitor('/api/program')).json();
      expect([body.timeZone, body.zoneLabel]).toEqual(['Asia/Kolkata', 'Kolkata time, UTC+5:30']);
      const draft = (await asEditor('GET', '/api/editor/program')).json();
      expect(draft.zoneLabel).toBe('Kolkata time, UTC+5:30');
    } finally {
      await t.app.database.db.update(settings).set({ conference: null, conferenceUpdatedAt: new Date() });
      await t.app.conference.refresh(t.app.database.db);
    }
  });
});

describe('warnings before publishing', () => {
  test('a draft with warnings is refused with 409 naming how many, and published once acknowledged', async () => {
    const late = await asEditor('POST', '/api/editor/program/sessions', {
      title: 'Too Late',
      track: 'Management and Social Science',
      room: 'Room D',
      start: '2023-12-30T09:00:00+07:00',
      end: '2023-12-30T10:00:00+07:00',
    });
    expect(late.statusCode).toBe(201);
    const refused = await publish();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The draft has 1 warning: look at it and publish again acknowledging it');
    expect((await publish(false)).statusCode).toBe(409);
    expect(await publicTitles()).not.toContain('Too Late');
    const ok = await publish(true);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await publicTitles()).toContain('Too Late');
    expect((await asEditor('DELETE', `/api/editor/program/sessions/${late.json()._id}`)).statusCode).toBe(200);
    expect((await publish()).statusCode).toBe(200);
    expect(await publicTitles()).not.toContain('Too Late');
  });
});

describe('online links', () => {
  test('a visitor is asked to log in; an unregistered or unverified author is refused; a registered one and the editor get the link', async () => {
    expect((await visitor('/api/program/links')).statusCode).toBe(401);
    for (const who of [ada, unverifiedPayer, grace]) {
      const res = await visitor('/api/program/links', who);
      expect([res.statusCode, res.json().message]).toEqual([403, 'Session links are for registered participants']);
    }
    const mine = await visitor('/api/program/links', registered);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ links: { [morning]: LINK } });
    expect((await visitor('/api/program/links', editor)).json()).toEqual({ links: { [morning]: LINK } });
  });

  test('links come from the published programme, not the draft', async () => {
    expect(
      (await asEditor('PATCH', `/api/editor/program/sessions/${afternoon}`, { link: 'https://meet.example.org/draft-only' })).statusCode,
    ).toBe(200);
    expect((await visitor('/api/program/links', registered)).json().links).toEqual({ [morning]: LINK });
    expect((await asEditor('PATCH', `/api/editor/program/sessions/${afternoon}`, { link: '' })).statusCode).toBe(200);
  });

  test('a link that is not an https address, and times in the wrong order, are refused with 400', async () => {
    for (const link of [
      'http://meet.example.org/x',
      'javascript:alert(1)',
      'meet.example.org',
      'https://',
      'https://user:pw@meet.example.org/',
      'https://a b.org/',
    ]) {
      const res = await asEditor('PATCH', `/api/editor/program/sessions/${afternoon}`, { link });
      expect([res.statusCode, res.json().message], link).toEqual([
        400,
        'Link must be an https:// address, e.g. https://meet.example.org/room-a',
      ]);
    }
    const backwards = await asEditor('PATCH', `/api/editor/program/sessions/${afternoon}`, { start: '2023-12-27T18:00:00+07:00' });
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, 'A session must end after it starts']);
    const notTime = await asEditor('PATCH', `/api/editor/program/sessions/${afternoon}`, { end: 'tomorrow' });
    expect(notTime.statusCode).toBe(400);
    expect((await asEditor('POST', '/api/editor/program/publish', { acknowledgeWarnings: 'yes' })).statusCode).toBe(400);
  });
});
