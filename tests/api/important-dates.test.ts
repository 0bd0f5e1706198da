import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONFERENCE_FACTS_DEFAULTS, factToken } from '../../src/core/conference-facts';
import { LIST_BEGIN, LIST_END, itemToken } from '../../src/core/fact-template';
import { newId } from '../../src/core/ids';
import { WORKSHOP_COURSES } from '../../src/core/workshop-courses';
import { workshopBlock, workshopCardsHtml, workshopSyllabiHtml } from '../../src/core/workshop-html';
import { registrations } from '../../src/server/db/schema';
import { newDocumentCode } from '../../src/server/documents/codes';
import { startTestApp, type TestApp } from '../support/app';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0065: the important dates follow the settings' deadlines or are days of their own, never free text, and the
 * public pages print the deadlines as they are now; /technical-workshop prints the organiser's courses, days and venue.
 * The site served here is a small stand-in for the build, its markup written as the build writes it.
 */
let t: TestApp;
let editor: SignedUp;

const webDir = mkdtempSync(path.join(tmpdir(), 'important-dates-web-'));
const page = (route: string, body: string) => {
  mkdirSync(path.join(webDir, route), { recursive: true });
  writeFileSync(
    path.join(webDir, route, 'index.html'),
    `<!doctype html><html><head><title>⟦title⟧</title></head><body>${body}</body></html>`,
  );
};
const datesBlock = `<dl>${LIST_BEGIN}<div><dt>${itemToken('label')}</dt><dd>${itemToken('date')}</dd></div>${LIST_END}</dl>`;
page('', datesBlock);
page('submissions', `<h2>Important dates</h2>${datesBlock}`);
page(
  'technical-workshop',
  `<p class="subtitle">${factToken('workshopDate')} · ${factToken('workshopPlace')} and online</p>` +
    `<div>${workshopBlock('cards', workshopCardsHtml(WORKSHOP_COURSES))}</div>` +
    `<div>${workshopBlock('syllabi', workshopSyllabiHtml(WORKSHOP_COURSES))}</div>` +
    `<p>Workshop date: <strong>${factToken('workshopDate')}</strong>.</p>`,
);

beforeAll(async () => {
  t = await startTestApp({ WEB_DIR: webDir });
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
});

const send = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: editor.auth, ...(payload ? { payload } : {}) });
const html = async (url: string) => (await t.app.inject({ url })).body;
/** The page once it shows `text`: the pages are rendered again off the event loop after a change (decision 0050). */
async function pageShowing(url: string, text: string): Promise<string> {
  const until = Date.now() + 10_000;
  let body = '';
  while (Date.now() < until) {
    body = await html(url);
    if (body.includes(text)) return body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} never showed ${text}:\n${body}`);
}
const { importantDates: _, ...facts } = CONFERENCE_FACTS_DEFAULTS;

describe('important dates', () => {
  test("a new install prints the first edition's dates exactly as before", async () => {
    const home = await pageShowing('/', '31 October 2023');
    expect(home).toContain(
      '<div><dt>Final paper submission</dt><dd>31 October 2023</dd></div><div><dt>Acceptance notification</dt><dd>15 November 2023</dd></div>' +
        '<div><dt>CRC and registration</dt><dd>30 November 2023</dd></div>',
    );
    const editorView = (await send('GET', '/api/editor/conference')).json();
    expect(editorView.facts.importantDates[0]).toEqual({ label: 'Final paper submission', date: '2023-10-31' });
    expect(editorView.deadlines).toEqual({ submission: null, bidding: null, review: null, discussion: null, cameraReady: null });
  });

  test('a free-text date is refused with a clear message, and nothing is saved', async () => {
    const res = await send('PUT', '/api/editor/conference', {
      ...facts,
      importantDates: [{ label: 'Submission', date: 'End of October' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('The important date "End of October" is not a date');
    const both = await send('PUT', '/api/editor/conference', {
      ...facts,
      importantDates: [{ label: 'Submission', date: '2026-10-31', deadline: 'submission' }],
    });
    expect(both.statusCode).toBe(400);
    const unknown = await send('PUT', '/api/editor/conference', { ...facts, importantDates: [{ label: 'x', deadline: 'lunch' }] });
    expect(unknown.statusCode).toBe(400);
    const missing = await send('PUT', '/api/editor/conference', { ...facts, importantDates: [{ label: 'x', date: '2026-02-30' }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('is not a date that exists');
    expect((await send('GET', '/api/editor/conference')).json().facts.importantDates[0].date).toBe('2023-10-31');
  });

  test("a date that follows the submission deadline prints it on / and /submissions, and follows the settings' changes", async () => {
    const saved = await send('PUT', '/api/editor/conference', {
      ...facts,
      importantDates: [
        { label: 'Full paper submission', deadline: 'submission' },
        { label: 'Registration closes', date: '2026-12-01' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await pageShowing('/', '<dd>To be announced</dd>')).toContain('<dd>1 December 2026</dd>');

    // 23:59 in Bangkok on 31 October is 16:59 UTC.
    const set = await send('PUT', '/api/editor/settings', { submissionDeadline: '2026-10-31T16:59:00.000Z' });
    expect(set.statusCode, set.body).toBe(200);
    expect(await pageShowing('/', '<dt>Full paper submission</dt><dd>31 October 2026</dd>')).not.toContain('To be announced');
    await pageShowing('/submissions', '<dt>Full paper submission</dt><dd>31 October 2026</dd>');
    const pub = (await t.app.inject({ url: '/api/conference' })).json();
    expect(pub.shownImportantDates).toEqual([
      { label: 'Full paper submission', date: '31 October 2026' },
      { label: 'Registration closes', date: '1 December 2026' },
    ]);
    expect((await send('GET', '/api/editor/conference')).json().deadlines.submission).toBe('2026-10-31T16:59:00.000Z');

    await send('PUT', '/api/editor/settings', { submissionDeadline: '2026-11-07T16:59:00.000Z' });
    await pageShowing('/submissions', '<dd>7 November 2026</dd>');
  });

  test('facts stored with free-text dates still load: a date becomes a day, other text is shown as it is', async () => {
    const old = {
      ...facts,
      importantDates: [
        { label: 'Abstracts', date: '1 May 2027' },
        { label: 'Posters', date: 'Soon' },
      ],
    };
    await t.app.database.db.execute(
      sql`update settings set conference = ${JSON.stringify(old)}::jsonb, conference_updated_at = now() + interval '1 second' where id = 1`,
    );
    await t.app.conference.refresh(t.app.database.db);
    const got = (await send('GET', '/api/editor/conference')).json();
    expect(got.facts.importantDates).toEqual([
      { label: 'Abstracts', date: '2027-05-01' },
      { label: 'Posters', text: 'Soon' },
    ]);
    const home = await pageShowing('/', '<dd>Soon</dd>');
    expect(home).toContain('<dt>Abstracts</dt><dd>1 May 2027</dd>');
  });
});

describe('the technical workshop page', () => {
  test("a fresh install shows the four courses and the workshop's day, as before", async () => {
    const body = await pageShowing('/technical-workshop', 'Workshop date: <strong>30 December 2022</strong>');
    expect(body).toContain('30 December 2022 · Sample Beach Resort, Pattaya, Thailand and online');
    for (const c of WORKSHOP_COURSES) {
      expect(body).toContain(`href="#${c.id}"`);
      expect(body).toContain(`<section id="${c.id}"`);
    }
    expect(body).not.toContain('\u27E6');
  });

  test("an added course shows by its title on the page and in the editor's lists; the days and venue follow the settings", async () => {
    const added = await send('POST', '/api/editor/workshops/courses', {
      id: 'robotics',
      title: 'Robotics for Beginners',
      date: '2027-01-06',
      seats: 12,
      feeUsdMinor: 5_000,
    });
    expect(added.statusCode, added.body).toBe(201);
    const body = await pageShowing('/technical-workshop', 'Robotics for Beginners');
    expect(body).toContain('href="#robotics"');
    expect(body).toContain('<span class="text-xs font-semibold uppercase tracking-widest text-brand-600">Course 5</span>');
    expect(body).toContain('12 seats · USD 50.00');
    expect(body).toContain('data-workshop-status="robotics"');

    const days = await send('PUT', '/api/editor/workshops/details', {
      firstDay: '2027-01-05',
      lastDay: '2027-01-06',
      venue: 'Hall B, Pune',
    });
    expect(days.statusCode, days.body).toBe(200);
    const moved = await pageShowing('/technical-workshop', 'Workshop date: <strong>5–6 January 2027</strong>');
    expect(moved).toContain('5–6 January 2027 · Hall B, Pune and online');

    await t.app.database.db.insert(registrations).values({
      id: newId(),
      code: newDocumentCode(),
      year: 2027,
      name: 'Rana Robot',
      email: 'rana@example.org',
      affiliation: 'Institute',
      category: 'workshop-robotics',
      currency: 'USD',
      listMinor: 5_000,
      amountMinor: 5_000,
      status: 'paid',
      paidAt: new Date(),
    });
    const list = (await send('GET', '/api/editor/attendees')).json() as { attendees: Array<{ name: string; categoryLabel: string }> };
    expect(list.attendees.find((a) => a.name === 'Rana Robot')?.categoryLabel).toBe('Technical workshop: Robotics for Beginners');
    const csv = (await send('GET', '/api/editor/attendees.csv')).body;
    expect(csv).toContain('Technical workshop: Robotics for Beginners');
    expect(csv).not.toContain('"workshop-robotics","workshop-robotics"');
  });
});
