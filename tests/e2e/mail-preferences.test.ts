import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { mailText, startSmtpListener } from '../support/smtp';
import { checkAccessibility, DESKTOP, launchBrowser, logInInBrowser, PHONE, startOwnServer } from './browser';
import { serverApi } from './server-api';

/**
 * Decision 0039 in the browser, on a server of its own with a real SMTP listener: a verified reviewer chooses "Once a
 * day" for the discussion's mails on /account/notifications and finds it kept after a reload; another opens the
 * /unsubscribe link of a discussion mail they received, stops that kind with one press, and their settings say so.
 * Both screens axe-clean, nothing sideways, at 390 and 1280 px.
 */
let browser: Browser;
let server: ServerProcess;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
const stamp = Date.now().toString(36);
const EDITOR = `prefs-editor-${stamp}@e2e.example.org`;
const rita = { name: 'Rita Reviewer', email: `rita@uni-p-${stamp}.example` };
const omar = { name: 'Omar Reviewer', email: `omar@uni-o-${stamp}.example` };
const SHOTS = process.env.SCREENSHOT_DIR;

const { call, signup, submit, verifyByMail } = serverApi(() => server.url);
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).map(mailText);

const verify = (email: string) => verifyByMail(email, mailsTo);

beforeAll(async () => {
  smtp = await startSmtpListener();
  server = await startOwnServer({ SMTP_URL: smtp.url, EDITOR_EMAILS: EDITOR });
  browser = await launchBrowser();
  const editor = await signup('Editor', 'Desk Editor', EDITOR);
  const author = await signup('Author', 'Ana Author', `ana@lab-${stamp}.example`);
  const paperId = await submit(author.token, 'Quiet inboxes');
  for (const r of [rita, omar]) {
    const { user } = await signup('Reviewer', r.name, r.email, ['Robotics']);
    await verify(r.email);
    await call('POST', '/api/editor/send-paper', editor.token, { paperId, reviewerId: user._id, override: true });
  }
  // Each reviewer is told of the editor's post by mail (the discussion's kind of notification).
  await call('POST', `/api/papers/${paperId}/discussion`, editor.token, { body: 'Let us discuss.' });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** axe-clean and nothing sideways at both widths (after the toasts settle); a screenshot of each when SCREENSHOT_DIR is set. */
async function checkScreen(page: Page, name: string): Promise<void> {
  await checkAccessibility(page, name, {
    sizes: [PHONE, DESKTOP],
    shot: SHOTS
      ? async (width) => {
          mkdirSync(SHOTS, { recursive: true });
          await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
        }
      : undefined,
  });
}

async function loggedIn(email: string, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL: server.url, bypassCSP: true });
  const page = await context.newPage();
  await logInInBrowser(page, { role: 'Reviewer', email });
  return { context, page };
}

test('a verified reviewer chooses "Once a day" for the discussion\'s mails and finds it kept after a reload', async () => {
  const { context, page } = await loggedIn(rita.email);
  await page.getByRole('link', { name: 'Notifications', exact: true }).click();
  await page.getByRole('heading', { name: 'Notification settings' }).waitFor();
  const discussion = page.getByRole('group', { name: 'New posts in a paper\u2019s discussion' });
  expect(await discussion.getByRole('radio', { name: 'Immediately' }).isChecked()).toBe(true);
  // The essential mails are named, and said to come whatever is chosen.
  const always = page.getByRole('region', { name: 'Always sent' });
  expect(await always.textContent()).toContain('These mails are essential: they come whatever you choose here.');
  await always.getByText('Password reset', { exact: true }).waitFor();

  await discussion.getByRole('radio', { name: 'Once a day' }).check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.locator('[data-sonner-toast]').getByText('Notification settings saved.').waitFor();
  await checkScreen(page, 'notifications');

  await page.reload();
  const again = page.getByRole('group', { name: 'New posts in a paper\u2019s discussion' });
  await again.getByRole('radio', { name: 'Once a day' }).waitFor();
  expect(await again.getByRole('radio', { name: 'Once a day' }).isChecked()).toBe(true);
  expect(
    await page
      .getByRole('group', { name: 'Automatic reminders (reviews due, registration)' })
      .getByRole('radio', { name: 'Immediately' })
      .isChecked(),
  ).toBe(true);
  await context.close();
});

test('the /unsubscribe link of a mail received stops that kind with one press, and the settings say so (390 px)', async () => {
  // The discussion mail Omar received: its footer's link to the page that stops these mails.
  let link: string | undefined;
  await expect
    .poll(
      () =>
        (link = mailsTo(omar.email)
          .map((t) => /Stop these mails: (\S+)/.exec(t)?.[1])
          .find(Boolean)),
      { timeout: 15_000 },
    )
    .toBeTruthy();
  const url = new URL(link!);
  expect(url.pathname).toBe('/unsubscribe');

  const context = await browser.newContext({ viewport: PHONE, baseURL: server.url, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(url.pathname + url.search);
  await page.getByText(`Stop \u2018New posts in a paper\u2019s discussion\u2019 mails to ${omar.email}?`).waitFor();
  await checkScreen(page, 'unsubscribe');
  await page.getByRole('button', { name: 'Stop these mails' }).click();
  await page
    .getByRole('status')
    .getByText(
      `Done: \u2018New posts in a paper\u2019s discussion\u2019 mails to ${omar.email} are stopped. You can change this any time in your notification settings.`,
    )
    .waitFor();
  await checkScreen(page, 'unsubscribe-done');

  // A forged link says so and offers no button.
  url.searchParams.set('token', 'forged');
  await page.goto(url.pathname + url.search);
  await page
    .getByRole('alert')
    .getByText(/^This unsubscribe link is not valid/)
    .waitFor();
  expect(await page.getByRole('button', { name: 'Stop these mails' }).count()).toBe(0);
  await context.close();

  const omarPage = await loggedIn(omar.email, PHONE);
  await omarPage.page.goto('/account/notifications');
  const discussion = omarPage.page.getByRole('group', { name: 'New posts in a paper\u2019s discussion' });
  await discussion.getByRole('radio', { name: 'Off' }).waitFor();
  expect(await discussion.getByRole('radio', { name: 'Off' }).isChecked()).toBe(true);
  await omarPage.context.close();
});

test('before the address is verified the page says why the settings wait and mails the link (390 px)', async () => {
  const email = `uma@uni-u-${stamp}.example`;
  await signup('Reviewer', 'Uma Unverified', email, ['Robotics']);
  const { context, page } = await loggedIn(email, PHONE);
  await page.goto('/account/notifications');
  const wait = page.getByRole('region', { name: 'Confirm your address first' });
  await wait.getByText(/^These settings belong to your email address/).waitFor();
  expect(await page.getByRole('radio').count()).toBe(0);
  await checkScreen(page, 'notifications-unverified');
  await wait.getByRole('button', { name: 'Mail me the verification link' }).click();
  await wait.getByRole('status').waitFor();
  // The link it mailed (the second, after the sign-up's) confirms the address; then the choices appear.
  await expect.poll(() => mailsTo(email).filter((t) => t.includes('verify-email?token=')).length, { timeout: 15_000 }).toBe(2);
  const token = [
    ...mailsTo(email)
      .join('\n')
      .matchAll(/verify-email\?token=([A-Za-z0-9_-]{43})/g),
  ].pop()![1];
  await call('POST', '/api/email/verify', null, { token });
  await page.reload();
  await page.getByRole('group', { name: 'New posts in a paper\u2019s discussion' }).getByRole('radio', { name: 'Immediately' }).waitFor();
  await context.close();
});
