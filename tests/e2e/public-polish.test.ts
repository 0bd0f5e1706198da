import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { conference, importantDates } from '../../src/web/content/conference';
import { RESET_LINK_MISSING } from '../../src/core/schemas/accounts';
import { axeViolations, baseUrl, DESKTOP, horizontalOverflow, launchBrowser, PHONE, uniqueEmail } from './browser';
import { newAxePage, waitForHydration } from './public-support';

/**
 * Public-page polish (docs/product.md#public-pages): the call for papers leads to the new-paper form through
 * login; the home page fits a phone; the awards section is marked on a yearly page; the submissions page's date
 * stays whole; an online session's address is a link; a reset page opened without its link says so at once.
 * Every screen touched at 390 and 1280 px: no sideways overflow, axe-clean; screenshots when POLISH_SHOTS names a folder.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = process.env.POLISH_SHOTS;
const VIEWPORTS = [
  ['390', PHONE],
  ['1280', DESKTOP],
] as const;
const PASSWORD = 'correct horse battery';

/** The screen fits its width, axe finds nothing, and a screenshot is kept when asked for. */
async function checkScreen(page: Page, name: string, width: string) {
  expect(await horizontalOverflow(page), `${name} at ${width} px sticks out sideways`).toBeLessThanOrEqual(0);
  expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

async function openPublic(page: Page, pathname: string) {
  await page.goto(pathname);
  await waitForHydration(page);
}

/** An online session in the programme the island reads (the editor's "Room or online link" holds an address). */
const ONLINE_ROOM = 'Online: https://meet.example.org/imse-computing-1';
const PROGRAMME = {
  timeZone: 'Asia/Bangkok',
  tracks: ['Science and Materials', 'Computer Science and Applications'],
  sessions: [
    {
      _id: 's-hall',
      kind: 'papers',
      label: 'Science and Materials',
      title: 'Materials I',
      track: 'Science and Materials',
      room: 'Hall A',
      start: '2023-12-27T09:00:00+07:00',
      end: '2023-12-27T10:00:00+07:00',
      chair: '',
      papers: [],
    },
    {
      _id: 's-online',
      kind: 'papers',
      label: 'Computer Science and Applications',
      title: 'Computing I',
      track: 'Computer Science and Applications',
      room: ONLINE_ROOM,
      start: '2023-12-27T11:00:00+07:00',
      end: '2023-12-27T12:00:00+07:00',
      chair: 'Dr Chair',
      papers: [{ _id: 'p1', title: 'Sparse Solvers at Scale', presenter: 'Ada Presenter' }],
    },
  ],
};

describe('call for papers', () => {
  test('shows the important dates, the template the submissions page links, and Submit a paper, which leads through login to the new-paper form', async () => {
    const email = uniqueEmail('cfp-author');
    const res = await fetch(`${baseUrl()}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Cleo Caller', email, password: PASSWORD, confirmPassword: PASSWORD, role: 'Author' }),
    });
    expect(res.status).toBe(201);

    const { context, page } = await newAxePage(browser, DESKTOP);
    await openPublic(page, '/submissions');
    const submissionsTemplate = await page.getByRole('link', { name: 'Download the paper template' }).getAttribute('href');

    await openPublic(page, '/call-for-papers');
    const main = page.getByRole('main');
    const text = await main.innerText();
    for (const d of importantDates) {
      expect(text).toContain(d.label);
      expect(text).toContain(d.date);
    }
    const template = main.getByRole('link', { name: 'Download the paper template' });
    expect(await template.getAttribute('href')).toBe(conference.links.paperTemplate);
    expect(await template.getAttribute('href')).toBe(submissionsTemplate);
    // The original content stays: the four track cards and their sections.
    expect(await page.getByRole('navigation', { name: 'Tracks' }).getByRole('link').count()).toBe(4);

    await main.getByRole('link', { name: 'Submit a paper' }).click();
    await page.waitForURL('**/login?reason=login');
    await expect.poll(() => page.getByRole('alert').first().innerText()).toBe('Please login first');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.waitForURL('**/author/new-paper');
    await page.getByRole('heading', { level: 1, name: 'New paper' }).waitFor();
    await context.close();
  });

  for (const [width, viewport] of VIEWPORTS) {
    test(`fits ${width} px, axe-clean`, async () => {
      const { context, page } = await newAxePage(browser, viewport);
      await openPublic(page, '/call-for-papers');
      await checkScreen(page, 'call-for-papers', width);
      await context.close();
    });
  }
});

describe('home page', () => {
  for (const [width, viewport] of VIEWPORTS) {
    test(`nothing sticks out sideways at ${width} px, the EMAIL US card inside its row`, async () => {
      const { context, page } = await newAxePage(browser, viewport);
      await openPublic(page, '/');
      const card = page.getByRole('list', { name: 'Contact information' }).getByRole('listitem').nth(1);
      expect(await card.innerText()).toMatch(/email us/i);
      const [cardRight, listRight] = await Promise.all([
        card.evaluate((el) => el.getBoundingClientRect().right),
        page.getByRole('list', { name: 'Contact information' }).evaluate((el) => el.getBoundingClientRect().right),
      ]);
      expect(cardRight).toBeLessThanOrEqual(listRight + 0.5);
      await checkScreen(page, 'home', width);
      await context.close();
    });
  }
});

describe('navigation bar', () => {
  test('AWARDS is marked as the section on /awards-2022 and as the page on /awards; the phone menu marks it too', async () => {
    const { context, page } = await newAxePage(browser, DESKTOP);
    const wide = () => page.getByTestId('wide-nav');
    await openPublic(page, '/awards-2022');
    const awards = wide().getByRole('link', { name: 'AWARDS', exact: true });
    expect(await awards.getAttribute('aria-current')).toBe('true');
    const underlined = await awards.evaluate((el) => getComputedStyle(el).textDecorationLine);
    expect(underlined).toContain('underline');
    expect(await wide().locator('[aria-current]').count()).toBe(1);
    await checkScreen(page, 'awards-2022', '1280');

    await openPublic(page, '/awards');
    expect(await wide().getByRole('link', { name: 'AWARDS', exact: true }).getAttribute('aria-current')).toBe('page');
    await openPublic(page, '/awards-2019');
    expect(await wide().getByRole('link', { name: 'AWARDS', exact: true }).getAttribute('aria-current')).toBe('true');
    await openPublic(page, '/committee');
    expect(await wide().getByRole('link', { name: 'AWARDS', exact: true }).getAttribute('aria-current')).toBeNull();
    expect(await wide().getByRole('link', { name: 'COMMITTEE', exact: true }).getAttribute('aria-current')).toBe('page');
    await context.close();

    const phone = await newAxePage(browser, PHONE);
    await openPublic(phone.page, '/awards-2022');
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    const menu = phone.page.getByRole('dialog', { name: 'Menu' });
    expect(await menu.getByRole('link', { name: 'AWARDS', exact: true }).getAttribute('aria-current')).toBe('true');
    await phone.page.getByRole('button', { name: 'Close menu' }).click();
    await checkScreen(phone.page, 'awards-2022', '390');
    await phone.context.close();
  });
});

describe('submissions page', () => {
  for (const [width, viewport] of VIEWPORTS) {
    test(`the header's date range stays on one line at ${width} px`, async () => {
      const { context, page } = await newAxePage(browser, viewport);
      await openPublic(page, '/submissions');
      const dates = page.getByTestId('conference-dates').first();
      expect(await dates.innerText()).toBe(conference.submissionsPageDates);
      const lines = await dates.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines).toBe(1);
      expect(await dates.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe('nowrap');
      await checkScreen(page, 'submissions', width);
      await context.close();
    });
  }
});

describe('programme', () => {
  for (const [width, viewport] of VIEWPORTS) {
    test(`an online session's address is a link at ${width} px; a room stays text`, async () => {
      const { context, page } = await newAxePage(browser, viewport);
      await page.route('**/api/program', (route) => route.fulfill({ json: PROGRAMME }));
      await openPublic(page, '/program');
      const sessions = page.getByTestId('program-session');
      await expect.poll(() => sessions.count()).toBe(2);
      const online = sessions.filter({ hasText: 'Computing I' });
      const link = online.getByRole('link', { name: /meet\.example\.org/ });
      expect(await link.getAttribute('href')).toBe('https://meet.example.org/imse-computing-1');
      expect(await link.evaluate((el) => el.tagName)).toBe('A');
      expect(await online.innerText()).toContain('Online: https://meet.example.org/imse-computing-1');
      expect(
        await sessions
          .filter({ hasText: 'Materials I' })
          .getByRole('link', { name: /Hall A/ })
          .count(),
      ).toBe(0);
      await checkScreen(page, 'program', width);
      await context.close();
    });
  }
});

describe('reset password without its link', () => {
  for (const [width, viewport] of VIEWPORTS) {
    test(`says at once that the link is missing and offers Forgot password?, no form, at ${width} px`, async () => {
      const { context, page } = await newAxePage(browser, viewport);
      await page.goto('/reset-password');
      await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
      await expect.poll(() => page.getByRole('alert').innerText()).toBe(RESET_LINK_MISSING);
      expect(await page.getByLabel('New password').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Save new password' }).count()).toBe(0);
      await checkScreen(page, 'reset-password-missing', width);

      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/login?forgot');
      // The login card's own "Forgot password?" panel is open, ready for the address.
      expect(await page.getByRole('button', { name: 'Forgot password?' }).getAttribute('aria-expanded')).toBe('true');
      await page.getByRole('button', { name: 'Send reset link' }).waitFor();
      await context.close();
    });
  }
});
