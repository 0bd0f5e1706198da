import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { newId } from '../../src/core/ids';
import { newDocumentCode } from '../../src/server/documents/codes';
import { signaturePng } from '../support/png';
import {
  checkAccessibility,
  DESKTOP,
  launchBrowser,
  ownDatabase,
  pageOpener,
  PHONE,
  screenshots,
  startOwnServer,
  watchProblems,
} from './browser';
import { serverApi } from './server-api';
import { pdfText } from '../support/pdf-text';

/**
 * Visa invitation letters (decision 0046): a registrant with a paid registration asks for a letter on a phone, the
 * editor (who has set who signs, with the signature image) approves it, the registrant downloads the letter and
 * its code verifies publicly at /verify/<code>. Every screen axe-clean at 390 and 1280 px; the passport number
 * shows on the editor's screen only.
 */
let server: Awaited<ReturnType<typeof startOwnServer>>;
let browser: Browser;
const stamp = Date.now().toString(36);
const editorEmail = `visa-editor.${stamp}@visa.example`;
const registrantEmail = `priya.${stamp}@iitb.example`;
const PASSPORT = 'P7654321';
const registrationId = newId();
const { signup } = serverApi(() => server.url);
const SHOTS = process.env.VISA_SHOTS;

beforeAll(async () => {
  server = await startOwnServer();
  browser = await launchBrowser();
  await signup('Editor', 'Visa Editor', editorEmail);
  const registrant = await signup('Author', 'Priya Raman', registrantEmail);
  // Registering, paying and confirming the address are other journeys': the registration as a paid one leaves it.
  const db = ownDatabase(server.dataDir);
  await db.connect();
  await db.query('update users set email_verified_at = now() where id = $1', [registrant.user._id]);
  await db.query(
    'insert into registrations (id, code, year, user_id, name, email, affiliation, country, category, currency, list_minor, amount_minor, status, paid_at) values ($1, $2, 2026, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, now())',
    [
      registrationId,
      newDocumentCode(),
      registrant.user._id,
      'Priya Raman',
      registrantEmail,
      'IIT Bombay',
      'IN',
      'attending',
      'USD',
      20000,
      'paid',
    ],
  );
  await db.end();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = pageOpener({ browser: () => browser, baseURL: () => server.url, context: { bypassCSP: true, acceptDownloads: true } });
const shot = screenshots(SHOTS);

test('the editor sets who signs the letters, with the signature image', async () => {
  const { context, page } = await open({ viewport: DESKTOP, login: { role: 'Editor', email: editorEmail } });
  const problems = watchProblems(page);
  await page.goto('/editor/settings');
  await page.getByLabel('Organiser’s name (signs letters)').fill('Dr. Somchai Example');
  await page.getByLabel('Organiser’s title').fill('Organising Secretary, IMSE');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('status').getByText('Settings saved.').waitFor();

  const signature = page.getByRole('region', { name: 'Signature image' });
  await signature.getByText('No signature uploaded').waitFor();
  await signature.getByLabel('Upload').setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: signaturePng() });
  await signature.getByRole('button', { name: 'Save signature' }).click();
  await signature.getByRole('img', { name: 'The organiser’s signature as uploaded' }).waitFor();
  await checkAccessibility(page, 'settings: letters and certificates', {
    sizes: [PHONE, DESKTOP],
    shot: (w) => shot(page, `editor-settings-${w}`),
  });
  expect(problems).toEqual([]);
  await context.close();
});

test('a registrant asks for a letter, the editor approves it, the letter downloads and verifies publicly', async () => {
  // The registrant, on a phone, from the registration's link.
  const asker = await open({ viewport: PHONE, login: { role: 'Author', email: registrantEmail } });
  const problems = watchProblems(asker.page);
  await asker.page.goto(`/account/visa-letters?registration=${registrationId}`);
  await asker.page.getByRole('heading', { name: 'Ask for a letter' }).waitFor();
  await checkAccessibility(asker.page, 'visa letters: the form', {
    sizes: [PHONE, DESKTOP],
    shot: (w) => shot(asker.page, `account-form-${w}`),
  });
  await asker.page.getByLabel('Name as written in the passport').fill('PRIYA RAMAN');
  await asker.page.getByLabel('Nationality').selectOption('IN');
  await asker.page.getByLabel('Passport number').fill(PASSPORT);
  // A stay far from the conference is refused in the form, with the reason.
  await asker.page.getByLabel('Arrival in Thailand').fill('2023-10-01');
  await asker.page.getByLabel('Departure').fill('2023-12-30');
  await asker.page.getByRole('button', { name: 'Ask for the letter' }).click();
  await asker.page.getByText(/The arrival date must be from 2023-11-27/).waitFor();
  await asker.page.getByLabel('Arrival in Thailand').fill('2023-12-25');
  await asker.page.getByRole('button', { name: 'Ask for the letter' }).click();
  const mine = asker.page.getByRole('listitem', { name: 'Letter for PRIYA RAMAN' });
  await mine.getByText('Waiting for the editors').waitFor();
  await mine.getByText('attendee', { exact: true }).waitFor();
  expect(await asker.page.content()).not.toContain(PASSPORT);
  await checkAccessibility(asker.page, 'visa letters: asked', {
    sizes: [PHONE, DESKTOP],
    toastsGone: true,
    shot: (w) => shot(asker.page, `account-asked-${w}`),
  });

  // The editor sees the passport details and approves.
  const editor = await open({ viewport: PHONE, login: { role: 'Editor', email: editorEmail } });
  const editorProblems = watchProblems(editor.page);
  await editor.page.getByRole('link', { name: 'Visa letters', exact: true }).click();
  const request = editor.page.getByRole('listitem', { name: 'Request of Priya Raman' });
  await request.getByText(PASSPORT).waitFor();
  await request.getByText('India (IN)').waitFor();
  await checkAccessibility(editor.page, 'editor visa letters', {
    sizes: [PHONE, DESKTOP],
    shot: (w) => shot(editor.page, `editor-waiting-${w}`),
  });
  await request.getByRole('button', { name: 'Approve and mail the letter' }).click();
  await request.getByText('Approved', { exact: true }).waitFor();
  const code = (await request.locator('dd.font-mono').last().textContent())!.trim();
  expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
  await checkAccessibility(editor.page, 'editor visa letters: approved', {
    sizes: [PHONE, DESKTOP],
    toastsGone: true,
    shot: (w) => shot(editor.page, `editor-approved-${w}`),
  });
  expect(editorProblems).toEqual([]);
  await editor.context.close();

  // The registrant downloads the letter.
  await asker.page.reload();
  await mine.getByText('Approved', { exact: true }).waitFor();
  await mine.getByText(code).waitFor();
  await checkAccessibility(asker.page, 'visa letters: approved', {
    sizes: [PHONE, DESKTOP],
    shot: (w) => shot(asker.page, `account-approved-${w}`),
  });
  const [download] = await Promise.all([
    asker.page.waitForEvent('download'),
    mine.getByRole('button', { name: 'Download the letter (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`visa-letter-${code}.pdf`);
  const bytes = new Uint8Array(readFileSync((await download.path())!));
  const text = await pdfText(bytes);
  for (const words of [
    'Royal Thai Embassy / Consulate',
    'PRIYA RAMAN',
    'India',
    PASSPORT,
    'as attendee',
    '25 December 2023',
    '30 December 2023',
    'Dr. Somchai Example',
    code,
  ]) {
    expect(text).toContain(words);
  }
  expect(problems).toEqual([]);

  // Anyone can check the code; the page never shows the passport number.
  const verify = await asker.page.goto(`/verify/${code}`);
  expect(verify?.status(), 'the public verify page knows approved visa letters (decision 0046)').toBe(200);
  await asker.page.getByText('PRIYA RAMAN').first().waitFor();
  expect(await asker.page.content()).not.toContain(PASSPORT);
  await checkAccessibility(asker.page, 'verify page (visa letter)', {
    sizes: [PHONE, DESKTOP],
    shot: (w) => shot(asker.page, `verify-${w}`),
  });
  await asker.context.close();
});
