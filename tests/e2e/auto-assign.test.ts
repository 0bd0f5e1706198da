import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { multipart, pdfBytes } from '../support/multipart';
import type { ServerProcess } from '../support/server-process';
import { DESKTOP, launchBrowser, logInInBrowser, PHONE, signUpInBrowser, startOwnServer } from './browser';

/**
 * Decision 0012's journey on a server of its own (applying assigns every paper on the server): the editor
 * previews the automatic assignment, filters it, applies it after a confirmation, and finds the reviewers
 * as Sent on the paper's page. Screenshots at 390 and 1280 px when ASSIGN_SHOTS names a folder.
 */
let browser: Browser;
let server: ServerProcess;
const SHOTS = process.env.ASSIGN_SHOTS;
const stamp = Date.now().toString(36);

async function signup(role: 'Author' | 'Reviewer', name: string, email: string, tags: string[] = []) {
  const res = await fetch(`${server.url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password: 'correct horse battery', confirmPassword: 'correct horse battery', role, tags }),
  });
  if (res.status !== 201) throw new Error(`signup ${res.status} ${await res.text()}`);
  return (await res.json()) as { token: string; user: { _id: string } };
}

async function submit(token: string, title: string, keywords: string[]): Promise<string> {
  const { payload, contentType } = await multipart([
    ['title', title],
    ['abstract', 'An abstract.'],
    ...keywords.map((k) => ['keywords', k] as [string, string]),
    ['file', pdfBytes(title), 'p.pdf'],
  ]);
  const res = await fetch(`${server.url}/api/author/new-paper`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    body: new Uint8Array(payload),
  });
  if (res.status !== 201) throw new Error(`submit ${res.status} ${await res.text()}`);
  return ((await res.json()) as { paper: { _id: string } }).paper._id;
}

let paperId = '';
beforeAll(async () => {
  server = await startOwnServer();
  browser = await launchBrowser();
  const author = await signup('Author', 'Ada Author', `ada.${stamp}@lab.example`);
  paperId = await submit(author.token, 'Robots that read maps', ['Robotics', 'Computer Vision']);
  await submit(author.token, 'Edge inference at scale', ['Edge Computing', 'AI']);
  await submit(author.token, 'A study of compilers', ['Compiler Design']);
  await signup('Reviewer', 'Rita Robotics', `rita.${stamp}@uni-a.example`, ['Robotics', 'Computer Vision']);
  await signup('Reviewer', 'Ed Edge', `ed.${stamp}@uni-b.example`, ['Edge Computing', 'AI', 'Robotics']);
  await signup('Reviewer', 'Colin Colleague', `colin.${stamp}@lab.example`, ['Robotics']);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the editor previews, filters and applies the automatic assignment, and the paper page shows it', async () => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
  const page = await context.newPage();
  await signUpInBrowser(page, { role: 'Editor', email: `chair.${stamp}@chair.example`, name: 'Chair' });
  await page.getByRole('link', { name: 'Automatic assignment' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Automatic assignment' }).isVisible()).toBe(true);
  await page.getByLabel('Reviewers per paper').fill('2');
  await page.getByLabel('Most papers per reviewer').fill('2');
  await page.getByRole('button', { name: 'Preview' }).click();
  const papers = page.getByRole('list', { name: 'Papers and proposed reviewers' });
  const robots = papers.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Robots that read maps' }) });
  await expect.poll(() => robots.getByRole('row').count()).toBe(3);
  await expect.poll(() => robots.getByRole('row', { name: /Rita Robotics 20 Robotics, Computer Vision/ }).count()).toBe(1);
  await expect.poll(() => page.getByText('Colin Colleague').count()).toBe(0); // same institution as the author
  // Unfilled papers first: the compilers paper has nobody.
  await expect.poll(() => papers.getByRole('listitem').first().textContent()).toContain('A study of compilers');
  await expect.poll(() => papers.getByRole('listitem').first().textContent()).toContain('Lacks 2 reviewers');
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'assign-preview-1280.png'), fullPage: true });

  await page.getByLabel('Filter by paper, reviewer, tag or bid').fill('edge');
  await expect.poll(() => page.getByText('2 papers match').isVisible()).toBe(true);
  await page.getByLabel('Filter by paper, reviewer, tag or bid').fill('');

  await page.getByRole('button', { name: 'Apply…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Assign these reviewers?' });
  await dialog.getByRole('button', { name: /^Assign 3 pairs$/ }).click();
  await expect.poll(() => page.getByRole('heading', { name: '3 pairs assigned' }).isVisible()).toBe(true);

  await page.goto(`/editor/view-more/${paperId}`);
  const row = page.getByRole('article', { name: 'Rita Robotics' });
  await expect.poll(async () => (await row.textContent()) ?? '').toContain('Sent');

  // The phone layout of the preview.
  const phone = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const p2 = await phone.newPage();
  await p2.goto('/login');
  const storage = await context.storageState();
  await p2.evaluate((items) => {
    for (const { name, value } of items) localStorage.setItem(name, value);
  }, storage.origins[0]?.localStorage ?? []);
  await p2.goto('/editor/assign');
  await p2.getByRole('button', { name: 'Preview' }).click();
  await expect.poll(() => p2.getByRole('heading', { name: 'Preview' }).isVisible()).toBe(true);
  if (SHOTS) await p2.screenshot({ path: path.join(SHOTS, 'assign-preview-390.png'), fullPage: true });
  expect(await p2.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();
  await context.close();
}, 180_000);

test('/editor/assign starts from the saved limits; /editor/reviewers opens on the tab that has people', async () => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
  const page = await context.newPage();
  await logInInBrowser(page, { role: 'Editor', email: `chair.${stamp}@chair.example` }); // the editor of the test above
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const saveSettings = async (patch: Record<string, unknown>) => {
    const res = await fetch(`${server.url}/api/editor/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(patch),
    });
    expect(res.status).toBe(200);
  };
  await saveSettings({ reviewersPerPaper: 2, maxPapersPerReviewer: 5 });

  await page.goto('/editor/assign');
  await expect.poll(() => page.getByLabel('Reviewers per paper').inputValue()).toBe('2');
  expect(await page.getByLabel('Most papers per reviewer').inputValue()).toBe('5');
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'assign-limits-1280.png'), fullPage: true });
  const phone = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const p2 = await phone.newPage();
  await p2.goto('/login');
  await p2.evaluate(
    (items) => {
      for (const { name, value } of items) localStorage.setItem(name, value);
    },
    (await context.storageState()).origins[0]?.localStorage ?? [],
  );
  await p2.goto('/editor/assign');
  await expect.poll(() => p2.getByLabel('Most papers per reviewer').inputValue()).toBe('5');
  if (SHOTS) await p2.screenshot({ path: path.join(SHOTS, 'assign-limits-390.png'), fullPage: true });
  expect(await p2.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();

  // Approval off: everyone, not an empty 'Waiting for approval'.
  const tab = (name: string) => page.getByRole('group', { name: 'Show' }).getByRole('button', { name });
  await page.goto('/editor/reviewers');
  await expect.poll(() => tab('All').getAttribute('aria-pressed')).toBe('true');
  expect(await tab('Waiting for approval').getAttribute('aria-pressed')).toBe('false');
  await expect.poll(() => page.getByText('Rita Robotics').isVisible()).toBe(true);

  // Approval on and someone waits: their tab; once nobody waits, everyone again.
  await saveSettings({ reviewerApproval: true });
  await signup('Reviewer', 'Wendy Waiting', `wendy.${stamp}@uni-w.example`, ['AI']);
  await page.goto('/editor/reviewers');
  await expect.poll(() => tab('Waiting for approval').getAttribute('aria-pressed')).toBe('true');
  await expect.poll(() => page.getByText('Wendy Waiting').isVisible()).toBe(true);
  expect(await page.getByText('Rita Robotics').count()).toBe(0);
  await page.getByRole('button', { name: 'Approve Wendy Waiting' }).click();
  await expect.poll(() => page.getByText('Wendy Waiting is approved.').isVisible()).toBe(true);
  await page.goto('/editor/reviewers');
  await expect.poll(() => tab('All').getAttribute('aria-pressed')).toBe('true');
  await expect.poll(() => page.getByText('Rita Robotics').isVisible()).toBe(true);
  await context.close();
}, 180_000);
