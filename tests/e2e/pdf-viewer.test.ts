import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import {
  axeViolations,
  callApi,
  DESKTOP,
  horizontalOverflow,
  launchBrowser,
  logInInBrowser,
  PHONE,
  signUpInBrowser,
  startOwnServer,
  uniqueEmail,
  watchProblems,
} from './browser';

/**
 * Decision 0024: the reviewer reads the paper where they review it. A real three-page PDF is drawn in the page
 * (page 1 dark at the top, page 2 dark at the bottom, so the test can tell which page it sees), beside the
 * review form at 1280 px and above it at 390 px; the pages turn and zoom; a paper without a PDF shows its
 * message, a damaged one says it cannot be shown and offers the file; the author's and the editor's paper pages
 * show the same viewer. No console error, no failed request. The server is this file's own, so the
 * editor who sends the papers is known.
 */

const EDITOR = 'pdf-viewer-editor@e2e.example.org';
let browser: Browser;
let server: ServerProcess;
let editorPage: Page;
beforeAll(async () => {
  server = await startOwnServer({ EDITOR_EMAILS: EDITOR });
  browser = await launchBrowser();
  // The editor who sends every paper of this file (signed up once; the third test logs in as them).
  editorPage = (await newPage()).page;
  await signUpInBrowser(editorPage, { role: 'Editor', email: EDITOR, name: 'Pdf Editor' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function newPage(viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, baseURL: server.url });
  const page = await context.newPage();
  // Every console error, uncaught error, failed request and error answer is a finding.
  return { context, page, problems: watchProblems(page) };
}

async function shoot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()?.width ?? 0}.png`) });
}

/** Three A4 pages, each saying its number; page 1 has a dark band at the top, page 2 at the bottom. */
async function threePagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= 3; n++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Page ${n}: orchard mapping`, { x: 60, y: 420, size: 28, font });
    if (n === 1) page.drawRectangle({ x: 0, y: 642, width: 595, height: 200, color: rgb(0.1, 0.1, 0.3) });
    if (n === 2) page.drawRectangle({ x: 0, y: 0, width: 595, height: 200, color: rgb(0.1, 0.1, 0.3) });
  }
  return Buffer.from(await doc.save());
}

/** Dark pixels in the top and the bottom quarter of the drawn page (0 everywhere: a blank canvas). */
const darkness = (page: Page) =>
  page.locator('canvas').evaluate((c: HTMLCanvasElement) => {
    const ctx = c.getContext('2d')!;
    const count = (y: number) => {
      const { data } = ctx.getImageData(0, y, c.width, Math.floor(c.height / 4));
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! + data[i + 1]! + data[i + 2]! < 200 && data[i + 3]! > 0) dark++;
      return dark;
    };
    return { top: count(0), bottom: count(c.height - Math.floor(c.height / 4)), width: c.getBoundingClientRect().width };
  });

/**
 * The author submits through the API from their signed-in page (the submission form has journeys of its own);
 * the editor sends the paper to the reviewer.
 */
async function submitAndSend(opts: {
  title: string;
  pdf: Buffer;
  reviewerId: string;
}): Promise<{ paperId: string; author: Awaited<ReturnType<typeof newPage>> }> {
  const author = await newPage(PHONE);
  await signUpInBrowser(author.page, { role: 'Author', email: uniqueEmail('pdf-author'), name: 'Pdf Author' });
  const created = await author.page.evaluate(
    async ({ title, pdf }) => {
      const form = new FormData();
      form.append('title', title);
      form.append('abstract', 'Small robots map an orchard row by row.');
      form.append('keywords', 'Robotics');
      form.append('file', new File([Uint8Array.from(atob(pdf), (c) => c.charCodeAt(0))], 'orchard.pdf', { type: 'application/pdf' }));
      const res = await fetch('/api/author/new-paper', {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
        body: form,
      });
      return { status: res.status, json: (await res.json()) as { paper?: { _id: string }; _id?: string } };
    },
    { title: opts.title, pdf: opts.pdf.toString('base64') },
  );
  expect(created.status).toBe(201);
  const mine = await callApi<{ papers: Array<{ _id: string; title: string }> }>(author.page, 'GET', '/author/my-papers');
  const paperId = mine.json.papers.find((p) => p.title === opts.title)!._id;
  expect((await callApi(editorPage, 'POST', '/editor/send-paper', { paperId, reviewerId: opts.reviewerId })).status).toBe(200);
  return { paperId, author };
}

test('a reviewer reads the PDF in the page, beside the review form on a wide screen and above it on a phone, and turns and zooms its pages', async () => {
  const reviewer = await newPage(DESKTOP);
  const rp = reviewer.page;
  await signUpInBrowser(rp, { role: 'Reviewer', email: uniqueEmail('pdf-reviewer'), name: 'Pdf Reviewer', tags: ['Robotics'] });
  const reviewerId = await rp.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { _id: string })._id);
  const { paperId, author } = await submitAndSend({ title: 'Orchard mapping in three pages', pdf: await threePagePdf(), reviewerId });
  await author.context.close();

  // pdf.js parses in its worker: a file of this site's /assets, which the page's CSP lets start.
  const workers: string[] = [];
  rp.on('worker', (w) => workers.push(w.url()));

  // 1280 px: page 1 is drawn beside the form.
  await rp.goto('/reviewer/dashboard');
  await rp
    .getByRole('article')
    .filter({ hasText: 'Orchard mapping in three pages' })
    .getByRole('link', { name: /View More/ })
    .click();
  await rp.waitForURL(`**/reviewer/dashboard/${paperId}`);
  const viewer = rp.getByRole('region', { name: 'PDF of “Orchard mapping in three pages”' });
  await expect.poll(() => viewer.getByTestId('pdf-page').textContent()).toBe('Page 1 of 3');
  await expect.poll(async () => (await darkness(rp)).top).toBeGreaterThan(1000);
  expect((await darkness(rp)).bottom).toBe(0);
  expect(workers).toHaveLength(1);
  const worker = new URL(workers[0]!);
  expect(worker.origin).toBe(new URL(server.url).origin);
  expect(worker.pathname).toMatch(/^\/assets\/pdf\.worker[\w.-]*\.js$/);
  // The download area stays.
  await rp.getByRole('button', { name: /Click here to load PDF/ }).waitFor();
  await shoot(rp, 'pdf-viewer-reviewer');

  // Page 2, then back; the first page has no previous, the last no next.
  await expect(viewer.getByRole('button', { name: 'Previous page' }).isDisabled()).resolves.toBe(true);
  await viewer.getByRole('button', { name: 'Next page' }).click();
  await expect.poll(() => viewer.getByTestId('pdf-page').textContent()).toBe('Page 2 of 3');
  await expect.poll(async () => (await darkness(rp)).bottom).toBeGreaterThan(1000);
  expect((await darkness(rp)).top).toBe(0);
  await viewer.getByRole('button', { name: 'Next page' }).click();
  await expect.poll(() => viewer.getByTestId('pdf-page').textContent()).toBe('Page 3 of 3');
  await expect(viewer.getByRole('button', { name: 'Next page' }).isDisabled()).resolves.toBe(true);
  await viewer.getByRole('button', { name: 'Previous page' }).click();
  await expect.poll(() => viewer.getByTestId('pdf-page').textContent()).toBe('Page 2 of 3');

  // Zoom in makes the page wider than its frame (it scrolls inside the frame, not the page); fit width brings it back.
  const fitted = await darkness(rp);
  const fitZoom = Number((await viewer.getByTestId('pdf-zoom').textContent())!.replace('%', ''));
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(() => viewer.getByTestId('pdf-zoom').textContent()).toBe(`${Math.round(fitZoom * 1.25 * 1.25)}%`);
  await expect.poll(async () => (await darkness(rp)).width).toBeGreaterThan(fitted.width * 1.5);
  expect(await horizontalOverflow(rp)).toBe(0);
  await viewer.getByRole('button', { name: 'Zoom out' }).click();
  await expect.poll(() => viewer.getByTestId('pdf-zoom').textContent()).toBe(`${Math.round(fitZoom * 1.25)}%`);
  await viewer.getByRole('button', { name: 'Fit width' }).click();
  await expect.poll(() => viewer.getByTestId('pdf-zoom').textContent()).toBe(`${fitZoom}%`);
  await expect.poll(async () => (await darkness(rp)).width).toBe(fitted.width);

  // The review is written beside the page: the viewer stays in view, left of the form, while the form is filled.
  const form = rp.getByRole('region', { name: 'Your review' });
  await form.getByRole('radio', { name: '4 — Weak accept' }).check();
  await form.getByRole('radio', { name: '4 — High' }).check();
  await form.getByLabel('Comments to the authors').fill('The mapping is convincing; page 2 needs a scale bar.');
  await form.getByRole('button', { name: 'Save review' }).scrollIntoViewIfNeeded();
  const beside = { viewer: (await viewer.boundingBox())!, form: (await form.boundingBox())! };
  expect(beside.viewer.x + beside.viewer.width).toBeLessThanOrEqual(beside.form.x);
  expect(beside.viewer.y).toBeGreaterThanOrEqual(0);
  expect(beside.viewer.y + beside.viewer.height).toBeLessThanOrEqual(DESKTOP.height);
  await form.getByRole('button', { name: 'Save review' }).click();
  await form.getByRole('status').filter({ hasText: 'Review saved!' }).waitFor();
  expect(await horizontalOverflow(rp)).toBe(0);
  expect(await axeViolations(rp, 'main')).toEqual([]);
  await shoot(rp, 'pdf-viewer-reviewer-beside');

  // 390 px: the page fits the phone's width, above the form.
  await rp.setViewportSize(PHONE);
  await rp.reload();
  await expect.poll(() => viewer.getByTestId('pdf-page').textContent()).toBe('Page 1 of 3');
  await expect.poll(async () => (await darkness(rp)).top).toBeGreaterThan(500);
  const phoneWidth = (await darkness(rp)).width;
  expect(phoneWidth).toBeGreaterThan(300);
  expect(phoneWidth).toBeLessThanOrEqual(PHONE.width);
  await viewer.getByRole('button', { name: 'Next page' }).click();
  await expect.poll(() => viewer.getByTestId('pdf-page').textContent()).toBe('Page 2 of 3');
  await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await darkness(rp)).width).toBeGreaterThan(phoneWidth);
  expect(await horizontalOverflow(rp)).toBe(0);
  const above = { viewer: (await viewer.boundingBox())!, form: (await form.boundingBox())! };
  expect(above.viewer.y + above.viewer.height).toBeLessThanOrEqual(above.form.y);
  await expect(form.getByLabel('Comments to the authors').inputValue()).resolves.toBe(
    'The mapping is convincing; page 2 needs a scale bar.',
  );
  expect(await axeViolations(rp, 'main')).toEqual([]);
  await viewer.scrollIntoViewIfNeeded();
  await shoot(rp, 'pdf-viewer-reviewer');

  expect(reviewer.problems).toEqual([]);
  await reviewer.context.close();
});

test('a paper without a PDF shows the no-PDF message; a damaged PDF says it cannot be shown and offers the file', async () => {
  const reviewer = await newPage(PHONE);
  const rp = reviewer.page;
  await signUpInBrowser(rp, { role: 'Reviewer', email: uniqueEmail('pdf-reviewer-2'), name: 'Pdf Reviewer Two', tags: ['Robotics'] });
  const reviewerId = await rp.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { _id: string })._id);
  const { paperId: damaged, author } = await submitAndSend({
    title: 'A damaged orchard file',
    pdf: Buffer.from('%PDF-1.4\n% not really a PDF\n%%EOF\n'),
    reviewerId,
  });
  await author.context.close();

  await rp.goto(`/reviewer/dashboard/${damaged}`);
  const message = rp.getByRole('alert').filter({ hasText: 'This file cannot be shown here: it does not read as a valid PDF.' });
  await message.waitFor();
  const link = message.getByRole('link', { name: 'Download the PDF' });
  expect(await link.getAttribute('download')).toBe('A damaged orchard file.pdf');
  expect(await link.getAttribute('href')).toMatch(/^\/api\/files\/[0-9a-f-]+\?expires=/);
  expect(await horizontalOverflow(rp)).toBe(0);
  expect(await axeViolations(rp, 'main')).toEqual([]);
  await shoot(rp, 'pdf-viewer-damaged');

  // No PDF on file (a paper from before uploads were required): the answer is the server's, less its link.
  await rp.route('**/api/reviewer/assigned-papers/*', async (route) => {
    const response = await route.fetch();
    const papers = (await response.json()) as Array<{ _id: string; pdf: string | null }>;
    await route.fulfill({ response, json: papers.map((p) => (p._id === damaged ? { ...p, pdf: null } : p)) });
  });
  await rp.reload();
  await rp.getByRole('main').getByRole('status').filter({ hasText: 'No PDF available to download' }).waitFor();
  await expect(rp.getByRole('region', { name: /^PDF of/ }).count()).resolves.toBe(0);
  await rp.getByRole('button', { name: /Click here to load PDF/ }).click();
  await rp.locator('[data-sonner-toast]').filter({ hasText: 'No PDF available to download' }).first().waitFor();
  expect(await axeViolations(rp, 'main')).toEqual([]);
  await shoot(rp, 'pdf-viewer-no-pdf');

  expect(reviewer.problems).toEqual([]);

  // A link the server refuses (here: expired): its reason, as the download area gives it.
  await rp.unroute('**/api/reviewer/assigned-papers/*');
  await rp.route('**/api/files/*', (route) =>
    route.fulfill({ status: 403, json: { message: 'This PDF link has expired: open the paper again to get a new one' } }),
  );
  await rp.reload();
  await rp.getByRole('alert').filter({ hasText: 'This PDF link has expired: open the paper again to get a new one' }).waitFor();
  await reviewer.context.close();
});

test("the author's and the editor's paper pages show the same viewer", async () => {
  const reviewer = await newPage(PHONE);
  await signUpInBrowser(reviewer.page, {
    role: 'Reviewer',
    email: uniqueEmail('pdf-reviewer-3'),
    name: 'Pdf Reviewer Three',
    tags: ['Robotics'],
  });
  const reviewerId = await reviewer.page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { _id: string })._id);
  await reviewer.context.close();
  const title = 'Orchard mapping seen by its author';
  const { paperId, author } = await submitAndSend({ title, pdf: await threePagePdf(), reviewerId });
  const editor = await newPage(DESKTOP);
  await logInInBrowser(editor.page, { role: 'Editor', email: EDITOR });

  for (const [session, path] of [
    [author, `/paper-details/${paperId}`],
    [editor, `/editor/view-more/${paperId}`],
  ] as const) {
    const { page } = session;
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.goto(path);
      const viewer = page.getByRole('region', { name: `PDF of “${title}”` });
      await expect.poll(() => viewer.getByTestId('pdf-page').textContent()).toBe('Page 1 of 3');
      await expect.poll(async () => (await darkness(page)).top).toBeGreaterThan(500);
      await viewer.getByRole('button', { name: 'Next page' }).click();
      await expect.poll(() => viewer.getByTestId('pdf-page').textContent()).toBe('Page 2 of 3');
      await expect.poll(async () => (await darkness(page)).bottom).toBeGreaterThan(500);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await axeViolations(page, 'main')).toEqual([]);
      await viewer.scrollIntoViewIfNeeded();
      await shoot(page, `pdf-viewer-${path.startsWith('/editor') ? 'editor' : 'author'}`);
    }
    expect(session.problems).toEqual([]);
    await session.context.close();
  }
});
