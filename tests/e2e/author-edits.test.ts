import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { axeViolations, baseUrl, DESKTOP, launchBrowser, PHONE, signUpInBrowser, uniqueEmail } from './browser';

/**
 * Author edits and withdrawals (docs/product.md#assignments-declines-and-withdrawals), the author's journey: a paper submitted to a track of its own topics (not the computing one), its
 * title fixed on the paper page, then withdrawn after a confirmation, and shown withdrawn everywhere.
 * AUTHOR_EDITS_SHOTS=<dir> keeps screenshots of each screen at 390 and 1280 px.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = process.env.AUTHOR_EDITS_SHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};
const pdf = Buffer.from('%PDF-1.4\n% batteries\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('an author submits to the materials track with its topics, fixes the title, withdraws the paper after confirming, and sees it withdrawn', async () => {
  // axe-core is added as a script tag: the site's CSP (no inline scripts) is bypassed for this context only.
  const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl(), bypassCSP: true });
  const page = await context.newPage();
  const problems: string[] = [];
  // Checked once the toasts have gone: one fading in or out is caught at part opacity (a contrast it never settles at).
  const check = async (label: string) => {
    await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
    for (const v of await axeViolations(page)) problems.push(`${label}: ${v}`);
  };
  await signUpInBrowser(page, { role: 'Author', email: uniqueEmail('edits-author'), name: 'Edith Author' });
  await page.getByRole('link', { name: /\+ New Paper/ }).click();
  await page.waitForURL('**/author/new-paper');

  // Topics wait for a track; the track's own topics then appear, and the computing tags do not.
  await page.getByText('Choose a track to see its topics.').waitFor();
  await page.getByLabel('Title').fill('Sodium-ion cells for rural microgrids');
  await page.getByLabel('Abstract').fill('We build and test sodium-ion cells.');
  await page.getByLabel('Track').selectOption({ label: 'Science and Materials' });
  await page.getByRole('button', { name: 'Materials for batteries and supercapacitors', exact: true }).click();
  await expect(
    page.getByRole('button', { name: 'Materials for batteries and supercapacitors', exact: true }).getAttribute('aria-pressed'),
  ).resolves.toBe('true');
  await expect(page.getByRole('button', { name: 'Machine Learning', exact: true }).count()).resolves.toBe(0);
  await page.getByLabel('Your own keywords').fill('sodium-ion, microgrid');
  await page.getByLabel('Paper (PDF)').setInputFiles({ name: 'cells.pdf', mimeType: 'application/pdf', buffer: pdf });
  await check('new paper with a track');
  await shot(page, 'new-paper-track-390');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'new-paper-track-1280');
  await page.setViewportSize(PHONE);
  const responded = page.waitForResponse((r) => r.url().endsWith('/api/author/new-paper'));
  await page.getByRole('button', { name: 'Submit Paper' }).click();
  expect((await responded).status()).toBe(201);
  await page.waitForURL('**/author/dashboard');

  // The paper page names the track and the topics; Edit opens the description.
  const card = page.getByRole('article').filter({ hasText: 'Sodium-ion cells for rural microgrids' });
  await card.getByRole('link', { name: /View More/ }).click();
  await page.waitForURL(/\/paper-details\/[0-9a-f]{24}$/);
  await page.getByText('Science and Materials', { exact: true }).waitFor();
  await page.getByText('Materials for batteries and supercapacitors', { exact: true }).waitFor();
  await page.getByText('sodium-ion, microgrid', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Edit' }).click();
  const title = page.getByLabel('Title');
  await expect(title.inputValue()).resolves.toBe('Sodium-ion cells for rural microgrids');
  await title.fill('Sodium-ion cells for village microgrids');
  await check('paper page in edit mode');
  await shot(page, 'paper-edit-390');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Paper saved').waitFor();
  await page.getByRole('heading', { level: 1, name: 'Sodium-ion cells for village microgrids' }).waitFor();
  await expect(page.getByLabel('Title').count()).resolves.toBe(0);

  // Withdrawing asks first; keeping the paper changes nothing.
  await page.getByRole('button', { name: 'Withdraw paper' }).click();
  await page.getByText('Withdraw “Sodium-ion cells for village microgrids” for good?').waitFor();
  await check('withdraw confirmation');
  await shot(page, 'withdraw-confirm-390');
  await page.getByRole('button', { name: 'Keep the paper' }).click();
  await expect(page.getByRole('button', { name: 'Yes, withdraw the paper' }).count()).resolves.toBe(0);
  await expect(page.getByTestId('paper-status').textContent()).resolves.toBe('Under Review');
  await page.getByRole('button', { name: 'Withdraw paper' }).click();
  await page.getByRole('button', { name: 'Yes, withdraw the paper' }).click();
  await page.getByText('Paper withdrawn', { exact: true }).waitFor();
  await expect.poll(() => page.getByTestId('paper-status').textContent()).toBe('Withdrawn');
  await page.getByText(/^You withdrew this paper on /).waitFor();
  await expect(page.getByRole('button', { name: 'Edit' }).count()).resolves.toBe(0);
  await expect(page.getByRole('button', { name: 'Withdraw paper' }).count()).resolves.toBe(0);
  await check('withdrawn paper');
  await shot(page, 'paper-withdrawn-390');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'paper-withdrawn-1280');

  // The dashboard says so too.
  await page.getByRole('link', { name: '← My Research Papers' }).click();
  await page.waitForURL('**/author/dashboard');
  await page
    .getByRole('article')
    .filter({ hasText: 'Sodium-ion cells for village microgrids' })
    .getByText('Withdrawn', { exact: true })
    .waitFor();
  expect(problems).toEqual([]);
  await context.close();
});
