import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { baseUrl, launchBrowser, newPage, PHONE, signUpInBrowser, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

test('an author submits a paper, sees it Under Review, edits the abstract, uploads a second version and opens it', async () => {
  const { context, page } = await newPage(browser, PHONE);
  await signUpInBrowser(page, { role: 'Author', email: uniqueEmail('journey-author'), name: 'Journey Author' });
  await page.getByText('You have not submitted a paper yet').waitFor();
  await page.getByRole('link', { name: /\+ New Paper/ }).click();
  await page.waitForURL('**/author/new-paper');

  await page.getByLabel('Title').fill('Federated learning for rural clinics');
  await page.getByLabel('Abstract').fill('First abstract.');
  await page.getByLabel('Track').selectOption({ label: 'Computer Science and Applications' });
  await page.getByRole('button', { name: 'Machine Learning', exact: true }).click();
  await page.getByRole('button', { name: 'Edge Computing', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Edge Computing', exact: true }).getAttribute('aria-pressed')).resolves.toBe('true');
  await page.getByLabel('Paper (PDF)').setInputFiles({ name: 'clinics.pdf', mimeType: 'application/pdf', buffer: pdf('version one') });
  const submit = page.getByRole('button', { name: 'Submit Paper' });
  const responded = page.waitForResponse((r) => r.url().endsWith('/api/author/new-paper'));
  await submit.click();
  expect((await responded).status()).toBe(201);
  await page.waitForURL('**/author/dashboard');
  await page.getByText('Paper submitted successfully!').waitFor();

  const card = page.getByRole('article').filter({ hasText: 'Federated learning for rural clinics' });
  await card.getByText('Under Review').waitFor();
  await card.getByText('Machine Learning, Edge Computing').waitFor();
  await card.getByRole('link', { name: /View More/ }).click();
  await page.waitForURL(/\/paper-details\/[0-9a-f]{24}$/);
  await page.getByText('No comment available yet.').waitFor();

  const abstract = page.getByLabel('Abstract');
  await expect(abstract.isDisabled()).resolves.toBe(true);
  await page.getByRole('button', { name: 'Edit' }).click();
  await abstract.fill('A revised abstract.');
  await page
    .getByLabel('Upload a new version (PDF)')
    .setInputFiles({ name: 'clinics-v2.pdf', mimeType: 'application/pdf', buffer: pdf('version two') });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Paper saved').waitFor();

  await page.reload();
  await expect(page.getByLabel('Abstract').inputValue()).resolves.toBe('A revised abstract.');
  const versions = page.getByRole('list', { name: 'PDF versions' }).getByRole('listitem');
  await expect(versions.count()).resolves.toBe(2);

  const [pdfTab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'View PDF' }).click()]);
  const href = await page.getByRole('link', { name: 'View PDF' }).getAttribute('href');
  const res = await fetch(new URL(href!, baseUrl()));
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(Buffer.from(await res.arrayBuffer()).toString()).toContain('version two');
  expect(pdfTab.url()).toContain('/api/files/');
  await context.close();
});

test('the new paper form with no stored token says Please login first and goes to /login', async () => {
  const { context, page } = await newPage(browser);
  await signUpInBrowser(page, { role: 'Author', email: uniqueEmail('notoken'), name: 'No Token' });
  await page.goto('/author/new-paper');
  await page.getByLabel('Title').fill('x');
  await page.getByLabel('Abstract').fill('y');
  await page.getByLabel('Track').selectOption({ label: 'Computer Science and Applications' });
  await page.getByLabel('Paper (PDF)').setInputFiles({ name: 'a.pdf', mimeType: 'application/pdf', buffer: pdf('a') });
  await page.evaluate(() => localStorage.removeItem('token'));
  const dialog = new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.message());
      void d.accept();
    }),
  );
  await page.getByRole('button', { name: 'Submit Paper' }).click();
  expect(await dialog).toBe('Please login first');
  await page.waitForURL('**/login');
  await context.close();
});

test('a failed dashboard load says Failed to load papers', async () => {
  const { context, page } = await newPage(browser);
  await signUpInBrowser(page, { role: 'Author', email: uniqueEmail('fail'), name: 'Failing Load' });
  await page.route('**/api/author/my-papers', (route) => route.fulfill({ status: 500, body: '{"message":"boom"}' }));
  await page.reload();
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Failed to load papers');
  await context.close();
});
