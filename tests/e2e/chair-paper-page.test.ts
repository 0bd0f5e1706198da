import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { paperAtLimit, reviewerUnassigned } from '../../src/core/assignment/messages';
import { MESSAGES } from '../../src/core/messages';
import type { ServerProcess } from '../support/server-process';
import { PASSWORD as password, serverApi } from './server-api';
import { mailText, startSmtpListener } from '../support/smtp';
import { checkAccessibility, DESKTOP, horizontalOverflow, launchBrowser, logInInBrowser, PHONE, startOwnServer } from './browser';

/**
 * Decision 0025 in the browser: a track chair opens a paper of their track and reads it whole beside its ranked
 * reviewers — "SUGGESTED REVIEWERS" on top though the best match is a conflicted colleague of the author,
 * then the other eligible reviewers, then the conflicted one with the reason. The chair sends the paper to
 * someone from the others, takes it back (the reviewer is mailed), and assigns past the limit per paper with
 * "Assign anyway". A paper by the chair's own colleague shows the paper alone. On this file's own server, its
 * mail going to a real SMTP listener; the page checked with axe at 390 and 1280 px.
 */
let browser: Browser;
let server: ServerProcess;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
const stamp = Date.now().toString(36);
const EDITOR = 'chair-page-editor@e2e.example.org';
const chairEmail = `chair@chairs-${stamp}.example`;
const authorInstitution = `lab-${stamp}.example`;
const TITLE = 'Seeing robots at the edge';
let paperId = '';
let colleaguePaperId = '';

const { call, signup, submit, signUpVerifiedChair } = serverApi(() => server.url);
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email)).map(mailText);

beforeAll(async () => {
  smtp = await startSmtpListener();
  server = await startOwnServer({ SMTP_URL: smtp.url, EDITOR_EMAILS: EDITOR });
  browser = await launchBrowser();
  const editor = await signup('Editor', 'Page Editor', EDITOR);
  // The editor names the chair of the computing track, where a paper without a track goes; the chair signs up and confirms the address.
  await signUpVerifiedChair({ editorToken: editor.token, trackId: 'track-2', name: 'Carla Chair', email: chairEmail, mailsTo });

  const author = await signup('Author', 'Asha Author', `asha@${authorInstitution}`);
  paperId = await submit(author.token, TITLE, {
    keywords: ['Robotics', 'Computer Vision', 'Edge Computing'],
    abstract: 'Robots that see, and decide at the edge.',
  });
  await signup('Reviewer', 'Colin Colleague', `colin@cs.${authorInstitution}`, ['Robotics', 'Computer Vision', 'Edge Computing']);
  await signup('Reviewer', 'Sara Suggested', `sara@uni-s-${stamp}.example`, ['Robotics', 'Computer Vision']);
  await signup('Reviewer', 'Tom Tied', `tom@uni-t-${stamp}.example`, ['Computer Vision', 'Edge Computing']);
  await signup('Reviewer', 'Olga Other', `olga@uni-o-${stamp}.example`, ['Robotics', 'HCI']);
  await signup('Reviewer', 'Nadia Nomatch', `nadia@uni-n-${stamp}.example`, ['Cyber Law']);
  // Two reviewers per paper, so the third assignment below goes past the limit.
  await call('PUT', '/api/editor/settings', editor.token, { reviewersPerPaper: 2 });
  const colleague = await signup('Author', 'Chen Colleague', `chen@chairs-${stamp}.example`);
  colleaguePaperId = await submit(colleague.token, "From the chair's own lab", {
    keywords: ['Robotics'],
    abstract: 'Robots that see, and decide at the edge.',
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

/** axe-core's violations and sideways overflow at 390 and 1280 px (screenshots when E2E_SHOTS names a folder). */
const checkScreen = (page: Page, name: string) =>
  checkAccessibility(page, name, {
    sizes: [PHONE, DESKTOP],
    shot: async (width) => {
      if (!process.env.E2E_SHOTS) return;
      mkdirSync(process.env.E2E_SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `chair-page-${name}-${width}.png`), fullPage: true });
    },
  });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor();

test('the chair reads the paper beside its ranked reviewers, assigns one of the others, takes it back, and goes past the limit', async () => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
  const page = await context.newPage();
  await logInInBrowser(page, { role: 'Editor', email: chairEmail, password });
  await page
    .getByRole('article')
    .filter({ hasText: TITLE })
    .getByRole('link', { name: /View More/ })
    .click();
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();

  // The paper whole: track, abstract, authors, topics.
  const details = page.getByRole('region', { name: 'The paper', exact: true });
  await expect.poll(() => details.textContent()).toContain('Computer Science and Applications');
  await expect.poll(() => details.textContent()).toContain('Robots that see, and decide at the edge.');
  await expect
    .poll(() => details.getByRole('list', { name: 'Authors' }).textContent())
    .toContain(`Asha Author (asha@${authorInstitution}), submitted the paper`);

  // The suggested group on top: the two sharing two topics, though the colleague shares three; then the others, best first.
  const suggested = page.getByRole('region', { name: 'SUGGESTED REVIEWERS', exact: true });
  await expect
    .poll(() => suggested.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label'))))
    .toEqual(['Sara Suggested', 'Tom Tied']);
  const others = page.getByRole('region', { name: 'Other eligible reviewers', exact: true });
  await expect
    .poll(() => others.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label'))))
    .toEqual(['Olga Other', 'Nadia Nomatch']);
  const olga = others.getByRole('article', { name: 'Olga Other' });
  for (const text of ['Score: 10', 'Matched tags: Robotics', 'Load: 0 / 10']) await expect.poll(() => olga.textContent()).toContain(text);
  const conflicted = page.getByRole('list', { name: 'Conflicted reviewers' });
  await expect.poll(() => conflicted.textContent()).toContain('Colin Colleague');
  await expect
    .poll(() => conflicted.textContent())
    .toContain('Conflict of interest: the reviewer and an author share an institutional e-mail domain');
  await expect(page.getByRole('article', { name: 'Colin Colleague' }).count()).resolves.toBe(0);
  await checkScreen(page, 'ranked');

  // Assign one of the others: the toast, the badge, the assigned table, and a mail to her.
  await olga.getByRole('button', { name: 'Send Paper' }).click();
  await toast(page, 'Paper sent to Olga Other');
  await expect.poll(() => olga.locator('[data-status]').textContent()).toBe('Sent');
  const assigned = page.getByRole('table', { name: 'Reviewers assigned to this paper' });
  await expect.poll(() => assigned.getByRole('row', { name: /Olga Other/ }).textContent()).toContain('No review yet');
  await expect.poll(() => mailsTo(`olga@uni-o-${stamp}.example`).join('\n')).toContain(TITLE);

  // Take it back: a confirmation, the toast, the table empty, her badge back to Waiting, and she is told.
  await assigned.getByRole('button', { name: 'Unassign Olga Other' }).click();
  await assigned.getByRole('button', { name: 'Unassign', exact: true }).click();
  await toast(page, reviewerUnassigned('Olga Other'));
  await page.getByText('Nobody is assigned yet.').waitFor();
  await expect.poll(() => olga.locator('[data-status]').textContent()).toBe('Waiting');
  await expect.poll(() => mailsTo(`olga@uni-o-${stamp}.example`).join('\n')).toContain('you no longer need to review it');

  // Two reviewers fill the paper; a third needs "Assign anyway".
  await suggested.getByRole('article', { name: 'Sara Suggested' }).getByRole('button', { name: 'Send Paper' }).click();
  await toast(page, 'Paper sent to Sara Suggested');
  await suggested.getByRole('article', { name: 'Tom Tied' }).getByRole('button', { name: 'Send Paper' }).click();
  await toast(page, 'Paper sent to Tom Tied');
  await expect
    .poll(() => page.getByRole('region', { name: 'Assigned reviewers', exact: true }).textContent())
    .toContain('2 of 2 reviewers');
  await olga.getByRole('button', { name: 'Send Paper' }).click();
  await olga.getByText(paperAtLimit(2, 2)).waitFor();
  await olga.getByRole('button', { name: 'Assign anyway' }).click();
  await toast(page, 'Paper sent to Olga Other');
  await expect.poll(() => assigned.getByRole('row').count()).toBe(4);

  // On a phone the page stacks: the paper first, the list below; the table scrolls in its box.
  await page.setViewportSize(PHONE);
  await page.reload();
  await page.getByRole('heading', { name: 'SUGGESTED REVIEWERS' }).waitFor();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await checkScreen(page, 'assigned');
  await context.close();
}, 240_000);

test('a chair conflicted with the paper sees the paper only, with the reason', async () => {
  const context = await browser.newContext({ viewport: PHONE, baseURL: server.url });
  const page = await context.newPage();
  await logInInBrowser(page, { role: 'Editor', email: chairEmail, password });
  await page.goto(`/editor/view-more/${colleaguePaperId}`);
  await page.getByRole('heading', { level: 1, name: "From the chair's own lab" }).waitFor();
  await page.getByText(MESSAGES.chairConflicted).waitFor();
  await expect(page.getByRole('heading', { name: 'SUGGESTED REVIEWERS' }).count()).resolves.toBe(0);
  await expect(page.getByRole('region', { name: 'Assigned reviewers', exact: true }).count()).resolves.toBe(0);
  await checkScreen(page, 'conflicted');
  expect(paperId).not.toBe(colleaguePaperId);
  await context.close();
}, 120_000);
