import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { serverApi } from './server-api';
import { checkAccessibility, DESKTOP, launchBrowser, pageOpener, PHONE, screenshots, startOwnServer } from './browser';

/**
 * docs/product.md#the-editors-first-steps, on a fresh install of its own: the editor's dashboard opens with the
 * steps the edition still lacks, the sample facts first, and a step leads to its screen. Axe-clean at 390 and 1280 px.
 */
let browser: Browser;
let server: ServerProcess;
const editorEmail = `steps.${Date.now().toString(36)}@desk.example`;
const shot = screenshots(process.env.FIRST_STEPS_SHOTS);

const { signup } = serverApi(() => server.url);

beforeAll(async () => {
  server = await startOwnServer();
  browser = await launchBrowser();
  await signup('Editor', 'Steps Editor', editorEmail);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = pageOpener({ browser: () => browser, baseURL: () => server.url });

test('on a fresh install the editor sees the first steps, the sample facts first, and the step opens its screen', async () => {
  const { page } = await open({ viewport: PHONE, login: { role: 'Editor', email: editorEmail } });
  const steps = page.getByRole('region', { name: 'First steps' });
  await steps.getByText('0 of 10 done').waitFor();
  const items = steps.getByRole('listitem');
  await expect.poll(() => items.count()).toBe(10);
  await expect.poll(() => items.first().innerText()).toContain('Replace the sample conference facts');
  expect(await items.nth(1).innerText()).toContain('Not set yet: Submission deadline');
  // The screens stay one click away, under the phase they serve.
  const screens = page.getByRole('navigation', { name: 'Editor screens' });
  await screens.getByRole('heading', { name: 'Before submissions' }).waitFor();
  await screens.getByRole('link', { name: 'Conference', exact: true }).waitFor();

  await checkAccessibility(page, 'editor dashboard with first steps', {
    sizes: [PHONE, DESKTOP],
    shot: (width) => shot(page, `first-steps-${width}`),
  });

  await steps.getByRole('link', { name: 'Replace the sample conference facts' }).click();
  await page.waitForURL('**/editor/conference');
});
