import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { formatDeadline } from '../../src/web/lib/format';
import type { ServerProcess } from '../support/server-process';
import { serverApi } from './server-api';
import { axeViolations, DESKTOP, horizontalOverflow, launchBrowser, pageOpener, PHONE, screenshots, startOwnServer } from './browser';

/**
 * Decision 0035, on a server of its own (the dates are the whole server's): the editor sets the phases' dates on the
 * settings screen (an out-of-order date is refused with the message naming both), picks when reviewers see each
 * other's reviews and the response word limit, and finds the phase and the timeline on the dashboard; a reviewer
 * on a phone reads when reviews are due. Axe-clean; screenshots when PHASES_SHOTS names a folder.
 */
let browser: Browser;
let server: ServerProcess;
const SHOTS = process.env.PHASES_SHOTS;
const stamp = Date.now().toString(36);
const editorEmail = `phases.${stamp}@desk.example`;
const reviewerEmail = `rhea.${stamp}@uni-r.example`;
const { call, signup } = serverApi(() => server.url);
let editorToken = '';

const DAY = 24 * 60 * 60 * 1000;
/** The file's one "now": a minute that turned between filling a date and reading it back must not change it. */
const NOW = Date.now();
/** A whole minute `days` from now, as a datetime-local input in UTC (the pages run in UTC here) writes it. */
const wallTime = (days: number) => new Date(Math.floor((NOW + days * DAY) / 60_000) * 60_000).toISOString().slice(0, 16);
const DATES: Array<[label: string, days: number]> = [
  ['Submission deadline', -20],
  ['Bidding deadline', -10],
  ['Review deadline', 5],
  ['Author response opens', 7],
  ['Author response closes', 10],
  ['Discussion deadline', 15],
  ['Notification date', 20],
  ['Camera-ready deadline', 40],
];

beforeAll(async () => {
  server = await startOwnServer();
  browser = await launchBrowser();
  editorToken = (await signup('Editor', 'Phase Editor', editorEmail)).token;
  await signup('Reviewer', 'Rhea Reviewer', reviewerEmail, ['Robotics']);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = pageOpener({ browser: () => browser, baseURL: () => server.url, context: { bypassCSP: true, timezoneId: 'UTC' } });
const shot = screenshots(SHOTS);

test("the editor sets the phases' dates in the settings and sees the phase and its timeline on the dashboard (1280 px)", async () => {
  const { page } = await open({ viewport: DESKTOP, login: { role: 'Editor', email: editorEmail } });
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Review settings' }).waitFor();
  // The dates come in the phases' order, grouped.
  const dates = page.locator('input[type=datetime-local]');
  expect(await dates.evaluateAll((inputs) => inputs.map((i) => document.querySelector(`label[for="${i.id}"]`)?.textContent))).toEqual(
    DATES.map(([label]) => label),
  );
  await page.getByRole('group', { name: 'Author response' }).waitFor();

  // Out of order: the bidding deadline before the submission deadline is refused, naming both.
  await page.getByLabel('Submission deadline', { exact: true }).fill(wallTime(-20));
  await page.getByLabel('Bidding deadline', { exact: true }).fill(wallTime(-30));
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect.poll(() => page.getByRole('alert').textContent()).toContain('The bidding deadline must be after the submission deadline');

  for (const [label, days] of DATES) await page.getByLabel(label, { exact: true }).fill(wallTime(days));
  await page.getByRole('radio', { name: 'After the review deadline' }).check();
  const limit = page.getByLabel('Author response word limit');
  expect([await limit.getAttribute('min'), await limit.getAttribute('max')]).toEqual(['50', '5000']);
  await limit.fill('300');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('status').filter({ hasText: 'Settings saved.' }).waitFor();
  const saved = await call<Record<string, unknown>>('GET', '/api/editor/settings', editorToken, undefined);
  expect(saved).toMatchObject({ reviewVisibility: 'after-deadline', responseWordLimit: 300, responseOpens: `${wallTime(7)}:00.000Z` });
  await page.reload();
  await expect.poll(() => page.getByLabel('Notification date', { exact: true }).inputValue()).toBe(wallTime(20));
  await expect.poll(() => page.getByRole('radio', { name: 'After the review deadline' }).isChecked()).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'phases-settings-1280');

  await page.getByRole('link', { name: '← Research Papers' }).click();
  const phase = page.getByRole('region', { name: 'Reviewing' });
  await phase.waitFor();
  await expect
    .poll(() => phase.textContent())
    .toContain(`Reviewers can save their reviews until ${formatDeadline(`${wallTime(5)}:00.000Z`)}.`);
  const steps = page.getByRole('list', { name: 'Phases of the conference' }).getByRole('listitem');
  expect(await steps.allInnerTexts()).toEqual([
    expect.stringContaining('Submission'),
    expect.stringContaining('Bidding'),
    expect.stringContaining('Reviewing'),
    expect.stringContaining('Author response'),
    expect.stringContaining('Discussion'),
    expect.stringContaining('Decisions'),
    expect.stringContaining('Camera-ready'),
    expect.stringContaining('Closed'),
  ]);
  const current = page.locator('[aria-current="step"]');
  await expect.poll(() => current.innerText()).toMatch(/^Reviewing\s+until \d+ \w+ \d{4}$/);
  expect(await axeViolations(page, 'section[aria-labelledby="phase-heading"]')).toEqual([]);
  await shot(page, 'phases-dashboard-1280');
  await page.context().close();
});

test("the editor's timeline fits a phone (390 px)", async () => {
  const { page } = await open({ viewport: PHONE, login: { role: 'Editor', email: editorEmail } });
  await page.getByRole('list', { name: 'Phases of the conference' }).waitFor();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'phases-dashboard-390');
  await page.context().close();
});

test('a reviewer on a phone reads when reviews are due (390 px)', async () => {
  const settings = await call<{ reviewDeadline: string }>('GET', '/api/editor/settings', editorToken, undefined);
  const { page } = await open({ viewport: PHONE, login: { role: 'Reviewer', email: reviewerEmail } });
  const phase = page.getByRole('region', { name: 'Conference phase' });
  await expect.poll(() => phase.textContent()).toBe(`Reviewing: Reviews are due by ${formatDeadline(settings.reviewDeadline)}.`);
  await page.getByRole('heading', { name: 'Papers sent to you' }).waitFor();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page, 'section[aria-label="Conference phase"]')).toEqual([]);
  await shot(page, 'phases-reviewer-390');
  await page.context().close();
});
