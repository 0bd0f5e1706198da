import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { mailText, startSmtpListener } from '../support/smtp';
import { CONFERENCE_FACTS_DEFAULTS } from '../../src/core/conference-facts';
import { callApi, DESKTOP, launchBrowser, logInInBrowser, ownDatabase, PHONE, screenChecker, startOwnServer, uniqueEmail } from './browser';
import { serverApi } from './server-api';

/**
 * Decision 0077 in the browser, on a server of its own (no card or PayU keys: only a bank transfer is offered) with a
 * real SMTP listener: a course's "Register for this course" keeps the course and shows its price before anything is
 * made; "Cancel registration" asks first; a paid registration shows its e-ticket QR code, which reads as the code the
 * badge and check-in use. Axe-clean and nothing sideways at 390 and 1280 px.
 */
const stamp = Date.now().toString(36);
const EDITOR = `office-editor-${stamp}@e2e.example.org`;
const attendee = { name: 'Tara Ticket', email: uniqueEmail('tara') };
const COURSE = { id: `office-course-${stamp}`, title: 'Sensors and Signals', date: '2022-12-30', seats: 3, feeUsdMinor: 9_900 };

let browser: Browser;
let server: ServerProcess & { dataDir: string };
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let editorToken: string;
const { call, signup, verifyByMail } = serverApi(() => server.url);
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email.toLowerCase())).map(mailText);
const checkScreen = screenChecker({ sizes: [PHONE, DESKTOP], shots: process.env.E2E_SHOTS, prefix: 'registration-office-' });

beforeAll(async () => {
  smtp = await startSmtpListener();
  server = await startOwnServer({ SMTP_URL: smtp.url, EDITOR_EMAILS: EDITOR });
  browser = await launchBrowser();
  editorToken = (await signup('Editor', 'Office Editor', EDITOR)).token;
  await call('POST', '/api/editor/workshops/courses', editorToken, COURSE);
  await signup('Author', attendee.name, attendee.email);
  await verifyByMail(attendee.email, mailsTo);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** The e-ticket's QR code as the desk's camera would read it: the SVG painted on a canvas, decoded with jsQR. */
async function readQr(page: Page): Promise<string | null> {
  const pixels = await page
    .getByTestId('e-ticket')
    .locator('svg')
    .evaluate(async (svg) => {
      const side = 400;
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = side;
      canvas.height = side;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0, side, side);
      return Array.from(context.getImageData(0, 0, side, side).data);
    });
  return jsQR(Uint8ClampedArray.from(pixels), 400, 400)?.data ?? null;
}

test("a course's Register link keeps the course and its price; Cancel asks first; the paid registration shows its e-ticket", async () => {
  const context = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const page = await context.newPage();
  await logInInBrowser(page, { role: 'Author', email: attendee.email });

  await page.goto('/account/workshops');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: COURSE.title }) });
  await card.getByRole('link', { name: 'Register for this course' }).click();
  await page.waitForURL(`**/account/registrations?category=workshop-${COURSE.id}#register`);
  await expect.poll(() => page.getByLabel('Category').inputValue()).toBe(`workshop-${COURSE.id}`);
  // The course's own price, before anything is made.
  await expect.poll(() => page.getByTestId('quote-total').textContent(), { timeout: 15_000 }).toBe('USD 99.00');
  await page.getByText('You have no registration yet.').waitFor();
  // No card or PayU keys on this server: only a bank transfer is offered.
  await expect(page.getByRole('radio', { name: 'Card (dollars)' }).count()).resolves.toBe(0);
  await expect(page.getByRole('radio', { name: 'PayU (rupees)' }).count()).resolves.toBe(0);
  await expect(page.getByRole('radio', { name: 'Bank transfer' }).isChecked()).resolves.toBe(true);
  await page.getByLabel('Name (as on your badge)').fill(attendee.name);
  await checkScreen(page, 'course-form');

  await page.getByRole('button', { name: 'Register and pay' }).click();
  await page.getByTestId('bank-instructions').waitFor();
  const row = page.getByTestId('registration').filter({ hasText: COURSE.title });
  await row.getByText('Waiting for payment').waitFor();
  await expect(row.getByRole('button', { name: /by card|with PayU/ }).count()).resolves.toBe(0);
  await expect.poll(() => mailsTo(attendee.email).some((m) => m.includes('Amount due: USD 99.00')), { timeout: 15_000 }).toBe(true);

  // Cancel asks first: keeping it changes nothing.
  await row.getByRole('button', { name: 'Cancel registration' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this registration?' });
  await dialog.waitFor();
  await checkScreen(page, 'cancel-dialog');
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  await row.getByText('Waiting for payment').waitFor();
  await row.getByRole('button', { name: 'Cancel registration' }).click();
  await dialog.getByRole('button', { name: 'Cancel registration' }).click();
  await row.getByText('Cancelled', { exact: true }).waitFor();

  // A registration paid by bank transfer (the editor records it): its e-ticket, the badge's code as a QR code.
  await page.getByLabel('Category').selectOption('attending');
  await page.getByLabel('Currency').selectOption('USD');
  await expect.poll(() => page.getByTestId('quote-total').textContent(), { timeout: 15_000 }).toBe('USD 200.00');
  await page.getByRole('button', { name: 'Register and pay' }).click();
  const attending = page.getByTestId('registration').filter({ hasText: 'Without publication: Attending' });
  await attending.getByText('Waiting for payment').waitFor();
  const mine = await callApi<{ registrations: { id: string; code: string; category: string; amountMinor: number }[] }>(
    page,
    'GET',
    '/account/registrations',
  );
  const paid = mine.json.registrations.find((r) => r.category === 'attending')!;
  await call('POST', `/api/editor/registrations/${paid.id}/bank-transfers`, editorToken, {
    reference: 'E2E-TT-1',
    paidOn: new Date().toISOString().slice(0, 10),
    amountMinor: paid.amountMinor,
    currency: 'USD',
  });
  await page.reload();
  await attending.getByText('Paid', { exact: true }).waitFor();
  await page
    .getByTestId('e-ticket')
    .getByRole('img', { name: `E-ticket QR code for registration ${paid.code}` })
    .waitFor();
  await expect.poll(() => readQr(page)).toBe(paid.code);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the e-ticket (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`e-ticket-${paid.code}.pdf`);
  await checkScreen(page, 'e-ticket');
  await context.close();
});

test('the organiser sees who holds a seat and releases it, matches a Pay Now payment, reads revenue, opens badge pick-up', async () => {
  // A holder of a course seat, and a registration a payment without one will be matched to.
  const holder = { name: 'Hugo Holder', email: uniqueEmail('hugo') };
  const { token } = await signup('Author', holder.name, holder.email);
  await verifyByMail(holder.email, mailsTo);
  await call('POST', '/api/registrations', token, {
    name: holder.name,
    category: `workshop-${COURSE.id}`,
    currency: 'USD',
    provider: 'bank',
  });
  const payer = await call<{ registration: { id: string; code: string } }>('POST', '/api/editor/registrations', editorToken, {
    name: 'Paula Paynow',
    email: uniqueEmail('paula'),
    category: 'attending',
    currency: 'USD',
  });
  // A payment from SPEC's public Pay Now form that named no fee row (no PayU keys here: written as its callback leaves it).
  const db = ownDatabase(server.dataDir);
  await db.connect();
  try {
    await db.query(
      `insert into payments (id, txnid, provider, amount, currency, name, email, product, status)
       values ('e2e0000000000000000000a1', 'e2e0000000000000000000a1', 'payu', '200.00', 'USD', 'Paula Paynow', 'paula@e2e.example', 'Conference Registration', 'paid')`,
    );
  } finally {
    await db.end();
  }

  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
  const page = await context.newPage();
  await logInInBrowser(page, { role: 'Editor', email: EDITOR });

  await page.goto('/editor/workshops');
  const holds = page.getByTestId('seat-holds');
  const holdRow = holds.getByTestId('seat-hold').filter({ hasText: holder.email });
  await holdRow.getByText(holder.name).waitFor();
  await holdRow.getByText(`Technical workshop: ${COURSE.title}`).waitFor();
  await checkScreen(page, 'editor-holds');
  await holdRow.getByRole('button', { name: `Release the seat held by ${holder.name}` }).click();
  const release = page.getByRole('dialog', { name: `Release the seat held by ${holder.name}?` });
  await release.getByRole('button', { name: 'Release the seat' }).click();
  await expect.poll(() => page.getByTestId('seat-hold').filter({ hasText: holder.email }).count(), { timeout: 15_000 }).toBe(0);

  await page.goto('/editor/payments');
  await page.getByTestId('revenue').getByText('Without publication: Attending').first().waitFor();
  const unmatched = page.getByRole('row').filter({ hasText: 'Paula Paynow' }).filter({ hasText: 'No registration' });
  await unmatched.getByText('PayU').waitFor();
  await checkScreen(page, 'editor-payments');
  await unmatched.getByLabel('Match to registration code').fill(payer.registration.code);
  await unmatched.getByRole('button', { name: 'Match' }).click();
  await page.getByText(`Matched to registration ${payer.registration.code}: paid`).waitFor();

  // Before the first day the desk marks no attendance; the organiser opens badge pick-up.
  const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  await call('PUT', '/api/editor/conference', editorToken, { ...CONFERENCE_FACTS_DEFAULTS, startDate: soon, endDate: soon });
  await page.goto('/editor/check-in');
  await page.getByText('Check-in marks attendance from the first day.').waitFor();
  await page.getByRole('button', { name: 'Open badge pick-up' }).click();
  await page
    .getByTestId('pickup-state')
    .getByText(/Badge pick-up is open/)
    .waitFor();
  await checkScreen(page, 'editor-check-in');
  await page.getByLabel('Registration code').fill(payer.registration.code);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await page.getByRole('heading', { name: /^Badge handed out at .* \(not attendance\)$/ }).waitFor();
  await context.close();
});
