import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { VERIFY_DONE } from '../../src/core/schemas/accounts';
import type { ServerProcess } from '../support/server-process';
import { mailedLink, startSmtpListener } from '../support/smtp';
import {
  axeViolations,
  callApi,
  DESKTOP,
  horizontalOverflow,
  launchBrowser,
  PHONE,
  signUpInBrowser,
  startOwnServer,
  uniqueEmail,
} from './browser';

/**
 * The review cycle's browser journey (docs/product.md#the-review-cycle): author submits → editor sets deadlines → reviewer bids and reviews → editor
 * decides and notifies → author sees the decision and the reviews, and uploads the camera-ready version.
 * The editor's part goes through the API from the editor's signed-in page (the editor's screens have journeys
 * of their own); everything the reviewer and the author do is done on their screens. The server is this
 * file's own, its mail going to a real SMTP listener: the reviewer opens the mailed link to verify their
 * address before bidding (docs/product.md#who-sees-whom), as a person would.
 */

let browser: Browser;
let server: ServerProcess;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
beforeAll(async () => {
  smtp = await startSmtpListener();
  server = await startOwnServer({ SMTP_URL: smtp.url, EDITOR_EMAILS: 'cycle-editor@e2e.example.org' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function newPage(browser: Browser, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL: server.url });
  return { context, page: await context.newPage() };
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();
const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** With E2E_SHOTS set, each screen is saved at 390 and 1280 px for a person to look at; otherwise nothing. */
async function shoot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const before = page.viewportSize() ?? DESKTOP;
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(dir, `${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(before);
}

// A PDF of 3 MB, so the upload takes long enough to report progress.
const bigPdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);
const smallPdf = Buffer.from('%PDF-1.4\n% review cycle\n%%EOF\n');
const TITLE = 'Swarm robotics for orchard mapping';

test('author submits → editor sets deadlines → reviewer bids and reviews → editor decides and notifies → author sees it and uploads the camera-ready version', async () => {
  // The author submits; the PDF upload shows a real progress bar.
  const author = await newPage(browser, PHONE);
  await signUpInBrowser(author.page, { role: 'Author', email: uniqueEmail('cycle-author'), name: 'Cycle Author' });
  const ap = author.page;
  await ap.goto('/author/new-paper');
  await ap.getByLabel('Title').fill(TITLE);
  await ap.getByLabel('Abstract').fill('A swarm of small robots maps an orchard row by row.');
  await ap.getByLabel('Track').selectOption({ label: 'Computer Science and Applications' });
  for (const tag of ['Robotics', 'Smart Cities']) await ap.getByRole('button', { name: tag, exact: true }).click();
  await ap.getByLabel('Paper (PDF)').setInputFiles({ name: 'orchard.pdf', mimeType: 'application/pdf', buffer: smallPdf });
  await ap.getByRole('button', { name: 'Submit Paper' }).click();
  await ap.waitForURL('**/author/dashboard');
  const mine = await callApi<{ papers: Array<{ _id: string; title: string }> }>(ap, 'GET', '/author/my-papers');
  const paperId = mine.json.papers.find((p) => p.title === TITLE)!._id;

  // The editor sets the deadlines (all in the future: the server is shared with other journeys).
  const editor = await newPage(browser);
  await signUpInBrowser(editor.page, { role: 'Editor', email: 'cycle-editor@e2e.example.org', name: 'Cycle Editor' });
  // In their order (the server refuses a review deadline before the submission deadline, docs/product.md#settings).
  const deadlines = { submissionDeadline: days(14), reviewDeadline: days(30), cameraReadyDeadline: days(60) };
  expect((await callApi(editor.page, 'PUT', '/editor/settings', deadlines)).status).toBe(200);

  // The reviewer bids on the bidding page once their address is verified: before, the page says what to do.
  // Then filter by tag (the typed text clears after the pick), one click bids, a second click takes the bid
  // back, and the bid survives a reload.
  const reviewer = await newPage(browser, PHONE);
  const reviewerEmail = uniqueEmail('cycle-reviewer');
  await signUpInBrowser(reviewer.page, { role: 'Reviewer', email: reviewerEmail, name: 'Cycle Reviewer', tags: ['Robotics'] });
  const rp = reviewer.page;
  await shoot(rp, 'reviewer-dashboard');
  await rp.getByRole('link', { name: 'Bid on papers' }).click();
  await rp.waitForURL('**/reviewer/bidding');
  await rp.getByRole('alert').filter({ hasText: 'Verify your email address before bidding' }).waitFor();
  await expect(rp.getByText(TITLE).count()).resolves.toBe(0);
  await rp.goto(await mailedLink(smtp.mails, reviewerEmail, '/verify-email'));
  await rp.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect.poll(() => rp.getByRole('main').getByRole('status').textContent()).toBe(VERIFY_DONE);
  await rp.goto('/reviewer/bidding');
  const filter = rp.getByRole('combobox', { name: 'Filter by tag' });
  await filter.fill('smart');
  await rp.getByRole('option', { name: 'Smart Cities', exact: true }).click();
  await expect(filter.inputValue()).resolves.toBe('');
  await rp.getByRole('list', { name: 'Tags filtered by' }).getByText('Smart Cities').waitFor();
  const card = rp.getByRole('article', { name: TITLE });
  await card.waitFor();
  await expect.poll(() => card.getByText('A swarm of small robots').isVisible()).toBe(false);
  await card.getByText('Abstract', { exact: true }).click();
  await card.getByText('A swarm of small robots').waitFor();
  const eager = card.getByRole('button', { name: /Eager/ });
  await eager.click();
  await expect.poll(() => eager.getAttribute('aria-pressed')).toBe('true');
  await eager.click();
  await expect.poll(() => eager.getAttribute('aria-pressed')).toBe('false');
  await card.getByRole('button', { name: 'Willing', exact: true }).click();
  await expect
    .poll(() =>
      callApi<Array<{ _id: string; bid: string | null }>>(rp, 'GET', '/reviewer/bidding').then(
        (r) => r.json.find((p) => p._id === paperId)?.bid,
      ),
    )
    .toBe('willing');
  expect(await horizontalOverflow(rp)).toBe(0);
  expect(await axeViolations(rp, 'main')).toEqual([]);
  await shoot(rp, 'reviewer-bidding');
  await rp.reload();
  await expect
    .poll(() => rp.getByRole('article', { name: TITLE }).getByRole('button', { name: 'Willing', exact: true }).getAttribute('aria-pressed'))
    .toBe('true');

  // The editor sends the paper to the reviewer.
  const reviewerId = await rp.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { _id: string })._id);
  expect((await callApi(editor.page, 'POST', '/editor/send-paper', { paperId, reviewerId })).status).toBe(200);

  // The reviewer comments (the comment box) and sees the comment listed with its time, then fills the review form.
  await rp.goto(`/reviewer/dashboard/${paperId}`);
  await rp.getByText('Click here to load PDF').waitFor();
  await rp.getByLabel('Comments', { exact: true }).fill('Please compare with a single-robot baseline.');
  await rp.getByRole('button', { name: 'Send Comments' }).click();
  await toast(rp, 'Comment saved!');
  const earlier = rp.getByRole('region', { name: 'Your earlier comments' });
  await earlier.getByText('Please compare with a single-robot baseline.').waitFor();
  await expect(earlier.locator('time').count()).resolves.toBe(1);
  await expect(rp.getByLabel('Comments', { exact: true }).inputValue()).resolves.toBe('');

  const form = rp.getByRole('region', { name: 'Your review' });
  await form.getByText('Review deadline:').waitFor();
  await expect.poll(() => form.getByText('Not saved yet').isVisible()).toBe(true);
  await form.getByRole('group', { name: 'Recommendation' }).getByRole('radio', { name: '4 — Weak accept' }).check();
  await form.getByRole('group', { name: 'Your confidence' }).getByRole('radio', { name: '5 — Expert' }).check();
  await form.getByLabel('Comments to the authors').fill('Clear method, convincing field trial.');
  await form.getByLabel('Comments to the editor (optional)').fill('Confidential: the trial is small.');
  await form.getByRole('button', { name: 'Save review' }).click();
  await toast(rp, 'Review saved!');
  await form.getByRole('status').filter({ hasText: 'Review saved!' }).waitFor();
  await form.getByRole('button', { name: 'Update review' }).waitFor();
  expect(await horizontalOverflow(rp)).toBe(0);
  expect(await axeViolations(rp, 'main')).toEqual([]);
  await shoot(rp, 'reviewer-paper');
  // Reloaded, the form shows what was saved.
  await rp.reload();
  await expect.poll(() => form.getByRole('radio', { name: '4 — Weak accept' }).isChecked()).toBe(true);
  await expect(form.getByLabel('Comments to the authors').inputValue()).resolves.toBe('Clear method, convincing field trial.');

  // After the review deadline (shown to this page only: the server is shared), the form is read-only.
  await rp.route('**/api/deadlines', (route) =>
    route.fulfill({ json: { submissionDeadline: null, reviewDeadline: days(-1), cameraReadyDeadline: null } }),
  );
  await rp.reload();
  await form.getByRole('alert').filter({ hasText: 'The review deadline has passed' }).waitFor();
  await expect(form.getByRole('radio', { name: '4 — Weak accept' }).isDisabled()).resolves.toBe(true);
  await expect(form.getByLabel('Comments to the authors').isDisabled()).resolves.toBe(true);
  await expect(form.getByRole('button', { name: 'Update review' }).count()).resolves.toBe(0);
  await shoot(rp, 'reviewer-paper-closed');
  await rp.unroute('**/api/deadlines');

  // Until the author is notified, the author sees Under Review and no decision.
  await ap.goto(`/paper-details/${paperId}`);
  await expect.poll(() => ap.getByTestId('paper-status').textContent()).toBe('Under Review');
  await expect(ap.getByText('Reviewer 1').count()).resolves.toBe(0);

  // The editor decides: the author's dashboard still says Under Review (docs/product.md#statuses), until the editor notifies.
  expect((await callApi(editor.page, 'PUT', `/editor/papers/${paperId}/decision`, { decision: 'Accepted' })).status).toBe(200);
  await ap.goto('/author/dashboard');
  const badge = ap.getByRole('article').filter({ hasText: TITLE }).locator('[data-state]');
  await expect.poll(() => badge.textContent()).toBe('Under Review');
  const notified = await callApi<{ sent: number }>(editor.page, 'POST', '/editor/notify', { paperIds: [paperId] });
  expect(notified).toMatchObject({ status: 200, json: { sent: 1 } });
  await ap.reload();
  await expect.poll(() => badge.textContent()).toBe('Accepted');

  // The author sees the decision and the review as "Reviewer 1", never the comments to the editor.
  await ap.goto(`/paper-details/${paperId}`);
  await expect.poll(() => ap.getByTestId('paper-status').textContent()).toBe('Accepted');
  const decision = ap.getByRole('region', { name: 'Decision: Accepted' });
  const review = decision.getByRole('article', { name: 'Reviewer 1' });
  await review.getByText('Clear method, convincing field trial.').waitFor();
  await expect.poll(() => review.getByText('Recommendation: Weak accept').isVisible()).toBe(true);
  await expect(ap.getByText('Confidential: the trial is small.').count()).resolves.toBe(0);
  await expect(ap.getByText('Cycle Reviewer').count()).resolves.toBe(0);

  // The conflicts declaration: add two, remove one, save; the server's answer is shown.
  const conflicts = ap.getByRole('region', { name: 'Conflicts of interest' });
  await conflicts.getByText('No conflict declared.').waitFor();
  await conflicts.getByLabel('E-mail of a person with a conflict').fill('not an address');
  await conflicts.getByRole('button', { name: 'Add' }).click();
  await conflicts.getByRole('alert').filter({ hasText: 'Please enter a valid email address' }).waitFor();
  for (const email of ['rival@lab.example', 'advisor@uni.example']) {
    await conflicts.getByLabel('E-mail of a person with a conflict').fill(email);
    await conflicts.getByRole('button', { name: 'Add' }).click();
  }
  await conflicts.getByRole('button', { name: 'Remove rival@lab.example' }).click();
  await conflicts.getByRole('button', { name: 'Update conflict list' }).click();
  await conflicts.getByRole('status').filter({ hasText: 'Conflicts saved: 1 address' }).waitFor();
  await expect(callApi(ap, 'GET', `/author/paper/${paperId}/conflicts`)).resolves.toMatchObject({
    json: { emails: ['advisor@uni.example'] },
  });

  // The camera-ready upload: the deadline is shown and the progress bar reaches 100 %.
  const camera = ap.getByRole('region', { name: 'Camera-ready version' });
  await camera.getByText('Camera-ready deadline:').waitFor();
  await camera.getByLabel('Camera-ready PDF').setInputFiles({ name: 'orchard-final.pdf', mimeType: 'application/pdf', buffer: bigPdf });
  await camera.getByRole('button', { name: 'Upload camera-ready version' }).click();
  const bar = camera.getByRole('progressbar', { name: 'Camera-ready upload' });
  await bar.waitFor();
  await camera.getByRole('status').filter({ hasText: 'Camera-ready version uploaded: orchard-final.pdf' }).waitFor();
  // All the bytes of the request (the PDF and the multipart framing) were reported sent.
  await expect(bar.evaluate((el: HTMLProgressElement, size) => el.max > size && el.value === el.max, bigPdf.length)).resolves.toBe(true);
  await expect.poll(() => camera.getByTestId('upload-progress-text').textContent()).toBe('100% · 3.0 MB of 3.0 MB sent · done');
  await ap.getByRole('list', { name: 'PDF versions' }).getByText('orchard-final.pdf').waitFor();
  const editorView = await callApi<{ cameraReady: { pdf: string } | null }>(editor.page, 'GET', `/editor/papers/${paperId}`);
  expect(editorView.json.cameraReady?.pdf).toBeTruthy();
  expect(await horizontalOverflow(ap)).toBe(0);
  expect(await axeViolations(ap, 'main')).toEqual([]);
  await shoot(ap, 'author-paper');

  // The submission deadline is shown on the new-paper page.
  await ap.goto('/author/new-paper');
  await ap.getByText('Submission deadline:').waitFor();
  await shoot(ap, 'author-new-paper');

  // Leave the shared server's settings as they were.
  await callApi(editor.page, 'PUT', '/editor/settings', { submissionDeadline: null, reviewDeadline: null, cameraReadyDeadline: null });
  for (const s of [author, editor, reviewer]) await s.context.close();
});

// The shared server's deadlines are not moved into the past (other journeys submit and review at the same
// time): the page is shown a passed deadline by answering its own request for the deadlines.
test("a submission refused at the deadline shows the server's message; after it the page says Submissions are closed", async () => {
  const { context, page } = await newPage(browser, PHONE);
  await signUpInBrowser(page, { role: 'Author', email: uniqueEmail('late-author'), name: 'Late Author' });

  // The deadline passes while the author fills the form: the upload shows its progress bar, the server refuses.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/author/new-paper', async (route) => {
    await held;
    await route.fulfill({ status: 403, json: { message: 'Submissions are closed' } });
  });
  await page.goto('/author/new-paper');
  await page.getByLabel('Title').fill('Late but keen');
  await page.getByLabel('Abstract').fill('Written the night after.');
  await page.getByLabel('Track').selectOption({ label: 'Computer Science and Applications' });
  await page.getByLabel('Paper (PDF)').setInputFiles({ name: 'late.pdf', mimeType: 'application/pdf', buffer: bigPdf });
  await page.getByRole('button', { name: 'Submit Paper' }).click();
  await page.getByRole('progressbar', { name: 'Paper upload' }).waitFor();
  await shoot(page, 'author-new-paper-uploading');
  release();
  await page.getByRole('alert').filter({ hasText: 'Submissions are closed' }).waitFor();
  await expect(page.getByRole('progressbar', { name: 'Paper upload' }).count()).resolves.toBe(0);
  await page.unroute('**/api/author/new-paper');

  await page.route('**/api/deadlines', (route) =>
    route.fulfill({
      json: { submissionDeadline: days(-1), reviewDeadline: days(-1), cameraReadyDeadline: days(-1) },
    }),
  );
  await page.goto('/author/new-paper');
  await page.getByRole('alert').filter({ hasText: 'Submissions are closed' }).waitFor();
  await expect(page.getByRole('button', { name: 'Submit Paper' }).count()).resolves.toBe(0);
  await shoot(page, 'author-new-paper-closed');
  await context.close();
});
