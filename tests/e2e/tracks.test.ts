import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { VERIFY_DONE } from '../../src/core/schemas/accounts';
import type { ServerProcess } from '../support/server-process';
import { mailedLink, mailText, startSmtpListener } from '../support/smtp';
import { callApi, DESKTOP, launchBrowser, pageOpener, PHONE, screenChecker, signUpInBrowser, startOwnServer, uniqueEmail } from './browser';

/**
 * Decision 0023 in the browser: the editor adds a track with its topics on /editor/tracks and names its
 * chair; the chair signs up as an Editor with that address, confirms it through the mailed link, and sees only
 * that track's papers, the chair's short navigation, and a colleague's paper marked as a conflict of interest;
 * a reviewer signs up with a topic of a track beyond computing and filters the papers to bid on by track. The server is this file's own, its mail going
 * to a real SMTP listener. Each screen is checked with axe at 390 and 1280 px.
 */

let browser: Browser;
let server: ServerProcess;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
const EDITOR = 'tracks-editor@e2e.example.org';

beforeAll(async () => {
  smtp = await startSmtpListener();
  server = await startOwnServer({ SMTP_URL: smtp.url, EDITOR_EMAILS: EDITOR });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const open = pageOpener({ browser: () => browser, baseURL: () => server.url });

/** A paper submitted through the API from the author's signed-in page (the new-paper form has a journey of its own). */
async function submitPaper(page: Page, fields: { title: string; track: string; keywords: string[] }): Promise<string> {
  const res = await page.evaluate(async ({ title, track, keywords }) => {
    const form = new FormData();
    form.set('title', title);
    form.set('abstract', `What ${title.toLowerCase()} found.`);
    form.set('track', track);
    for (const k of keywords) form.append('keywords', k);
    form.set('file', new Blob(['%PDF-1.4\n% tracks\n%%EOF\n'], { type: 'application/pdf' }), 'paper.pdf');
    const r = await fetch('/api/author/new-paper', {
      method: 'POST',
      headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      body: form,
    });
    return { status: r.status, json: (await r.json()) as { paper?: { _id: string }; message?: string } };
  }, fields);
  expect(res.status, res.json.message).toBe(201);
  return res.json.paper!._id;
}

/** axe-core's violations and sideways overflow on the page, at 390 and at 1280 px (screenshots when E2E_SHOTS names a folder). */
const checkScreen = screenChecker({ sizes: [PHONE, DESKTOP], shots: process.env.E2E_SHOTS, prefix: 'tracks-' });

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: false }) });

test('the editor adds a track and names its chair; the chair sees that track only; a reviewer picks a topic of another track', async () => {
  // The chair and a colleague at the same institution (one registrable domain): the colleague's paper is a conflict.
  const institution = `e2e-${Date.now().toString(36)}-ocean.example`;
  const chairEmail = `chair@${institution}`;
  const TRACK = 'Ocean Engineering';

  // The editor opens Tracks from the dashboard: the call for papers' four, the computing one the default.
  const editor = await open();
  const ep = editor.page;
  await signUpInBrowser(ep, { role: 'Editor', email: EDITOR, name: 'Tracks Editor' });
  await ep.getByRole('link', { name: 'Tracks', exact: true }).click();
  await ep.waitForURL('**/editor/tracks');
  const list = ep.getByRole('list', { name: 'Tracks' });
  await expect
    .poll(() => list.getByRole('heading', { level: 2 }).allTextContents())
    .toEqual([
      '1. Science and Materials',
      '2. Computer Science and Applications',
      '3. Electrical and Electronics Engineering',
      '4. Management and Social Science',
    ]);
  const computing = card(ep, 'Computer Science and Applications');
  await expect(computing.getByText('Default', { exact: true }).isVisible()).resolves.toBe(true);
  await expect(computing.getByText('50 topics').isVisible()).resolves.toBe(true);

  // The default track cannot be closed: the server says why.
  await computing.getByRole('button', { name: 'Close', exact: true }).click();
  await expect
    .poll(() => computing.getByRole('alert').textContent())
    .toBe('The default track must stay open: make another track the default first');

  // Add a track with two topics (one a line); a second one of the same name is refused with the server's message.
  const add = ep.getByRole('form', { name: 'Add a track' });
  await add.getByLabel('Name').fill(TRACK);
  await add.getByLabel('Description (optional)').fill('Ships, ports and the coast.');
  await add.getByLabel('Topics').fill('Marine robotics\nCoastal erosion modelling\n');
  await add.getByRole('button', { name: 'Add track' }).click();
  await expect.poll(() => list.getByRole('heading', { level: 2 }).allTextContents()).toContain(`5. ${TRACK}`);
  await add.getByLabel('Name').fill(TRACK.toLowerCase());
  await add.getByLabel('Topics').fill('Harbours');
  await add.getByRole('button', { name: 'Add track' }).click();
  await expect.poll(() => add.getByRole('alert').textContent()).toBe(`A track named "${TRACK.toLowerCase()}" already exists`);

  // Move it above Management, then name its chair: the address waits for a sign-up, and is mailed.
  const ocean = card(ep, TRACK);
  await ocean.getByRole('button', { name: `Move up ${TRACK}` }).click();
  await expect
    .poll(() => list.getByRole('heading', { level: 2 }).allTextContents())
    .toEqual([
      '1. Science and Materials',
      '2. Computer Science and Applications',
      '3. Electrical and Electronics Engineering',
      `4. ${TRACK}`,
      '5. Management and Social Science',
    ]);
  await expect(ocean.getByText('2 topics').isVisible()).resolves.toBe(true);
  await ocean.getByRole('button', { name: 'Edit chairs' }).click();
  await ocean.getByLabel('Chairs’ e-mail addresses').fill('not an address');
  await ocean.getByRole('button', { name: 'Save chairs' }).click();
  await expect.poll(() => ocean.getByRole('alert').textContent()).toBe('not: Please enter a valid email address');
  await ocean.getByLabel('Chairs’ e-mail addresses').fill(chairEmail);
  await ocean.getByRole('button', { name: 'Save chairs' }).click();
  await expect.poll(() => ocean.getByRole('status').last().textContent()).toBe(`Chairs saved: ${chairEmail}`);
  await expect.poll(() => ocean.getByRole('list', { name: `Chairs of ${TRACK}` }).textContent()).toBe(`${chairEmail}Waiting for sign-up`);
  await expect
    .poll(() =>
      smtp.mails
        .filter((m) => m.to.includes(chairEmail))
        .map(mailText)
        .join('\n'),
    )
    .toContain(TRACK);
  await checkScreen(ep, 'editor-tracks');

  const tracks = (await callApi<Array<{ id: string; name: string }>>(ep, 'GET', '/tracks')).json;
  const oceanId = tracks.find((t) => t.name === TRACK)!.id;

  // Three papers: two in the new track (one by the chair's colleague), one in Science and Materials.
  const author = await open();
  await signUpInBrowser(author.page, { role: 'Author', email: uniqueEmail('tracks-author'), name: 'Tide Author' });
  await submitPaper(author.page, { title: 'Tidal turbines for small harbours', track: oceanId, keywords: ['Marine robotics'] });
  await submitPaper(author.page, {
    title: 'Sodium batteries at sea level',
    track: 'track-1',
    keywords: ['Materials for batteries and supercapacitors'],
  });
  const colleague = await open();
  await signUpInBrowser(colleague.page, { role: 'Author', email: `colleague@${institution}`, name: 'Chair Colleague' });
  await submitPaper(colleague.page, { title: 'Wave sensors on drifting buoys', track: oceanId, keywords: ['Coastal erosion modelling'] });

  // The editor's dashboard shows each paper's track and narrows to one track.
  await ep.goto('/editor/dashboard');
  await ep.getByRole('heading', { name: 'Sodium batteries at sea level' }).waitFor();
  await ep.getByLabel('Track', { exact: true }).selectOption({ label: TRACK });
  await expect
    .poll(() => ep.getByRole('article').getByRole('heading').allTextContents())
    .toEqual(['Wave sensors on drifting buoys', 'Tidal turbines for small harbours']);
  await expect(ep.getByRole('article').first().getByText(`Track: ${TRACK}`).isVisible()).resolves.toBe(true);

  // The reviewer's signup offers every track's topics under the track's name; she picks one of the new track's.
  const reviewer = await open({ viewport: PHONE });
  const rp = reviewer.page;
  await rp.goto('/login');
  await rp.getByText('Reviewer', { exact: true }).click();
  await rp.getByRole('button', { name: 'Signup', exact: true }).click();
  await rp.getByRole('combobox').focus();
  await rp.getByRole('group', { name: TRACK }).getByRole('option', { name: 'Marine robotics' }).waitFor();
  await expect(
    rp.getByRole('group', { name: 'Management and Social Science' }).getByRole('option', { name: 'Strategic management' }).count(),
  ).resolves.toBe(1);
  await checkScreen(rp, 'reviewer-signup-topics');
  await rp.getByRole('combobox').press('Escape');
  const reviewerEmail = uniqueEmail('tracks-reviewer');
  await signUpInBrowser(rp, { role: 'Reviewer', email: reviewerEmail, name: 'Marine Reviewer', tags: ['Marine robotics'] });
  const stored = await rp.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { tags: string[] });
  expect(stored.tags).toEqual(['Marine robotics']);

  // Once her address is confirmed she bids: each paper shows its track, and the list narrows to one track.
  await rp.goto(await mailedLink(smtp.mails, reviewerEmail, '/verify-email'));
  await rp.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect.poll(() => rp.getByRole('main').getByRole('status').textContent()).toBe(VERIFY_DONE);
  await rp.goto('/reviewer/bidding');
  const offered = rp.getByRole('list', { name: 'Papers to bid on' }).getByRole('heading', { level: 2 });
  await expect.poll(() => offered.count()).toBe(3);
  await rp.getByLabel('Track', { exact: true }).selectOption({ label: TRACK });
  await expect.poll(() => offered.allTextContents()).toEqual(['Wave sensors on drifting buoys', 'Tidal turbines for small harbours']);
  await expect(rp.getByText(`Track: ${TRACK}`).count()).resolves.toBe(2);
  await checkScreen(rp, 'reviewer-bidding');

  // The chair signs up as an Editor with the named address and confirms it through the mailed link.
  const chair = await open({ viewport: PHONE });
  const cp = chair.page;
  await signUpInBrowser(cp, { role: 'Editor', email: chairEmail, name: 'Ocean Chair' });
  await cp.goto(await mailedLink(smtp.mails, chairEmail, '/verify-email'));
  await cp.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect.poll(() => cp.getByRole('main').getByRole('status').textContent()).toBe(VERIFY_DONE);

  // The editor sees the chair signed up.
  await ep.goto('/editor/tracks');
  await expect
    .poll(() =>
      card(ep, TRACK)
        .getByRole('list', { name: `Chairs of ${TRACK}` })
        .textContent(),
    )
    .toBe(`${chairEmail}(Ocean Chair)✓ Verified`);

  // The chair's dashboard: their track's two papers, the colleague's marked as a conflict with no action; the
  // chair's links only, no figures.
  await cp.goto('/editor/dashboard');
  await expect.poll(() => cp.getByTestId('chair-tracks').textContent()).toContain(`You chair: ${TRACK}.`);
  await expect
    .poll(() => cp.getByRole('article').getByRole('heading').allTextContents())
    .toEqual(['Wave sensors on drifting buoys', 'Tidal turbines for small harbours']);
  const conflicted = cp.getByRole('article').filter({ hasText: 'Wave sensors on drifting buoys' });
  await expect(conflicted.getByText('Conflict of interest: another chair handles this paper').isVisible()).resolves.toBe(true);
  await expect(conflicted.getByRole('link', { name: /View More/ }).count()).resolves.toBe(0);
  await expect(
    cp
      .getByRole('article')
      .filter({ hasText: 'Tidal turbines' })
      .getByRole('link', { name: /View More/ })
      .count(),
  ).resolves.toBe(1);
  for (const name of ['Decisions', 'Automatic assignment'])
    await expect(cp.getByRole('link', { name, exact: true }).count()).resolves.toBe(1);
  for (const name of ['Settings', 'Reviewers', 'Messages', 'Payments', 'Programme', 'Audit log', 'Keynote admin', 'Tracks']) {
    await expect(cp.getByRole('link', { name, exact: true }).count(), name).resolves.toBe(0);
  }
  await expect(cp.getByText('Submissions per day').count()).resolves.toBe(0);
  await expect(cp.getByText('Logged in as').textContent()).resolves.toContain('(Editor, track chair)');
  await checkScreen(cp, 'chair-dashboard');

  // Decisions: a decision on the paper the chair may handle; none offered on the conflicted one.
  await cp.getByRole('link', { name: 'Decisions', exact: true }).click();
  await cp.waitForURL('**/editor/decisions');
  const rows = cp.getByRole('list', { name: 'Papers and decisions' }).getByRole('listitem');
  await expect.poll(() => rows.count()).toBe(2);
  await expect(
    rows.filter({ hasText: 'Wave sensors' }).getByText('Conflict of interest: another chair handles this paper').isVisible(),
  ).resolves.toBe(true);
  await expect(rows.filter({ hasText: 'Wave sensors' }).getByRole('combobox').count()).resolves.toBe(0);
  await expect(cp.getByRole('button', { name: 'Accepted, not registered' }).count()).resolves.toBe(0);
  await cp.getByLabel('Decision on Tidal turbines for small harbours').selectOption('Accepted');
  await expect.poll(() => rows.filter({ hasText: 'Tidal turbines' }).getByRole('status').textContent()).toBe('Decision saved: Accepted');
  await checkScreen(cp, 'chair-decisions');

  // Automatic assignment without the editor's settings: the chair's paper only, with its track.
  await cp.goto('/editor/assign');
  await cp.getByRole('heading', { name: 'Automatic assignment' }).waitFor();
  await cp.getByRole('button', { name: 'Preview', exact: true }).click();
  const preview = cp.getByRole('list', { name: 'Papers and proposed reviewers' });
  await expect.poll(() => preview.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Tidal turbines for small harbours']);
  await expect(preview.getByText(`Track: ${TRACK}`).isVisible()).resolves.toBe(true);
  await expect(preview.getByRole('cell', { name: 'Marine Reviewer' }).isVisible()).resolves.toBe(true);
  await checkScreen(cp, 'chair-assign');

  for (const c of [editor, author, colleague, reviewer, chair]) await c.context.close();
});
