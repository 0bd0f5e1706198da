import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { checkAccessibility, DESKTOP, launchBrowser, newPage, PHONE, signUpInBrowser, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Decision 0062: the editor adds a committee member on /editor/site and the public /committee page shows them. */
test('an editor adds a general chair with a photo; /committee shows them; removing takes them away', async () => {
  const admin = await newPage(browser, DESKTOP);
  await signUpInBrowser(admin.page, { role: 'Editor', email: 'site-editor@e2e.example.org', name: 'Site Editor' });
  await admin.page.goto('/editor/site');
  const addForm = admin.page.getByRole('form', { name: 'Add member' });
  await addForm.getByLabel('Section').fill('General Chairs');
  await addForm.getByLabel('Name').fill('Grace Hopper (e2e)');
  await addForm.getByLabel('Role').fill('General Chair');
  await addForm.getByLabel('Affiliation').fill('Naval Research Laboratory');
  await addForm.getByLabel('Country').fill('United States');
  await addForm.getByLabel(/Photo/).setInputFiles({ name: 'g.png', mimeType: 'image/png', buffer: png });
  // Before it is saved, the preview draws the member as the public page will, under their section.
  const preview = admin.page.getByRole('group').filter({ hasText: 'Preview on the public page (not saved yet)' });
  await preview.locator('#general-chairs').getByText('Naval Research Laboratory, United States').waitFor();
  if (process.env.E2E_SHOTS) await admin.page.screenshot({ path: path.join(process.env.E2E_SHOTS, 'editor-site-preview.png') });
  await addForm.getByRole('button', { name: 'Add member' }).click();
  const ours = admin.page.getByRole('list', { name: 'Committee' }).getByRole('listitem').filter({ hasText: 'Grace Hopper (e2e)' });
  await ours.waitFor();

  await checkAccessibility(admin.page, 'editor site', {
    sizes: [PHONE, DESKTOP],
    toastsGone: true,
    shot: async (width) => {
      if (!process.env.E2E_SHOTS) return;
      mkdirSync(process.env.E2E_SHOTS, { recursive: true });
      await admin.page.screenshot({ path: path.join(process.env.E2E_SHOTS, `editor-site-${width}.png`), fullPage: true });
    },
  });

  const visitor = await newPage(browser, PHONE);
  await visitor.page.goto('/committee');
  const card = visitor.page.locator('#general-chairs');
  await card.getByText('Grace Hopper (e2e)').waitFor();
  await card.getByText('Naval Research Laboratory, United States').waitFor();
  await card.getByRole('img', { name: 'Photo of Grace Hopper (e2e)' }).waitFor();
  if (process.env.E2E_SHOTS) await visitor.page.screenshot({ path: path.join(process.env.E2E_SHOTS, 'committee-390.png'), fullPage: true });

  await ours.getByRole('button', { name: 'Remove' }).click();
  await expect.poll(() => ours.count()).toBe(0);
  await visitor.page.reload();
  await visitor.page.locator('#general-chairs').waitFor();
  expect(await visitor.page.getByText('Grace Hopper (e2e)').count()).toBe(0);

  // Another role is sent away from the screen.
  const author = await newPage(browser, PHONE);
  await signUpInBrowser(author.page, { role: 'Author', email: uniqueEmail('not-site-editor'), name: 'Not Editor' });
  await author.page.goto('/editor/site');
  await author.page.waitForURL('**/author/dashboard');
  for (const s of [admin, visitor, author]) await s.context.close();
});
