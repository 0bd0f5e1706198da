import { generate } from 'otplib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestProvider, type TestProvider } from '../support/oidc-provider';
import type { ServerProcess } from '../support/server-process';
import {
  DESKTOP,
  launchBrowser,
  pageOpener,
  PHONE,
  screenChecker,
  signUpInBrowser,
  startOwnServer,
  uniqueEmail,
  watchProblems,
} from './browser';

/*
 * Decision 0070 in the browser: an author signs up with ORCID through a real OpenID provider on loopback and finds her
 * verified ORCID iD on her profile; the chair sets up an authenticator app and then cannot sign in without it. The
 * browser uses "localhost", the address the server names itself by (PUBLIC_URL's default), so the provider sends it
 * back to the same site whose cookie started the sign-in.
 */

let browser: Browser;
let server: ServerProcess;
let provider: TestProvider;
const appUrl = () => server.url.replace('127.0.0.1', 'localhost');
const chairEmail = uniqueEmail('chair');

beforeAll(async () => {
  provider = await startTestProvider(() => appUrl());
  const { PUBLIC_URL: _unused, ...env } = provider.env('http://unused.example');
  server = await startOwnServer({ ...env, EDITOR_EMAILS: chairEmail });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await provider?.close();
});

const open = pageOpener({ browser: () => browser, baseURL: appUrl });
const checkScreen = screenChecker({ sizes: [PHONE, DESKTOP], shots: process.env.SIGNIN_SHOTS, prefix: 'signin-' });

test('an author signs up with ORCID through the provider, and her ORCID iD is on her profile, verified', async () => {
  const orcid = '0000-0002-1825-0097';
  const email = uniqueEmail('orla');
  provider.seed({ sub: orcid, name: 'Orla Ní Bhriain', given_name: 'Orla', family_name: 'Ní Bhriain' });
  const { context, page } = await open({ viewport: PHONE });
  const problems = watchProblems(page);
  await page.goto('/login');
  const orcidLink = page.getByRole('link', { name: 'Sign in with ORCID' });
  await expect.poll(() => orcidLink.isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'Sign in with University Login' }).isVisible()).toBe(true);
  await checkScreen(page, 'login-providers');
  await orcidLink.click();
  // At the provider: sign in, then allow.
  await page.getByLabel('Account').fill(orcid);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  // Back here: ORCID shares no address, so the app asks for one.
  await page.waitForURL('**/login/oidc#ticket=*');
  const emailField = page.getByLabel('Email');
  await expect.poll(() => emailField.isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await page.getByText('ORCID did not share your e-mail address').isVisible()).toBe(true);
  await checkScreen(page, 'oidc-email');
  await emailField.fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/author/dashboard');
  await expect.poll(() => page.getByText(orcid).first().isVisible(), { timeout: 15_000 }).toBe(true);
  await page.goto('/account/security');
  await expect.poll(() => page.getByText('verified by ORCID').isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await page.getByRole('listitem', { name: 'ORCID' }).isVisible()).toBe(true);
  await checkScreen(page, 'account-security-author');
  expect(problems).toEqual([]);
  await context.close();
});

test('the chair sets up an authenticator app, and then cannot sign in without a code', async () => {
  const { context, page } = await open({ viewport: DESKTOP });
  await signUpInBrowser(page, { role: 'Editor', email: chairEmail, name: 'Chair Person' });
  await page.goto('/account/security');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secretText = page.getByTestId('totp-secret');
  await expect.poll(() => secretText.isVisible(), { timeout: 15_000 }).toBe(true);
  expect(await page.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible()).toBe(true);
  await checkScreen(page, 'totp-enrol');
  const secret = (await secretText.textContent())!.trim();
  await page.getByLabel('Code from the app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect.poll(() => codes.count(), { timeout: 15_000 }).toBe(10);
  const recovery = (await codes.allTextContents()).map((c) => c.trim());
  await checkScreen(page, 'totp-recovery-codes');
  // The editor's security screen: the requirement, and the people with a second factor.
  await page.goto('/editor/security');
  await expect.poll(() => page.getByRole('listitem', { name: 'Chair Person (Editor)' }).isVisible(), { timeout: 15_000 }).toBe(true);
  // The box saves on change; it shows the saved state once the server has answered.
  await page.getByLabel('Require a second factor of editors, track chairs and award-panel members').click();
  await expect
    .poll(() => page.getByLabel('Require a second factor of editors, track chairs and award-panel members').isChecked())
    .toBe(true);
  await checkScreen(page, 'editor-security');
  await context.close();

  // A new browser: the password alone does not sign in.
  const fresh = await open({ viewport: PHONE });
  await fresh.page.goto('/login');
  await fresh.page.getByText('Editor', { exact: true }).click();
  await fresh.page.getByLabel('Email').fill(chairEmail);
  await fresh.page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await fresh.page.locator('button[type=submit]').click();
  await fresh.page.waitForURL('**/login/second-factor');
  await checkScreen(fresh.page, 'second-factor-step');
  await fresh.page.goto('/editor/dashboard');
  await fresh.page.waitForURL('**/login**');
  expect(new URL(fresh.page.url()).pathname).toBe('/login');
  // Back at the step: a wrong code is refused, a recovery code signs in.
  await fresh.page.goto('/login/second-factor');
  await fresh.page.getByLabel('Code').fill('000000');
  await fresh.page.getByRole('button', { name: 'Continue' }).click();
  await expect
    .poll(() => fresh.page.getByText('That code is not right, or it has already been used').isVisible(), { timeout: 15_000 })
    .toBe(true);
  await fresh.page.getByLabel('Code').fill(recovery[0]!);
  await fresh.page.getByRole('button', { name: 'Continue' }).click();
  await fresh.page.waitForURL('**/editor/dashboard');
  await fresh.context.close();
});
