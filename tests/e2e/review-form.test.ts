import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { serverApi } from './server-api';
import { checkAccessibility, DESKTOP, launchBrowser, pageOpener, PHONE, startOwnServer } from './browser';

/**
 * Decision 0031, on a server of its own (the form is the whole conference's): the editor adds a required score
 * question at 1280 px, a reviewer answers it on a phone (390 px) — refused until they do — and the editor reads
 * the answer with its label on the paper's page. Axe-clean.
 */
let browser: Browser;
let server: ServerProcess;
let paperId: string;
const stamp = Date.now().toString(36);
const editorEmail = `form.${stamp}@desk.example`;
const reviewerEmail = `rowan.${stamp}@uni-a.example`;

const { call, signup, submit } = serverApi(() => server.url);

beforeAll(async () => {
  server = await startOwnServer();
  browser = await launchBrowser();
  const editor = await signup('Editor', 'Form Editor', editorEmail);
  const author = await signup('Author', 'Ada Author', `ada.${stamp}@lab.example`);
  paperId = await submit(author.token, 'Robots that read maps');
  const reviewer = await signup('Reviewer', 'Rowan Reviewer', reviewerEmail, ['Robotics']);
  await call('POST', '/api/editor/send-paper', editor.token, { paperId, reviewerId: reviewer.user._id });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = pageOpener({ browser: () => browser, baseURL: () => server.url, context: { bypassCSP: true } });

test('the editor adds a score question (1280 px), the reviewer answers it (390 px), the editor reads the answer', async () => {
  const editor = await open({ viewport: DESKTOP, login: { role: 'Editor', email: editorEmail } });
  await editor.page.getByRole('link', { name: 'Review form' }).click();
  await editor.page.getByRole('heading', { name: 'Review form', level: 1 }).waitFor();
  const add = editor.page.getByRole('region', { name: 'Add a question' });
  await add.getByLabel('Kind of question').selectOption('score');
  await add.getByLabel('Question', { exact: true }).fill('Novelty');
  await add.getByLabel('Scale labels').fill('None\nSome\nMuch\nGroundbreaking');
  await add.getByLabel('Authors and committee').check();
  await add.getByLabel('Reviewers must answer it').check();
  await add.getByRole('button', { name: 'Add question' }).click();
  const list = editor.page.getByRole('list', { name: 'Questions on the form' });
  await list.getByRole('heading', { name: '1. Novelty' }).waitFor();
  expect(await list.getByRole('listitem').first().innerText()).toMatch(/Authors and committee[\s\S]*Required[\s\S]*3 — Much/);
  // The preview shows the form as the reviewer will see it.
  await editor.page
    .getByRole('region', { name: 'Preview: the reviewer’s form' })
    .getByRole('radiogroup', { name: /Novelty/ })
    .waitFor();
  await checkAccessibility(editor.page, 'the review form editor', { toastsGone: true, overflow: false });

  const reviewer = await open({ viewport: PHONE, login: { role: 'Reviewer', email: reviewerEmail } });
  await reviewer.page.goto(`/reviewer/dashboard/${paperId}`);
  const form = reviewer.page.getByRole('region', { name: 'Your review' });
  const novelty = form.getByRole('radiogroup', { name: /Novelty/ });
  await novelty.waitFor();
  await form.getByRole('group', { name: 'Recommendation' }).getByLabel('4 — Weak accept').check();
  await form.getByRole('group', { name: 'Your confidence' }).getByLabel('3 — Good').check();
  await form.getByLabel('Comments to the authors').fill('Clear and useful.');
  await form.getByRole('button', { name: 'Save review' }).click();
  // Checked in the browser with the server's own rule before anything is sent.
  await expect.poll(() => form.getByRole('alert').allInnerTexts()).toContain('Novelty is required');
  await novelty.getByLabel('3 — Much').check();
  await form.getByRole('button', { name: 'Save review' }).click();
  await expect.poll(() => form.getByTestId('review-state').innerText()).toMatch(/^Review saved!/);
  await checkAccessibility(reviewer.page, "the reviewer's form", { toastsGone: true });

  await editor.page.goto(`/editor/view-more/${paperId}`);
  const reviews = editor.page.getByRole('table', { name: /Reviews of/ });
  await expect.poll(() => reviews.innerText()).toMatch(/Novelty[\s\S]*Authors and committee[\s\S]*3 — Much/);
  await editor.context.close();
  await reviewer.context.close();
});
