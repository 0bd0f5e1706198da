import { PDFDocument } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, newPage, signUpInBrowser, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A one-page PDF whose document properties name its author (as LaTeX with hyperref writes them). */
async function pdfNaming(author: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  doc.setAuthor(author);
  doc.setTitle('Soil moisture from space');
  return Buffer.from(await doc.save());
}

test('an author whose PDF names them in its properties is told so after the success message, and goes on to the dashboard', async () => {
  const { context, page } = await newPage(browser);
  const name = `Alice Metadata ${Date.now().toString(36)}`;
  await signUpInBrowser(page, { role: 'Author', email: uniqueEmail('alice-metadata'), name });
  await page.getByRole('link', { name: /\+ New Paper/ }).click();
  await page.waitForURL('**/author/new-paper');
  await page.getByLabel('Title').fill('Soil moisture from space');
  await page.getByLabel('Abstract').fill('We estimate soil moisture from satellite images.');
  await page.getByLabel('Track').selectOption({ label: 'Computer Science and Applications' });
  await page.getByLabel('Paper (PDF)').setInputFiles({ name: 'soil.pdf', mimeType: 'application/pdf', buffer: await pdfNaming(name) });
  const responded = page.waitForResponse((r) => r.url().endsWith('/api/author/new-paper'));
  await page.getByRole('button', { name: 'Submit Paper' }).click();
  expect((await responded).status()).toBe(201);

  const notices = page.getByRole('status');
  await expect.poll(() => notices.filter({ hasText: 'Paper submitted successfully!' }).count()).toBeGreaterThan(0);
  const warning = notices.filter({ hasText: 'Your PDF names you in its document properties' });
  await expect.poll(() => warning.textContent()).toContain(`Author: ${name}`);
  await expect
    .poll(() => warning.textContent())
    .toContain('Reviewers get a copy without them under blind review, but you may want to remove them.');

  await page.getByRole('link', { name: 'Go to My Research Papers' }).click();
  await page.waitForURL('**/author/dashboard');
  await page.getByRole('article').filter({ hasText: 'Soil moisture from space' }).waitFor();
  await context.close();
});
