import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { baseUrl, DESKTOP, launchBrowser, newPage, PHONE } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('the home page HTML carries the conference title before any script runs', async () => {
  const res = await fetch(`${baseUrl()}/`);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('5th World Conference on Innovations in Management, Science and Engineering');
});

test('the home page renders the conference title in Chromium', async () => {
  const { context, page } = await newPage(browser);
  await page.goto('/');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('World Conference on Innovations');
  await context.close();
});

test("an unknown path answers 404 with the not-found page, and the site's header, footer and links lead on", async () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const { context, page } = await newPage(browser, viewport);
    const res = await page.goto('/no-such-page');
    expect(res?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { name: '404 Not Found' }).isVisible()).toBe(true);
    // The way on: the message's links, the site's navigation bar and its footer.
    const main = page.getByRole('main');
    for (const [name, href] of [
      ['Go to the home page', '/'],
      ['Call for papers', '/call-for-papers'],
      ['Log in', '/login'],
    ] as const) {
      expect(await main.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
    }
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    if (viewport === DESKTOP) {
      expect(await page.getByTestId('wide-nav').getByRole('link', { name: 'COMMITTEE' }).isVisible()).toBe(true);
    } else {
      await page.getByRole('button', { name: 'Open menu' }).click();
      expect(await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'REGISTRATION' }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Close menu' }).click();
    }
    await main.getByRole('link', { name: 'Call for papers', exact: true }).click();
    await page.waitForURL('**/call-for-papers');
    await context.close();
  }
});

test('a login-area route is served the app shell and renders on the client', async () => {
  const { context, page } = await newPage(browser);
  const res = await page.goto('/editor/view-more/0123456789abcdef01234567');
  expect(res?.status()).toBe(200);
  expect(await res?.text()).not.toContain('SUGGESTED REVIEWERS');
  // Rendered in the browser: with no stored token it goes to the login screen.
  await page.waitForURL('**/login?reason=login');
  await page.getByRole('heading', { name: 'Login' }).waitFor();
  await context.close();
});

test('GET /api/health through the production server', async () => {
  const res = await fetch(`${baseUrl()}/api/health`);
  expect(await res.json()).toEqual({ status: 'ok' });
});
