import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { checkAccessibility, DESKTOP, launchBrowser, logInInBrowser, newPage, PHONE, signUpInBrowser, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

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
  await admin.page
    .getByRole('list', { name: 'Speakers' })
    .getByRole('listitem')
    .filter({ hasText: 'Speaker to be announced (e2e)' })
    .waitFor();
  await admin.page.getByLabel('Name', { exact: true }).fill('Island tour (e2e)');
  await admin.page.getByLabel('Description').fill('A conference tour to an island');
  await admin.page.getByRole('button', { name: 'Add news item' }).click();
  await admin.page.getByRole('list', { name: 'Added news' }).getByRole('listitem').filter({ hasText: 'Island tour (e2e)' }).waitFor();

  const visitor = await newPage(browser, PHONE);
  await visitor.page.goto('/keynote');
  await visitor.page.getByText('Speaker to be announced (e2e)').first().waitFor();
  await visitor.page.goto('/');
  await visitor.page.getByText('Island tour (e2e)').first().waitFor();

  // Other journeys on the same server may add items of their own: remove exactly this test's.
  const ours = (list: string, text: string) => admin.page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text });
  await ours('Speakers', 'Speaker to be announced (e2e)').getByRole('button', { name: 'Remove' }).click();
  await expect.poll(() => ours('Speakers', 'Speaker to be announced (e2e)').count()).toBe(0);
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

/** axe-core's violations and sideways overflow at 390 and 1280 px (screenshots when E2E_SHOTS names a folder). */
const checkScreen = (page: Page, name: string) =>
  checkAccessibility(page, name, {
    sizes: [PHONE, DESKTOP],
    shot: async (width) => {
      if (!process.env.E2E_SHOTS) return;
      mkdirSync(process.env.E2E_SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `keynote-${name}-${width}.png`), fullPage: true });
    },
  });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
/** The titles of /keynote's cards, in the page's order. */
const cardTitles = (page: Page) => page.getByTestId('speakers').locator('li h3 + p').allInnerTexts();

test("an editor edits a shipped speaker's biography (Read More shows it), moves speakers and news, and edits a news item", async () => {
  const admin = await newPage(browser, DESKTOP);
  // Signed up by the test above.
  await logInInBrowser(admin.page, { role: 'Editor', email: 'admin-editor@e2e.example.org' });
  await admin.page.goto('/keynote-admin');
  const speakers = admin.page.getByRole('list', { name: 'Speakers' });
  const shipped = (title: string) => speakers.getByRole('listitem').filter({ hasText: title });

  // The seventh shipped speaker: a biography of two paragraphs.
  const seventh = shipped('Keynote 7: Education and Society');
  await seventh.getByRole('button', { name: /^Edit/ }).click();
  const form = admin.page.getByRole('form', { name: /^Edit Keynote speaker to be announced/ });
  await form
    .getByLabel('Biography')
    .fill('Professor of education (e2e) and author of three books.\n\nShe chairs the society for digital learning.');
  await checkScreen(admin.page, 'admin-editing');
  await form.getByRole('button', { name: 'Save speaker' }).click();
  await toast(admin.page, 'Keynote speaker saved');
  await form.waitFor({ state: 'detached' });

  const visitor = await newPage(browser, PHONE);
  await visitor.page.goto('/keynote');
  await visitor.page.waitForLoadState('networkidle');
  await visitor.page.getByRole('button', { name: 'Read More about Keynote 7: Education and Society' }).click();
  const dialog = visitor.page.getByRole('dialog');
  await dialog.getByText('Professor of education (e2e) and author of three books.').waitFor();
  expect(await dialog.locator('[data-bio-text] p').allInnerTexts()).toEqual([
    'Professor of education (e2e) and author of three books.',
    'She chairs the society for digital learning.',
  ]);
  await checkScreen(visitor.page, 'read-more');
  await visitor.page.keyboard.press('Escape');

  // Move the third shipped speaker up: /keynote shows it second; then back.
  await shipped('Keynote 3: Smart Energy Systems')
    .getByRole('button', { name: /^Move up/ })
    .click();
  await toast(admin.page, 'Keynote speaker moved');
  await expect.poll(async () => (await speakers.getByRole('listitem').allInnerTexts()).findIndex((t) => t.includes('Keynote 3:'))).toBe(1);
  await visitor.page.reload();
  await expect
    .poll(async () => (await cardTitles(visitor.page)).slice(0, 3))
    .toEqual(['Keynote 1: Advanced Materials', 'Keynote 3: Smart Energy Systems', 'Keynote 2: Artificial Intelligence']);
  await shipped('Keynote 3: Smart Energy Systems')
    .getByRole('button', { name: /^Move down/ })
    .click();
  await expect.poll(async () => (await speakers.getByRole('listitem').allInnerTexts()).findIndex((t) => t.includes('Keynote 3:'))).toBe(2);
  await visitor.page.reload();
  await expect
    .poll(async () => (await cardTitles(visitor.page)).slice(0, 3))
    .toEqual(['Keynote 1: Advanced Materials', 'Keynote 2: Artificial Intelligence', 'Keynote 3: Smart Energy Systems']);
  // The seventh again shows its text without a biography once cleared (the designation stands in).
  await seventh.getByRole('button', { name: /^Edit/ }).click();
  await form.getByLabel('Biography').fill('');
  await form.getByRole('button', { name: 'Save speaker' }).click();
  await form.waitFor({ state: 'detached' });
  await visitor.page.reload();
  await visitor.page.waitForLoadState('networkidle');
  await visitor.page.getByRole('button', { name: 'Read More about Keynote 7: Education and Society' }).click();
  await dialog
    .locator('[data-bio-text]')
    .getByText('Keynote 7: Education and Society, Affiliation to be announced (sample entry)')
    .waitFor();
  await visitor.page.keyboard.press('Escape');

  // News: two items, the second moved above the first, one edited, both removed.
  const news = admin.page.getByRole('list', { name: 'Added news' });
  const item = (text: string) => news.getByRole('listitem').filter({ hasText: text });
  for (const name of ['Order A (e2e)', 'Order B (e2e)']) {
    await admin.page.getByLabel('Name', { exact: true }).fill(name);
    await admin.page.getByRole('button', { name: 'Add news item' }).click();
    await item(name).waitFor();
  }
  await item('Order B (e2e)')
    .getByRole('button', { name: /^Move up/ })
    .click();
  await expect
    .poll(async () => (await news.getByRole('listitem').allInnerTexts()).filter((t) => t.includes('(e2e)')).map((t) => t.slice(0, 13)))
    .toEqual(['Order B (e2e)', 'Order A (e2e)']);
  await item('Order A (e2e)').getByRole('button', { name: /^Edit/ }).click();
  const newsForm = admin.page.getByRole('form', { name: 'Edit Order A (e2e)' });
  await newsForm.getByLabel('Description').fill('Edited in the browser');
  await newsForm.getByRole('button', { name: 'Save news item' }).click();
  await toast(admin.page, 'News item saved');
  await item('Edited in the browser').waitFor();
  // The toasts fade out (axe would measure their contrast mid-fade).
  await expect.poll(() => admin.page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
  await checkScreen(admin.page, 'admin');
  for (const name of ['Order A (e2e)', 'Order B (e2e)']) {
    await item(name)
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect.poll(() => item(name).count()).toBe(0);
  }
  for (const s of [admin, visitor]) await s.context.close();
});
