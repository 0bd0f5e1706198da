import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { mailText, startSmtpListener } from '../support/smtp';
import { pdfBytes } from '../support/multipart';
import { checkAccessibility, DESKTOP, launchBrowser, logInInBrowser, PHONE, startOwnServer } from './browser';
import { serverApi } from './server-api';

/**
 * Decision 0044 in the browser, on a server of its own with a real SMTP listener: an author nominates a colleague with
 * a CV and a photo on /account/nominations (phone-sized), a panel member the editor named scores it on /award-panel,
 * the editor decides "awarded" there (the award id appears, and both nominee and nominator are mailed it), and the
 * awardee with that id shows on the public /awards-2026 page, reached from /awards. Every screen axe-clean and
 * nothing sideways at 390 and 1280 px.
 */
let browser: Browser;
let server: ServerProcess;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
const stamp = Date.now().toString(36);
const EDITOR = `awards-editor-${stamp}@e2e.example.org`;
const nora = { name: 'Nora Nominator', email: `nora@uni-n-${stamp}.example` };
const pat = { name: 'Pat Panelist', email: `pat@uni-p-${stamp}.example` };
const NOMINEE = { name: 'Dr Kanya Srisuk', email: `kanya@uni-k-${stamp}.example` };
const SHOTS = process.env.SCREENSHOT_DIR;
// A real 1×1 PNG, so the awardee's photo draws.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const { call, signup, verifyByMail } = serverApi(() => server.url);
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).map(mailText);

const verify = (email: string) => verifyByMail(email, mailsTo);

beforeAll(async () => {
  smtp = await startSmtpListener();
  server = await startOwnServer({ SMTP_URL: smtp.url, EDITOR_EMAILS: EDITOR });
  browser = await launchBrowser();
  const editor = await signup('Editor', 'Awards Editor', EDITOR);
  await signup('Author', nora.name, nora.email);
  await signup('Reviewer', pat.name, pat.email, ['Robotics']);
  await verify(pat.email);
  await call('POST', '/api/award-panel/members', editor.token, { email: pat.email });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function checkScreen(page: Page, name: string): Promise<void> {
  await checkAccessibility(page, name, {
    sizes: [PHONE, DESKTOP],
    toastsGone: true,
    shot: SHOTS
      ? async (width) => {
          mkdirSync(SHOTS, { recursive: true });
          await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
        }
      : undefined,
  });
}

async function loggedIn(role: 'Author' | 'Editor' | 'Reviewer', email: string, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL: server.url, bypassCSP: true });
  const page = await context.newPage();
  await logInInBrowser(page, { role, email });
  return { context, page };
}

test('an author nominates a colleague with a CV and a photo, on a phone; the Young Scientist questions come with that category', async () => {
  const { context, page } = await loggedIn('Author', nora.email, PHONE);
  try {
    await page.getByRole('link', { name: 'Nominations', exact: true }).click();
    await page.waitForURL('**/account/nominations');
    await expect.poll(() => page.getByRole('heading', { name: 'Award nominations 2026' }).count()).toBe(1);
    await page.getByLabel('Award category').selectOption('Young Scientist Award');
    await expect.poll(() => page.getByLabel('Nominee’s age').count()).toBe(1);
    await page.getByLabel('Award category').selectOption('Best Researcher Award');
    expect(await page.getByLabel('Nominee’s age').count()).toBe(0);
    await page.getByLabel('Nominee’s name').fill(NOMINEE.name);
    await page.getByLabel('Nominee’s email').fill(NOMINEE.email);
    await page.getByLabel('Designation').fill('Associate Professor');
    await page.getByLabel('Affiliation').fill('Mahidol University');
    await page.getByLabel('Statement').fill('Thirty papers on water treatment, two patents in use.');
    await page.getByLabel('CV (PDF)').setInputFiles({ name: 'kanya-cv.pdf', mimeType: 'application/pdf', buffer: pdfBytes('kanya') });
    await page.getByLabel('Photo (optional)').setInputFiles({ name: 'kanya.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Send the nomination' }).click();
    const mine = page.getByRole('region', { name: 'Your nominations' }).or(page.locator('section[aria-labelledby="my-nominations"]'));
    await expect.poll(() => mine.getByText(NOMINEE.name).count(), { timeout: 15_000 }).toBe(1);
    expect(await mine.getByText('With the panel').count()).toBe(1);
    await checkScreen(page, 'award-nominations');
  } finally {
    await context.close();
  }
});

test('a panel member downloads the CV and scores the nomination', async () => {
  const { context, page } = await loggedIn('Reviewer', pat.email);
  try {
    await page.goto('/award-panel');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: NOMINEE.name }) });
    await expect.poll(() => card.count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: /Download CV/ }).click()]);
    expect(download.suggestedFilename()).toBe(`CV - ${NOMINEE.name}.pdf`);
    // A member scores; only the editor decides.
    expect(await card.getByRole('button', { name: /^Award/ }).count()).toBe(0);
    await card.getByLabel('Your score').selectOption('8');
    await card.getByLabel('Comment (optional)').fill('Strong, applied record.');
    await card.getByRole('button', { name: 'Save score' }).click();
    await expect.poll(() => card.getByText('Pat Panelist: 8').count(), { timeout: 15_000 }).toBe(1);
    expect(await card.getByText('average 8.0 of 10 (1)').count()).toBe(1);
    await checkScreen(page, 'award-panel-member');
  } finally {
    await context.close();
  }
});

test('the editor decides "awarded": the award id appears and the nominee and nominator are mailed it', async () => {
  const { context, page } = await loggedIn('Editor', EDITOR);
  try {
    await page.goto('/award-panel');
    await expect.poll(() => page.getByRole('heading', { name: 'Panel members' }).count()).toBe(1);
    expect(await page.getByText(`(${pat.email}, Reviewer)`).count()).toBe(1);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: NOMINEE.name }) });
    await card.getByRole('button', { name: `Award ${NOMINEE.name}` }).click();
    // Asked first (decision 0077): the dialog's Award decides.
    await page
      .getByRole('dialog', { name: `Award ${NOMINEE.name}?` })
      .getByRole('button', { name: 'Award', exact: true })
      .click();
    await expect.poll(() => card.getByText('Award id 2026/Award/ET/1').count(), { timeout: 15_000 }).toBe(1);
    expect(await card.getByText('Awarded', { exact: true }).count()).toBe(1);
    await checkScreen(page, 'award-panel-editor');
  } finally {
    await context.close();
  }
  for (const to of [NOMINEE.email, nora.email]) {
    await expect.poll(() => mailsTo(to).find((m) => m.includes('Award id: 2026/Award/ET/1')), { timeout: 20_000 }).toBeTruthy();
  }
});

test('the awardee with the award id shows on /awards-2026, reached from /awards; "Nominate online" leads to the form', async () => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
  const page = await context.newPage();
  try {
    await page.goto('/awards');
    const links = await page.locator('main a[href^="/awards-"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual(['/awards-2019', '/awards-2022', '/awards-2023', '/awards-2025', '/awards-2026']);
    await page.locator('main a[href="/awards-2026"]').click();
    await page.waitForURL('**/awards-2026');
    expect(await page.getByRole('link', { name: 'Nominate online' }).first().getAttribute('href')).toBe('/account/nominations');
    const list = page.locator('[data-awardees-list]');
    await expect.poll(() => list.getByText(NOMINEE.name).count(), { timeout: 15_000 }).toBe(1);
    const card = list.locator('li').filter({ hasText: NOMINEE.name });
    for (const text of ['Associate Professor', 'Mahidol University', 'Best Researcher Award', '2026/Award/ET/1'])
      expect(await card.getByText(text, { exact: true }).count(), text).toBe(1);
    expect(await card.getByRole('img', { name: `Photo of ${NOMINEE.name}` }).count()).toBe(1);
    expect(await page.content()).not.toContain(NOMINEE.email);
    await checkScreen(page, 'awards-2026');
  } finally {
    await context.close();
  }
});
