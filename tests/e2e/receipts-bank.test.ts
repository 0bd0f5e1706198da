import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { checkAccessibility, DESKTOP, launchBrowser, logInInBrowser, PHONE, startOwnServer, watchProblems } from './browser';
import { serverApi } from './server-api';
import { pdfText } from '../support/pdf-text';

/**
 * Decisions 0043 and 0048: the editor registers another attendee, records the bank transfer that arrived (reference, day,
 * amount due), and the numbered receipt appears on the registration's page and downloads as a PDF that reads back.
 * Both screens axe-clean at 390 and 1280 px.
 */
let server: Awaited<ReturnType<typeof startOwnServer>>;
let browser: Browser;
const stamp = Date.now().toString(36);
const editorEmail = `receipts.${stamp}@desk.example`;
const { signup } = serverApi(() => server.url);

beforeAll(async () => {
  server = await startOwnServer();
  browser = await launchBrowser();
  await signup('Editor', 'Receipts Editor', editorEmail);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the editor registers an attendee, records their bank transfer, and downloads the receipt', async () => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url, bypassCSP: true, acceptDownloads: true });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await logInInBrowser(page, { role: 'Editor', email: editorEmail });
  await page.getByRole('link', { name: 'Register someone' }).click();
  await page.getByRole('heading', { name: 'Register someone' }).waitFor();
  await checkAccessibility(page, 'register someone', {
    sizes: [PHONE, DESKTOP],
    shot: (w) => page.screenshot({ path: `/tmp/rcpt/register-someone-${w}.png`, fullPage: true }).then(() => undefined),
  });

  await page.getByLabel('Name', { exact: true }).fill('Kwame Mensah');
  await page.getByLabel('E-mail', { exact: true }).fill(`kwame.${stamp}@ug.example`);
  await page.getByLabel('Affiliation').fill('University of Ghana');
  await page.getByLabel('Country', { exact: true }).fill('GH');
  await page.getByLabel('Category', { exact: true }).selectOption('attending');
  await page.getByLabel('Billing name (optional)').fill('University of Ghana, Finance Office');
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  await page.getByRole('heading', { name: 'Registration of Kwame Mensah' }).waitFor();
  await page.getByText('Pending payment').waitFor();
  await page.getByText('No receipt yet').waitFor();
  await checkAccessibility(page, 'registration, pending', {
    sizes: [PHONE, DESKTOP],
    shot: (w) => page.screenshot({ path: `/tmp/rcpt/registration-pending-${w}.png`, fullPage: true }).then(() => undefined),
  });

  // The wrong amount is refused with the amount due.
  await page.getByLabel('Bank reference').fill(`GCB-${stamp}`);
  await page.getByLabel('Amount (USD)').fill('150.00');
  await page.getByRole('button', { name: 'Record bank transfer' }).click();
  await page.getByRole('alert').filter({ hasText: 'The amount must be the amount due, USD 200.00' }).waitFor();

  await page.getByLabel('Amount (USD)').fill('200.00');
  await page.getByRole('button', { name: 'Record bank transfer' }).click();
  const recorded = page.getByText(/Bank transfer recorded: receipt IMSE-\d{4}-\d{6} issued/);
  await recorded.waitFor();
  const number = /IMSE-\d{4}-\d{6}/.exec((await recorded.textContent()) ?? '')![0];
  await page.getByText('Paid (non-refundable)').waitFor();
  await page.getByText(number, { exact: true }).waitFor();
  await page.getByText(`reference GCB-${stamp}`, { exact: false }).waitFor();
  await checkAccessibility(page, 'registration, paid', {
    sizes: [PHONE, DESKTOP],
    shot: (w) => page.screenshot({ path: `/tmp/rcpt/registration-paid-${w}.png`, fullPage: true }).then(() => undefined),
  });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download PDF of receipt ${number}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`receipt-${number}.pdf`);
  const text = await pdfText(new Uint8Array(readFileSync((await download.path())!)));
  expect(text).toContain(number);
  expect(text).toContain('University of Ghana, Finance Office');
  expect(text).toContain('USD 200.00');
  expect(text).toContain('Bank transfer');
  expect(text).toContain('The registration fee is non-refundable.');
  // The refused wrong amount is the one 400 the journey asks for.
  expect(problems.filter((p) => !/bank-transfers|status of 400/.test(p))).toEqual([]);
  await context.close();
});
