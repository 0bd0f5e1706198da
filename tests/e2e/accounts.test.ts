import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, logInInBrowser, newPage, PHONE, signUpInBrowser, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('signup lands each role on its dashboard', () => {
  test.each([
    ['Author', uniqueEmail('author'), '/author/dashboard'],
    ['Editor', 'editor@e2e.example.org', '/editor/dashboard'],
    ['Reviewer', uniqueEmail('reviewer'), '/reviewer/dashboard'],
  ] as const)('%s', async (role, email, path) => {
    const { context, page } = await newPage(browser, PHONE);
    await signUpInBrowser(page, { role, email, name: `Test ${role}` });
    expect(new URL(page.url()).pathname).toBe(path);
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      user: JSON.parse(localStorage.getItem('user') ?? 'null'),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.user).toMatchObject({ email, role, name: `Test ${role}` });
    await context.close();
  });
});

test('a reviewer chooses tags with the keyboard, removes one by its chip, and the server keeps the rest', async () => {
  const { context, page } = await newPage(browser);
  await page.goto('/login');
  await page.getByText('Reviewer', { exact: true }).click();
  await page.getByRole('button', { name: 'Signup', exact: true }).click();
  await page.getByLabel('Full name').fill('Keyboard Reviewer');
  const email = uniqueEmail('kbd');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByLabel('Confirm password').fill('correct horse battery');
  const box = page.getByRole('combobox');
  await box.focus();
  await box.pressSequentially('learn');
  // Options now: Machine Learning, Deep Learning, Reinforcement Learning, E-Learning
  await box.press('Enter');
  // A pick clears the typed text, ready for the next tag.
  await expect.poll(() => box.inputValue()).toBe('');
  await box.pressSequentially('learn');
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect.poll(() => box.inputValue()).toBe('');
  await box.pressSequentially('iot');
  await box.press('Enter');
  const chips = page.getByRole('list', { name: 'Selected tags' }).getByRole('listitem');
  await expect(chips.allTextContents()).resolves.toEqual(['Machine Learning×', 'Deep Learning×', 'IoT×']);
  await page.getByRole('button', { name: 'Remove Deep Learning' }).click();
  await page.locator('button[type=submit]').click();
  await page.waitForURL('**/reviewer/dashboard');
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
  expect(user.tags).toEqual(['Machine Learning', 'IoT']);
  await context.close();
});

test("a wrong password shows the server's message", async () => {
  const { context, page } = await newPage(browser);
  const email = uniqueEmail('wrongpw');
  await signUpInBrowser(page, { role: 'Author', email, name: 'Wrong Password' });
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not my password');
  await page.locator('button[type=submit]').click();
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid email, password or role');
  expect(new URL(page.url()).pathname).toBe('/login');
  await context.close();
});

test("signup with passwords that differ shows the server's message", async () => {
  const { context, page } = await newPage(browser);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Signup', exact: true }).click();
  await page.getByLabel('Full name').fill('Mismatch');
  await page.getByLabel('Email').fill(uniqueEmail('mismatch'));
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByLabel('Confirm password').fill('correct horse batterz');
  await page.locator('button[type=submit]').click();
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Passwords do not match');
  await context.close();
});

test('logout clears the session; the login area then says Please login first', async () => {
  const { context, page } = await newPage(browser);
  const email = uniqueEmail('logout');
  await signUpInBrowser(page, { role: 'Author', email, name: 'Log Out' });
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
  await page.goto('/author/dashboard');
  await page.waitForURL('**/login?reason=login');
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Please login first');
  await logInInBrowser(page, { role: 'Author', email });
  await context.close();
});

test("a login-area page opened with another role's token goes to that role's dashboard", async () => {
  const { context, page } = await newPage(browser);
  await signUpInBrowser(page, { role: 'Reviewer', email: uniqueEmail('wrongrole'), name: 'Wrong Role' });
  await page.goto('/author/new-paper');
  await page.waitForURL('**/reviewer/dashboard');
  await context.close();
});
