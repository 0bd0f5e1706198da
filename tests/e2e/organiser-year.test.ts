import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { multipart, pdfBytes } from '../support/multipart';
import { mailText, startSmtpListener } from '../support/smtp';
import { pdfText } from '../support/pdf-text';
import { DESKTOP, launchBrowser, ownDatabase, pageOpener, PHONE, screenChecker, startOwnServer } from './browser';
import { serverApi } from './server-api';

/**
 * An organiser's year without a developer (decisions 0060–0066), on a fresh install of its own with a real SMTP
 * listener: the dashboard's first steps; the real facts, a committee member, the workshop's new date (on the public
 * page and in a participant's certificate), a keynote slot and a page in the menu, all through the screens; a small
 * edition run to a published programme and an award; the next edition opened carrying the tracks and the review form;
 * and last year's programme, paper page and winner still on the public site while the new edition's lists are empty.
 * Every screen at 390 and 1280 px, axe-clean.
 */
let browser: Browser;
let server: ServerProcess & { dataDir: string };
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
const stamp = Date.now().toString(36);
const EDITOR = `year-editor-${stamp}@e2e.example.org`;
const AUTHOR = `year-author-${stamp}@uni-a.example`;
const PARTICIPANT = `year-participant-${stamp}@uni-p.example`;
const NOMINEE = { name: 'Dr Somchai Rattanakul', email: `somchai-${stamp}@uni-n.example` };
const TITLE = 'Mangrove Restoration Measured from Orbit';

const { call, signup, submit, verifyByMail } = serverApi(() => server.url);
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email.toLowerCase())).map(mailText);
let editorToken: string;
let authorToken: string;

beforeAll(async () => {
  smtp = await startSmtpListener();
  server = await startOwnServer({ SMTP_URL: smtp.url, EDITOR_EMAILS: EDITOR });
  browser = await launchBrowser();
  editorToken = (await signup('Editor', 'Orla Organiser', EDITOR)).token;
  await verifyByMail(EDITOR, mailsTo);
  authorToken = (await signup('Author', 'Ananya Author', AUTHOR)).token;
  await verifyByMail(AUTHOR, mailsTo);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const open = pageOpener({ browser: () => browser, baseURL: () => server.url });
const checkScreen = screenChecker({ sizes: [PHONE, DESKTOP], shots: process.env.E2E_SHOTS, prefix: 'organiser-year-' });

test("an organiser's year: first steps, the site edited whole, a small edition run and closed, its record kept public", async () => {
  const { page } = await open({ viewport: PHONE, login: { role: 'Editor', email: EDITOR } });

  // A fresh install: the guide, the sample facts first.
  const steps = page.getByRole('region', { name: 'First steps' });
  await expect.poll(() => steps.getByRole('listitem').first().innerText()).toContain('Replace the sample conference facts');
  await checkScreen(page, 'guide');

  // The real facts: the venue everyone reads on the home page.
  await steps.getByRole('link', { name: 'Replace the sample conference facts' }).click();
  await page.waitForURL('**/editor/conference');
  await page.getByLabel('Venue', { exact: true }).fill('Riverside Convention Hall, Chiang Mai');
  await page.getByRole('button', { name: 'Save the conference settings' }).click();
  await page.getByRole('status').getByText('Saved. The public pages show the new facts now.').waitFor();

  // The committee: a general chair.
  await page.goto('/editor/site');
  const addMember = page.getByRole('form', { name: 'Add member' });
  await addMember.getByLabel('Section').fill('General Chairs');
  await addMember.getByLabel('Name').fill('Wanjiru Kamau');
  await addMember.getByLabel('Role').fill('General Chair');
  await addMember.getByLabel('Affiliation').fill('University of Nairobi');
  await addMember.getByLabel('Country').fill('Kenya');
  await addMember.getByRole('button', { name: 'Add member' }).click();
  await page.getByText('Wanjiru Kamau').first().waitFor();

  // A page in the menu.
  const addPage = page.getByRole('form', { name: 'Add a page' });
  await addPage.getByLabel('Title').fill('Venue guide');
  await addPage.getByLabel('Address').fill('venue-guide');
  await addPage.getByLabel('Text (Markdown)').fill('## Getting there\n\nTake the **airport bus** to the river. <script>alert(1)</script>');
  await addPage.getByRole('button', { name: 'Preview' }).click();
  await addPage.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Getting there', level: 2 }).waitFor();
  await addPage.getByLabel('Published').check();
  await addPage.getByLabel('In the menu').check();
  await addPage.getByRole('button', { name: 'Add page' }).click();
  await page.getByRole('list', { name: 'Pages' }).getByRole('link', { name: '/venue-guide' }).waitFor();
  await checkScreen(page, 'site');

  // The workshop moves to a new day.
  await page.goto('/editor/workshops');
  const days = page.getByRole('form', { name: "The workshop's days and venue" });
  await days.getByLabel('First day').fill('2027-01-08');
  await days.getByLabel('Last day').fill('2027-01-08');
  await days.getByRole('button').click();
  await page.getByRole('button', { name: 'Edit Internet of Things' }).click();
  const iot = page.getByRole('form', { name: 'Edit Internet of Things' });
  await iot.getByLabel('Date').fill('2027-01-08');
  await iot.getByRole('button').click();
  await expect
    .poll(
      async () =>
        (await call<{ courses: { id: string; date: string }[] }>('GET', '/api/editor/workshops', editorToken)).courses.find(
          (c) => c.id === 'internet-of-things',
        )?.date,
    )
    .toBe('2027-01-08');

  // A keynote slot in the timetable.
  await page.goto('/editor/program');
  const session = page.getByRole('form', { name: 'New session' });
  await session.getByLabel('Title').fill('Opening keynote: rivers and cities');
  await session.getByLabel('Kind').selectOption({ label: 'Keynote (no papers)' });
  await session.getByLabel('Room').fill('Main hall');
  await session.getByLabel('Start').fill('2026-12-27T08:00');
  await session.getByLabel('End').fill('2026-12-27T09:00');
  await session.getByRole('button', { name: 'Add session' }).click();
  await page.getByText('Opening keynote: rivers and cities').first().waitFor();

  // A small edition: one paper accepted and released, placed in a published session; one award decided.
  const paperId = await submit(authorToken, TITLE, { abstract: 'Satellite images of ten estuaries over twenty years.' });
  await call('PUT', `/api/editor/papers/${paperId}/decision`, editorToken, { decision: 'Accepted' });
  await call('POST', '/api/editor/notify', editorToken, { paperIds: [paperId] });
  const papers = await call<{ _id: string }>('POST', '/api/editor/program/sessions', editorToken, {
    title: 'Coasts and forests',
    kind: 'papers',
    track: 'Science and Materials',
    room: 'Room B',
    start: '2026-12-27T09:30:00.000Z',
    end: '2026-12-27T10:30:00.000Z',
  });
  await call('PUT', `/api/editor/program/sessions/${papers._id}/papers`, editorToken, { papers: [{ paperId, presenterEmail: AUTHOR }] });
  await call('POST', '/api/editor/program/publish', editorToken, { acknowledgeWarnings: true });
  const nomination = await nominate();
  await call('POST', `/api/award-panel/nominations/${nomination}/decision`, editorToken, { decision: 'awarded' });

  // A participant who came to the moved course: the certificate prints its new day.
  const participant = await signup('Author', 'Pita Participant', PARTICIPANT);
  await verifyByMail(PARTICIPANT, mailsTo);
  const db = ownDatabase(server.dataDir);
  await db.connect();
  try {
    await db.query(
      `insert into registrations (id, code, year, name, email, user_id, affiliation, category, currency, list_minor, amount_minor, status, paid_at, checked_in_at)
       values ($1, $2, 2026, 'Pita Participant', $3, $4, 'Institute', 'workshop-internet-of-things', 'USD', 10000, 10000, 'paid', now(), now())`,
      ['a'.repeat(24), `W${stamp}`.slice(0, 12).toUpperCase(), PARTICIPANT, participant.user._id],
    );
  } finally {
    await db.end();
  }
  await call('POST', '/api/editor/certificates', editorToken, {});
  const mine = await call<{ certificates: { code: string; kind: string }[] }>('GET', '/api/me/certificates', participant.token);
  const workshopCert = mine.certificates.find((c) => c.kind === 'workshop')!;
  const certificate = await fetch(`${server.url}/api/me/certificates/${workshopCert.code}.pdf`, {
    headers: { authorization: `Bearer ${participant.token}` },
  });
  const certText = await pdfText(Buffer.from(await certificate.arrayBuffer()));
  expect(certText).toContain('8 January 2027');
  expect(certText).not.toContain('30 December 2022');

  // The public site, as a visitor reads it.
  const visitor = (await open({ viewport: PHONE })).page;
  await visitor.goto('/');
  await visitor.getByText('Riverside Convention Hall, Chiang Mai').first().waitFor();
  await visitor.goto('/committee');
  await visitor.getByText('Wanjiru Kamau').waitFor();
  await visitor.goto('/technical-workshop');
  await visitor.getByText('8 January 2027').first().waitFor();
  expect(await visitor.content()).not.toContain('30 December 2022');
  await visitor.goto('/');
  await visitor.getByRole('button', { name: 'Open menu' }).click();
  await visitor.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Venue guide' }).click();
  await visitor.waitForURL('**/venue-guide');
  await visitor.getByRole('heading', { name: 'Getting there', level: 2 }).waitFor();
  expect(await visitor.content()).not.toContain('<script>alert(1)');
  await checkScreen(visitor, 'page');
  await visitor.goto('/program');
  await visitor.getByText('Opening keynote: rivers and cities').first().waitFor();
  await visitor.getByRole('link', { name: TITLE }).first().waitFor();

  // The next edition, carrying the tracks and the review form.
  await page.goto('/editor/editions');
  await page.getByLabel('Tracks and their topics').check();
  await page.getByLabel('The review form').check();
  await page.getByRole('button', { name: 'Open the next edition…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Open the 2027 edition' }).click();
  await page.getByText('The 2027 edition is open; the 2026 edition is kept as a read-only record.').waitFor();

  // Last year's record stays public; this year's lists are empty.
  await visitor.goto('/editions/2026');
  await visitor.getByRole('heading', { name: 'Accepted papers' }).waitFor();
  await visitor.getByText('Coasts and forests').first().waitFor();
  await visitor.getByText(NOMINEE.name).first().waitFor();
  await visitor.getByRole('link', { name: TITLE }).first().click();
  await visitor.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
  await visitor.getByText('Ananya Author').first().waitFor();
  await checkScreen(visitor, 'record');
  await visitor.goto('/editions/2027');
  await visitor.getByText('No accepted paper has been announced for this edition.').waitFor();
  const program = await call<{ sessions: unknown[] }>('GET', '/api/program', null);
  expect(program.sessions).toEqual([]);
  const mineNow = await call<{ papers: unknown[] }>('GET', '/api/author/my-papers', authorToken);
  expect(mineNow.papers).toEqual([]);
  const tracks = await call<{ name: string }[]>('GET', '/api/tracks', null);
  expect(tracks.map((t) => t.name)).toContain('Science and Materials');
});

async function nominate(): Promise<string> {
  const { payload, contentType } = await multipart([
    ['nomineeName', NOMINEE.name],
    ['nomineeEmail', NOMINEE.email],
    ['designation', 'Professor'],
    ['affiliation', 'Chiang Mai University'],
    ['category', 'Best Researcher Award'],
    ['statement', 'Thirty years of river ecology.'],
    ['cv', pdfBytes('cv'), 'cv.pdf'],
  ]);
  const res = await fetch(`${server.url}/api/account/nominations`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: `Bearer ${authorToken}` },
    body: new Uint8Array(payload),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { nomination: { id: string } }).nomination.id;
}
