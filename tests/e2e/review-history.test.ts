import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { mailText, startSmtpListener } from '../support/smtp';
import { PASSWORD as password, serverApi } from './server-api';
import { checkAccessibility, DESKTOP, launchBrowser, logInInBrowser, PHONE, startOwnServer } from './browser';

/**
 * Decision 0034 and docs/product.md#deliberation in the browser: a reviewer saves a review twice; the chair of the paper's track opens the
 * paper, opens the review's "History (2 versions)" and reads the words deleted and inserted (marked <del>/<ins>,
 * with screen-reader words), at 1280 and 390 px, then rates the review and sees the rating beside it, and downloads
 * the anonymised reviews (CSV and JSON) from the exports page: pseudonyms, no names or addresses. On this
 * file's own server (the chair confirms the address through a mail to a real SMTP listener); axe-clean.
 */
let browser: Browser;
let server: ServerProcess;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
const stamp = Date.now().toString(36);
const EDITOR = 'history-editor@e2e.example.org';
const chairEmail = `chair@history-chairs-${stamp}.example`;
const TITLE = 'Robots that learn to climb stairs';
const REVIEWER = 'Rosa Revisor';
let paperId = '';

const { call, signup, submit, signUpVerifiedChair } = serverApi(() => server.url);
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).map(mailText);

beforeAll(async () => {
  smtp = await startSmtpListener();
  server = await startOwnServer({ SMTP_URL: smtp.url, EDITOR_EMAILS: EDITOR });
  browser = await launchBrowser();
  const editor = await signup('Editor', 'History Editor', EDITOR);
  await signUpVerifiedChair({ editorToken: editor.token, trackId: 'track-2', name: 'Hana Chair', email: chairEmail, mailsTo });

  const author = await signup('Author', 'Arlo Author', `arlo@lab-${stamp}.example`);
  paperId = await submit(author.token, TITLE, { keywords: ['Robotics'] });
  const reviewer = await signup('Reviewer', REVIEWER, `rosa@uni-r-${stamp}.example`, ['Robotics']);
  await call('POST', '/api/editor/send-paper', editor.token, { paperId, reviewerId: reviewer.user._id });
  await call('PUT', `/api/reviewer/review/${paperId}`, reviewer.token, {
    recommendation: 2,
    confidence: 3,
    commentsToAuthors: 'The evaluation is weak and the robot falls often.',
  });
  await call('PUT', `/api/reviewer/review/${paperId}`, reviewer.token, {
    recommendation: 4,
    confidence: 3,
    commentsToAuthors: 'The evaluation is thorough and the robot falls rarely.',
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** axe-core's violations and sideways overflow at the page's width (a screenshot when E2E_SHOTS names a folder). */
const checkScreen = (page: Page, name: string) =>
  checkAccessibility(page, name, {
    shot: async (width) => {
      if (!process.env.E2E_SHOTS) return;
      mkdirSync(process.env.E2E_SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `review-history-${name}-${width}.png`), fullPage: true });
    },
  });

/** The chair, signed in, on the paper's page with the review's history open. */
async function openHistory(viewport: { width: number; height: number }) {
  // bypassCSP: the test injects axe-core; the site's own policy forbids it.
  const context = await browser.newContext({ viewport, baseURL: server.url, bypassCSP: true });
  const page = await context.newPage();
  await logInInBrowser(page, { role: 'Editor', email: chairEmail, password });
  await page
    .getByRole('article')
    .filter({ hasText: TITLE })
    .getByRole('link', { name: /View More/ })
    .click();
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  const review = page
    .getByRole('region', { name: 'Review history and rating' })
    .getByRole('listitem')
    .filter({ hasText: `Review by ${REVIEWER}` })
    .first();
  await review.getByText('History (2 versions)').click();
  const versions = review.getByRole('list', { name: `Versions of the review by ${REVIEWER}, newest first` });
  await versions.waitFor();
  return { context, page, review, versions };
}

test("the chair opens a review's history and reads the deleted and inserted words, then rates the review (1280 px)", async () => {
  const { context, page, review, versions } = await openHistory(DESKTOP);
  const newest = versions.locator(':scope > li').first();
  await expect.poll(() => newest.innerText()).toContain('Version 2');
  await expect.poll(() => newest.innerText()).toMatch(/saved \d/);
  // Marked up as deletions and insertions, each with words a screen reader reads out.
  await expect
    .poll(() => newest.locator('del').allTextContents())
    .toEqual(expect.arrayContaining(['[deleted: Weak reject (2)]', '[deleted: weak]', '[deleted: often]']));
  await expect
    .poll(() => newest.locator('ins').allTextContents())
    .toEqual(expect.arrayContaining(['[inserted: Weak accept (4)]', '[inserted: thorough]', '[inserted: rarely]']));
  // Not by colour alone: struck through and underlined.
  expect(
    await newest
      .locator('del')
      .first()
      .evaluate((el) => getComputedStyle(el).textDecorationLine),
  ).toContain('line-through');
  expect(
    await newest
      .locator('ins')
      .first()
      .evaluate((el) => getComputedStyle(el).textDecorationLine),
  ).toContain('underline');
  await expect
    .poll(() => versions.locator(':scope > li').nth(1).innerText())
    .toContain('First saved version: Weak reject (2), confidence Good (3).');
  await checkScreen(page, 'open');

  await review.getByLabel('Rating (committee only)').selectOption('helpful');
  await review.getByLabel('Note for the committee').fill('Specific and constructive.');
  await review.getByRole('button', { name: 'Save rating' }).click();
  await page.locator('[data-sonner-toast]').filter({ hasText: 'Rating saved.' }).first().waitFor();
  await expect.poll(() => review.innerText()).toContain('Rated Helpful');
  await expect.poll(() => review.innerText()).toContain('Committee note: Specific and constructive.');
  // Read again from the server: the rating stays.
  await page.reload();
  await expect.poll(() => page.getByRole('region', { name: 'Review history and rating' }).innerText()).toContain('Rated Helpful');
  await checkScreen(page, 'rated');
  await context.close();
});

test('on a phone the history reads the same and nothing sticks out sideways (390 px)', async () => {
  const { context, page, versions } = await openHistory(PHONE);
  const newest = versions.locator(':scope > li').first();
  await expect.poll(() => newest.locator('del').allTextContents()).toEqual(expect.arrayContaining(['[deleted: weak]']));
  await expect.poll(() => newest.locator('ins').allTextContents()).toEqual(expect.arrayContaining(['[inserted: thorough]']));
  await checkScreen(page, 'open');
  await context.close();
});

test('the chair downloads the anonymised reviews from the exports page: pseudonyms, no names (1280 px)', async () => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url, bypassCSP: true, acceptDownloads: true });
  const page = await context.newPage();
  await logInInBrowser(page, { role: 'Editor', email: chairEmail, password });
  await page.goto('/editor/exports');
  const card = page.getByRole('region', { name: 'Anonymised reviews' });
  await card.waitFor();
  await expect.poll(() => card.innerText()).toContain('Every counted review of your tracks');
  for (const [button, extension] of [
    ['Anonymised reviews (CSV)', 'csv'],
    ['Anonymised reviews (JSON)', 'json'],
  ] as const) {
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: button }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^reviews-anonymised-\\d{4}-\\d{2}-\\d{2}\\.${extension}$`));
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text).toContain('The evaluation is thorough and the robot falls rarely.');
    expect(text).toMatch(/R-[0-9a-f]{12}/);
    for (const hidden of [REVIEWER, 'rosa@', 'Arlo Author', 'Hana Chair']) expect(text).not.toContain(hidden);
  }
  await checkScreen(page, 'exports');
  await context.close();
});
