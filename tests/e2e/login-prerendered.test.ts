import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { baseUrl, DESKTOP, launchBrowser, newPage, PHONE, uniqueEmail, watchProblems } from './browser';
import { PASSWORD, serverApi } from './server-api';

// Issue 30.1: /login is prerendered (the login card paints before the app's JavaScript arrives) and the app then
// takes over in place, keeping what the visitor typed while it loaded.

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

test('the login card is in the HTML: it shows with JavaScript off, with the bar, its fields and the page title', async () => {
  const res = await fetch(`${baseUrl()}/login`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain('<title>Login / Signup | IMSE 2025</title>');
  for (const viewport of [PHONE, DESKTOP]) {
    const context = await browser.newContext({ viewport, baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    expect(await page.getByRole('heading', { name: 'Login', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByLabel('Email').isVisible()).toBe(true);
    expect(await page.getByLabel('Password', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    await context.close();
  }
});

test('what is typed before the app has loaded stays, and logs in once it has; nothing is logged wrong', async () => {
  const api = serverApi(baseUrl);
  const email = uniqueEmail('prerendered-login');
  await api.signup('Author', 'Early Typist', email);
  const { context, page } = await newPage(browser, PHONE);
  const problems = watchProblems(page);
  // The app's scripts wait until the fields are filled in: as on a slow network.
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/assets/*.js', async (route) => { await released; await route.continue(); });
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  release();
  // The app has taken over once its route modules are loaded and the card answers the Signup toggle.
  await page.waitForFunction(() => Boolean((window as unknown as { __reactRouterRouteModules?: Record<string, unknown> }).__reactRouterRouteModules?.login));
  await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
  expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe(PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL('**/author/dashboard');
  expect(problems).toEqual([]);
  await context.close();
});
