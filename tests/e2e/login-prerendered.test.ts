import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { baseUrl, DESKTOP, launchBrowser, newPage, PHONE, uniqueEmail, watchProblems } from './browser';
import { PASSWORD, serverApi } from './server-api';

// Decision 0055: /login is prerendered (the login card paints before the app's JavaScript arrives), inert until the app
// takes over in place.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('the login card is in the HTML: it shows with JavaScript off, with the bar, its fields and the page title', async () => {
  const res = await fetch(`${baseUrl()}/login`);
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('<title>Login / Signup | IMSE 2025</title>');
  for (const viewport of [PHONE, DESKTOP]) {
    const context = await browser.newContext({ viewport, baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    expect(await page.locator('main h1').textContent()).toBe('Login');
    for (const field of ['#email', '#password', 'button[type=submit]']) expect(await page.locator(field).isVisible(), field).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    await context.close();
  }
});

test('until the app has loaded the card cannot be typed into or sent; then the same card logs in, the password never in an address', async () => {
  const api = serverApi(baseUrl);
  const email = uniqueEmail('prerendered-login');
  await api.signup('Author', 'Early Visitor', email);
  const { context, page } = await newPage(browser, PHONE);
  const problems = watchProblems(page);
  const addresses: string[] = [];
  page.on('request', (r) => addresses.push(r.url()));
  // The app's scripts are held back, as on a slow network.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  expect(await page.locator('main h1').isVisible()).toBe(true);
  await page.locator('#email').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id ?? '')).not.toBe('email');
  expect(await page.locator('#email').inputValue()).toBe('');
  release();
  await page.waitForFunction(() =>
    Boolean((window as unknown as { __reactRouterRouteModules?: Record<string, unknown> }).__reactRouterRouteModules?.login),
  );
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.locator('button[type=submit]').click();
  await page.waitForURL('**/author/dashboard');
  expect(addresses.filter((a) => a.includes('password') || a.includes(encodeURIComponent(email)))).toEqual([]);
  expect(problems).toEqual([]);
  await context.close();
});
