import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import {
  callApi,
  DESKTOP,
  launchBrowser,
  ownDatabase,
  pageOpener,
  PHONE,
  screenChecker,
  signUpInBrowser,
  startOwnServer,
  uniqueEmail,
} from './browser';

/**
 * Decision 0060 in the browser: the editor sees the first edition on /editor/editions, opens the next one after a
 * confirmation, carrying the tracks and the review form; the first edition's accepted paper stays on the public
 * record (/editions/2026, its page) while the new edition's lists are empty. The server is this file's own.
 */

let browser: Browser;
let server: ServerProcess & { dataDir: string };
const EDITOR = 'editions-editor@e2e.example.org';

beforeAll(async () => {
  server = await startOwnServer({ EDITOR_EMAILS: EDITOR });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = pageOpener({ browser: () => browser, baseURL: () => server.url });
const checkScreen = screenChecker({ sizes: [PHONE, DESKTOP], shots: process.env.E2E_SHOTS, prefix: 'editions-' });

async function submitPaper(page: Page, title: string): Promise<string> {
  const res = await page.evaluate(async (t) => {
    const form = new FormData();
    form.set('title', t);
    form.set('abstract', `What ${t.toLowerCase()} found.`);
    form.append('keywords', 'AI');
    form.set('file', new Blob(['%PDF-1.4\n% editions\n%%EOF\n'], { type: 'application/pdf' }), 'paper.pdf');
    const r = await fetch('/api/author/new-paper', {
      method: 'POST',
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      body: form,
    });
    return { status: r.status, json: (await r.json()) as { paper?: { _id: string }; message?: string } };
  }, title);
  expect(res.status, res.json.message).toBe(201);
  return res.json.paper!._id;
}

test('the editor opens the next edition; last year stays on the public record while the new lists are empty', async () => {
  const author = await open();
  await signUpInBrowser(author.page, { role: 'Author', email: uniqueEmail('editions-author'), name: 'Edith Author' });
  const paperId = await submitPaper(author.page, 'Tidal Energy in Small Harbours');
  // Accepted and released to its authors (the decision screens are other journeys').
  const db = ownDatabase(server.dataDir);
  await db.connect();
  try {
    await db.query(`update papers set decision = 'Accepted', notified_decision = 'Accepted', notified_at = now() where id = $1`, [paperId]);
  } finally {
    await db.end();
  }

  const editor = await open();
  const ep = editor.page;
  await signUpInBrowser(ep, { role: 'Editor', email: EDITOR, name: 'Edition Editor' });
  await ep.getByRole('link', { name: 'Editions', exact: true }).click();
  await ep.waitForURL('**/editor/editions');
  await ep.getByRole('heading', { name: 'Editions', level: 1 }).waitFor();
  await ep.getByText('Current edition').waitFor();
  await checkScreen(ep, 'list');

  await ep.getByRole('button', { name: 'Open the next edition…' }).click();
  const confirm = ep.getByRole('alertdialog');
  await confirm.getByText('Open the 2027 edition now?', { exact: false }).waitFor();
  await checkScreen(ep, 'confirm');
  await confirm.getByRole('button', { name: 'Open the 2027 edition' }).click();
  await ep.getByText('The 2027 edition is open; the 2026 edition is kept as a read-only record.').waitFor();
  await expect.poll(() => ep.getByRole('listitem').filter({ hasText: 'Current edition' }).textContent()).toContain('2027');

  // The new edition: the author's list is empty, the tracks are the same.
  const mine = await callApi<{ papers: unknown[] }>(author.page, 'GET', '/author/my-papers');
  expect(mine.json.papers).toEqual([]);
  const tracks = await callApi<Array<{ name: string }>>(author.page, 'GET', '/tracks');
  expect(tracks.json.map((t) => t.name)).toContain('Computer Science and Applications');

  // The public record: the list of editions, last year's page, and its paper's page.
  const visitor = await open();
  const vp = visitor.page;
  await vp.goto('/editions');
  await vp.getByRole('link', { name: /^2026: / }).click();
  await vp.getByRole('heading', { name: 'Accepted papers' }).waitFor();
  await vp.getByText('Past edition · 2026').waitFor();
  await checkScreen(vp, 'record');
  await vp.getByRole('link', { name: 'Tidal Energy in Small Harbours' }).click();
  await vp.getByRole('heading', { name: 'Tidal Energy in Small Harbours', level: 1 }).waitFor();
  await vp.goto('/editions/2027');
  await vp.getByText('No accepted paper has been announced for this edition.').waitFor();
});
