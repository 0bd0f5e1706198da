import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makePaper } from '../support/preflight-pdfs';
import type { ServerProcess } from '../support/server-process';
import { callApi, DESKTOP, launchBrowser, PHONE, pageOpener, screenChecker, signUpInBrowser, startOwnServer, uniqueEmail } from './browser';

/**
 * The preflight of a paper's PDF (decision 0072) as people use it: the chair turns the checks on for a track; an
 * author chooses a PDF and sees, before submitting, each finding with its page and line — a blocker and a warning
 * — fixes the PDF and sends it; the chair reads the warning in the paper's format report, then makes the page limit
 * block, and the author's long paper is refused with the finding. Each screen is checked with axe at 390 and 1280 px.
 */
let browser: Browser;
let server: ServerProcess;
const EDITOR = 'preflight-editor@e2e.example.org';
const TRACK = 'Computer Science and Applications';

beforeAll(async () => {
  server = await startOwnServer({ EDITOR_EMAILS: EDITOR });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = pageOpener({ browser: () => browser, baseURL: () => server.url });
const checkScreen = screenChecker({ sizes: [PHONE, DESKTOP], shots: process.env.E2E_SHOTS, prefix: 'preflight-' });

async function choosePdf(page: Page, name: string, bytes: Uint8Array) {
  await page.getByLabel('Paper (PDF)').setInputFiles({ name, mimeType: 'application/pdf', buffer: Buffer.from(bytes) });
}
async function fillPaper(page: Page, title: string) {
  await page.goto('/author/new-paper');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Abstract').fill('We measure systems under load.');
  await page.getByLabel('Track').selectOption({ label: TRACK });
}

test('an author sees the findings before submitting and fixes them; a chair makes a rule block and the author is refused', async () => {
  // The chair (here the editor) turns the checks on for the track: a 10-page limit without the references, and blind review.
  const editor = await open();
  const ep = editor.page;
  await signUpInBrowser(ep, { role: 'Editor', email: EDITOR, name: 'Preflight Editor' });
  expect((await callApi(ep, 'PUT', '/editor/settings', { blindReview: true })).status).toBe(200);
  await ep.goto('/editor/tracks');
  await ep.getByRole('link', { name: `Submission checks of ${TRACK}` }).click();
  await ep.waitForURL('**/editor/tracks/*/checks');
  await ep.getByLabel('Check the PDFs of this track').check();
  await ep.getByLabel('Page limit (empty: none)').fill('10');
  await expect.poll(() => ep.getByRole('combobox', { name: 'JavaScript' }).inputValue()).toBe('block');
  await expect.poll(() => ep.getByRole('combobox', { name: 'Page limit' }).inputValue()).toBe('warn');
  await checkScreen(ep, 'rules');
  await ep.getByRole('button', { name: 'Save checks' }).click();
  await expect.poll(() => ep.getByText('The checks of this track are saved.').count()).toBeGreaterThan(0);

  // The author chooses a PDF that names them on page 1 and runs JavaScript when opened.
  const name = `Alice Preflight ${Date.now().toString(36)}`;
  const author = await open();
  const ap = author.page;
  await signUpInBrowser(ap, { role: 'Author', email: uniqueEmail('alice-preflight'), name });
  await fillPaper(ap, 'Careful design under load');
  await choosePdf(ap, 'draft.pdf', (await makePaper({ byline: [name], javascript: 'open-action' })).bytes);
  const problems = ap.getByRole('list', { name: 'Problems to fix' });
  const toCheck = ap.getByRole('list', { name: 'Things to check' });
  await expect.poll(() => problems.textContent(), { timeout: 30_000 }).toContain('Whole PDF: The PDF holds JavaScript');
  await expect.poll(() => toCheck.textContent()).toContain(`Page 1, line 2: The text names an author (${name})`);
  await expect.poll(() => ap.getByRole('heading', { name: '1 problem must be fixed before you can send this PDF' }).count()).toBe(1);
  await checkScreen(ap, 'author-findings');

  // They fix it: a PDF without the script. The name is only a warning: they may send it, and do.
  await choosePdf(ap, 'fixed.pdf', (await makePaper({ byline: [name] })).bytes);
  await expect.poll(() => problems.count(), { timeout: 30_000 }).toBe(0);
  await expect.poll(() => toCheck.textContent()).toContain('Page 1, line 2');
  const sent = ap.waitForResponse((r) => r.url().endsWith('/api/author/new-paper'));
  await ap.getByRole('button', { name: 'Submit Paper' }).click();
  const answer = await sent;
  expect(answer.status()).toBe(201);
  const paperId = ((await answer.json()) as { paper: { _id: string } }).paper._id;
  await ap.waitForURL('**/author/dashboard');

  // A new version is checked as soon as it is chosen, on the paper's page.
  await ap.goto(`/paper-details/${paperId}`);
  await ap.getByRole('button', { name: 'Edit' }).click();
  await ap.getByLabel('Upload a new version (PDF)').setInputFiles({
    name: 'v2.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from((await makePaper({ launch: true })).bytes),
  });
  await expect
    .poll(() => problems.textContent(), { timeout: 30_000 })
    .toBe('Page 1: The PDF has an action that starts a program or opens a file (calc.exe). Remove it.');
  await checkScreen(ap, 'new-version');

  // The chair reads the warning in the paper's format report.
  await ep.goto(`/editor/view-more/${paperId}`);
  const report = ep.getByRole('region', { name: 'Format report' });
  await expect.poll(() => report.textContent(), { timeout: 20_000 }).toContain('1 warning');
  await expect.poll(() => report.textContent()).toContain(`Page 1, line 2: The text names an author (${name})`);
  await checkScreen(ep, 'format-report');

  // The chair makes the page limit block; the author's 12-page paper (11 before the references) is refused.
  await ep.goto(ep.url().replace(/\/editor\/view-more\/.*/, '/editor/tracks'));
  await ep.getByRole('link', { name: `Submission checks of ${TRACK}` }).click();
  await ep.getByRole('combobox', { name: 'Page limit' }).selectOption('block');
  await ep.getByRole('button', { name: 'Save checks' }).click();
  await expect.poll(() => ep.getByText('The checks of this track are saved.').count()).toBeGreaterThan(0);

  await fillPaper(ap, 'A longer study');
  await choosePdf(ap, 'long.pdf', (await makePaper({ pages: 12, referencesPages: 1 })).bytes);
  await expect
    .poll(() => problems.textContent(), { timeout: 30_000 })
    .toBe('Page 11: The paper has 11 pages before the references; this track allows 10.');
  const refused = ap.waitForResponse((r) => r.url().endsWith('/api/author/new-paper'));
  await ap.getByRole('button', { name: 'Submit Paper' }).click();
  expect((await refused).status()).toBe(400);
  await expect
    .poll(() => ap.getByRole('alert').filter({ hasText: "The PDF does not meet this track's rules" }).first().textContent())
    .toContain('The paper has 11 pages before the references; this track allows 10. (page 11)');
  await editor.context.close();
  await author.context.close();
}, 240_000);
