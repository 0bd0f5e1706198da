import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import type { ServerProcess } from '../support/server-process';
import { mailText, startSmtpListener } from '../support/smtp';
import { DESKTOP, launchBrowser, logInInBrowser, ownDatabase, PHONE, screenChecker, startOwnServer } from './browser';
import { PASSWORD, serverApi } from './server-api';

/**
 * Decision 0071 in the browser, on a server of its own with a real SMTP listener: a reviewer signed in on two browsers
 * ends the other's session from the Sessions screen, and that tab is signed out on its next step; an attendee
 * downloads her data through the mailed link and erases her account: her receipt stays on the organiser's screen under
 * a pseudonym, and nothing else of hers remains. The screens (and the editor's retention settings) axe-clean at 390 and
 * 1280 px.
 */
let browser: Browser;
let server: ServerProcess & { dataDir: string };
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
const stamp = Date.now().toString(36);
const EDITOR = `sessions-editor-${stamp}@e2e.example.org`;
const REVIEWER = `ravi@uni-s-${stamp}.example`;
const ATTENDEE = { name: 'Anna Attendee', email: `anna@uni-a-${stamp}.example` };
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const checkScreen = screenChecker({
  sizes: [PHONE, DESKTOP],
  shots: process.env.E2E_SHOTS,
  prefix: 'sessions-and-data-',
  toastsGone: true,
});

const { call, signup } = serverApi(() => server.url);
let editorToken: string;
let registrationId: string;
let receiptNumber: string;

beforeAll(async () => {
  smtp = await startSmtpListener();
  server = await startOwnServer({ SMTP_URL: smtp.url, EDITOR_EMAILS: EDITOR });
  browser = await launchBrowser();
  editorToken = (await signup('Editor', 'Desk Editor', EDITOR)).token;
  await signup('Reviewer', 'Ravi Reviewer', REVIEWER, ['Robotics']);
  await signup('Author', ATTENDEE.name, ATTENDEE.email);
  // The organiser registers her and records her bank transfer: a receipt is issued.
  const reg = await call<{ registration: { id: string; amountMinor: number } }>('POST', '/api/editor/registrations', editorToken, {
    name: ATTENDEE.name,
    email: ATTENDEE.email,
    affiliation: 'Attendee University',
    country: 'TH',
    category: 'attending',
    currency: 'USD',
  });
  registrationId = reg.registration.id;
  const paid = await call<{ registration: { receipts: Array<{ number: string }> } }>(
    'POST',
    `/api/editor/registrations/${registrationId}/bank-transfers`,
    editorToken,
    { reference: 'REF-ANNA', paidOn: '2026-01-10', amountMinor: reg.registration.amountMinor, currency: 'USD' },
  );
  receiptNumber = paid.registration.receipts[0]!.number;
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function signedIn(role: 'Author' | 'Editor' | 'Reviewer', email: string, userAgent?: string) {
  const context = await browser.newContext({
    viewport: DESKTOP,
    baseURL: server.url,
    bypassCSP: true,
    ...(userAgent ? { userAgent } : {}),
  });
  const page = await context.newPage();
  await logInInBrowser(page, { role, email });
  return { context, page };
}

const sessionItems = (page: Page) => page.getByRole('list', { name: 'Your sessions' }).getByRole('listitem');

test('a reviewer signed in on two browsers ends the other session, and that tab is signed out', async () => {
  const laptop = await signedIn('Reviewer', REVIEWER);
  const other = await signedIn('Reviewer', REVIEWER, FIREFOX);
  await laptop.page.getByRole('link', { name: 'Sessions', exact: true }).click();
  await laptop.page.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor();
  // The sign-up's session, this browser and the other one.
  await expect.poll(() => sessionItems(laptop.page).count()).toBe(3);
  const mine = laptop.page.getByRole('listitem', { name: /, this device$/ });
  expect(await mine.textContent()).toContain('This device');
  const firefox = laptop.page.getByRole('listitem', { name: 'Firefox on Windows' });
  expect(await firefox.textContent()).toMatch(/Address\s*127\.0\.0\.1/);
  await checkScreen(laptop.page, 'sessions');

  await firefox.getByRole('button', { name: 'End session' }).click();
  await laptop.page.getByText('Session ended').first().waitFor();
  await expect.poll(() => sessionItems(laptop.page).count()).toBe(2);

  // The other browser's next step asks the server, which refuses the ended session: it is signed out.
  await other.page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await other.page.waitForURL('**/login?reason=login');
  await other.page.getByText('Please login first').first().waitFor();
  expect(await other.page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // Ending all the others leaves this one.
  await laptop.page.getByRole('button', { name: 'End all other sessions' }).click();
  await laptop.page.getByText('1 other session ended').first().waitFor();
  await expect.poll(() => sessionItems(laptop.page).count()).toBe(1);
  await laptop.page.getByText('You are not signed in anywhere else.').waitFor();
  await laptop.context.close();
  await other.context.close();
}, 120_000);

test('an attendee downloads her data through the mailed link, then erases her account; her receipt stays for the organiser', async () => {
  const { context, page } = await signedIn('Author', ATTENDEE.email);
  await page.getByRole('link', { name: 'Your data', exact: true }).click();
  await page.getByRole('heading', { name: 'Your data', level: 1 }).waitFor();
  const kept = page.getByRole('region', { name: 'Kept and anonymised' });
  await kept.getByText(/1 receipt as issued/).waitFor();
  await page
    .getByRole('region', { name: 'Deleted' })
    .getByText(/^Your profile/)
    .waitFor();
  await checkScreen(page, 'your-data');

  await page.getByRole('button', { name: 'Mail me a download link' }).click();
  await page.getByText('We are gathering your data. We will mail you a link to download it when it is ready.').first().waitFor();
  const linkIn = () =>
    smtp.mails
      .filter((m) => m.to.includes(ATTENDEE.email))
      .map((m) => /https?:\/\/\S+(\/account\/data\?download=[A-Za-z0-9_-]{43})/.exec(mailText(m))?.[1])
      .find(Boolean);
  await expect.poll(linkIn, { timeout: 30_000 }).toBeTruthy();
  await page.goto(linkIn()!);
  await page.getByRole('heading', { name: 'Your download is ready' }).waitFor();
  await checkScreen(page, 'your-data-download');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data (zip)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d\d-\d\d\.zip$/);
  const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  expect(JSON.parse(strFromU8(zip['profile.json']!))).toMatchObject({ name: ATTENDEE.name, email: ATTENDEE.email });
  expect(JSON.parse(strFromU8(zip['registrations.json']!)).registrations).toHaveLength(1);
  await page.getByText('Your data has been downloaded.').waitFor();

  // Erase: the password confirms it.
  await page.getByLabel('Your password, to confirm').fill('not my password');
  await page.getByRole('button', { name: 'Erase my account' }).click();
  await page.getByText('That is not your password: nothing was erased').waitFor();
  await page.getByLabel('Your password, to confirm').fill(PASSWORD);
  await page.getByRole('button', { name: 'Erase my account' }).click();
  await page.waitForURL('**/login?reason=erased');
  await page.getByText('Your account has been erased.').waitFor();
  await context.close();

  // The organiser still has her receipt, on a registration that no longer names her.
  const desk = await signedIn('Editor', EDITOR);
  await desk.page.goto(`/editor/registrations/${registrationId}`);
  await desk.page.getByText(receiptNumber).first().waitFor();
  expect(await desk.page.locator('main').textContent()).not.toContain(ATTENDEE.email);
  await desk.context.close();

  // Nothing else of hers remains.
  const db = ownDatabase(server.dataDir);
  await db.connect();
  try {
    const { rows } = await db.query(
      `select (select count(*) from users where lower(email) = $1 or name = $2)::int as users,
        (select count(*) from registrations_all where lower(email) = $1 or name = $2)::int as registrations,
        (select count(*) from payments_all where lower(email) = $1 or name = $2)::int as payments,
        (select count(*) from mail_log_all where lower("to") = $1)::int as mail_log,
        (select count(*) from mail_queue_all where lower("to") = $1)::int as mail_queue,
        (select count(*) from receipts_all where registration_id = $3)::int as receipts`,
      [ATTENDEE.email, ATTENDEE.name, registrationId],
    );
    expect(rows[0]).toEqual({ users: 0, registrations: 0, payments: 0, mail_log: 0, mail_queue: 0, receipts: 1 });
  } finally {
    await db.end();
  }
  // And she cannot sign in.
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ATTENDEE.email, password: PASSWORD, role: 'Author' }),
  });
  expect(login.status).toBe(401);
}, 180_000);

test('the editor sets how long each kind of data is kept after an edition closes', async () => {
  const { context, page } = await signedIn('Editor', EDITOR);
  await page.goto('/editor/dashboard');
  await page.getByRole('link', { name: 'Data retention' }).click();
  await page.getByRole('heading', { name: 'Data retention', level: 1 }).waitFor();
  await page.getByText('No edition has closed yet: nothing is removed.').waitFor();
  await page.getByLabel('Mails').fill('730');
  await page.getByLabel('Audit entries').fill('-3');
  await page.getByRole('button', { name: 'Save retention' }).click();
  await page.getByText('Days cannot be negative').waitFor();
  await page.getByLabel('Audit entries').fill('');
  await page.getByRole('button', { name: 'Save retention' }).click();
  await page.getByText('Retention saved').first().waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'Data retention', level: 1 }).waitFor();
  expect(await page.getByLabel('Mails').inputValue()).toBe('730');
  expect(await page.getByLabel('Audit entries').inputValue()).toBe('');
  await checkScreen(page, 'retention');
  await context.close();
}, 120_000);
