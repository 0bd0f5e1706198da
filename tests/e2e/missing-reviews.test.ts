import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { serverApi } from './server-api';
import { axeViolations, DESKTOP, horizontalOverflow, launchBrowser, pageOpener, PHONE, screenshots, startOwnServer } from './browser';

/**
 * Missing reviews (docs/product.md#assignments-declines-and-withdrawals), on a server of its own (the list and "Remind all" cover every paper on the server): the editor opens
 * Missing reviews from the dashboard, sees the assignments without a review, reminds one reviewer and everybody,
 * and reads the server's answer in a toast (no mail server here: the reminders are kept in the outbox, and the
 * toast says so); the page shows when each was last reminded. Axe-clean at 390 and 1280 px; screenshots when
 * MISSING_REVIEWS_SHOTS names a folder.
 */
let browser: Browser;
let server: ServerProcess;
const SHOTS = process.env.MISSING_REVIEWS_SHOTS;
const stamp = Date.now().toString(36);
const editorEmail = `desk.${stamp}@desk.example`;
const rita = { name: 'Rita Reviewer', email: `rita.${stamp}@uni-a.example` };
const ed = { name: 'Ed Examiner', email: `ed.${stamp}@uni-b.example` };

const { call, signup, submit } = serverApi(() => server.url);

beforeAll(async () => {
  server = await startOwnServer();
  browser = await launchBrowser();
  const editor = await signup('Editor', 'Desk Editor', editorEmail);
  const author = await signup('Author', 'Ada Author', `ada.${stamp}@lab.example`);
  const maps = await submit(author.token, 'Robots that read maps');
  const doors = await submit(author.token, 'Robots that open doors with a long title that wraps on a phone');
  const r = await signup('Reviewer', rita.name, rita.email, ['Robotics']);
  const e = await signup('Reviewer', ed.name, ed.email, ['Robotics']);
  await call('PUT', '/api/editor/settings', editor.token, { reviewDeadline: '2030-01-31T12:00:00.000Z' });
  for (const [paperId, reviewer] of [
    [maps, r],
    [doors, r],
    [maps, e],
  ] as const) {
    await call('POST', '/api/editor/send-paper', editor.token, { paperId, reviewerId: reviewer.user._id });
  }
  await call('POST', '/api/reviewer/respond', e.token, { paperId: maps, email: ed.email, status: 'Accepted' });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = pageOpener({ browser: () => browser, baseURL: () => server.url, context: { bypassCSP: true } });
const shot = screenshots(SHOTS);
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test('the editor opens Missing reviews, sees each assignment without a review, reminds one reviewer and reads the answer (1280 px)', async () => {
  const { context, page } = await open({ viewport: DESKTOP, login: { role: 'Editor', email: editorEmail } });
  await page.getByRole('link', { name: 'Missing reviews' }).click();
  await page.getByRole('heading', { name: 'Missing reviews' }).waitFor();
  const table = page.getByRole('table');
  const rows = table.locator('tbody tr');
  await expect.poll(() => rows.count()).toBe(3);
  // Oldest assignment first: Rita's two papers, then Ed's.
  expect(await rows.locator('th').allInnerTexts()).toEqual([
    expect.stringContaining('Robots that read maps'),
    expect.stringContaining('Robots that open doors'),
    expect.stringContaining('Robots that read maps'),
  ]);
  const ritaRow = rows.filter({ hasText: 'Robots that read maps' }).filter({ hasText: rita.name });
  await expect.poll(() => ritaRow.innerText()).toMatch(/Sent, not answered[\s\S]*Never/);
  await expect.poll(() => rows.filter({ hasText: ed.name }).innerText()).toContain('Accepted, not reviewed');
  await expect
    .poll(() => page.locator('p', { hasText: '3 reviews are missing' }).innerText())
    .toContain('from 2 reviewers. Review deadline:');
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  // At this width the table fits: no cue to scroll.
  await expect.poll(() => page.getByText('Scroll the table sideways to see every column →').count()).toBe(0);
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'missing-reviews-1280');

  await ritaRow.getByRole('button', { name: `Remind ${rita.name} of every review they owe` }).click();
  await toast(page, `Mail is not configured: the reminder to ${rita.email} is kept in the outbox, nothing was sent`).waitFor();
  // The list is read again: both of Rita's rows were reminded, Ed's not.
  await expect.poll(() => rows.filter({ hasText: rita.name }).filter({ hasText: 'by an editor' }).count()).toBe(2);
  await expect.poll(() => rows.filter({ hasText: ed.name }).innerText()).toContain('Never');
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'missing-reviews-reminded-1280');
  await context.close();
});

test('on a phone the table scrolls inside its box with a cue, and Remind all mails each reviewer once (390 px)', async () => {
  const { context, page } = await open({ viewport: PHONE, login: { role: 'Editor', email: editorEmail } });
  // Opened by its address (a bookmark, a reload): the server answers with the app's shell, not a 404.
  const opened = await page.goto('/editor/missing-reviews');
  expect(opened?.status()).toBe(200);
  await page.getByRole('heading', { name: 'Missing reviews' }).waitFor();
  await page.getByText('Scroll the table sideways to see every column →').waitFor();
  const box = page.getByRole('region', { name: /^Missing reviews/ });
  expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'missing-reviews-390');

  await page.getByRole('button', { name: 'Remind all (2 reviewers)' }).click();
  await toast(page, 'Mail is not configured: the reminders to 2 reviewers are kept in the outbox, nothing was sent').waitFor();
  await expect.poll(() => page.getByRole('table').locator('tbody tr').filter({ hasText: 'by an editor' }).count()).toBe(3);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await context.close();
});
