import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { pdfBytes } from '../support/multipart';
import { serverApi } from './server-api';
import { horizontalOverflow, launchBrowser, pageOpener, PHONE, screenshots, startOwnServer, watchProblems } from './browser';

/**
 * Decision 0066, on a server of its own (the proceedings' publication is an edition's setting): the presenter uploads
 * slides from the paper's screen on a phone and finds them linked on the public page; the editor publishes the
 * proceedings on the Exports screen and the page links the camera-ready PDF. Screenshots when PAPER_SLIDES_SHOTS
 * names a folder.
 */
let browser: Browser;
let server: ServerProcess;
let paperId: string;
const shot = screenshots(process.env.PAPER_SLIDES_SHOTS);
const stamp = Date.now().toString(36);
const editorEmail = `desk.${stamp}@desk.example`;
const authorEmail = `ada.${stamp}@slides-lab.example`;
const { call, signup, submit } = serverApi(() => server.url);

beforeAll(async () => {
  server = await startOwnServer();
  browser = await launchBrowser();
  const editor = await signup('Editor', 'Desk Editor', editorEmail);
  const author = await signup('Author', 'Ada Presenter', authorEmail);
  paperId = await submit(author.token, 'Robots that read maps');
  await call('PUT', `/api/editor/papers/${paperId}/decision`, editor.token, { decision: 'Accepted' });
  await call('POST', '/api/editor/notify', editor.token, { paperIds: [paperId] });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = pageOpener({ browser: () => browser, baseURL: () => server.url });

test('the presenter uploads slides on a phone; the public page links them (390 px)', async () => {
  const { context, page } = await open({ viewport: PHONE, login: { role: 'Author', email: authorEmail } });
  const problems = watchProblems(page);
  await page.goto(`/paper-details/${paperId}`);
  const card = page.getByRole('region', { name: 'Presentation slides' });
  await card.getByText('No slides yet.').waitFor();
  await card.getByLabel('Slides (PDF)').setInputFiles({ name: 'talk.pdf', mimeType: 'application/pdf', buffer: pdfBytes('slides', 4000) });
  await card.getByRole('button', { name: 'Upload slides' }).click();
  await card.getByRole('link', { name: 'talk.pdf' }).waitFor();
  await card.getByRole('button', { name: 'Replace the slides' }).waitFor();
  expect(await horizontalOverflow(page)).toBe(0);
  await shot(page, 'author-slides-390');
  expect(problems).toEqual([]);
  await page.goto(`/papers/${paperId}`);
  await page.getByRole('link', { name: 'Presentation slides (PDF)' }).waitFor();
  expect(await horizontalOverflow(page)).toBe(0);
  await shot(page, 'paper-page-390');
  await context.close();
});

test('the editor publishes the proceedings on the Exports screen (1280 px)', async () => {
  const { context, page } = await open({ login: { role: 'Editor', email: editorEmail } });
  await page.goto('/editor/exports');
  const card = page.getByRole('region', { name: 'Publish the proceedings' });
  await card.getByText(/^Proceedings not published/).waitFor();
  await card.getByRole('button', { name: 'Publish the proceedings' }).click();
  await card.getByRole('button', { name: 'Take the proceedings back' }).waitFor();
  expect(await card.innerText()).toMatch(/Published .+: each accepted paper’s public page links its camera-ready PDF/);
  await shot(page, 'exports-publication-1280');
  await context.close();
});
