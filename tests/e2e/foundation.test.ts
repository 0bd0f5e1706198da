import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { baseUrl, launchBrowser, newPage, PHONE } from './browser';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

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

test('an unknown path answers 404 with the bare not-found page', async () => {
  const { context, page } = await newPage(browser, PHONE);
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect.poll(() => page.getByRole('heading', { name: '404 Not Found' }).isVisible()).toBe(true);
  await context.close();
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
