import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MESSAGES } from '../../src/core/messages';
import { FORGOT_ANSWER, RESET_DONE, VERIFY_DONE, VERIFY_SENT } from '../../src/core/schemas/accounts';
import type { ServerProcess } from '../support/server-process';
import { mailedLink as mailedLinkIn, startSmtpListener } from '../support/smtp';
import {
  axeViolations,
  DESKTOP,
  launchBrowser,
  pageOpener,
  PHONE,
  screenshots,
  signUpInBrowser,
  startOwnServer,
  uniqueEmail,
} from './browser';

/**
 * Decision 0016's journeys, on a server of this file's own whose mail goes to a real SMTP listener, so the
 * test reads the links a person would get: forgot → mail → reset → login, and a co-author who signs up
 * and finds the paper. Axe checks the new login-area screens at 390 and 1280 px.
 */
let browser: Browser;
let server: ServerProcess;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
const SHOTS = process.env.ACCOUNTS_SHOTS;

beforeAll(async () => {
  smtp = await startSmtpListener();
  server = await startOwnServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const open = pageOpener({ browser: () => browser, baseURL: () => server.url });

/** The path of the newest link to `pagePath` mailed to `to`, once it has arrived. */
const mailedLink = (to: string, pagePath: '/reset-password' | '/verify-email') => mailedLinkIn(smtp.mails, to, pagePath);

/** The login screen's submit, without waiting for a dashboard (a wrong password stays on the screen). */
async function logIn(page: Page, opts: { role: 'Author' | 'Reviewer'; email: string; password: string }) {
  await page.goto('/login');
  await page.getByText(opts.role, { exact: true }).click();
  await page.getByLabel('Email').fill(opts.email);
  await page.getByLabel('Password', { exact: true }).fill(opts.password);
  await page.locator('button[type=submit]').click();
}

const shot = screenshots(SHOTS);

test('forgot password → mail → reset → login with the new password (390 px)', async () => {
  const { context, page } = await open({ viewport: PHONE });
  const email = uniqueEmail('forgetful');
  await signUpInBrowser(page, { role: 'Author', email, name: 'Forgetful Author', password: 'the old password' });
  // Signup mailed a verification link; the account bar offers to send it again, and the newest one confirms the address.
  const account = page.getByRole('region', { name: 'Your account' });
  await account.getByRole('button', { name: 'Verify email' }).click();
  await expect.poll(() => account.getByRole('status').textContent()).toBe(VERIFY_SENT);
  await expect.poll(() => smtp.mails.filter((m) => m.to.includes(email)).length, { timeout: 15_000 }).toBe(2);
  await page.goto(await mailedLink(email, '/verify-email'));
  // Opening the link confirms nothing (docs/product.md#accounts-and-verified-addresses): the button does.
  await expect.poll(() => page.getByRole('button', { name: 'Confirm my email address' }).isVisible()).toBe(true);
  const before = await page.evaluate(async () =>
    (await fetch('/api/me/roles', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } })).json(),
  );
  expect(before.emailVerified).toBe(false);
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect.poll(() => page.getByRole('main').getByRole('status').textContent()).toBe(VERIFY_DONE);
  const roles = await page.evaluate(async () =>
    (await fetch('/api/me/roles', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } })).json(),
  );
  expect(roles.emailVerified).toBe(true);
  await page.goto('/author/dashboard');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');

  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const panel = page.locator('[id$="-panel"]');
  await panel.getByLabel('Email').fill(email);
  await shot(page, 'login-forgot-390');
  await panel.getByRole('button', { name: 'Send reset link' }).click();
  await expect.poll(() => panel.getByRole('status').textContent()).toBe(FORGOT_ANSWER);

  await page.goto(await mailedLink(email, '/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('the new password');
  await page.getByLabel('Confirm new password').fill('the new password');
  await shot(page, 'reset-password-390');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect.poll(() => page.getByRole('main').getByRole('status').textContent()).toBe(RESET_DONE);
  await page.getByRole('link', { name: 'Go to login' }).click();
  await page.waitForURL('**/login');

  await logIn(page, { role: 'Author', email, password: 'the old password' });
  await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid email, password or role');
  await logIn(page, { role: 'Author', email, password: 'the new password' });
  await page.waitForURL('**/author/dashboard');

  // The link was used: opening it again says so.
  const used = smtp.mails.filter((m) => m.to.includes(email)).length;
  expect(used).toBeGreaterThanOrEqual(2);
  await context.close();
});

test('an author lists a co-author on the new-paper form; the co-author signs up, confirms the address and sees the paper, marked co-authored (1280 px)', async () => {
  const owner = await open({ viewport: DESKTOP });
  await signUpInBrowser(owner.page, { role: 'Author', email: uniqueEmail('owner'), name: 'Owning Author', password: 'owner password' });
  await owner.page.goto('/author/new-paper');
  await owner.page.getByLabel('Title').fill('Co-written work on edge clinics');
  await owner.page.getByLabel('Abstract').fill('Written together.');
  await owner.page.getByLabel('Track').selectOption({ label: 'Computer Science and Applications' });
  await owner.page.getByRole('button', { name: '+ Add co-author' }).click();
  const coEmail = uniqueEmail('coauthor');
  const row = owner.page.getByRole('listitem').filter({ hasText: 'Co-author 1' });
  await row.getByLabel('Name').fill('Carla Coauthor');
  await row.getByLabel('Email').fill(coEmail);
  await row.getByLabel('Affiliation').fill('Chiang Mai University');
  await owner.page
    .getByLabel('Paper (PDF)')
    .setInputFiles({ name: 'p.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n% co\n%%EOF\n') });
  await shot(owner.page, 'new-paper-co-author-1280');
  await owner.page.getByRole('button', { name: 'Submit Paper' }).click();
  await owner.page.waitForURL('**/author/dashboard');
  await owner.context.close();

  const co = await open({ viewport: DESKTOP });
  await signUpInBrowser(co.page, { role: 'Author', email: coEmail, name: 'Carla Coauthor', password: 'co password!' });
  // Until Carla confirms her address, the paper is announced, not shown (docs/product.md#accounts-and-verified-addresses).
  await expect.poll(() => co.page.getByRole('status').filter({ hasText: MESSAGES.waitingForVerification }).isVisible()).toBe(true);
  expect(await co.page.getByRole('article').filter({ hasText: 'Co-written work on edge clinics' }).count()).toBe(0);
  await shot(co.page, 'co-author-waiting-1280');
  await co.page.goto(await mailedLink(coEmail, '/verify-email'));
  await co.page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect.poll(() => co.page.getByRole('main').getByRole('status').textContent()).toBe(VERIFY_DONE);
  await co.page.getByRole('link', { name: 'Go to your dashboard' }).click();
  const card = co.page.getByRole('article').filter({ hasText: 'Co-written work on edge clinics' });
  await expect.poll(() => card.getByText('Co-authored').isVisible()).toBe(true);
  await card.getByRole('link', { name: /View More/ }).click();
  await expect.poll(() => co.page.getByText('You are a co-author of this paper.').isVisible()).toBe(true);
  await expect.poll(() => co.page.getByText('Carla Coauthor — ').isVisible()).toBe(true);
  await expect.poll(() => co.page.getByRole('button', { name: 'Change co-authors' }).count()).toBe(0);
  await shot(co.page, 'paper-co-authored-1280');
  await co.context.close();
});

test("one login with the password offers the same person's Reviewer account in the header, which switches without it", async () => {
  const { context, page } = await open({ viewport: PHONE });
  const email = uniqueEmail('twohats');
  await signUpInBrowser(page, { role: 'Reviewer', email, name: 'Two Hats', password: 'same password' });
  await page.getByRole('button', { name: 'Logout' }).click();
  await signUpInBrowser(page, { role: 'Author', email, name: 'Two Hats', password: 'same password' });
  await page.getByRole('button', { name: 'Logout' }).click();
  await logIn(page, { role: 'Author', email, password: 'same password' });
  await page.waitForURL('**/author/dashboard');
  const group = page.getByRole('group', { name: 'Switch role:' });
  await expect.poll(() => group.getByRole('button', { name: 'Reviewer' }).isVisible()).toBe(true);
  await shot(page, 'role-switch-390');
  await group.getByRole('button', { name: 'Reviewer' }).click();
  await page.waitForURL('**/reviewer/dashboard');
  const header = page.getByRole('region', { name: 'Your account' });
  await expect.poll(() => header.getByText(/Logged in as/).textContent()).toContain('(Reviewer)');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.role)).toBe('Reviewer');
  await page.getByRole('group', { name: 'Switch role:' }).getByRole('button', { name: 'Author' }).click();
  await page.waitForURL('**/author/dashboard');
  await context.close();
});

test('an account of the same address with its own password switches only once that password is typed in the header', async () => {
  const { context, page } = await open({ viewport: DESKTOP });
  const email = uniqueEmail('ownpass');
  await signUpInBrowser(page, { role: 'Reviewer', email, name: 'Own Pass', password: 'the reviewer password' });
  await page.getByRole('button', { name: 'Logout' }).click();
  await signUpInBrowser(page, { role: 'Author', email, name: 'Own Pass', password: 'the author password' });
  const group = page.getByRole('group', { name: 'Switch role:' });
  await group.getByRole('button', { name: 'Reviewer (password)' }).click();
  await group.getByLabel('Password of your Reviewer account').fill('the author password');
  await group.getByRole('button', { name: 'Switch' }).click();
  await expect.poll(() => group.getByRole('alert').textContent()).toBe('That is not the password of your account in this role');
  await group.getByLabel('Password of your Reviewer account').fill('the reviewer password');
  await shot(page, 'role-switch-password-1280');
  await group.getByRole('button', { name: 'Switch' }).click();
  await page.waitForURL('**/reviewer/dashboard');
  await expect
    .poll(() =>
      page
        .getByRole('region', { name: 'Your account' })
        .getByText(/Logged in as/)
        .textContent(),
    )
    .toContain('(Reviewer)');
  await context.close();
});

describe('accessibility of the new login-area screens: axe-core finds no violations', () => {
  for (const [name, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    test(`at ${name} px`, async () => {
      const { context, page } = await open({ viewport, bypassCSP: true });
      const problems: string[] = [];
      const check = async (label: string) => {
        for (const v of await axeViolations(page)) problems.push(`${label}: ${v}`);
      };
      await page.goto('/login');
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await check('login with the forgot panel open');
      await page.goto(`/reset-password?token=${'A'.repeat(43)}`);
      await page.getByRole('button', { name: 'Save new password' }).click();
      await expect.poll(() => page.getByRole('alert').count()).toBe(1);
      await check('reset-password with an error');
      await page.goto(`/verify-email?token=${'A'.repeat(43)}`);
      await page.getByRole('button', { name: 'Confirm my email address' }).waitFor();
      await check('verify-email before confirming');
      await page.getByRole('button', { name: 'Confirm my email address' }).click();
      await expect.poll(() => page.getByRole('alert').count()).toBe(1);
      await check('verify-email');
      await shot(page, `verify-email-${name}`);
      const email = uniqueEmail(`axe${name}`);
      await signUpInBrowser(page, { role: 'Reviewer', email, name: 'Axe Person', password: 'axe password' });
      await page.getByRole('button', { name: 'Logout' }).click();
      await signUpInBrowser(page, { role: 'Author', email, name: 'Axe Person', password: 'axe password' });
      await page.getByRole('button', { name: 'Logout' }).click();
      await logIn(page, { role: 'Author', email, password: 'axe password' });
      await page.waitForURL('**/author/dashboard');
      await expect.poll(() => page.getByRole('group', { name: 'Switch role:' }).count()).toBe(1);
      await check('dashboard header with the role switch');
      await page.goto('/author/new-paper');
      await page.getByRole('button', { name: '+ Add co-author' }).click();
      await check('new paper with a co-author row');
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
