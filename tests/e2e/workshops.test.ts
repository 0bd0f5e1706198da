import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { newId } from '../../src/core/ids';
import { newDocumentCode } from '../../src/server/documents/codes';
import {
  checkAccessibility,
  DESKTOP,
  launchBrowser,
  ownDatabase,
  pageOpener,
  PHONE,
  screenshots,
  startOwnServer,
  watchProblems,
} from './browser';
import { serverApi } from './server-api';

/**
 * Workshop seats (decision 0045): the public /technical-workshop page shows each course's seats left (its island, from
 * GET /api/workshops); a full course says "Full — join the waiting list", and a signed-in person follows that to
 * join it; the editor's Workshops page shows the counts, the participants and the waiting list, and refuses to offer
 * a seat that is not free. Axe-clean at 390 and 1280 px; screenshots when WORKSHOP_SHOTS names a folder.
 */
let server: Awaited<ReturnType<typeof startOwnServer>>;
let browser: Browser;
const SHOTS = process.env.WORKSHOP_SHOTS;
const stamp = Date.now().toString(36);
const editorEmail = `desk.${stamp}@desk.example`;
const wren = { name: 'Wren Waiting', email: `wren.${stamp}@lab-w.example` };
const { signup } = serverApi(() => server.url);

beforeAll(async () => {
  server = await startOwnServer();
  browser = await launchBrowser();
  await signup('Editor', 'Desk Editor', editorEmail);
  await signup('Author', wren.name, wren.email);
  // Paid registrations as the payment desk leaves them (registering and paying are another journey's): Digital
  // System Design is full (40 of 40), Embedded Systems has 3 of 40.
  const db = ownDatabase(server.dataDir);
  await db.connect();
  const insert =
    "insert into registrations (id, code, year, name, email, affiliation, category, currency, list_minor, amount_minor, status, paid_at) values ($1, $2, 2026, $3, $4, $5, $6, 'USD', 10000, 10000, 'paid', now())";
  for (let i = 1; i <= 40; i += 1)
    await db.query(insert, [
      newId(),
      newDocumentCode(),
      `Participant ${i}`,
      `p${i}.${stamp}@fpga.example`,
      `FPGA Lab ${i}`,
      'workshop-digital-system-design',
    ]);
  for (let i = 1; i <= 3; i += 1)
    await db.query(insert, [
      newId(),
      newDocumentCode(),
      `Maker ${i}`,
      `m${i}.${stamp}@mcu.example`,
      'MCU Club',
      'workshop-embedded-systems',
    ]);
  // Wren proved her address (the mailed link is another journey's).
  await db.query('update users set email_verified_at = now() where email = $1', [wren.email]);
  await db.end();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = pageOpener({ browser: () => browser, baseURL: () => server.url, context: { bypassCSP: true } });
const shot = screenshots(SHOTS);
const courseCard = (page: Page, title: string) =>
  page.getByRole('navigation', { name: 'Courses' }).getByRole('link').filter({ hasText: title });

test("the public page shows each course's seats and fee, and the seats left; a full course says so", async () => {
  const { context, page } = await open({ viewport: PHONE });
  const problems = watchProblems(page);
  await page.goto('/technical-workshop');
  await courseCard(page, 'Embedded Systems').getByText('37 seats left').waitFor();
  await courseCard(page, 'Embedded Systems').getByText('40 seats · USD 100.00 (INR 7,400.00)').waitFor();
  await courseCard(page, 'Digital System Design').getByText('Full — join the waiting list').waitFor();
  await courseCard(page, 'Internet of Things').getByText('40 seats left').waitFor();
  await page.locator('#digital-system-design').getByRole('link', { name: 'Full — join the waiting list' }).waitFor();
  await checkAccessibility(page, 'technical workshop', { sizes: [PHONE, DESKTOP], shot: (w) => shot(page, `technical-workshop-${w}`) });
  expect(problems).toEqual([]);
  await context.close();
});

test('without JavaScript the page still shows every course with its seats, fee and the way to register', async () => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/technical-workshop');
  for (const title of ['Embedded Systems', 'Internet of Things', 'Python plus Machine Learning', 'Digital System Design']) {
    await expect.poll(() => courseCard(page, title).getByText('40 seats · USD 100.00 (INR 7,400.00)').count()).toBe(1);
  }
  expect(await page.locator('#embedded-systems').getByRole('link', { name: 'Register online' }).getAttribute('href')).toBe(
    '/account/registrations',
  );
  await context.close();
});

test('a signed-in person follows "Full" to the waiting list and joins it', async () => {
  const { context, page } = await open({ viewport: PHONE, login: { role: 'Author', email: wren.email } });
  const problems = watchProblems(page);
  await page.goto('/technical-workshop');
  await page.locator('#digital-system-design').getByRole('link', { name: 'Full — join the waiting list' }).click();
  await page.waitForURL('**/account/workshops#digital-system-design');
  const course = page.getByRole('region', { name: 'Digital System Design' });
  await course.getByText('Full', { exact: true }).waitFor();
  await page.getByRole('region', { name: 'Embedded Systems' }).getByText('37 of 40 seats left').waitFor();
  await checkAccessibility(page, 'workshop seats (before)', { sizes: [PHONE, DESKTOP], shot: (w) => shot(page, `account-workshops-${w}`) });
  await course.getByRole('button', { name: 'Join the waiting list for Digital System Design' }).click();
  await course.getByText(/^You are number 1 on the waiting list \(since /).waitFor();
  await checkAccessibility(page, 'workshop seats (waiting)', {
    sizes: [PHONE, DESKTOP],
    toastsGone: true,
    shot: (w) => shot(page, `account-workshops-waiting-${w}`),
  });
  expect(problems).toEqual([]);
  await context.close();
});

test('the editor sees seats, participants and the waiting list; a full course has no seat to offer', async () => {
  const { context, page } = await open({ viewport: DESKTOP, login: { role: 'Editor', email: editorEmail } });
  const problems = watchProblems(page);
  await page.getByRole('link', { name: 'Workshops', exact: true }).click();
  await page.getByRole('heading', { name: 'Workshops', level: 1 }).waitFor();
  const course = page.getByRole('region', { name: 'Digital System Design' });
  await course.getByRole('link', { name: 'Participant 40' }).waitFor();
  await course.getByText('FPGA Lab 7', { exact: true }).waitFor();
  await course.getByText(new RegExp(`^${wren.name} <${wren.email.replace(/\./g, '\\.')}> · joined `)).waitFor();
  expect(await course.getByRole('definition').allTextContents()).toEqual(['40', '40', '0', '0']);
  await course.getByRole('button', { name: 'Offer the seat' }).click();
  await course.getByRole('alert').getByText('No seat is free in this course.').waitFor();
  await checkAccessibility(page, 'editor workshops', { sizes: [PHONE, DESKTOP], shot: (w) => shot(page, `editor-workshops-${w}`) });
  expect(problems.filter((p) => !/409/.test(p))).toEqual([]);
  await context.close();
});
