import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { multipart, pdfBytes } from '../support/multipart';
import { checkAccessibility, DESKTOP, launchBrowser, logInInBrowser, ownDatabase, PHONE, signUpInBrowser, startOwnServer } from './browser';

/**
 * Decisions 0017 and 0052 on a server of its own (its first Editor may sign up): the editor builds a two-session draft,
 * edits a session in place, sees a warning and the confirmation that lists it, and publishes; a visitor in New York
 * sees nothing before the publication, then reads it in Bangkok time and in their own, and downloads a session's
 * calendar file. Axe-clean at 390 and 1280 px; screenshots when PROGRAM_SHOTS names a folder.
 */
let browser: Browser;
let server: Awaited<ReturnType<typeof startOwnServer>>;
const SHOTS = process.env.PROGRAM_SHOTS;
const stamp = Date.now().toString(36);

async function submit(token: string, title: string): Promise<string> {
  const { payload, contentType } = await multipart([
    ['title', title],
    ['abstract', 'An abstract.'],
    ['keywords', 'AI'],
    ['file', pdfBytes(title), 'p.pdf'],
  ]);
  const res = await fetch(`${server.url}/api/author/new-paper`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    body: new Uint8Array(payload),
  });
  if (res.status !== 201) throw new Error(`submit ${res.status} ${await res.text()}`);
  return ((await res.json()) as { paper: { _id: string } }).paper._id;
}

/**
 * Record the papers as accepted and the decision as sent in the server's own embedded database (papers.decision and
 * notified_decision, as the review cycle stores them): the decision screen is another journey's.
 */
async function accept(ids: string[]) {
  const port = readFileSync(path.join(server.dataDir, 'pg', 'postmaster.pid'), 'utf8')
    .split('\n')[3]!
    .trim();
  const password = readFileSync(path.join(server.dataDir, 'pg-password'), 'utf8').trim();
  const client = new pg.Client({ connectionString: `postgres://imse:${encodeURIComponent(password)}@127.0.0.1:${port}/imse` });
  await client.connect();
  try {
    // Released to the authors too (notified_decision): only then has a paper its public page (decision 0061).
    await client.query(`update papers set decision = 'Accepted', notified_decision = 'Accepted', notified_at = now() where id = any($1)`, [
      ids,
    ]);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  server = await startOwnServer();
  browser = await launchBrowser();
  const res = await fetch(`${server.url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Ada Presenter',
      email: `ada.${stamp}@lab.example`,
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      role: 'Author',
    }),
  });
  const { token } = (await res.json()) as { token: string };
  await accept([await submit(token, 'Graphene in Sea Water'), await submit(token, 'Sparse Solvers at Scale')]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function addSession(page: Page, s: { title: string; track: string; room: string; link?: string; start: string; end: string }) {
  const form = page.getByRole('form', { name: 'New session' });
  await form.getByLabel('Title').fill(s.title);
  await form.getByLabel('Track').selectOption(s.track);
  await form.getByLabel('Room').fill(s.room);
  if (s.link) await form.getByLabel(/^Online link/).fill(s.link);
  await form.getByLabel('Start').fill(s.start);
  await form.getByLabel('End').fill(s.end);
  await form.getByRole('button', { name: 'Add session' }).click();
  await page.getByRole('heading', { name: s.title, level: 3 }).waitFor();
}

async function place(page: Page, session: string, paper: string) {
  const card = page.getByTestId('editor-session').filter({ has: page.getByRole('heading', { name: session }) });
  await card.getByLabel('Add an accepted paper').selectOption({ label: paper });
  await card.getByRole('button', { name: 'Add paper' }).click();
  await card.getByRole('button', { name: /^Save papers/ }).click();
  await card.getByRole('status').filter({ hasText: 'Papers saved' }).waitFor();
}

async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

async function editSession(page: Page, session: string, fields: { start: string; end: string }) {
  const card = page.getByTestId('editor-session').filter({ has: page.getByRole('heading', { name: session }) });
  await card.getByRole('button', { name: `Edit session ${session}` }).click();
  const form = card.getByRole('form', { name: `Edit session ${session}` });
  await form.getByLabel('Start').fill(fields.start);
  await form.getByLabel('End').fill(fields.end);
  await form.getByRole('button', { name: /^Save session/ }).click();
  await card.getByRole('status').filter({ hasText: 'Session saved' }).waitFor();
}

test("the editor builds a draft, sees a warning, publishes; the visitor sees only the published programme in Bangkok time and their own; a session's calendar file downloads", async () => {
  const editorContext = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
  const page = await editorContext.newPage();
  await signUpInBrowser(page, { role: 'Editor', email: `chair.${stamp}@chair.example`, name: 'Chair' });
  await page.getByRole('link', { name: 'Programme' }).click();
  await page.getByRole('heading', { name: 'Programme', level: 1 }).waitFor();
  await page.getByText('Not published yet: visitors see no programme.').waitFor();

  await addSession(page, {
    title: 'Materials I',
    track: 'Science and Materials',
    room: 'Room A',
    start: '2023-12-27T09:00',
    end: '2023-12-27T10:30',
  });
  await addSession(page, {
    title: 'Computing I',
    track: 'Computer Science and Applications',
    room: '',
    link: 'https://meet.example.org/computing-1',
    start: '2023-12-27T11:00',
    end: '2023-12-27T12:00',
  });
  const warnings = page.getByTestId('program-warnings');
  await expect.poll(() => warnings.textContent()).toContain('Accepted paper "Graphene in Sea Water" is in no session');

  await place(page, 'Materials I', 'Graphene in Sea Water');
  await place(page, 'Computing I', 'Sparse Solvers at Scale');
  await page.getByText('No warnings: no clashes, every accepted paper is placed.').waitFor();

  // Nothing is public before the editor publishes.
  const visitorContext = await browser.newContext({
    viewport: PHONE,
    baseURL: server.url,
    timezoneId: 'America/New_York',
    acceptDownloads: true,
  });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/program');
  await visitor.getByText('The programme will be published here soon.').waitFor();

  // An edit moves a session outside the conference's dates: a warning, and Publish asks first, listing it.
  await editSession(page, 'Computing I', { start: '2023-12-30T11:00', end: '2023-12-30T12:00' });
  await expect.poll(() => warnings.textContent()).toContain('"Computing I" is outside the conference dates');
  await page.getByRole('button', { name: 'Publish the programme' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Publish with 1 warning?' });
  await expect.poll(() => confirm.textContent()).toContain('"Computing I" is outside the conference dates');
  await checkAccessibility(page, 'editor programme with the publish confirmation', {
    sizes: [DESKTOP, PHONE],
    shot: (w) => shoot(page, `editor-program-confirm-${w}`),
  });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await editSession(page, 'Computing I', { start: '2023-12-27T11:00', end: '2023-12-27T12:00' });
  await page.getByText('No warnings: no clashes, every accepted paper is placed.').waitFor();
  await page.getByRole('button', { name: 'Publish the programme' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /^Programme published: 2 sessions; / })
    .waitFor();
  await expect
    .poll(() => page.getByTestId('program-state').textContent())
    .toMatch(/^Published on .* \(2 sessions\) · the draft is what visitors see$/);
  await checkAccessibility(page, 'editor programme, published', {
    sizes: [DESKTOP, PHONE],
    shot: (w) => shoot(page, `editor-program-${w}`),
  });

  await visitor.goto('/');
  await visitor.getByRole('link', { name: 'See the conference programme' }).click();
  const sessions = visitor.getByTestId('program-session');
  await expect.poll(() => sessions.count()).toBe(2);
  await visitor.getByRole('heading', { name: 'Wednesday, 27 December 2023', level: 2 }).waitFor();
  await expect.poll(() => sessions.first().getByRole('heading').textContent()).toBe('09:00–10:30 Materials I');
  await expect.poll(() => sessions.first().textContent()).toContain('Graphene in Sea Water — Ada Presenter');
  // A visitor sees that Computing I is online, and is asked to log in for its link; the address is not on the page.
  await expect.poll(() => sessions.nth(1).textContent()).toContain('Online — link for registered participants');
  expect(await visitor.content()).not.toContain('meet.example.org');
  await visitor.getByRole('link', { name: 'Programme (PDF)' }).waitFor();
  await visitor.getByRole('link', { name: 'Abstract book (PDF)' }).waitFor();
  await checkAccessibility(visitor, 'public programme', { sizes: [PHONE, DESKTOP], shot: (w) => shoot(visitor, `program-${w}`) });

  // A later draft edit stays out of the public page until the next publication.
  await editSession(page, 'Materials I', { start: '2023-12-27T08:00', end: '2023-12-27T09:30' });
  await expect.poll(() => page.getByTestId('program-state').textContent()).toContain('the draft has changes not yet published');
  await visitor.reload();
  await expect.poll(() => sessions.first().getByRole('heading').textContent()).toBe('09:00–10:30 Materials I');

  await visitor.getByRole('button', { name: 'Show my time zone' }).click();
  await visitor.getByRole('heading', { name: 'Tuesday, 26 December 2023', level: 2 }).waitFor();
  await expect.poll(() => sessions.first().getByRole('heading').textContent()).toBe('21:00–22:30 Materials I');
  await expect.poll(() => sessions.nth(1).getByRole('heading').textContent()).toBe('23:00–00:00 Computing I');
  await visitor.getByRole('button', { name: 'Show Bangkok time' }).click();

  await visitor.getByLabel('Track').selectOption('Computer Science and Applications');
  await expect.poll(() => sessions.count()).toBe(1);
  const [download] = await Promise.all([
    visitor.waitForEvent('download'),
    sessions.first().getByRole('link', { name: 'Add to calendar: Computing I' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^imse-session-[0-9a-f]{24}\.ics$/);
  const ics = readFileSync((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain('SUMMARY:Computing I');
  expect(ics).toContain('DTSTART:20231227T040000Z');
  await editorContext.close();
  await visitorContext.close();
});

test('a registered participant (verified address, paid registration) sees "Join online" on the online session', async () => {
  const db = ownDatabase(server.dataDir);
  await db.connect();
  try {
    const email = `ada.${stamp}@lab.example`;
    await db.query('update users set email_verified_at = now() where lower(email) = $1', [email]);
    await db.query(
      `insert into registrations (id, code, year, name, email, category, currency, list_minor, amount_minor, status, paid_at)
      values ($1, $2, 2026, 'Ada Presenter', $3, 'attending', 'USD', 25000, 25000, 'paid', now())`,
      ['e2e0000000000000000000' + stamp.slice(-2).padStart(2, '0'), `E2E${stamp}`.toUpperCase().slice(0, 19), email],
    );
  } finally {
    await db.end();
  }
  const context = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const page = await context.newPage();
  await logInInBrowser(page, { role: 'Author', email: `ada.${stamp}@lab.example` });
  await page.goto('/program');
  const session = page.getByTestId('program-session').filter({ hasText: 'Computing I' });
  const join = session.getByRole('link', { name: /^Join online/ });
  await join.waitFor();
  expect(await join.getAttribute('href')).toBe('https://meet.example.org/computing-1');
  await checkAccessibility(page, 'public programme, signed in and registered', {
    sizes: [PHONE, DESKTOP],
    shot: (w) => shoot(page, `program-registered-${w}`),
  });
  await context.close();
});

test("a visitor follows a paper's title from the programme to its page, which loads no script, and comes back", async () => {
  const context = await browser.newContext({ viewport: PHONE, baseURL: server.url, javaScriptEnabled: true });
  const page = await context.newPage();
  await page.goto('/program');
  const title = page.getByTestId('program-session').getByRole('link', { name: 'Graphene in Sea Water' });
  expect(await title.getAttribute('href')).toMatch(/^\/papers\/[0-9a-f]{24}$/);
  await title.click();
  await page.getByRole('heading', { name: 'Graphene in Sea Water', level: 1 }).waitFor();
  await page.getByText('Ada Presenter').waitFor();
  await page.getByText(/Materials I.*09:00–10:30 \(Bangkok time, UTC\+7\), Room A/s).waitFor();
  expect(await page.locator('script').count()).toBe(0);
  await checkAccessibility(page, 'paper page', { sizes: [PHONE, DESKTOP], shot: (w) => shoot(page, `paper-page-${w}`) });
  await page.getByRole('link', { name: 'Back to the programme' }).click();
  await page.getByTestId('program-session').first().waitFor();
  await context.close();
});
