import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { serverApi } from './server-api';
import { DESKTOP, launchBrowser, pageOpener, PHONE, screenChecker, startOwnServer } from './browser';

/**
 * Exports beside their lists (docs/product.md#audit-log-and-exports) and dates written one way (docs/product.md#validation-and-messages), on a server of its own: each CSV export sits beside the list it
 * exports and all of them on /editor/exports (a track chair sees only their three); a deadline is written the same
 * way on the reviewer's and the editor's screens, in the conference's zone, named, with the visitor's own time; the
 * touched screens are axe-clean with nothing sticking out at 390 and 1280 px. Screenshots when
 * EXPORTS_DATES_SHOTS names a folder.
 */
let browser: Browser;
let server: ServerProcess;
const SHOTS = process.env.EXPORTS_DATES_SHOTS;
const stamp = Date.now().toString(36);
const editorEmail = `desk.${stamp}@desk.example`;
const authorEmail = `ada.${stamp}@lab.example`;
const reviewer = { name: 'Ed Examiner', email: `ed.${stamp}@uni-b.example` };
let paperId = '';
// 31 Jan 2030, 12:00 UTC: 19:00 in Bangkok, 13:00 in Berlin (the browser's zone below).
const DEADLINE = '2030-01-31T12:00:00.000Z';
const DEADLINE_TEXT = '31 Jan 2030, 19:00 (Bangkok time, UTC+7) – 31 Jan 2030, 13:00 your time';

const { call, signup, submit } = serverApi(() => server.url);

beforeAll(async () => {
  server = await startOwnServer();
  browser = await launchBrowser();
  const editor = await signup('Editor', 'Desk Editor', editorEmail);
  const author = await signup('Author', 'Ada Author', authorEmail);
  const abstract = Array.from(
    { length: 6 },
    (_, i) => `Paragraph ${i + 1}: robots read the map of an orchard, row by row, and mark every tree they pass on the way.`,
  ).join('\n\n');
  paperId = await submit(author.token, 'Robots that read maps', { abstract });
  const r = await signup('Reviewer', reviewer.name, reviewer.email, ['Robotics']);
  await signup('Reviewer', 'Rita Reviewer', `rita.${stamp}@uni-a.example`, ['Robotics']);
  await call('PUT', '/api/editor/settings', editor.token, { reviewDeadline: DEADLINE });
  await call('POST', '/api/editor/send-paper', editor.token, { paperId, reviewerId: r.user._id });
  await call('POST', '/api/reviewer/respond', r.token, { paperId, email: reviewer.email, status: 'Accepted' });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A visitor in Berlin. */
const open = pageOpener({
  browser: () => browser,
  baseURL: () => server.url,
  context: { bypassCSP: true, timezoneId: 'Europe/Berlin', acceptDownloads: true },
});
const editorLogin = { role: 'Editor', email: editorEmail } as const;
/** The screen is axe-clean, nothing sticks out sideways; a screenshot when asked. */
const check = screenChecker({ shots: SHOTS });

/** Each list's own export: [address, heading that shows the list is there, region, button, file]. */
const BESIDE: Array<[string, string, string, string, string]> = [
  ['/editor/dashboard', 'Research Papers', 'Download the papers as CSV', 'Papers with review summary and decision', 'papers'],
  ['/editor/reviewers', 'Reviewers', 'Download the reviewers as CSV', 'Reviewers with their load', 'reviewers'],
  ['/editor/missing-reviews', 'Missing reviews', 'Download every assignment as CSV', 'Assignments', 'assignments'],
  ['/editor/decisions', 'Decisions', 'Download every review as CSV', 'Reviews', 'reviews'],
  ['/editor/messages', 'Mail log', 'Download the contact messages as CSV', 'Contact messages', 'contact-messages'],
  ['/editor/audit', 'Audit log', 'Download the audit log as CSV', 'Audit log', 'audit'],
];

for (const viewport of [PHONE, DESKTOP]) {
  test(`each export sits beside its list and all six on the Exports page (${viewport.width} px)`, async () => {
    const { context, page } = await open({ viewport, login: editorLogin });
    for (const [address, heading, region, button, file] of BESIDE) {
      await page.goto(address);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      const box = page.getByRole('region', { name: region });
      await box.getByRole('button', { name: button, exact: true }).waitFor();
      await expect(box.getByRole('button').count()).resolves.toBe(1);
      await expect(box.getByRole('link', { name: 'Every export in one place' }).getAttribute('href')).resolves.toBe('/editor/exports');
      if (viewport === DESKTOP) {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          box.getByRole('button', { name: button, exact: true }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(new RegExp(`^${file}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      }
      await check(page, address.slice(1).replace(/\//g, '-'));
    }

    // The dashboard links to the Exports page; it lists the six, each with a line on what it holds.
    await page.goto('/editor/dashboard');
    await page.getByRole('link', { name: 'Exports', exact: true }).click();
    await page.getByRole('heading', { name: 'Exports', level: 1 }).waitFor();
    const all = page.getByRole('region', { name: 'Download as CSV' });
    const items = all.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(6);
    await expect(items.allInnerTexts()).resolves.toEqual(expect.arrayContaining([expect.stringMatching(/Reviews\s+One row per review: /)]));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      all.getByRole('button', { name: 'Papers with review summary and decision' }).click(),
    ]);
    const text = Buffer.concat((await (await download.createReadStream()).toArray()) as Buffer[]).toString('utf8');
    expect(text).toContain('Robots that read maps');
    await check(page, 'editor-exports');
    await context.close();
  });
}

test('a track chair sees only the three exports the server lets them have', async () => {
  const { context, page } = await open({ viewport: PHONE, login: editorLogin });
  // The screen reads who is signed in from the stored session: marked a track chair, it offers their three only
  // (the server's 403 to the rest is tested in tests/api/tracks.test.ts).
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      const value = localStorage.getItem(key) ?? '';
      if (value.startsWith('{') && value.includes('"role":"Editor"'))
        localStorage.setItem(key, JSON.stringify({ ...JSON.parse(value), chairOnly: true }));
    }
  });
  await page.goto('/editor/exports');
  await page.getByText('As a track chair you download the papers, assignments and reviews of your tracks.').waitFor();
  const names = await page.getByRole('region', { name: 'Download as CSV' }).getByRole('button').allInnerTexts();
  expect(names).toEqual(['Papers with review summary and decision', 'Assignments', 'Reviews']);
  await check(page, 'editor-exports-chair');
  await context.close();
});

test('a deadline reads the same on the reviewer’s and the editor’s screens: Bangkok time named, the visitor’s own beside it', async () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const r = await open({ viewport, login: { role: 'Reviewer', email: reviewer.email } });
    await r.page.goto(`/reviewer/dashboard/${paperId}`);
    const reviewerLine = r.page.getByText(/^Review deadline: /).first();
    await expect.poll(() => reviewerLine.innerText()).toContain(DEADLINE_TEXT);
    await check(r.page, 'reviewer-paper');
    await r.context.close();

    const e = await open({ viewport, login: editorLogin });
    await e.page.goto('/editor/missing-reviews');
    const editorLine = e.page.getByText(/Review deadline: /).first();
    await expect.poll(() => editorLine.innerText()).toContain(`Review deadline: ${DEADLINE_TEXT}.`);
    // The table writes the same instant the same way, in the conference's zone.
    await expect(e.page.getByRole('table').getByText('31 Jan 2030, 19:00').count()).resolves.toBe(1);
    await e.context.close();
  }
});

test('the other touched screens: assignment preview and mail log scroll with a cue, the read-only abstract shows all of its text', async () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const { context, page } = await open({ viewport, login: editorLogin });
    await page.goto('/editor/assign');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: /^Proposed reviewers for Robots that read maps/ });
    await preview.waitFor();
    if (viewport === PHONE) await page.getByText('Scroll sideways to see every column →').first().waitFor();
    await check(page, 'editor-assign-preview');
    await page.goto('/editor/messages');
    await page.getByRole('heading', { name: 'Mail log' }).waitFor();
    await check(page, 'editor-messages');
    await context.close();

    const a = await open({ viewport, login: { role: 'Author', email: authorEmail } });
    await a.page.goto(`/paper-details/${paperId}`);
    const abstract = a.page.getByLabel('Abstract');
    await expect.poll(() => abstract.inputValue()).toContain('Paragraph 6');
    // Read only, the box is as tall as its text: nothing is hidden behind a scroll it cannot take.
    await expect(abstract.evaluate((el) => el.scrollHeight - el.clientHeight)).resolves.toBeLessThanOrEqual(1);
    const versions = a.page.getByRole('list', { name: 'PDF versions' });
    await expect(versions.innerText()).resolves.toMatch(/\(\d+ KB, \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\)/);
    await check(a.page, 'author-paper-details');
    await a.context.close();
  }
});
