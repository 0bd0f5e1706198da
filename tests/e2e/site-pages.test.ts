import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { DESKTOP, launchBrowser, pageOpener, PHONE, screenChecker, screenshots, signUpInBrowser, startOwnServer } from './browser';

/**
 * Decision 0064: the editor writes a page in Markdown on /editor/site, previews the server's sanitised HTML, publishes
 * it in the menu; a visitor finds it in the public bar of the home page (wide bar at 1280 px, the menu at 390 px) and
 * reads it. On a server of its own: the page is in every bar, which other journeys read.
 */
let browser: Browser;
let server: ServerProcess & { dataDir: string };
const stamp = Date.now().toString(36);
const EDITOR = `pages-editor-${stamp}@e2e.example.org`;
const ADDRESS = 'venue';

beforeAll(async () => {
  server = await startOwnServer({ EDITOR_EMAILS: EDITOR });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = pageOpener({ browser: () => browser, baseURL: () => server.url });
const checkScreen = screenChecker({ sizes: [PHONE, DESKTOP], shots: process.env.E2E_SHOTS, prefix: 'site-pages-' });
const shot = screenshots(process.env.E2E_SHOTS);

test('an editor adds a page, previews it, publishes it in the menu; a visitor clicks the menu item and reads it', async () => {
  const { page, context } = await open({ viewport: DESKTOP });
  await signUpInBrowser(page, { role: 'Editor', email: EDITOR, name: 'Petra Pages' });
  await page.goto('/editor/site');
  const add = page.getByRole('form', { name: 'Add a page' });

  // A wrong address is told beside its field, before anything is sent.
  await add.getByLabel('Title').fill('Venue');
  await add.getByLabel('Address').fill('The Venue');
  await add.getByRole('button', { name: 'Add page' }).click();
  const wrong = 'Address must be lower-case letters, digits and single hyphens';
  await add.locator('#page-add-address-error', { hasText: wrong }).waitFor();
  expect(await add.getByLabel('Address').getAttribute('aria-invalid')).toBe('true');
  // Announced to a screen reader, and the field given the focus.
  expect(await add.getByRole('status').innerText()).toContain(wrong);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('page-add-address');

  // An address the site already has is refused by the server, beside the field.
  await add.getByLabel('Address').fill('committee');
  await add.getByRole('button', { name: 'Add page' }).click();
  await add.locator('#page-add-address-error', { hasText: 'The address /committee is already taken.' }).waitFor();

  await add.getByLabel('Address').fill(ADDRESS);
  await add
    .getByLabel('Text (Markdown)')
    .fill('## Getting there\n\nTake the **airport bus** to the river. <script>alert(1)</script>\n\n[Map](https://maps.example.org/venue)');
  await add.getByRole('button', { name: 'Preview' }).click();
  const preview = add.getByRole('region', { name: 'Preview' });
  await preview.getByRole('heading', { name: 'Getting there', level: 2 }).waitFor();
  await preview.getByText('airport bus').waitFor();
  // The script is text, never run nor kept as markup.
  expect(await preview.locator('script').count()).toBe(0);
  await add.getByLabel('Published').check();
  await add.getByLabel('In the menu').check();
  await add.getByLabel('Menu order').fill('1');
  await checkScreen(page, 'editor-preview');
  await add.getByRole('button', { name: 'Add page' }).click();
  const listed = page.getByRole('list', { name: 'Pages' }).getByRole('listitem').filter({ hasText: 'Venue' });
  await listed.getByRole('link', { name: `/${ADDRESS}` }).waitFor();
  await listed.getByText('Published · In the menu (order 1)').waitFor();
  await checkScreen(page, 'editor');

  // A visitor on a wide screen: the page is in the bar's row of the conference's pages.
  const visitor = await open({ viewport: DESKTOP });
  await visitor.page.goto('/');
  await visitor.page.getByRole('navigation', { name: 'Conference pages' }).getByRole('link', { name: 'Venue' }).click();
  await visitor.page.waitForURL(`**/${ADDRESS}`);
  await visitor.page.getByRole('heading', { name: 'Venue', level: 1 }).waitFor();
  await visitor.page.getByRole('heading', { name: 'Getting there', level: 2 }).waitFor();
  await visitor.page.getByText('airport bus').waitFor();
  expect(await visitor.page.locator('script').count()).toBe(0);
  expect(await visitor.page.getByRole('link', { name: 'Map' }).getAttribute('rel')).toBe('noopener');
  await checkScreen(visitor.page, 'public-page');

  // On a phone: through the menu.
  const phone = await open({ viewport: PHONE });
  await phone.page.goto('/');
  await phone.page.getByRole('button', { name: 'Open menu' }).click();
  await phone.page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Venue' }).click();
  await phone.page.waitForURL(`**/${ADDRESS}`);
  await phone.page.getByText('airport bus').waitFor();
  await phone.page.goto('/');
  await checkScreen(phone.page, 'home-with-page');
  await shot(phone.page, 'site-pages-home-phone');

  // Removed after a confirmation: the address is "not found" and the bar no longer has it.
  page.once('dialog', (d) => void d.accept());
  await listed.getByRole('button', { name: 'Remove' }).click();
  await expect.poll(() => listed.count()).toBe(0);
  expect((await visitor.page.goto(`/${ADDRESS}`))?.status()).toBe(404);
  await visitor.page.goto('/');
  expect(await visitor.page.getByRole('link', { name: 'Venue' }).count()).toBe(0);
  for (const c of [context, visitor.context, phone.context]) await c.close();
});
