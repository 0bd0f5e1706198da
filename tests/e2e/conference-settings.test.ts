import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { callApi, checkAccessibility, DESKTOP, launchBrowser, logInInBrowser, PHONE, startOwnServer, watchProblems } from './browser';
import { serverApi } from './server-api';
import { signaturePng } from '../support/png';

/**
 * Decision 0051: the editor opens /editor/conference from the desk, changes the name, a day and an important date, is
 * told by the field that a time zone does not exist, saves, and the public answer and a reload show the new facts;
 * the logo uploads with its preview, and a file that is not an image is refused. Axe-clean at 390 and 1280 px.
 * Its own server: the facts it saves are the whole site's.
 */
let server: Awaited<ReturnType<typeof startOwnServer>>;
let browser: Browser;
const stamp = Date.now().toString(36);
const editorEmail = `conference.${stamp}@desk.example`;
const { signup } = serverApi(() => server.url);
const SHOTS = '/tmp/conference-a';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startOwnServer();
  browser = await launchBrowser();
  await signup('Editor', 'Conference Editor', editorEmail);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const shot = (page: Page, name: string) => (w: number) =>
  page.screenshot({ path: `${SHOTS}/${name}-${w}.png`, fullPage: true }).then(() => undefined);
/** The text of what the control's aria-describedby points at. */
const description = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

test("the editor changes the conference's facts and the site answers with them", async () => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url, bypassCSP: true });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await logInInBrowser(page, { role: 'Editor', email: editorEmail });
  await page.getByRole('link', { name: 'Conference', exact: true }).click();
  await page.getByRole('heading', { name: 'Conference settings' }).waitFor();
  const title = page.locator('#conference-title');
  expect(await title.textContent()).toBe('5th World Conference on Innovations in Management, Science and Engineering');
  expect(await page.locator('#zone-label').textContent()).toBe('Bangkok time, UTC+7');
  expect(await page.getByLabel('Dates as shown on the home page').inputValue()).toBe('December 28-27 2023');
  await checkAccessibility(page, 'conference settings', { sizes: [PHONE, DESKTOP], shot: shot(page, 'conference') });

  await page.getByLabel('Edition').fill('6th');
  await page.getByLabel('Conference name').fill('World Conference on Innovations in Science');
  await expect.poll(() => title.textContent()).toBe('6th World Conference on Innovations in Science');
  await page.getByLabel('First day').fill('2026-12-27');
  await page.getByLabel('Last day').fill('2026-12-29');
  await page.getByLabel('Dates as shown on the home page').fill('December 27-29 2026');
  await page.getByLabel('Date 1: what').fill('Full paper submission');
  // Decision 0065: a day of its own, or a deadline followed (its current value beside it).
  expect(await page.getByLabel('Date 1: follows').inputValue()).toBe('own');
  await page.getByLabel('Date 1: day').fill('2026-10-15');
  await page.getByText('Shown as “15 October 2026”').waitFor();
  await page.getByLabel('Date 2: follows').selectOption({ label: 'Camera-ready deadline' });
  await page.getByText('Not set yet: the pages print “To be announced”.').waitFor();
  expect(await page.getByRole('link', { name: 'Set the camera-ready deadline' }).getAttribute('href')).toBe('/editor/settings');
  // Moved below the second date, then back: the order is the list's.
  await page.getByRole('button', { name: 'Move date 1 down' }).click();
  expect(await page.getByLabel('Date 2: what').inputValue()).toBe('Full paper submission');
  await page.getByRole('button', { name: 'Move date 2 up' }).click();
  await page.getByRole('button', { name: 'Add an important date' }).click();
  await page.getByLabel('Date 4: what').fill('Conference days');
  await page.getByLabel('Date 4: follows').selectOption({ label: 'Its own date' });
  await page.getByLabel('Date 4: day').fill('2026-12-27');

  // A zone that does not exist: told by the field, nothing sent.
  await page.getByLabel('Time zone').fill('Mars/Olympus');
  expect(await page.locator('#zone-label').textContent()).toBe('—');
  await page.getByRole('button', { name: 'Save the conference settings' }).click();
  const zoneError = 'The time zone does not exist: use an IANA name such as Asia/Bangkok or Europe/Paris';
  await page.getByText(zoneError).waitFor();
  expect(await description(page, 'Time zone')).toContain(zoneError);
  expect(await page.getByLabel('Time zone').getAttribute('aria-invalid')).toBe('true');
  await checkAccessibility(page, 'conference settings with a field error', {
    sizes: [PHONE, DESKTOP],
    shot: shot(page, 'conference-error'),
  });
  expect((await callApi<{ title: string }>(page, 'GET', '/conference')).json.title).toBe(
    '5th World Conference on Innovations in Management, Science and Engineering',
  );

  await page.getByLabel('Time zone').fill('Asia/Kolkata');
  await expect.poll(() => page.locator('#zone-label').textContent()).toBe('Kolkata time, UTC+5:30');
  await page.getByRole('button', { name: 'Save the conference settings' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved. The public pages show the new facts now.' }).first().waitFor();

  const pub = (
    await callApi<{
      title: string;
      endDate: string;
      zoneLabel: string;
      importantDates: Array<{ label: string; date?: string; deadline?: string }>;
      shownImportantDates: Array<{ label: string; date: string }>;
    }>(page, 'GET', '/conference')
  ).json;
  expect(pub.title).toBe('6th World Conference on Innovations in Science');
  expect(pub.endDate).toBe('2026-12-29');
  expect(pub.zoneLabel).toBe('Kolkata time, UTC+5:30');
  expect(pub.importantDates[0]).toEqual({ label: 'Full paper submission', date: '2026-10-15' });
  expect(pub.importantDates[1]).toEqual({ label: 'Acceptance notification', deadline: 'cameraReady' });
  expect(pub.importantDates).toHaveLength(4);
  expect(pub.shownImportantDates.map((d) => d.date)).toEqual([
    '15 October 2026',
    'To be announced',
    '30 November 2023',
    '27 December 2026',
  ]);

  await page.reload();
  await page.getByRole('heading', { name: 'Conference settings' }).waitFor();
  expect(await page.getByLabel('Conference name').inputValue()).toBe('World Conference on Innovations in Science');
  expect(await page.getByLabel('Last day').inputValue()).toBe('2026-12-29');
  expect(await page.getByLabel('Date 1: what').inputValue()).toBe('Full paper submission');
  expect(await page.getByLabel('Time zone').inputValue()).toBe('Asia/Kolkata');

  // The logo: a text file named .png is refused with the server's words; a PNG shows as uploaded.
  const logoInput = page.getByLabel('Upload a logo');
  await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
  await page.getByRole('button', { name: 'Save logo' }).click();
  await page.getByRole('alert').filter({ hasText: 'The logo must be a PNG or JPEG image: this file is not one' }).waitFor();
  await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: signaturePng(160, 60) });
  await page.getByRole('button', { name: 'Save logo' }).click();
  await page.getByRole('img', { name: 'The conference logo as uploaded' }).waitFor();
  expect(
    await page
      .getByRole('img', { name: 'The conference logo as uploaded' })
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
  ).toBe(160);
  await checkAccessibility(page, 'conference settings saved, with a logo', {
    sizes: [PHONE, DESKTOP],
    shot: shot(page, 'conference-saved'),
  });
  expect((await callApi<{ hasLogo: boolean }>(page, 'GET', '/conference')).json.hasLogo).toBe(true);
  // The refused upload is the one error answer the journey asks for.
  expect(problems.filter((p) => !/conference\/logo|status of 400/.test(p))).toEqual([]);
  await context.close();
});
