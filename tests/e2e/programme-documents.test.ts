import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readPdf } from '../support/pdf-text';
import type { ServerProcess } from '../support/server-process';
import { callApi, checkAccessibility, DESKTOP, launchBrowser, logInInBrowser, PHONE, signUpInBrowser, startOwnServer } from './browser';

/** Decision 0053 on the editor's Exports page: the programme and abstract book downloads. */
const EDITOR = 'book-editor@e2e.example.org';
let browser: Browser;
let server: ServerProcess & { dataDir: string };
beforeAll(async () => {
  server = await startOwnServer({ EDITOR_EMAILS: EDITOR });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the editor downloads the abstract book by track from Exports (with the login token), the programme is refused before publication; axe-clean at 390 and 1280 px', async () => {
  const context = await browser.newContext({ viewport: PHONE, baseURL: server.url, bypassCSP: true, acceptDownloads: true });
  const page = await context.newPage();
  await signUpInBrowser(page, { role: 'Editor', email: EDITOR, name: 'Book Editor' });
  await page.goto('/editor/exports');
  const card = page.getByRole('region', { name: 'Programme and abstract book' });
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Abstract book by track (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^abstract-book-by-track-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect((await readPdf(new Uint8Array(readFileSync(await file.path())))).text).toContain('Accepted papers by track');

  await card.getByRole('button', { name: 'Programme (PDF)' }).click();
  await card.getByRole('alert').getByText('The programme is not published yet').waitFor();
  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/exports-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/exports-1280.png`, fullPage: true });
  }
  await checkAccessibility(page, 'exports with the programme documents', { sizes: [PHONE, DESKTOP] });
  await context.close();
});

test('after a publication the Exports page shows the programme and the abstract book being made, then ready (decision 0073); axe-clean', async () => {
  const context = await browser.newContext({ viewport: PHONE, baseURL: server.url, bypassCSP: true });
  const page = await context.newPage();
  await logInInBrowser(page, { role: 'Editor', email: EDITOR });
  await page.goto('/editor/exports');
  const card = page.getByRole('region', { name: 'Programme and abstract book' });
  const documents = card.getByRole('list', { name: 'Documents made in the background' });
  await documents.getByText('Programme: made once the programme is published').waitFor();

  expect((await callApi(page, 'POST', '/editor/program/publish', { acknowledgeWarnings: true })).status).toBe(200);
  await page.reload();
  // Queued or being made at first, ready once made: the card asks again by itself while one is not ready.
  await expect.poll(async () => await documents.locator('li[data-status="ready"]').count(), { timeout: 60_000, interval: 250 }).toBe(2);
  await documents.getByText(/^Programme: ready, made /).waitFor();
  await documents.getByText(/^Abstract book by session: ready, made /).waitFor();
  if (process.env.SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/exports-documents-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${process.env.SCREENSHOTS}/exports-documents-1280.png`, fullPage: true });
    await page.setViewportSize(PHONE);
  }
  await checkAccessibility(page, 'exports with documents made in the background', { sizes: [PHONE, DESKTOP] });
  await context.close();
});
