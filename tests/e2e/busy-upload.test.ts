import http from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { uploadServerBusy } from '../../src/core/messages';
import { multipart, pdfBytes } from '../support/multipart';
import type { ServerProcess } from '../support/server-process';
import { PASSWORD as password, serverApi } from './server-api';
import { DESKTOP, launchBrowser, logInInBrowser, startOwnServer } from './browser';

/**
 * Decision 0036 in the browser, on a server of its own that takes one API request at a time and lets others wait at
 * most a second: while another author's upload holds the server, the author's own submission is refused with 503;
 * the form says plainly to try again and keeps every field; once the server is free, the same form submits.
 */
let browser: Browser;
let server: ServerProcess;
const stamp = Date.now().toString(36);
const { signup } = serverApi(() => server.url);

beforeAll(async () => {
  server = await startOwnServer({
    API_CONCURRENCY: '1',
    API_QUEUE: '16',
    API_QUEUE_WAIT_MS: '1000',
  });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Another author's submission whose body stops half-way: it holds the server's one turn until `finish()`. */
async function heldUpload(token: string) {
  const { payload, contentType } = await multipart([
    ['title', 'The other upload'],
    ['abstract', 'Slow.'],
    ['keywords', 'Robotics'],
    ['file', pdfBytes('other', 300_000), 'o.pdf'],
  ]);
  const url = new URL('/api/author/new-paper', server.url);
  const req = http.request(url, {
    method: 'POST',
    headers: { 'content-type': contentType, 'content-length': payload.length, authorization: `Bearer ${token}` },
  });
  const answer = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  req.write(payload.subarray(0, payload.length >> 1));
  return { answer, finish: () => req.end(payload.subarray(payload.length >> 1)) };
}

test('a submission refused while the server is busy says to try again, keeps the form, and goes through on the next try', async () => {
  const email = `busy.${stamp}@lab.example`;
  await signup('Author', 'Bea Busy', email);
  const other = await signup('Author', 'Otto Other', `otto.${stamp}@lab.example`);
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
  const page = await context.newPage();
  await logInInBrowser(page, { role: 'Author', email, password });
  await page.waitForURL('**/author/dashboard');
  await page.goto('/author/new-paper');
  await page.getByLabel('Title').fill('Cells for rural microgrids');
  await page.getByLabel('Abstract').fill('We build and test sodium-ion cells.');
  await page.getByLabel('Track').selectOption({ label: 'Science and Materials' });
  await page.getByRole('button', { name: 'Materials for batteries and supercapacitors', exact: true }).click();
  await page.getByLabel('Paper (PDF)').setInputFiles({ name: 'cells.pdf', mimeType: 'application/pdf', buffer: pdfBytes('cells', 50_000) });

  const held = await heldUpload(other.token);
  // The held upload has the one turn once a quick question waits its second out and is refused.
  await expect.poll(async () => (await fetch(`${server.url}/api/tracks`)).status, { timeout: 20_000 }).toBe(503);

  const refused = page.waitForResponse((r) => r.url().endsWith('/api/author/new-paper'));
  await page.getByRole('button', { name: 'Submit Paper' }).click();
  const answer = await refused;
  expect(answer.status()).toBe(503);
  const retryAfter = Number(await answer.headerValue('retry-after'));
  const alert = page.getByRole('alert').filter({ hasText: 'The server is busy right now' });
  await expect.poll(() => alert.first().textContent()).toBe(uploadServerBusy(retryAfter));
  // Nothing the author entered is lost.
  expect(await page.getByLabel('Title').inputValue()).toBe('Cells for rural microgrids');
  expect(await page.getByLabel('Abstract').inputValue()).toBe('We build and test sodium-ion cells.');
  expect(await page.getByLabel('Paper (PDF)').evaluate((el) => (el as HTMLInputElement).files?.[0]?.name)).toBe('cells.pdf');
  expect(page.url()).toContain('/author/new-paper');

  // The upload in progress was never cut off; once it is done the same form goes through.
  held.finish();
  expect(await held.answer).toBe(201);
  const accepted = page.waitForResponse((r) => r.url().endsWith('/api/author/new-paper'));
  await page.getByRole('button', { name: 'Submit Paper' }).click();
  expect((await accepted).status()).toBe(201);
  await page.waitForURL('**/author/dashboard');
  await expect.poll(() => page.getByText('Cells for rural microgrids').count()).toBeGreaterThan(0);
  await context.close();
});
