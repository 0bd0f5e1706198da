import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { newId } from '../../src/core/ids';
import { newDocumentCode } from '../../src/server/documents/codes';
import { checkAccessibility, DESKTOP, launchBrowser, ownDatabase, pageOpener, PHONE, startOwnServer, watchProblems } from './browser';
import { serverApi } from './server-api';
import { pdfText } from '../support/pdf-text';

/**
 * The registration desk (decision 0047): the editor opens the attendee list, downloads the badges, and at the door,
 * on a phone, checks a paid attendee in by typing the code from the badge; a second try says they arrived already;
 * an unpaid one is told to pay. Every screen axe-clean at 390 and 1280 px.
 */
let server: Awaited<ReturnType<typeof startOwnServer>>;
let browser: Browser;
const stamp = Date.now().toString(36);
const editorEmail = `desk.${stamp}@desk.example`;
const { signup } = serverApi(() => server.url);
const codes = { paid: newDocumentCode(), unpaid: newDocumentCode() };

beforeAll(async () => {
  server = await startOwnServer();
  browser = await launchBrowser();
  await signup('Editor', 'Desk Editor', editorEmail);
  // Registrations as the payment desk leaves them (registering and paying are other journeys').
  const db = ownDatabase(server.dataDir);
  await db.connect();
  const insert =
    'insert into registrations (id, code, year, name, email, affiliation, country, category, currency, list_minor, amount_minor, status, paid_at) values ($1, $2, 2026, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11)';
  await db.query(insert, [
    newId(),
    codes.paid,
    'Ana Núñez',
    `ana.${stamp}@uchile.example`,
    'Universidad de Chile',
    'CL',
    'academician-journal',
    'USD',
    35000,
    'paid',
    new Date(),
  ]);
  await db.query(insert, [
    newId(),
    codes.unpaid,
    'Pending Person',
    `pending.${stamp}@nowhere.example`,
    'Nowhere Institute',
    'TH',
    'attending',
    'INR',
    1850000,
    'pending',
    null,
  ]);
  await db.end();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = pageOpener({ browser: () => browser, baseURL: () => server.url, context: { bypassCSP: true, acceptDownloads: true } });

test('the editor opens the attendee list and downloads the badges PDF', async () => {
  const { context, page } = await open({ viewport: DESKTOP, login: { role: 'Editor', email: editorEmail } });
  const problems = watchProblems(page);
  await page.getByRole('link', { name: 'Attendees', exact: true }).click();
  await page.getByRole('heading', { name: 'Attendees' }).waitFor();
  const row = page.getByRole('row').filter({ hasText: 'Ana Núñez' });
  await row.getByText('Universidad de Chile').waitFor();
  await row.getByText('Paid', { exact: true }).waitFor();
  await page.getByRole('row').filter({ hasText: 'Pending Person' }).getByText('Not paid yet').waitFor();
  await checkAccessibility(page, 'attendee list', { sizes: [PHONE, DESKTOP] });

  await page.getByLabel('Payment and arrival').selectOption('pending');
  await page.getByRole('button', { name: 'Show' }).click();
  await page.getByText('1 registration match').waitFor();
  await expect.poll(() => page.getByRole('row').filter({ hasText: 'Ana Núñez' }).count()).toBe(0);
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await page.getByText('2 registrations.').waitFor();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Badges PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^badges-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = new Uint8Array(readFileSync((await download.path())!));
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  const text = await pdfText(bytes);
  expect(text).toContain('Ana Núñez');
  expect(text).toContain(codes.paid);
  expect(text).not.toContain('Pending Person'); // badges are for paid registrations unless a status is chosen
  expect(problems).toEqual([]);
  await context.close();
});

test('at the door on a phone: a typed code checks the attendee in once; again says already; unpaid is told to pay', async () => {
  const { context, page } = await open({ viewport: PHONE, login: { role: 'Editor', email: editorEmail } });
  await page.goto('/editor/check-in');
  const code = page.getByLabel('Registration code');
  await code.waitFor();
  await checkAccessibility(page, 'check-in (empty)', { sizes: [PHONE, DESKTOP] });

  // Typed as read from the badge: lower case, spaces for dashes.
  await code.fill(codes.paid.toLowerCase().replace(/-/g, ' '));
  await page.getByRole('button', { name: 'Check in' }).click();
  const card = page.getByRole('region', { name: /Checked in at \d\d:\d\d/ });
  await card.waitFor();
  await card.getByText('Ana Núñez').waitFor();
  await card.getByText('Universidad de Chile').waitFor();
  await card.getByText('With publication: Academician, non-SCOPUS journal').waitFor();
  expect(await code.inputValue()).toBe('');
  await checkAccessibility(page, 'check-in (arrived)', { sizes: [PHONE, DESKTOP] });

  await code.fill(codes.paid);
  await page.getByRole('button', { name: 'Check in' }).click();
  await page
    .getByRole('region', { name: /Already checked in at \d\d:\d\d/ })
    .getByText('Ana Núñez')
    .waitFor();
  await checkAccessibility(page, 'check-in (already)', { sizes: [PHONE, DESKTOP] });

  await code.fill(codes.unpaid);
  await page.getByRole('button', { name: 'Check in' }).click();
  const unpaid = page.getByRole('region', { name: 'Not paid yet' });
  await unpaid.getByText('Pending Person').waitFor();
  await unpaid.getByText('Send them to the registration desk to pay').waitFor();
  await checkAccessibility(page, 'check-in (not paid)', { sizes: [PHONE, DESKTOP] });

  await code.fill('AAAA-BBBB-CCCC-DDDD-EEEE');
  await page.getByRole('button', { name: 'Check in' }).click();
  await page.getByRole('alert').getByText('No registration has this code').waitFor();

  // The list shows the arrival.
  await page.getByRole('link', { name: 'Attendee list' }).click();
  await page.getByRole('heading', { name: 'Attendees' }).waitFor();
  await page.getByLabel('Payment and arrival').selectOption('checked-in');
  await page.getByRole('button', { name: 'Show' }).click();
  await page.getByText('1 registration match').waitFor();
  await context.close();
});
