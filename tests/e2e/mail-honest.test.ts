import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FORGOT_ANSWER_KEPT } from '../../src/core/mail-states';
import { RESET_DONE } from '../../src/core/schemas/accounts';
import { DESKTOP, horizontalOverflow, launchBrowser, logInInBrowser, PHONE, settleToasts, startOwnServer, uniqueEmail } from './browser';
import { PASSWORD, serverApi } from './server-api';

/**
 * Decision 0041 on a laptop: a server without SMTP (the default). Someone asks for a password reset and is told the
 * link was kept, not sent; the organiser opens /editor/messages, finds the person's mails, opens the kept reset
 * mail whole and follows its link; the new password works. Each screen axe-clean at 390 and 1280 px.
 */
let server: Awaited<ReturnType<typeof startOwnServer>>;
let browser: Browser;
const SHOTS = process.env.SCREENSHOT_DIR;
const editorEmail = uniqueEmail('organiser');
const authorEmail = uniqueEmail('forgetful');
const { call, signup } = serverApi(() => server.url);

beforeAll(async () => {
  server = await startOwnServer({ EDITOR_EMAILS: editorEmail });
  browser = await launchBrowser();
  await signup('Editor', 'Olive Organiser', editorEmail);
  await signup('Author', 'Fay Forgetful', authorEmail);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

let axeSource: string | undefined;
/** axe-core's violations, each with where (evaluated through the debugging protocol: the page's CSP does not apply). */
async function axe(page: Page): Promise<string[]> {
  await settleToasts(page);
  axeSource ??= readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    (
      window as unknown as {
        axe: { run: (c: unknown, o: object) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe.run(document, { resultTypes: ['violations'] }),
  );
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}
/** axe-clean with nothing sticking out sideways, at 390 and 1280 px, a screenshot of each kept when SCREENSHOT_DIR is set. */
async function checkScreen(page: Page, name: string) {
  const own = page.viewportSize();
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    expect(await axe(page), `${name} at ${size.width} px`).toEqual([]);
    expect(await horizontalOverflow(page), `${name} at ${size.width} px`).toBe(0);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `mail-honest-${name}-${size.width}.png`), fullPage: true });
  }
  if (own) await page.setViewportSize(own);
}

test('without SMTP: a reset link is kept, the organiser opens it on /editor/messages, and the new password works', async () => {
  // The person who forgot, on a phone.
  const visitor = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const page = await visitor.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const panel = page.locator('[id$="-panel"]');
  await panel.getByLabel('Email').fill(authorEmail);
  await panel.getByRole('button', { name: 'Send reset link' }).click();
  await expect.poll(() => panel.getByRole('status').textContent()).toBe(FORGOT_ANSWER_KEPT);
  await checkScreen(page, 'forgot-kept');

  // The organiser, on a laptop: the log, narrowed to that person's address.
  const desk = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
  const editor = await desk.newPage();
  await logInInBrowser(editor, { role: 'Editor', email: editorEmail });
  await editor.goto('/editor/messages');
  await editor.getByText('Mail is not configured, so every e-mail is kept here and none is sent.').waitFor();
  await editor.getByLabel('Recipient’s address').fill(authorEmail.toUpperCase());
  await editor.getByRole('button', { name: 'Show', exact: true }).click();
  await editor.waitForURL(/to=/);
  const log = editor.getByRole('table');
  // Signup's verification mail and the reset mail, both kept.
  await expect.poll(() => log.getByRole('row').count()).toBe(3);
  await expect.poll(() => editor.getByText(/Mail to .*: 2 kept in the outbox/).isVisible()).toBe(true);
  expect(await log.getByText('Kept in the outbox (mail is not configured)').count()).toBe(2);

  await log.getByRole('link', { name: 'Choose a new password for your IMSE Author account' }).click();
  const opened = editor.getByRole('region', { name: 'Choose a new password for your IMSE Author account' });
  await opened.getByText('Kept in the outbox, not sent').waitFor();
  expect(await opened.getByText('Password reset (passwordReset)').isVisible()).toBe(true);
  expect(await opened.getByText('None: mail is not configured').isVisible()).toBe(true);
  expect(await opened.locator('pre').textContent()).toContain('Fay Forgetful');
  await checkScreen(editor, 'messages-opened');

  // The link in the mail is a link: followed, it sets the new password.
  const link = opened.locator('pre').getByRole('link', { name: /\/reset-password\?token=/ });
  // The server's public address (PUBLIC_URL, localhost by default) with the one-time token.
  expect(await link.getAttribute('href')).toMatch(
    new RegExp(`^http://(localhost|127\\.0\\.0\\.1):${new URL(server.url).port}/reset-password\\?token=[A-Za-z0-9_-]{43}$`),
  );
  await link.click();
  await editor.waitForURL('**/reset-password?token=*');
  await editor.getByLabel('New password', { exact: true }).fill('a brand new password');
  await editor.getByLabel('Confirm new password').fill('a brand new password');
  await editor.getByRole('button', { name: 'Save new password' }).click();
  await expect.poll(() => editor.getByRole('main').getByRole('status').textContent()).toBe(RESET_DONE);
  const login = await call<{ token: string }>('POST', '/api/login', null, {
    email: authorEmail,
    password: 'a brand new password',
    role: 'Author',
  });
  expect(login.token).toEqual(expect.any(String));
  await expect(call('POST', '/api/login', null, { email: authorEmail, password: PASSWORD, role: 'Author' })).rejects.toThrow(/401/);
  await visitor.close();
  await desk.close();
}, 180_000);
