import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MAIL_TEMPLATES } from '../../src/core/mail-templates';
import type { ServerProcess } from '../support/server-process';
import { serverApi } from './server-api';
import {
  checkAccessibility,
  DESKTOP,
  horizontalOverflow,
  launchBrowser,
  pageOpener,
  PHONE,
  screenshots,
  startOwnServer,
  watchProblems,
} from './browser';

/**
 * Decision 0038, on a server of its own (templates are the whole conference's): the editor opens the mail templates
 * at 1280 px, fills the preview from a real paper whose title carries markup, edits the subject and body (a chip
 * inserts a placeholder; an unknown one is refused as they type), sees the preview change, saves, and resets to
 * the default after confirming; then the same screen at 390 px. Axe-clean at both widths.
 */
let browser: Browser;
let server: ServerProcess;
let paperId: string;
const stamp = Date.now().toString(36);
const editorEmail = `words.${stamp}@desk.example`;
const TITLE = 'Robots that read <b>maps</b>';
const SHOTS = process.env.SCREENSHOT_DIR;

const { signup, submit } = serverApi(() => server.url);

beforeAll(async () => {
  server = await startOwnServer();
  browser = await launchBrowser();
  await signup('Editor', 'Wanda Words', editorEmail);
  const author = await signup('Author', 'Ada Author', `ada.${stamp}@lab.example`);
  paperId = await submit(author.token, TITLE);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = pageOpener({ browser: () => browser, baseURL: () => server.url, context: { bypassCSP: true } });
const editorLogin = { role: 'Editor', email: editorEmail } as const;
const shot = screenshots(SHOTS);

test('the editor edits a template, sees the preview change, saves, and resets it to the default', async () => {
  const { context, page } = await open({ viewport: DESKTOP, login: editorLogin });
  const problems = watchProblems(page);
  await page.getByRole('link', { name: 'Mail templates' }).click();
  await page.getByRole('heading', { name: 'Mail templates', level: 1 }).waitFor();
  await page.getByRole('navigation', { name: 'Mail templates' }).getByRole('link', { name: 'Paper received' }).click();
  const editor = page.getByRole('region', { name: 'Paper received' });
  const subject = editor.getByLabel('Subject');
  const body = editor.getByLabel('Body');
  await expect.poll(() => subject.inputValue()).toBe(MAIL_TEMPLATES.paperReceived.subject);

  // Example values first, then the real paper: its title arrives as text in both copies, never as markup.
  const preview = page.getByRole('region', { name: 'Preview' });
  const previewSubject = preview.getByTestId('preview-subject');
  await expect.poll(() => previewSubject.innerText()).toMatch(/^Paper received: An Example Paper/);
  await expect.poll(() => preview.getByText('(example)').count()).toBeGreaterThan(0);
  await preview.getByLabel('Fill in from a paper').selectOption(paperId);
  await expect.poll(() => previewSubject.innerText()).toBe(`Paper received: ${TITLE} (Paper ID: ${paperId})`);
  const html = page.frameLocator('iframe[title="The HTML copy of the mail"]');
  await expect.poll(() => html.locator('body').innerText()).toContain(`"${TITLE}"`);
  expect(await html.locator('b').count()).toBe(0);

  // The subject changes, and the preview follows.
  await subject.fill('We have "{paperTitle}"');
  await expect.poll(() => previewSubject.innerText()).toBe(`We have "${TITLE}"`);
  // A placeholder the mail cannot fill is refused as it is typed, with the reason, and Save waits.
  await body.fill('Dear {name},\n\nYour score: {score}');
  await expect
    .poll(() => editor.getByRole('alert').innerText())
    .toMatch(/^Unknown placeholder \{score\} in the body: this mail can use \{paperTitle\}/);
  expect(await editor.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
  // A chip inserts a placeholder where the cursor is.
  await body.fill('Dear {name},\n\nThank you for paper ');
  await body.press('End');
  await editor.getByRole('button', { name: 'Insert {paperId}' }).click();
  await expect.poll(() => body.inputValue()).toBe('Dear {name},\n\nThank you for paper {paperId}');
  await expect
    .poll(() => preview.getByTestId('preview-text').innerText())
    .toMatch(new RegExp(`^Dear Ada Author,\\s+Thank you for paper ${paperId}`));
  expect(await editor.getByRole('alert').count()).toBe(0);

  await editor.getByRole('button', { name: 'Save' }).click();
  await page.getByText('“Paper received” saved: mails sent from now on use your wording.').waitFor();
  await editor.getByText('Your wording').waitFor();
  await checkAccessibility(page, 'mail templates', { toastsGone: true, overflow: false });
  await shot(page, 'mail-templates-1280');

  // After a reload the saved wording is the one in force.
  await page.reload();
  await expect
    .poll(() => page.getByRole('region', { name: 'Paper received' }).getByLabel('Subject').inputValue())
    .toBe('We have "{paperTitle}"');

  // Reset asks first; keeping the wording changes nothing, confirming brings the default back.
  const again = page.getByRole('region', { name: 'Paper received' });
  await again.getByRole('button', { name: 'Reset to default' }).click();
  await again.getByRole('button', { name: 'Keep my wording' }).click();
  expect(await again.getByLabel('Subject').inputValue()).toBe('We have "{paperTitle}"');
  await again.getByRole('button', { name: 'Reset to default' }).click();
  await again.getByRole('button', { name: 'Yes, reset to default' }).click();
  await page.getByText('“Paper received” is back to its default wording.').waitFor();
  await expect.poll(() => again.getByLabel('Subject').inputValue()).toBe(MAIL_TEMPLATES.paperReceived.subject);
  await again.getByText('Default wording').waitFor();
  expect(problems).toEqual([]);
  await context.close();
});

test('on a phone (390 px) the editor picks a template from one menu; nothing sticks out; axe-clean', async () => {
  const { context, page } = await open({ viewport: PHONE, login: editorLogin });
  await page.goto('/editor/mail-templates');
  await page.getByRole('heading', { name: 'Mail templates', level: 1 }).waitFor();
  await page.getByLabel('Template', { exact: true }).selectOption('responseWindowOpened');
  const editor = page.getByRole('region', { name: 'Response window opened' });
  await expect.poll(() => editor.getByLabel('Subject').inputValue()).toBe(MAIL_TEMPLATES.responseWindowOpened.subject);
  await expect.poll(() => page.getByTestId('preview-subject').innerText()).toMatch(/^The reviews of your paper are in: respond by /);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await checkAccessibility(page, 'mail templates', { toastsGone: true, overflow: false });
  await shot(page, 'mail-templates-390');
  await context.close();
});

test("under the site's own Content-Security-Policy the HTML copy shows in its sandboxed frame, scripts and all markup inert", async () => {
  const { context, page } = await open({ viewport: DESKTOP, bypassCSP: false, login: editorLogin });
  await page.goto('/editor/mail-templates?t=paperReceived');
  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.getByLabel('Fill in from a paper').selectOption(paperId);
  const frame = page.frameLocator('iframe[title="The HTML copy of the mail"]');
  await expect.poll(() => frame.locator('body').innerText()).toContain(`"${TITLE}"`);
  expect(await page.locator('iframe[title="The HTML copy of the mail"]').getAttribute('sandbox')).toBe('');
  if (SHOTS)
    await page.locator('iframe[title="The HTML copy of the mail"]').screenshot({ path: path.join(SHOTS, 'mail-templates-html-copy.png') });
  await context.close();
});
