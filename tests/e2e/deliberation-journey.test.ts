import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { mailText, startSmtpListener } from '../support/smtp';
import {
  checkAccessibility,
  DESKTOP,
  horizontalOverflow,
  launchBrowser,
  logInInBrowser,
  pageOpener,
  PHONE,
  startOwnServer,
  watchProblems,
} from './browser';
import { serverApi } from './server-api';

/**
 * The deliberation (docs/product.md#deliberation) end to end, in the browser, on a server of its own (the form and the dates are the conference's): the
 * editor adds two questions to the review form (a score the authors see, a text for the committee only) at
 * 1280 px; two reviewers answer them — one on a phone — and discuss the paper as "Reviewer 1" and "Reviewer 2";
 * the editor writes a meta-review; with the response window open the author responds on a phone (one word over
 * the limit refused, naming the count, then saved); a reviewer reads the response and revises their review after
 * the review deadline; the editor reads the changed words in the review's history; the editor decides and sends
 * the decision; the author's mail (as the mail server received it) and decision view carry the meta-review's text
 * to the authors and nothing the committee alone may read. Axe on the main screens; no console errors.
 */
let browser: Browser;
let server: ServerProcess;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
const stamp = Date.now().toString(36);
const EDITOR = { name: 'Dana Desk', email: `desk.${stamp}@journey-desk.example` };
const AUTHOR = { name: 'Asha Author', email: `asha.${stamp}@lab-a.example` };
const ROSA = { name: 'Rosa Reviewer', email: `rosa.${stamp}@uni-r.example` };
const RAJ = { name: 'Raj Reviewer', email: `raj.${stamp}@uni-j.example` };
const TITLE = 'Robots that deliberate before they act';
const DAY = 24 * 3600_000;
const LIMIT = 50;
let paperId = '';
let editorToken = '';

/** What the authors may read, and what only the committee may. */
const TO_AUTHORS = {
  rosa: 'The baseline comparison is weak.',
  raj: 'A clear paper with a careful evaluation.',
  meta: 'The committee asks you to add the second baseline in the final version.',
};
const REVISED = 'The baseline comparison is now adequate.';
const COMMITTEE_ONLY = {
  rosaAnswer: 'ROSA-COMMITTEE-ANSWER overlaps with last year',
  rajAnswer: 'RAJ-COMMITTEE-ANSWER no concern',
  rosaEditor: 'ROSA-NOTE-TO-EDITOR',
  rosaPost: 'ROSA-POST the evaluation is thin',
  rajPost: 'RAJ-POST I disagree, it is enough',
  meta: 'META-COMMITTEE-ONLY borderline, accepted on the response',
};
const SECRETS = [...Object.values(COMMITTEE_ONLY), ROSA.name, RAJ.name, ROSA.email, RAJ.email, EDITOR.name];

const { call, signup, submit } = serverApi(() => server.url);
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).map(mailText);
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

beforeAll(async () => {
  smtp = await startSmtpListener();
  server = await startOwnServer({ SMTP_URL: smtp.url, EDITOR_EMAILS: EDITOR.email });
  browser = await launchBrowser();
  editorToken = (await signup('Editor', EDITOR.name, EDITOR.email)).token;
  const author = await signup('Author', AUTHOR.name, AUTHOR.email);
  paperId = await submit(author.token, TITLE);
  for (const r of [ROSA, RAJ]) {
    const { user } = await signup('Reviewer', r.name, r.email, ['Robotics']);
    await call('POST', '/api/editor/send-paper', editorToken, { paperId, reviewerId: user._id, override: true });
  }
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** Every page's console errors, uncaught errors and failed requests, checked after each step. */
const watched: Array<{ name: string; problems: string[]; allowed?: RegExp }> = [];
afterEach(() => {
  const found = watched.flatMap((w) => w.problems.filter((p) => !w.allowed?.test(p)).map((p) => `${w.name}: ${p}`));
  watched.length = 0;
  expect(found).toEqual([]);
});

const openPage = pageOpener({ browser: () => browser, baseURL: () => server.url, context: { bypassCSP: true } });
/** A page signed in as `role`, watched (from the login on) under `name`: what `allowed` matches is expected. */
async function open(
  name: string,
  role: 'Editor' | 'Reviewer' | 'Author',
  email: string,
  viewport: typeof DESKTOP,
  allowed?: RegExp,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage({ viewport });
  watched.push({ name, problems: watchProblems(opened.page), allowed });
  await logInInBrowser(opened.page, { role, email });
  return opened;
}

/** axe-core on the whole page (after the toasts have gone) and nothing sticking out sideways. */
const checkScreen = (page: Page, name: string) => checkAccessibility(page, name, { toastsGone: true });

test('1. the editor adds a score question for the authors and a text question for the committee only (1280 px)', async () => {
  const { context, page } = await open('editor', 'Editor', EDITOR.email, DESKTOP);
  await page.getByRole('link', { name: 'Review form' }).click();
  await page.getByRole('heading', { name: 'Review form', level: 1 }).waitFor();
  const list = page.getByRole('list', { name: 'Questions on the form' });
  const add = page.getByRole('region', { name: 'Add a question' });

  await add.getByLabel('Kind of question').selectOption('score');
  await add.getByLabel('Question', { exact: true }).fill('Technical depth');
  await add.getByLabel('Scale labels').fill('Shallow\nAdequate\nDeep');
  await add.getByLabel('Authors and committee').check();
  await add.getByLabel('Reviewers must answer it').check();
  await add.getByRole('button', { name: 'Add question' }).click();
  await list.getByRole('heading', { name: '1. Technical depth' }).waitFor();

  await add.getByLabel('Kind of question').selectOption('text');
  await add.getByLabel('Question', { exact: true }).fill('Concerns for the committee');
  await add.getByLabel('Committee only').check();
  await add.getByLabel('Reviewers must answer it').check();
  await add.getByRole('button', { name: 'Add question' }).click();
  await list.getByRole('heading', { name: '2. Concerns for the committee' }).waitFor();
  const questions = list.locator(':scope > li');
  expect(await questions.nth(0).innerText()).toMatch(/Authors and committee[\s\S]*Required/);
  expect(await questions.nth(1).innerText()).toMatch(/Committee only[\s\S]*Required/);
  await checkScreen(page, 'review form');
  await context.close();
}, 120_000);

/** A reviewer's form filled and saved on the paper's page. */
async function review(page: Page, r: { recommendation: string; depth: string; concern: string; toAuthors: string; toEditor?: string }) {
  await page.goto(`/reviewer/dashboard/${paperId}`);
  const form = page.getByRole('region', { name: 'Your review' });
  const depth = form.getByRole('radiogroup', { name: /Technical depth/ });
  await depth.waitFor();
  await form.getByRole('group', { name: 'Recommendation' }).getByLabel(r.recommendation).check();
  await form.getByRole('group', { name: 'Your confidence' }).getByLabel('3 — Good').check();
  await form.getByLabel('Comments to the authors').fill(r.toAuthors);
  if (r.toEditor) await form.getByLabel('Comments to the editor (optional)').fill(r.toEditor);
  // The committee-only question is required: refused until it is answered.
  await depth.getByLabel(r.depth).check();
  await form.getByRole('button', { name: 'Save review' }).click();
  await expect.poll(() => form.getByRole('alert').allInnerTexts()).toContain('Concerns for the committee is required');
  await form.getByLabel(/Concerns for the committee/).fill(r.concern);
  await form.getByRole('button', { name: 'Save review' }).click();
  await expect.poll(() => form.getByTestId('review-state').innerText()).toMatch(/^Review saved!/);
}

/** The paper's discussion on a reviewer's page, and its posts. */
function discussionOf(page: Page) {
  const discussion = page.getByRole('region', { name: 'Discussion', exact: true });
  return { discussion, posts: discussion.getByRole('list', { name: 'Discussion posts' }).getByRole('listitem') };
}

test('2. two reviewers answer the questions (one on a phone) and discuss as "Reviewer 1" and "Reviewer 2"', async () => {
  const rosa = await open('rosa', 'Reviewer', ROSA.email, DESKTOP);
  await review(rosa.page, {
    recommendation: '3 — Borderline',
    depth: '2 — Adequate',
    concern: COMMITTEE_ONLY.rosaAnswer,
    toAuthors: TO_AUTHORS.rosa,
    toEditor: COMMITTEE_ONLY.rosaEditor,
  });
  const raj = await open('raj', 'Reviewer', RAJ.email, PHONE);
  await review(raj.page, {
    recommendation: '5 — Strong accept',
    depth: '3 — Deep',
    concern: COMMITTEE_ONLY.rajAnswer,
    toAuthors: TO_AUTHORS.raj,
  });
  expect(await horizontalOverflow(raj.page)).toBeLessThanOrEqual(0);

  // Raj reads Rosa's review under its label, with her answers, never her name.
  const others = raj.page.getByRole('region', { name: 'Other reviews', exact: true });
  await expect.poll(() => others.textContent()).toContain(TO_AUTHORS.rosa);
  expect(await others.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Reviewer 1']);
  expect(await others.textContent()).toContain(COMMITTEE_ONLY.rosaAnswer);
  expect(await others.textContent()).not.toContain(ROSA.name);

  // Rosa opens the discussion; Raj answers on his phone.
  await rosa.page.reload();
  const r1 = discussionOf(rosa.page);
  await r1.discussion.getByLabel('Your post').fill(COMMITTEE_ONLY.rosaPost);
  await r1.discussion.getByRole('button', { name: 'Post' }).click();
  await expect.poll(() => r1.posts.first().textContent()).toContain('You (Reviewer 1)');

  await raj.page.reload();
  const r2 = discussionOf(raj.page);
  await expect.poll(() => r2.posts.count()).toBe(1);
  const seen = (await r2.posts.first().textContent()) ?? '';
  expect(seen).toContain('Reviewer 1');
  expect(seen).toContain(COMMITTEE_ONLY.rosaPost);
  expect(seen).not.toContain(ROSA.name);
  await r2.discussion.getByLabel('Your post').fill(COMMITTEE_ONLY.rajPost);
  await r2.discussion.getByRole('button', { name: 'Post' }).click();
  await expect.poll(() => r2.posts.nth(1).textContent()).toContain('You (Reviewer 2)');
  await checkScreen(raj.page, 'reviewer paper page');

  await rosa.page.reload();
  await expect.poll(() => r1.posts.count()).toBe(2);
  const reply = (await r1.posts.nth(1).textContent()) ?? '';
  expect(reply).toContain('Reviewer 2');
  expect(reply).not.toContain(RAJ.name);
  const rosaOthers = rosa.page.getByRole('region', { name: 'Other reviews', exact: true });
  await expect.poll(() => rosaOthers.textContent()).toContain(TO_AUTHORS.raj);
  expect(await rosaOthers.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Reviewer 2']);
  expect(await rosaOthers.textContent()).not.toContain(RAJ.name);
  await rosa.context.close();
  await raj.context.close();
}, 240_000);

test('3. the editor writes a meta-review: a text to the authors and one to the committee (1280 px)', async () => {
  const { context, page } = await open('editor', 'Editor', EDITOR.email, DESKTOP);
  await page.goto(`/editor/view-more/${paperId}`);
  const panel = page.getByRole('region', { name: 'Meta-review' });
  await panel.getByText('No meta-review yet.').waitFor();
  await panel.getByLabel('Recommendation').selectOption('Accepted');
  await panel.getByLabel('To the authors').fill(TO_AUTHORS.meta);
  await panel.getByLabel('To the committee only').fill(COMMITTEE_ONLY.meta);
  await panel.getByRole('button', { name: 'Save meta-review' }).click();
  await panel.getByText(`Last saved by ${EDITOR.name}, `, { exact: false }).waitFor();
  await checkScreen(page, 'editor paper page');
  await context.close();
}, 120_000);

test('4. with the response window open the author responds on a phone: one word over is refused, then saved (390 px)', async () => {
  const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
  await call('PUT', '/api/editor/settings', editorToken, {
    reviewDeadline: at(-2),
    responseOpens: at(-1),
    responseCloses: at(5),
    responseWordLimit: LIMIT,
  });
  // The refusal of the over-long response is the server's answer too: its 400 is expected here.
  const { context, page } = await open('author', 'Author', AUTHOR.email, PHONE, /^(400: PUT \S+\/response|console: .*status of 400)/);
  await page.goto(`/paper-details/${paperId}`);
  const panel = page.getByRole('region', { name: 'Response to the reviews' });
  await panel.getByText(TO_AUTHORS.rosa).waitFor();
  for (const secret of SECRETS) expect(await panel.innerText()).not.toContain(secret);
  const box = panel.getByLabel('Your response');
  await box.fill(words(LIMIT + 1));
  await expect.poll(() => panel.locator('[aria-live="polite"]').innerText()).toBe(`${LIMIT + 1} / ${LIMIT} words (1 over the limit)`);
  await panel.getByRole('button', { name: 'Save response' }).click();
  await panel
    .getByRole('alert')
    .filter({ hasText: `Your response has ${LIMIT + 1} words; the limit is ${LIMIT} words.` })
    .waitFor();

  await box.fill('We added the second baseline: it is in the new section five.');
  await panel.getByRole('button', { name: 'Save response' }).click();
  await page.locator('[data-sonner-toast]').filter({ hasText: 'Your response is saved' }).waitFor();
  await panel.getByText(/^Saved .*, 12 words\.$/).waitFor();
  await checkScreen(page, 'author paper page');
  await context.close();
}, 120_000);

test('5. a reviewer reads the response and revises the review after the review deadline; the editor reads the changed words', async () => {
  const rosa = await open('rosa', 'Reviewer', ROSA.email, DESKTOP);
  await rosa.page.goto(`/reviewer/dashboard/${paperId}`);
  const response = discussionOf(rosa.page).discussion.getByRole('region', { name: "The authors' response" });
  await expect.poll(() => response.textContent()).toContain('We added the second baseline');
  expect(await response.textContent()).not.toContain(AUTHOR.name);

  const form = rosa.page.getByRole('region', { name: 'Your review' });
  await expect.poll(() => form.getByLabel('Comments to the authors').inputValue()).toBe(TO_AUTHORS.rosa);
  // Past the review deadline, the form stays open while the response window is (the server's rule, decision 0033).
  await form.getByText('The review deadline has passed, but you may still revise your review', { exact: false }).waitFor();
  expect(await form.getByText('your review can no longer be changed', { exact: false }).count()).toBe(0);
  await form.getByRole('group', { name: 'Recommendation' }).getByLabel('4 — Weak accept').check();
  await form.getByLabel('Comments to the authors').fill(REVISED);
  await form.getByRole('button', { name: 'Update review' }).click();
  await rosa.page.locator('[data-sonner-toast]').filter({ hasText: /saved/i }).first().waitFor();
  await expect.poll(() => form.getByTestId('review-state').innerText()).not.toContain('Unsaved changes');
  await rosa.context.close();

  const { context, page } = await open('editor', 'Editor', EDITOR.email, DESKTOP);
  await page.goto(`/editor/view-more/${paperId}`);
  const item = page
    .getByRole('region', { name: 'Review history and rating' })
    .getByRole('listitem')
    .filter({ hasText: `Review by ${ROSA.name}` })
    .first();
  await item.getByText('History (2 versions)').click();
  const versions = item.getByRole('list', { name: `Versions of the review by ${ROSA.name}, newest first` });
  const newest = versions.locator(':scope > li').first();
  await expect.poll(() => newest.innerText()).toContain('Version 2');
  await expect.poll(() => newest.innerText()).toMatch(/saved \d/);
  await expect.poll(() => newest.locator('del').allTextContents()).toEqual(expect.arrayContaining(['[deleted: Borderline (3)]']));
  await expect.poll(() => newest.locator('ins').allTextContents()).toEqual(expect.arrayContaining(['[inserted: Weak accept (4)]']));
  expect((await newest.locator('del').allTextContents()).join(' ')).toContain('weak');
  expect((await newest.locator('ins').allTextContents()).join(' ')).toContain('adequate');
  await checkScreen(page, 'editor paper page with the history');
  await context.close();
}, 180_000);

test("6. the editor accepts the paper and sends the decision: the author's mail has the meta-review, nothing committee-only", async () => {
  const { context, page } = await open('editor', 'Editor', EDITOR.email, DESKTOP);
  await page.goto('/editor/decisions');
  await page.getByLabel(`Decision on ${TITLE}`).selectOption('Accepted');
  await page.getByRole('status').filter({ hasText: 'Decision saved: Accepted' }).waitFor();
  await page.getByText('1 decision is not yet sent to the authors.').waitFor();
  await checkScreen(page, 'decisions');
  await page.getByRole('button', { name: 'Send…' }).click();
  await page.getByRole('alertdialog', { name: 'Send the decisions?' }).getByRole('button', { name: 'Send notifications' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: 'The decision e-mails of 1 paper are queued: the mail queue sends them now; skipped 0' })
    .waitFor();
  await context.close();

  let mail = '';
  await expect.poll(() => (mail = mailsTo(AUTHOR.email).find((m) => m.includes(TO_AUTHORS.meta)) ?? ''), { timeout: 20_000 }).not.toBe('');
  expect(mail).toContain('Accepted');
  expect(mail).toContain(REVISED);
  expect(mail).toContain(TO_AUTHORS.raj);
  // The authors' question's answers go with the reviews.
  expect(mail).toContain('Technical depth');
  for (const secret of SECRETS) expect(mail).not.toContain(secret);
}, 120_000);

test("7. the author's decision view shows the meta-review to the authors and nothing committee-only (390 px)", async () => {
  const { context, page } = await open('author', 'Author', AUTHOR.email, PHONE);
  await page.goto(`/paper-details/${paperId}`);
  const decision = page.getByRole('region', { name: /^Decision: Accepted/ });
  const meta = decision.getByRole('article', { name: 'Meta-review' });
  await expect.poll(() => meta.textContent()).toContain(TO_AUTHORS.meta);
  const text = (await decision.innerText()) ?? '';
  expect(text).toContain(REVISED);
  for (const secret of SECRETS) expect(text).not.toContain(secret);
  for (const secret of SECRETS) expect(await page.locator('main').innerText()).not.toContain(secret);
  await checkScreen(page, 'author decision');
  await context.close();
}, 120_000);
