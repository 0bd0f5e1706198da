import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { serverApi } from './server-api';
import { DESKTOP, horizontalOverflow, launchBrowser, pageOpener, PHONE, screenshots, startOwnServer } from './browser';

/**
 * The review cycle (docs/product.md#the-review-cycle), the editor's screens, on a server of its own (notify reaches every paper on the server, and the
 * settings are the server's): the editor sets deadlines and finds them after a reload, sorts the decisions
 * by mean score, decides, previews the author's mail (the comments, never a reviewer's name), sends it and
 * sees the paper notified; the paper's page shows the reviews and the conflicts; the dashboard draws its
 * charts with a table for screen readers. Screenshots at 390 and 1280 px when EDITOR_SHOTS names a folder.
 */
let browser: Browser;
let server: ServerProcess;
const SHOTS = process.env.EDITOR_SHOTS;
const stamp = Date.now().toString(36);
const editorEmail = `chair.${stamp}@chair.example`;

const { call, signup, submit } = serverApi(() => server.url);

const ids = { strong: '', weak: '', unreviewed: '' };
let editorToken = '';
beforeAll(async () => {
  server = await startOwnServer();
  browser = await launchBrowser();
  const editor = await signup('Editor', 'Chair Person', editorEmail);
  editorToken = editor.token;
  const author = await signup('Author', 'Ada Author', `ada.${stamp}@lab.example`);
  ids.strong = await submit(author.token, 'Robots that read maps');
  ids.weak = await submit(author.token, 'Robots that forget maps');
  ids.unreviewed = await submit(author.token, 'Robots without maps');
  const rita = await signup('Reviewer', 'Rita Reviewer', `rita.${stamp}@uni-a.example`, ['Robotics']);
  const ed = await signup('Reviewer', 'Ed Examiner', `ed.${stamp}@uni-b.example`, ['Robotics']);
  await signup('Reviewer', 'Colin Colleague', `colin.${stamp}@lab.example`, ['Robotics']); // the author's institution
  for (const paperId of [ids.strong, ids.weak]) {
    for (const r of [rita, ed]) await call('POST', '/api/editor/send-paper', editor.token, { paperId, reviewerId: r.user._id });
  }
  const review = (token: string, paperId: string, recommendation: number, commentsToAuthors: string) =>
    call('PUT', `/api/reviewer/review/${paperId}`, token, {
      recommendation,
      confidence: 4,
      commentsToAuthors,
      commentsToEditor: 'Only for the chair.',
    });
  await review(rita.token, ids.strong, 5, 'A clear map-reading method.');
  await review(ed.token, ids.strong, 4, 'Convincing experiments on real robots.');
  await review(rita.token, ids.weak, 2, 'The forgetting is not measured.');
  await review(ed.token, ids.weak, 1, 'Related work is missing.');
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = pageOpener({ browser: () => browser, baseURL: () => server.url });
const shot = screenshots(SHOTS);

test('the editor sets deadlines, decides, previews and sends the notifications, and sees the paper notified', async () => {
  const { context, page } = await open({ viewport: DESKTOP, login: { role: 'Editor', email: editorEmail } });

  // Settings: a deadline in local time, kept after a reload; a bad number answered with the server's words.
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Review settings' }).waitFor();
  await page.getByLabel('Review deadline', { exact: true }).fill('2030-01-31T18:30');
  await page.getByLabel('Camera-ready deadline', { exact: true }).fill('2030-03-01T09:00');
  await page.getByLabel('Blind review').check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
  await page.reload();
  await expect.poll(() => page.getByLabel('Review deadline', { exact: true }).inputValue()).toBe('2030-01-31T18:30');
  await expect.poll(() => page.getByLabel('Camera-ready deadline', { exact: true }).inputValue()).toBe('2030-03-01T09:00');
  await expect.poll(() => page.getByLabel('Blind review').isChecked()).toBe(true);
  // The server holds the instant the browser's wall time names.
  const instant = await page.evaluate(() => new Date('2030-01-31T18:30').toISOString());
  const settings = await call<{ reviewDeadline: string | null }>('GET', '/api/editor/settings', editorToken);
  expect(settings.reviewDeadline).toBe(instant);
  await page.getByRole('button', { name: 'Clear camera-ready deadline' }).click();
  await page.getByLabel('Reviewers per paper').fill('0');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect.poll(() => page.getByRole('alert').textContent()).toContain('Reviewers per paper must be a whole number from 1 to 20');
  await shot(page, 'settings-1280');
  await page.getByLabel('Reviewers per paper').fill('2');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
  await page.reload();
  await expect.poll(() => page.getByLabel('Reviewers per paper').inputValue()).toBe('2');
  await expect.poll(() => page.getByLabel('Camera-ready deadline', { exact: true }).inputValue()).toBe('');
  await page.getByLabel('Blind review').uncheck();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();

  // The dashboard's cards say where each paper stands (docs/product.md#statuses): 'Pending Review' before any review.
  await page.goto('/editor/dashboard');
  const stateOf = (title: string) => page.getByRole('article').filter({ hasText: title }).locator('[data-state]');
  await expect.poll(() => stateOf('Robots that read maps').textContent()).toBe('Under review: 2 of 2 reviews');
  await expect.poll(() => stateOf('Robots without maps').textContent()).toBe('Pending Review');

  // Decisions: sorted by mean score both ways; papers without reviews last.
  await page.getByRole('link', { name: 'Decisions' }).click();
  const list = page.getByRole('list', { name: 'Papers and decisions' });
  const titles = () => list.getByRole('listitem').getByRole('link').allTextContents();
  await expect.poll(titles).toEqual(['Robots that read maps', 'Robots that forget maps', 'Robots without maps']);
  await expect.poll(() => list.getByRole('listitem').first().textContent()).toContain('2 reviews · mean 4.50 · 4–5');
  await page.getByLabel('Sort').selectOption({ label: 'Mean score, lowest first' });
  await expect.poll(titles).toEqual(['Robots that forget maps', 'Robots that read maps', 'Robots without maps']);

  await page.getByLabel('Decision on Robots that read maps').selectOption('Accepted');
  await page.getByRole('status').filter({ hasText: 'Decision saved: Accepted' }).waitFor();
  await page.getByText('1 decision is not yet sent to the authors.').waitFor();
  await page.getByRole('button', { name: 'Accepted', exact: true }).click();
  await expect.poll(titles).toEqual(['Robots that read maps']);
  await page.getByRole('button', { name: 'Undecided' }).click();
  await expect.poll(titles).toEqual(['Robots that forget maps', 'Robots without maps']);
  await page.getByRole('button', { name: 'All' }).click();

  // The preview shows the author's mail: the decision and the comments, no reviewer's name or private note.
  await page.getByRole('button', { name: 'Preview notifications' }).click();
  const dialog = page.getByRole('dialog', { name: '1 e-mail would be sent' });
  await dialog.waitFor();
  const mail = (await dialog.textContent()) ?? '';
  expect(mail).toContain(`ada.${stamp}@lab.example`);
  expect(mail).toContain('A clear map-reading method.');
  expect(mail).toContain('Convincing experiments on real robots.');
  expect(mail).toContain('Accepted');
  for (const secret of ['Rita', 'Ed Examiner', `rita.${stamp}`, 'Only for the chair.']) expect(mail).not.toContain(secret);
  await shot(page, 'decisions-preview-1280');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);

  // Send, after a confirmation; the row then says the author was told.
  await page.getByRole('button', { name: 'Send…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Send the decisions?' });
  await confirm.getByRole('button', { name: 'Send notifications' }).click();
  await page
    .getByRole('status')
    .filter({
      hasText:
        'Mail is not configured: the decisions of 1 paper are recorded as told, their e-mails kept in the outbox and not sent; skipped 2',
    })
    .waitFor();
  const strong = list.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Robots that read maps' }) });
  await expect.poll(() => strong.textContent()).toContain('Notified: Accepted');
  await page.reload();
  await expect.poll(async () => (await strong.textContent()) ?? '').toContain('Notified: Accepted');
  await shot(page, 'decisions-1280');
  // Nothing is due any more: a second send sends nothing.
  await page.getByRole('button', { name: 'Send…' }).click();
  await confirm.getByRole('button', { name: 'Send notifications' }).click();
  await page.getByRole('status').filter({ hasText: 'Nothing to send, skipped 3' }).waitFor();
  await expect
    .poll(() =>
      page
        .getByText(
          'Every decision is recorded as told, but mail is not configured: the 1 decision e-mail is kept in the outbox, nothing was sent.',
        )
        .isVisible(),
    )
    .toBe(true);

  // Accepted papers nobody has paid registration for (decision 0017): listed, and their authors reminded.
  await page.getByRole('button', { name: 'Accepted, not registered', exact: true }).click();
  await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
  await expect.poll(() => list.textContent()).toContain('Robots that read maps');
  await page.getByRole('button', { name: 'Send a registration reminder to this author' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: 'Mail is not configured: the reminder to 1 author is kept in the outbox, nothing was sent' })
    .waitFor();
  await page.getByRole('button', { name: 'All', exact: true }).click();

  // The paper's page: the reviews with their scores in words, the conflicts in words, the decision.
  await strong.getByRole('link', { name: 'Robots that read maps' }).click();
  const reviews = page.getByRole('table', { name: 'Reviews of Robots that read maps' });
  await expect.poll(() => reviews.getByRole('row').count()).toBe(3);
  await expect.poll(() => reviews.getByRole('row', { name: /Rita Reviewer/ }).textContent()).toContain('Strong accept (5)');
  await expect.poll(() => reviews.getByRole('row', { name: /Ed Examiner/ }).textContent()).toContain('Only for the chair.');
  const conflicts = page.getByRole('list', { name: 'Conflicts of interest' });
  await expect
    .poll(() => conflicts.textContent())
    .toContain(`Colin Colleague (colin.${stamp}@lab.example): the reviewer and an author share an institutional e-mail domain`);
  await expect.poll(() => page.getByLabel('Decision on Robots that read maps').inputValue()).toBe('Accepted');
  expect(await horizontalOverflow(page)).toBe(0);
  await shot(page, 'view-more-1280');

  // The dashboard's charts: drawn, with their figures as tables for screen readers.
  await page.goto('/editor/dashboard');
  const done = page.getByRole('table', { name: 'Reviews done against expected' });
  await expect
    .poll(() =>
      done
        .locator('tbody')
        .textContent({ timeout: 1000 })
        .catch(() => ''),
    )
    .toBe('Done4Expected6');
  await expect.poll(() => page.locator('figure canvas').count()).toBe(3);
  await expect.poll(() => page.getByRole('table', { name: 'Reviews per recommendation' }).textContent()).toContain('5 (Strong accept)1');
  await shot(page, 'dashboard-1280');
  await context.close();
}, 240_000);

test('the new screens fit a 390 px phone', async () => {
  const { context, page } = await open({ viewport: PHONE, login: { role: 'Editor', email: editorEmail } });
  for (const [url, ready, name] of [
    ['/editor/settings', () => page.getByLabel('Review deadline', { exact: true }).waitFor(), 'settings-390'],
    [
      '/editor/decisions',
      () => page.getByRole('list', { name: 'Papers and decisions' }).getByRole('listitem').first().waitFor(),
      'decisions-390',
    ],
    [`/editor/view-more/${ids.strong}`, () => page.getByRole('table', { name: /Reviews of/ }).waitFor(), 'view-more-390'],
    ['/editor/dashboard', () => page.locator('figure canvas').nth(2).waitFor(), 'dashboard-390'],
  ] as const) {
    await page.goto(url);
    await ready();
    expect(await horizontalOverflow(page), url).toBe(0);
    await shot(page, name);
  }
  await page.goto('/editor/decisions');
  await page.getByRole('button', { name: 'Preview notifications' }).click();
  await page.getByRole('dialog').waitFor();
  await shot(page, 'decisions-preview-390');
  await context.close();
}, 120_000);
