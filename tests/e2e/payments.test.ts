import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hashPayuRequest } from '../../src/server/payments/payu';
import { launchBrowser, newPage, PHONE, signUpInBrowser } from './browser';

// The e2e server runs with these test values (tests/e2e/global-setup.ts) and PayU's default test URL.
const PAYU_KEY = 'e2e-payu-key';
const PAYU_SALT = 'e2e-payu-salt';
const PAYU_URL = 'https://test.payu.in/_payment';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('a payer chooses a fee, sees the amount in the modal, pays in INR and the new window posts the form to PayU', async () => {
  const { context, page } = await newPage(browser);
  // No network: PayU's page is answered here, and what the new window posted is kept.
  const posted: { method: string; body: URLSearchParams }[] = [];
  await context.route(`${PAYU_URL}**`, async (route) => {
    posted.push({ method: route.request().method(), body: new URLSearchParams(route.request().postData() ?? '') });
    await route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>PayU (stub)</title><h1>PayU test checkout</h1>',
    });
  });
  await page.goto('/registration');

  await page.getByLabel('Fee', { exact: true }).selectOption({ label: 'Conference Registration Fees' });
  await page.getByLabel('Registration', { exact: true }).selectOption('non-SCOPUS journal');
  await page.getByLabel('Payer category').selectOption('Academician');
  await page.getByText(/Fee: \S*350 \(₹25,900\)/).waitFor();

  await page.getByRole('button', { name: 'Pay Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.waitFor();
  const amount = dialog.getByLabel('Amount (INR)');
  await expect(amount.inputValue()).resolves.toBe('25900'); // 350 dollars at 74 rupees
  await dialog.getByLabel('Currency').selectOption('USD');
  await expect(dialog.getByLabel('Amount (USD)').inputValue()).resolves.toBe('350');
  await dialog.getByLabel('Currency').selectOption('INR');
  await amount.fill('27400'); // extra pages: the amount stays editable

  await dialog.getByLabel('Name').fill('Priya Sharma');
  await dialog.getByLabel('Email').fill('priya@example.in');
  const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Pay with PayU' }).click()]);
  await popup.waitForURL(PAYU_URL);
  await popup.getByRole('heading', { name: 'PayU test checkout' }).waitFor();

  expect(posted).toHaveLength(1);
  const [{ method, body }] = posted as [{ method: string; body: URLSearchParams }];
  expect(method).toBe('POST');
  const f = Object.fromEntries(body);
  expect(f).toMatchObject({
    key: PAYU_KEY,
    amount: '27400.00',
    productinfo: 'Conference Registration',
    firstname: 'Priya Sharma',
    email: 'priya@example.in',
    phone: '9999999999',
  });
  expect(f.txnid).toMatch(/^[0-9a-f]{24}$/);
  expect(f.surl).toMatch(/\/api\/payu\/success$/);
  expect(f.hash).toBe(
    hashPayuRequest(
      { key: f.key!, txnid: f.txnid!, amount: f.amount!, productinfo: f.productinfo!, firstname: f.firstname!, email: f.email! },
      PAYU_SALT,
    ),
  );
  await context.close();
});

test('the payment modal closes by its cross and by Escape', async () => {
  const { context, page } = await newPage(browser, PHONE);
  await page.goto('/registration');
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  const pay = page.getByRole('button', { name: 'Pay Now' });

  await pay.click();
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'hidden' });

  await pay.click();
  await dialog.waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await context.close();
});

test('the award fee fills the amount, the workshop fee asks for it, and USD says card payment is not configured yet', async () => {
  const { context, page } = await newPage(browser);
  await page.goto('/registration');
  await page.getByLabel('Fee', { exact: true }).selectOption({ label: 'Award Fees' });
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await expect(dialog.getByLabel('Amount (INR)').inputValue()).resolves.toBe('14800');

  await dialog.getByLabel('Currency').selectOption('USD');
  await dialog.getByText('Card payment in US dollars (USD, Stripe) is not configured yet').waitFor();
  await expect(dialog.getByLabel('Name').isDisabled()).resolves.toBe(true);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByLabel('Fee', { exact: true }).selectOption({ label: 'Technical Workshop Fees' });
  await page.getByText('The workshop fee is not listed here').waitFor();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(dialog.getByLabel('Amount (USD)').inputValue()).resolves.toBe('');
  await context.close();
});

test('a failed initiation logs the error and alerts the payer', async () => {
  const { context, page } = await newPage(browser);
  await context.route('**/api/payu/initiate', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
  );
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/registration');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByLabel('Name').fill('Priya Sharma');
  await dialog.getByLabel('Email').fill('priya@example.in');
  await dialog.getByLabel('Amount (INR)').fill('500');
  const alerted = new Promise<string>((resolve) =>
    page.once('dialog', async (d) => {
      resolve(d.message());
      await d.dismiss();
    }),
  );
  await dialog.getByRole('button', { name: 'Pay with PayU' }).click();
  expect(await alerted).toBe('Something went wrong. Please try again.');
  expect(errors.some((e) => e.includes('boom'))).toBe(true);
  await context.close();
});

test("the form checks the payer details with the server's own rules before opening any window", async () => {
  const { context, page } = await newPage(browser);
  await page.goto('/registration');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByLabel('Name').fill('Priya Sharma');
  await dialog.getByLabel('Email').fill('priya@');
  await dialog.getByLabel('Amount (INR)').fill('500');
  let popups = 0;
  page.on('popup', () => {
    popups += 1;
  });
  await dialog.getByRole('button', { name: 'Pay with PayU' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Please enter a valid email address' }).waitFor();
  expect(popups).toBe(0);
  await context.close();
});

test('an editor sees the payments with their status, newest first, and downloads the CSV', async () => {
  const { context, page } = await newPage(browser);
  await signUpInBrowser(page, { role: 'Editor', email: 'payments-editor@e2e.example.org', name: 'Payments Editor' });
  const res = await page.request.post('/api/payu/initiate', { data: { name: 'Table Payer', email: 'table@example.in', amount: 1234 } });
  expect(res.status()).toBe(200);

  await page.goto('/editor/payments');
  const table = page.getByRole('table', { name: 'Payments, newest first' });
  const first = table.getByRole('row').nth(1);
  await first.getByText('Table Payer').waitFor();
  await first.getByText('pending').waitFor();
  await first.getByText('1234.00 INR').waitFor();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  const csv = readFileSync(path, 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/^created_at,status,amount/);
  expect(csv).toContain('Table Payer');
  await context.close();
});

test('the payments page without a login sends the visitor to log in', async () => {
  const { context, page } = await newPage(browser);
  await page.goto('/editor/payments');
  await page.waitForURL('**/login**');
  await page.getByText('Please login first').waitFor();
  await context.close();
});
