import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { callApi, DESKTOP, launchBrowser, PHONE, signUpInBrowser, startOwnServer, uniqueEmail, watchProblems } from './browser';

/**
 * Every login-area screen opens without a console error, an uncaught error, a failed request or an
 * error answer, for each role, with real data behind it (a paper in a track, sent to a reviewer, reviewed).
 * A screen that must refuse (bidding before the address is verified) says so without a failing request.
 */
const EDITOR = 'console-editor@e2e.example.org';
let browser: Browser;
let server: ServerProcess;

beforeAll(async () => {
  server = await startOwnServer({ EDITOR_EMAILS: EDITOR });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function watchedPage(viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL: server.url });
  const page = await context.newPage();
  return { context, page, problems: watchProblems(page) };
}

async function pdfBase64(): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText('Orchard robots, page one.', { x: 72, y: 760, size: 14, font });
  return Buffer.from(await doc.save()).toString('base64');
}

/** Opens each path and waits until the screen has settled (its heading shown, no request in flight). */
async function visit(page: Page, paths: string[], problems: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const p of paths) {
    problems.length = 0;
    await page.goto(p);
    try {
      await page.getByRole('heading').first().waitFor({ timeout: 15_000 });
    } catch {
      found.push(`${p} → no heading shown (at ${page.url()})`);
      continue;
    }
    await page.waitForLoadState('networkidle');
    expect(page.url(), `${p} should not send the user elsewhere`).toContain(p.split('?')[0]);
    for (const problem of problems) found.push(`${p} → ${problem}`);
  }
  return found;
}

test('every login-area screen of the editor, the author and the reviewer logs nothing wrong', async () => {
  const editor = await watchedPage();
  await signUpInBrowser(editor.page, { role: 'Editor', email: EDITOR, name: 'Console Editor' });
  const author = await watchedPage(PHONE);
  await signUpInBrowser(author.page, { role: 'Author', email: uniqueEmail('console-author'), name: 'Console Author' });
  const reviewer = await watchedPage();
  await signUpInBrowser(reviewer.page, {
    role: 'Reviewer',
    email: uniqueEmail('console-reviewer'),
    name: 'Console Reviewer',
    tags: ['Robotics'],
  });
  const reviewerId = await reviewer.page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}')._id as string);

  // A paper in the computing track, sent to the reviewer, reviewed.
  const b64 = await pdfBase64();
  const submitted = await author.page.evaluate(async (data) => {
    const form = new FormData();
    form.append('title', 'Orchard robots');
    form.append('abstract', 'Small robots map an orchard.');
    form.append('track', 'track-2');
    form.append('keywords', 'Robotics');
    form.append('file', new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], { type: 'application/pdf' }), 'orchard.pdf');
    const res = await fetch('/api/author/new-paper', {
      method: 'POST',
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      body: form,
    });
    return { status: res.status, json: await res.json() };
  }, b64);
  expect(submitted.status).toBe(201);
  const paperId = submitted.json.paper._id as string;
  expect((await callApi(editor.page, 'POST', '/editor/send-paper', { paperId, reviewerId })).status).toBe(200);
  expect(
    (
      await callApi(reviewer.page, 'PUT', `/reviewer/review/${paperId}`, {
        recommendation: 4,
        confidence: 3,
        commentsToAuthors: 'Clear and useful.',
      })
    ).status,
  ).toBe(200);

  const findings = [
    ...(await visit(
      editor.page,
      [
        '/editor/dashboard',
        `/editor/view-more/${paperId}`,
        '/editor/messages',
        '/editor/payments',
        '/editor/program',
        '/editor/assign',
        '/editor/settings',
        '/editor/conference',
        '/editor/reviewers',
        '/editor/decisions',
        '/editor/missing-reviews',
        '/editor/audit',
        '/editor/tracks',
        '/keynote-admin',
      ],
      editor.problems,
    )),
    ...(await visit(
      author.page,
      ['/author/dashboard', '/author/new-paper', '/author/paper-details', `/paper-details/${paperId}`],
      author.problems,
    )),
    ...(await visit(reviewer.page, ['/reviewer/dashboard', `/reviewer/dashboard/${paperId}`, '/reviewer/bidding'], reviewer.problems)),
  ];
  // The one refusal by design: bidding waits for a verified address (docs/product.md#who-sees-whom) and is refused before anything is
  // read; the page shows why under its own heading. Chrome logs the 403 it received; nothing else may appear.
  const byDesign = (f: string) =>
    f.startsWith('/reviewer/bidding → ') &&
    (/403: GET .*\/api\/reviewer\/bidding$/.test(f) || /console: Failed to load resource: .* 403/.test(f));
  expect(findings.filter((f) => !byDesign(f))).toEqual([]);
  await reviewer.page.goto('/reviewer/bidding');
  await reviewer.page.getByRole('heading', { name: 'Bid on papers' }).waitFor();
  await reviewer.page.getByRole('alert').filter({ hasText: 'Verify your email address before bidding' }).waitFor();
  for (const w of [editor, author, reviewer]) await w.context.close();
}, 240_000);
