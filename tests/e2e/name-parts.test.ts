import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { PASSWORD, serverApi } from './server-api';
import { DESKTOP, launchBrowser, pageOpener, PHONE, screenChecker, startOwnServer, watchProblems } from './browser';

/**
 * Decision 0074 in the browser, on a server of its own: 王芳 signs up with her family name first and her name in
 * Latin letters; her dashboard's profile shows 王芳 with "Wang Fang", and once her paper is accepted its public page
 * shows "王芳 (Wang Fang)" and gives citation metadata "王, 芳". Each screen checked with axe at 390 and 1280 px
 * (screenshots when NAME_PARTS_SHOTS names a folder).
 */
let browser: Browser;
let server: ServerProcess;
let editorToken = '';
const stamp = Date.now().toString(36);
const email = `wang.fang.${stamp}@names-${stamp}.example`;
const { call, signup, submit } = serverApi(() => server.url);
const open = pageOpener({ browser: () => browser, baseURL: () => server.url });
const checkScreen = screenChecker({ sizes: [PHONE, DESKTOP], shots: process.env.NAME_PARTS_SHOTS, prefix: 'name-parts-' });

beforeAll(async () => {
  server = await startOwnServer();
  browser = await launchBrowser();
  editorToken = (await signup('Editor', 'Desk Editor', `desk.${stamp}@desk-${stamp}.example`)).token;
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('a family-first Chinese name with its Latin letters: sign-up, profile and the paper page show it as she writes it', async () => {
  const { context, page } = await open();
  const problems = watchProblems(page);
  await page.goto('/login');
  await page.getByText('Author', { exact: true }).click();
  await page.getByRole('button', { name: 'Signup', exact: true }).click();
  await page.getByLabel('Full name').fill('王芳');
  await page.getByLabel('Given name').fill('芳');
  await page.getByLabel('Family name', { exact: true }).fill('王');
  // Han characters: "family name first" is ticked for her.
  await expect.poll(() => page.getByLabel(/^Family name first/).isChecked()).toBe(true);
  await page.getByLabel(/^Name in Latin letters/).fill('Wang Fang');
  await expect.poll(() => page.getByText('Shown as:').textContent()).toBe('Shown as: 王芳');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await checkScreen(page, 'signup');
  await page.getByRole('button', { name: 'Signup', exact: true }).and(page.locator('[type=submit]')).click();
  await page.waitForURL('**/author/dashboard');

  const profile = page.getByRole('region', { name: 'Profile' });
  await expect.poll(() => profile.getByRole('heading', { level: 1 }).textContent()).toBe('王芳');
  await expect.poll(() => profile.textContent()).toContain('In Latin letters: Wang Fang');
  await checkScreen(page, 'profile');
  expect(problems).toEqual([]);

  // Her paper, accepted and released: its public page.
  const { token } = await call<{ token: string }>('POST', '/api/login', null, { email, password: PASSWORD, role: 'Author' });
  const paperId = await submit(token, 'Graphs in smart factories');
  await call('PUT', `/api/editor/papers/${paperId}/decision`, editorToken, { decision: 'Accepted' });
  await call('POST', '/api/editor/notify', editorToken, { paperIds: [paperId] });
  await page.goto(`/papers/${paperId}`);
  const authors = page.getByRole('list', { name: 'Authors' });
  await expect.poll(() => authors.textContent()).toBe('王芳 (Wang Fang)');
  await expect.poll(() => page.locator('meta[name="citation_author"]').getAttribute('content')).toBe('王, 芳');
  // The server-made paper page names no icon, so the browser's own /favicon.ico request is a 404: not checked here.
  await checkScreen(page, 'paper-page');
  await context.close();
});
