import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hashPayuResponse } from '../../src/server/payments/payu';
import type { ServerProcess } from '../support/server-process';
import { mailText, startSmtpListener } from '../support/smtp';
import { checkAccessibility, DESKTOP, launchBrowser, logInInBrowser, PHONE, signUpInBrowser, startOwnServer } from './browser';
import { serverApi } from './server-api';
import { pdfText } from '../support/pdf-text';

/**
 * Decision 0043 in the browser, on a server of its own with a real SMTP listener: the editor sets an early-bird
 * price for students and a student coupon; a student signs up, confirms the address with the mailed link, opens
 * Registrations from the account bar, sees the live quote (list price, early-bird price and its end, coupon, total in
 * rupees), registers and pays through PayU (the test answers as PayU: a correctly hashed success post from the
 * payer's browser), and sees the registration paid. Axe-clean and nothing sideways at 390 and 1280 px.
 */
const PAYU_KEY = 'reg-journey-key';
const PAYU_SALT = 'reg-journey-salt';
const PAYU_URL = 'https://test.payu.in/_payment';
const stamp = Date.now().toString(36);
const EDITOR = `pricing-editor-${stamp}@e2e.example.org`;
const student = { name: 'Sakura Student', email: `sakura@uni-reg-${stamp}.example` };
const COUPON = `STUDENT${stamp.toUpperCase().slice(-4)}`;
const SHOTS = process.env.SCREENSHOT_DIR;

let browser: Browser;
let server: ServerProcess;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let earlyBirdUntil: string;
const { call, signup } = serverApi(() => server.url);
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).map(mailText);

beforeAll(async () => {
  smtp = await startSmtpListener();
  server = await startOwnServer({ SMTP_URL: smtp.url, EDITOR_EMAILS: EDITOR, PAYU_KEY, PAYU_SALT, PAYU_URL });
  browser = await launchBrowser();
  const editor = await signup('Editor', 'Pricing Editor', EDITOR);
  earlyBirdUntil = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await call('POST', '/api/editor/early-bird-prices', editor.token, {
    category: 'student-scopus',
    usdMinor: 45_000,
    until: earlyBirdUntil,
  });
  await call('POST', '/api/editor/coupons', editor.token, {
    code: COUPON,
    kind: 'percent',
    value: 10,
    categories: ['student-scopus', 'student-journal'],
    usageLimit: 50,
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function checkScreen(page: Page, name: string): Promise<void> {
  await checkAccessibility(page, name, {
    sizes: [PHONE, DESKTOP],
    shot: SHOTS
      ? async (width) => {
          mkdirSync(SHOTS, { recursive: true });
          await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
        }
      : undefined,
  });
}

test('a student registers with an early-bird price and a coupon, pays through PayU and sees the registration paid', async () => {
  const context = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const page = await context.newPage();
  // PayU's checkout, answered here: it shows a button that posts PayU's signed success answer back to our server,
  // from the payer's browser, as PayU does.
  const posted: Record<string, string>[] = [];
  await context.route(`${PAYU_URL}**`, async (route) => {
    const f = Object.fromEntries(new URLSearchParams(route.request().postData() ?? ''));
    posted.push(f);
    const answer = {
      mihpayid: '403993715599',
      mode: 'UPI',
      status: 'success',
      key: f.key!,
      txnid: f.txnid!,
      amount: f.amount!,
      productinfo: f.productinfo!,
      firstname: f.firstname!,
      email: f.email!,
      phone: f.phone!,
      udf1: '',
      udf2: '',
      udf3: '',
      udf4: '',
      udf5: '',
    };
    const fields = { ...answer, hash: hashPayuResponse(answer, PAYU_SALT) };
    const inputs = Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${v.replace(/"/g, '&quot;')}">`)
      .join('');
    await route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>PayU (stub)</title><h1>PayU test checkout</h1><form method="post" action="${f.surl}">${inputs}<button>Pay now</button></form></html>`,
    });
  });

  await signUpInBrowser(page, { role: 'Author', email: student.email, name: student.name });
  // Until the address is confirmed, registrations wait.
  await page.getByRole('link', { name: 'Registrations', exact: true }).click();
  await page.getByRole('heading', { name: 'Registrations', level: 1 }).waitFor();
  await page.getByText('Please confirm your e-mail address first').waitFor();
  let token: string | undefined;
  await expect
    .poll(() => (token = /verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mailsTo(student.email).join('\n'))?.[1]), { timeout: 15_000 })
    .toBeTruthy();
  await page.goto(`/verify-email?token=${token}`);
  const confirm = page.getByRole('button', { name: 'Confirm my email address' });
  await confirm.click();
  // The server's answer, shown in place of the button (while it is asked, the button says "Please wait…").
  await page.locator('main').getByRole('status').waitFor();

  await page.goto('/account/registrations');
  await page.getByRole('heading', { name: 'Your registrations' }).waitFor();
  await page.getByText('You have no registration yet.').waitFor();
  await page.getByLabel('Name (as on your badge)').fill(student.name);
  await page.getByLabel('Affiliation').fill('Kasetsart University');
  await page.getByLabel('Country').fill('TH');
  await page.getByLabel('Category').selectOption('student-scopus');
  await page.getByLabel('Currency').selectOption('INR');
  const quote = page.getByTestId('quote');
  // USD 550 list, USD 450 early-bird, at 74 rupees to the dollar.
  await quote.getByText('INR 40,700.00').waitFor();
  await quote.getByText(/Early-bird price until/).waitFor();
  await expect(page.getByTestId('quote-total').textContent()).resolves.toBe('INR 33,300.00');
  await page.getByLabel('Coupon code (optional)').fill(COUPON.toLowerCase());
  await quote.getByText(`Coupon ${COUPON}`).waitFor();
  await expect.poll(() => page.getByTestId('quote-total').textContent()).toBe('INR 29,970.00');
  await checkScreen(page, 'registration-form');

  await page.getByRole('button', { name: 'Register and pay' }).click();
  await page.waitForURL(PAYU_URL);
  expect(posted).toHaveLength(1);
  expect(posted[0]).toMatchObject({ key: PAYU_KEY, amount: '29970.00', firstname: student.name, email: student.email });
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(/\/api\/payu\/success$/);

  await page.goto('/account/registrations');
  const row = page.getByTestId('registration');
  await row.getByText('Paid', { exact: true }).waitFor();
  await row.getByText('INR 29,970.00').waitFor();
  await row.getByText(/Early-bird price\. Coupon/).waitFor();
  await expect(row.getByRole('link', { name: 'Ask for a visa letter' }).getAttribute('href')).resolves.toMatch(
    /^\/account\/visa-letters\?registration=[0-9a-f]{24}$/,
  );
  // The payer's own copy (decision 0048): numbered, the amount in rupees, non-refundable.
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download the receipt' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^receipt-[0-9a-f]{24}\.pdf$/);
  const receipt = await pdfText(new Uint8Array(readFileSync((await download.path())!)));
  expect(receipt).toMatch(/IMSE-\d{4}-\d{6}/);
  expect(receipt).toContain('29,970.00');
  expect(receipt).toContain('non-refundable');
  await expect(row.getByRole('button', { name: 'Cancel registration' }).count()).resolves.toBe(0);
  await checkScreen(page, 'registrations-paid');
  await context.close();
});

test('the editor sees early-bird prices and coupons with their uses on /editor/pricing', async () => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
  const page = await context.newPage();
  await logInInBrowser(page, { role: 'Editor', email: EDITOR });
  await page.getByRole('link', { name: 'Pricing', exact: true }).click();
  await page.getByRole('heading', { name: 'Pricing', level: 1 }).waitFor();
  await page.getByText('With publication: Student or research scholar, SCOPUS book chapter').first().waitFor();
  const couponRow = page.getByRole('row').filter({ hasText: COUPON });
  await couponRow.getByText(/of 50/).waitFor();
  await checkScreen(page, 'editor-pricing');
  await couponRow.getByRole('button', { name: `Disable coupon ${COUPON}` }).click();
  await couponRow.getByText('(disabled)').waitFor();
  await context.close();
});
