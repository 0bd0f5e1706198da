import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { committeeHtml, listBlock, previousEventsHtml, sponsorsHtml } from '../../src/core/site-lists-html';
import { auditLog } from '../../src/server/db/schema';
import { committeeSeed } from '../../src/web/content/committee';
import { sponsorsSeed } from '../../src/web/content/home';
import { previousEventsSeed } from '../../src/web/content/previous-events';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0062: the editor keeps the committee, the sponsors and the previous events on /editor/site; the public
 * pages show the saved lists, drawn again by the server on each change. The site served here is a small stand-in
 * for the build: one page per list, its markup between the list's markers as the build writes it.
 */
let t: TestApp;
let editor: SignedUp;
let author: SignedUp;
let reviewer: SignedUp;

const webDir = mkdtempSync(path.join(tmpdir(), 'site-lists-web-'));
const page = (route: string, body: string) => {
  mkdirSync(path.join(webDir, route), { recursive: true });
  writeFileSync(
    path.join(webDir, route, 'index.html'),
    `<!doctype html><html><head><title>⟦title⟧</title></head><body>${body}</body></html>`,
  );
};
page('committee', listBlock('committee', committeeHtml(committeeSeed)));
page('previous-events', listBlock('previousEvents', previousEventsHtml(previousEventsSeed)));
page('partners', listBlock('sponsors', sponsorsHtml(sponsorsSeed)));

beforeAll(async () => {
  t = await startTestApp({ WEB_DIR: webDir });
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author');
  reviewer = await signupAs(t.app, 'Reviewer');
});
afterAll(async () => {
  await t?.close();
});

type Lists = {
  committee: Array<{
    _id: string;
    section: string;
    name: string;
    role: string;
    affiliation: string;
    country: string;
    photo: string | null;
  }>;
  sponsors: Array<{ _id: string; name: string; role: string; link: string; logo: string | null }>;
  previousEvents: Array<{ _id: string; label: string; year: number; place: string; link: string }>;
};
const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: SignedUp | null, payload?: object) =>
  t.app.inject({ method, url, payload: payload as Record<string, unknown> | undefined, headers: who ? who.auth : {} });
const lists = async () => (await send('GET', '/api/site-lists', editor)).json() as Lists;
const audits = async (action: string) => t.app.database.db.select().from(auditLog).where(eq(auditLog.action, action));
/** The public page as served: a save is answered once the pages show it. */
const publicPage = async (url: string) => (await t.app.inject({ url })).body;
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

describe('the seeded lists', () => {
  test("the first edition's lists are today's committee, sponsors and previous events, and the pages show them as built", async () => {
    const l = await lists();
    expect(l.committee).toEqual(committeeSeed);
    expect(l.sponsors).toEqual(sponsorsSeed);
    expect(l.previousEvents).toEqual(previousEventsSeed);
    expect(l.previousEvents.map((e) => e.label)).toEqual([
      'India 2019 Dehradun',
      'Thailand 2019 Bangkok',
      'India 2020 Dehradun',
      'India 2021 Online',
      'Thailand 2022 Pattaya',
    ]);
    expect(l.committee[0]).toMatchObject({
      section: 'General Chairs',
      name: 'To be announced (sample entry)',
      affiliation: 'A university in Thailand',
    });
    const html = await publicPage('/committee');
    expect(html).toContain(committeeHtml(committeeSeed));
    expect(html).not.toContain('\u27E6#list:');
  });
});

describe('an editor keeps the lists', () => {
  test('adds, edits, orders and removes a committee member, with a photo; each change audited and shown on /committee', async () => {
    const added = await injectMultipart(
      t.app,
      'POST',
      '/api/committee-members',
      [
        ['section', 'General Chairs'],
        ['name', 'Ada Lovelace'],
        ['role', 'General Chair'],
        ['affiliation', 'Analytical Engines Ltd'],
        ['country', 'United Kingdom'],
        ['photo', png, 'ada.png'],
      ],
      editor.auth,
    );
    expect(added.statusCode).toBe(201);
    const member = added.json().member as Lists['committee'][number];
    expect(member).toMatchObject({ name: 'Ada Lovelace', role: 'General Chair', country: 'United Kingdom' });
    expect(member.photo).toMatch(/^\/api\/photos\/[0-9a-f]{64}$/);
    expect((await t.app.inject({ url: member.photo! })).statusCode).toBe(200);
    expect((await lists()).committee.at(-1)!._id).toBe(member._id);
    let html = await publicPage('/committee');
    expect(html).toContain('Ada Lovelace');
    expect(html).toContain('Analytical Engines Ltd, United Kingdom');
    expect(html).toContain(`src="${member.photo}"`);

    const edited = await send('PATCH', `/api/committee-members/${member._id}`, editor, { name: 'Ada King' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().member).toMatchObject({ name: 'Ada King', role: 'General Chair', photo: member.photo });

    const before = (await lists()).committee.map((m) => m._id);
    expect((await send('POST', `/api/committee-members/${member._id}/move`, editor, { direction: 'up' })).statusCode).toBe(200);
    const after = (await lists()).committee.map((m) => m._id);
    expect(after.at(-2)).toBe(member._id);
    expect(after.at(-1)).toBe(before.at(-2));

    expect((await send('DELETE', `/api/committee-members/${member._id}`, editor)).statusCode).toBe(200);
    expect((await lists()).committee.map((m) => m._id)).not.toContain(member._id);
    expect((await t.app.inject({ url: member.photo! })).statusCode).toBe(404);
    html = await publicPage('/committee');
    expect(html).not.toContain('Ada King');

    for (const action of ['committee.add', 'committee.edit', 'committee.move', 'committee.remove'])
      expect((await audits(action)).some((a) => (a.details as { id: string }).id === member._id)).toBe(true);
  });

  test('adds, edits, orders and removes a sponsor; the home page partners follow', async () => {
    const added = await send('POST', '/api/sponsors', editor, { name: 'Open Press', role: 'Publisher', link: 'https://press.example.org' });
    expect(added.statusCode).toBe(201);
    const sponsor = added.json().sponsor as Lists['sponsors'][number];
    expect(sponsor).toMatchObject({ name: 'Open Press', role: 'Publisher', link: 'https://press.example.org', logo: null });
    let html = await publicPage('/partners');
    expect(html).toContain('href="https://press.example.org"');
    expect(html).toContain('Open Press');

    const logo = await injectMultipart(t.app, 'PATCH', `/api/sponsors/${sponsor._id}`, [['logo', png, 'logo.png']], editor.auth);
    expect(logo.statusCode).toBe(200);
    expect(logo.json().sponsor.logo).toMatch(/^\/api\/photos\//);
    // The site's own logos stay when another sponsor changes.
    expect((await lists()).sponsors[0]!.logo).toBe('/images/logos/publisher.svg');

    expect((await send('POST', `/api/sponsors/${sponsor._id}/move`, editor, { direction: 'up' })).statusCode).toBe(200);
    expect((await lists()).sponsors.at(-2)!._id).toBe(sponsor._id);
    expect((await send('DELETE', `/api/sponsors/${sponsor._id}`, editor)).statusCode).toBe(200);
    expect((await lists()).sponsors).toEqual(sponsorsSeed);
    html = await publicPage('/partners');
    expect(html).not.toContain('Open Press');
    for (const action of ['sponsor.add', 'sponsor.edit', 'sponsor.move', 'sponsor.remove']) expect(await audits(action)).toHaveLength(1);
  });

  test('adds, edits, orders and removes a previous event; /previous-events shows its button with its label', async () => {
    const added = await send('POST', '/api/previous-events', editor, { label: 'Vietnam 2023 Hanoi', year: 2023, place: 'Hanoi' });
    expect(added.statusCode).toBe(201);
    const event = added.json().event as Lists['previousEvents'][number];
    expect(event).toMatchObject({ label: 'Vietnam 2023 Hanoi', year: 2023, place: 'Hanoi', link: '' });
    let html = await publicPage('/previous-events');
    expect(html).toContain(`data-event="${event._id}" data-label="Vietnam 2023 Hanoi"`);

    const edited = await send('PATCH', `/api/previous-events/${event._id}`, editor, { link: 'https://2023.example.org' });
    expect(edited.json().event.link).toBe('https://2023.example.org');
    html = await publicPage('/previous-events');
    expect(html).toContain('href="https://2023.example.org"');

    expect((await send('POST', `/api/previous-events/${event._id}/move`, editor, { direction: 'up' })).statusCode).toBe(200);
    expect((await lists()).previousEvents.map((e) => e.label).slice(-2)).toEqual(['Vietnam 2023 Hanoi', 'Thailand 2022 Pattaya']);
    expect((await send('DELETE', `/api/previous-events/${event._id}`, editor)).statusCode).toBe(200);
    expect((await lists()).previousEvents).toEqual(previousEventsSeed);
    for (const action of ['previous-event.add', 'previous-event.edit', 'previous-event.move', 'previous-event.remove'])
      expect(await audits(action)).toHaveLength(1);
  });

  test('bad input is refused with a clear message and nothing changes', async () => {
    const cases: Array<[string, object, string]> = [
      ['/api/committee-members', { name: 'No section' }, 'Section is required'],
      ['/api/sponsors', { name: 'Bad link', link: 'javascript:alert(1)' }, 'Link must be an address starting with http:// or https://'],
      ['/api/previous-events', { label: 'Mars 1800 Olympus', year: 1800 }, 'Year must be between 1900 and 2100'],
    ];
    for (const [url, body, message] of cases) {
      const res = await send('POST', url, editor, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const gif = await injectMultipart(
      t.app,
      'POST',
      '/api/committee-members',
      [
        ['section', 'General Chairs'],
        ['name', 'Gif'],
        ['photo', Buffer.from('GIF89a-not-allowed'), 'a.gif'],
      ],
      editor.auth,
    );
    expect(gif.statusCode).toBe(400);
    expect(gif.json().message).toBe('The picture must be a PNG or JPEG image');
    expect((await send('PATCH', '/api/previous-events/0123456789abcdef01234567', editor, { place: 'Nowhere' })).statusCode).toBe(404);
    const l = await lists();
    expect(l.committee).toEqual(committeeSeed);
    expect(l.sponsors).toEqual(sponsorsSeed);
  });

  test('hostile text is shown as text on the public pages', async () => {
    const hostile = '<img src=x onerror=alert(1)> & "⟦title⟧"';
    const m = (
      await send('POST', '/api/committee-members', editor, { section: `${hostile} Committee`, name: hostile, affiliation: hostile })
    ).json().member as Lists['committee'][number];
    const e = (await send('POST', '/api/previous-events', editor, { label: `Nowhere 2024 ${hostile}`, year: 2024 })).json()
      .event as Lists['previousEvents'][number];
    const committee = await publicPage('/committee');
    expect(committee).not.toContain('<img src=x');
    expect(committee).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;⟦title⟧&quot;');
    const events = await publicPage('/previous-events');
    expect(events).not.toContain('<img src=x');
    expect(events).toContain('data-label="Nowhere 2024 &lt;img src=x onerror=alert(1)&gt; &amp; &quot;⟦title⟧&quot;"');
    await send('DELETE', `/api/committee-members/${m._id}`, editor);
    await send('DELETE', `/api/previous-events/${e._id}`, editor);
  });
});

describe('who may keep the lists', () => {
  test('only editors list or change them; others are refused and nothing changes', async () => {
    const calls: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?]> = [
      ['GET', '/api/site-lists'],
      ['POST', '/api/committee-members', { section: 'General Chairs', name: 'Intruder' }],
      ['PATCH', `/api/committee-members/${committeeSeed[0]!._id}`, { name: 'Intruder' }],
      ['POST', `/api/committee-members/${committeeSeed[0]!._id}/move`, { direction: 'down' }],
      ['DELETE', `/api/committee-members/${committeeSeed[0]!._id}`],
      ['POST', '/api/sponsors', { name: 'Intruder' }],
      ['DELETE', `/api/sponsors/${sponsorsSeed[0]!._id}`],
      ['POST', '/api/previous-events', { label: 'Intruder 2020 X', year: 2020 }],
      ['PATCH', `/api/previous-events/${previousEventsSeed[0]!._id}`, { label: 'Intruder' }],
      ['DELETE', `/api/previous-events/${previousEventsSeed[0]!._id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await send(method, url, null, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      for (const who of [author, reviewer]) expect((await send(method, url, who, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const l = await lists();
    expect(l.committee).toEqual(committeeSeed);
    expect(l.sponsors).toEqual(sponsorsSeed);
    expect(l.previousEvents).toEqual(previousEventsSeed);
  });
});
