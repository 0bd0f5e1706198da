import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, newPage, PHONE, signUpInBrowser, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('an editor adds a keynote speaker and a news item; the public pages show them; removing takes them away', async () => {
  const admin = await newPage(browser, PHONE);
  await signUpInBrowser(admin.page, { role: 'Editor', email: 'admin-editor@e2e.example.org', name: 'Admin Editor' });
  await admin.page.goto('/keynote-admin');
  await admin.page.getByLabel('Keynote speaker name').fill('Speaker to be announced (e2e)');
  await admin.page.getByLabel('Designation').fill('Professor');
  await admin.page.getByLabel('Current position').fill('Sample University');
  await admin.page.getByLabel(/Picture/).setInputFiles({ name: 'p.png', mimeType: 'image/png', buffer: png });
  await admin.page.getByRole('button', { name: 'Add speaker' }).click();
  await admin.page.getByRole('list', { name: 'Added speakers' }).getByText('Speaker to be announced (e2e)').waitFor();
  await admin.page.getByLabel('Name', { exact: true }).fill('Island tour (e2e)');
  await admin.page.getByLabel('Description').fill('A conference tour to an island');
  await admin.page.getByRole('button', { name: 'Add news item' }).click();
  await admin.page.getByRole('list', { name: 'Added news' }).getByText('Island tour (e2e)').waitFor();

  const visitor = await newPage(browser, PHONE);
  await visitor.page.goto('/keynote');
  await visitor.page.getByText('Speaker to be announced (e2e)').first().waitFor();
  await visitor.page.goto('/');
  await visitor.page.getByText('Island tour (e2e)').first().waitFor();

  // Other journeys on the same server may add items of their own: remove exactly this test's.
  const ours = (list: string, text: string) => admin.page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text });
  await ours('Added speakers', 'Speaker to be announced (e2e)').getByRole('button', { name: 'Remove' }).click();
  await expect.poll(() => ours('Added speakers', 'Speaker to be announced (e2e)').count()).toBe(0);
  await ours('Added news', 'Island tour (e2e)').getByRole('button', { name: 'Remove' }).click();
  await expect.poll(() => ours('Added news', 'Island tour (e2e)').count()).toBe(0);
  await visitor.page.goto('/keynote');
  await visitor.page.waitForLoadState('networkidle');
  await expect(visitor.page.getByText('Speaker to be announced (e2e)').count()).resolves.toBe(0);

  // Another role is sent away from the admin page (and the API refuses it: tests/api/review.test.ts).
  const author = await newPage(browser, PHONE);
  await signUpInBrowser(author.page, { role: 'Author', email: uniqueEmail('not-admin'), name: 'Not Admin' });
  await author.page.goto('/keynote-admin');
  await author.page.waitForURL('**/author/dashboard');
  for (const s of [admin, visitor, author]) await s.context.close();
});
