import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { serverApi } from './server-api';
import {
  axeViolations,
  callApi,
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
 * Decision 0033, on a server of its own (the response window is a conference-wide setting): the author
 * opens their paper on a phone while the response window is open, reads the review's comments, writes a response
 * whose live count says "N / 50 words", is refused one word over (in the page and by the server, with the same
 * message naming the count) and saves it at the limit; the chair writes a meta-review at 1280 px, the text to the
 * authors apart from the text to the committee. Axe-clean; screenshots when AUTHOR_RESPONSE_SHOTS names a folder.
 */
let browser: Browser;
let server: ServerProcess;
let paperId: string;
const SHOTS = process.env.AUTHOR_RESPONSE_SHOTS;
const stamp = Date.now().toString(36);
const editorEmail = `desk.${stamp}@desk.example`;
const authorEmail = `ada.${stamp}@lab.example`;
const day = 24 * 3600_000;
const words = (n: number) => Array.from({ length: n }, (_, i) => (i % 7 === 3 ? 'state-of-the-art' : `word${i}`)).join(' ');

const { call, signup, submit } = serverApi(() => server.url);

beforeAll(async () => {
  server = await startOwnServer();
  browser = await launchBrowser();
  const editor = await signup('Editor', 'Desk Editor', editorEmail);
  const author = await signup('Author', 'Ada Author', authorEmail);
  paperId = await submit(author.token, 'Robots that read maps');
  const r = await signup('Reviewer', 'Rita Reviewer', `rita.${stamp}@uni-a.example`, ['Robotics']);
  await call('POST', '/api/editor/send-paper', editor.token, { paperId, reviewerId: r.user._id });
  await call('PUT', `/api/reviewer/review/${paperId}`, r.token, {
    recommendation: 3,
    confidence: 4,
    commentsToAuthors: 'The maps section needs a baseline.',
    commentsToEditor: 'Committee-only remark.',
  });
  const at = (days: number) => new Date(Date.now() + days * day).toISOString();
  await call('PUT', '/api/editor/settings', editor.token, {
    reviewDeadline: at(-2),
    responseOpens: at(-1),
    responseCloses: at(5),
    responseWordLimit: 50,
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = pageOpener({ browser: () => browser, baseURL: () => server.url, context: { bypassCSP: true } });
const shot = screenshots(SHOTS);

test('the author responds on a phone: the live count, refused one word over, saved at the limit (390 px)', async () => {
  const { context, page } = await open({ viewport: PHONE, login: { role: 'Author', email: authorEmail } });
  const problems = watchProblems(page);
  await page.goto(`/paper-details/${paperId}`);
  const panel = page.getByRole('region', { name: 'Response to the reviews' });
  await panel.waitFor();
  await panel.getByText('The maps section needs a baseline.').waitFor();
  expect(await panel.innerText()).not.toContain('Committee-only');
  expect(await panel.innerText()).not.toContain('Rita');
  const box = panel.getByLabel('Your response');
  const count = panel.locator('[aria-live="polite"]');
  await expect.poll(() => count.innerText()).toBe('0 / 50 words');
  await box.fill(words(50));
  await expect.poll(() => count.innerText()).toBe('50 / 50 words');
  await box.press('End');
  await box.pressSequentially(' over');
  await expect.poll(() => count.innerText()).toBe('51 / 50 words (1 over the limit)');
  expect(await box.getAttribute('aria-invalid')).toBe('true');
  await panel.getByRole('button', { name: 'Save response' }).click();
  await panel.getByRole('alert').filter({ hasText: 'Your response has 51 words; the limit is 50 words.' }).waitFor();
  // The server counts the same way and refuses with the same words.
  const refused = await callApi<{ message: string }>(page, 'PUT', `/author/paper/${paperId}/response`, { text: await box.inputValue() });
  expect(refused).toEqual({ status: 400, json: { message: 'Your response has 51 words; the limit is 50 words.' } });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page, '#author-response')).toEqual([]);
  await shot(page, 'author-response-over-390');

  await box.fill(words(50));
  await panel.getByRole('button', { name: 'Save response' }).click();
  await page.locator('[data-sonner-toast]').filter({ hasText: 'Your response is saved' }).waitFor();
  await panel.getByText(/^Saved .*, 50 words\.$/).waitFor();
  // After a reload the response is there to edit.
  await page.reload();
  await expect
    .poll(() => page.getByRole('region', { name: 'Response to the reviews' }).getByLabel('Your response').inputValue())
    .toBe(words(50));
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'author-response-saved-390');
  expect(problems.filter((p) => !p.startsWith('400:') && !p.includes('status of 400'))).toEqual([]);
  await context.close();
});

test('the chair writes a meta-review: the text to the authors and the text to the committee apart (1280 px)', async () => {
  const { context, page } = await open({ viewport: DESKTOP, login: { role: 'Editor', email: editorEmail } });
  await page.goto(`/editor/view-more/${paperId}`);
  const panel = page.getByRole('region', { name: 'Meta-review' });
  await panel.getByText('No meta-review yet.').waitFor();
  await panel.getByRole('button', { name: 'Save meta-review' }).click();
  await panel.getByRole('alert').filter({ hasText: 'Please choose a recommendation' }).waitFor();
  await panel.getByLabel('Recommendation').selectOption('Revision');
  await panel.getByLabel('To the authors').fill('Please add the baseline the review asks for.');
  await panel.getByLabel('To the committee only').fill('Borderline: a second look after the revision.');
  expect(await panel.getByText('Never shown to the authors').count()).toBe(1);
  await panel.getByRole('button', { name: 'Save meta-review' }).click();
  await panel.getByText(/^Last saved by Desk Editor, /).waitFor();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page, 'section[aria-labelledby="meta-review-title"]')).toEqual([]);
  await shot(page, 'meta-review-1280');
  await page.reload();
  await expect
    .poll(() => page.getByRole('region', { name: 'Meta-review' }).getByLabel('To the authors').inputValue())
    .toBe('Please add the baseline the review asks for.');
  await context.close();
});
