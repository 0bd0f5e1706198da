import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, launchBrowser, newPage, PHONE } from './browser';
import { gotoHydrated } from './public-support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Clicks a card and checks the page glides (not jumps) until the section sits under the sticky bar. */
async function expectSmoothScrollTo(page: Page, cardName: string | RegExp, sectionId: string) {
  await page.getByRole('link', { name: cardName }).click();
  const positions = await page.evaluate(async () => {
    // Every frame's position until the glide has settled (unchanged for half a second after it moved), however slow
    // the machine: a fixed window cut the glide short on a loaded one.
    const ys: number[] = [];
    const start = performance.now();
    let stillSince = performance.now();
    while (performance.now() - start < 20_000) {
      const y = window.scrollY;
      if (ys.length === 0 || y !== ys[ys.length - 1]) stillSince = performance.now();
      ys.push(y);
      if (new Set(ys).size > 1 && performance.now() - stillSince > 500) break;
      await new Promise((r) => requestAnimationFrame(r));
    }
    return ys;
  });
  const final = positions[positions.length - 1]!;
  const distinct = new Set(positions).size;
  expect(distinct, 'several intermediate scroll positions').toBeGreaterThan(3);
  expect(final).toBeGreaterThan(500);
  const top = await page.locator(`#${sectionId}`).evaluate((el) => el.getBoundingClientRect().top);
  const bar = await page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().bottom);
  expect(top).toBeGreaterThanOrEqual(bar - 2);
  expect(top).toBeLessThan(bar + 40);
  expect(page.url()).toMatch(new RegExp(`#${sectionId}$`));
}

describe('call for papers and technical workshop', () => {
  test('a track card scrolls smoothly to its track section, which lists at least 15 topics', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await gotoHydrated(page, '/call-for-papers');
    expect(await page.getByRole('navigation', { name: 'Tracks' }).getByRole('link').count()).toBe(4);
    await expectSmoothScrollTo(page, /Track 3\s+Electrical and Electronics Engineering/, 'track-3');
    expect(await page.locator('#track-3 li').count()).toBeGreaterThanOrEqual(15);
    await context.close();
  });

  test('a course card scrolls smoothly to its syllabus section', async () => {
    const { context, page } = await newPage(browser, PHONE);
    // The seats arrive only when the test lets them: the page is measured before and after the island draws them.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/workshops', async (route) => {
      await held;
      await route.continue();
    });
    await gotoHydrated(page, '/technical-workshop');
    const names = await page.getByRole('navigation', { name: 'Courses' }).getByRole('link').allInnerTexts();
    expect(names.map((n) => n.split('\n').filter(Boolean)[1])).toEqual([
      'Embedded Systems',
      'Internet of Things',
      'Python plus Machine Learning',
      'Digital System Design',
    ]);
    // The seats the island draws take the places kept for them: the sections stay where they were.
    const section = page.locator('#digital-system-design');
    const before = await section.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    release();
    await expect.poll(() => page.locator('[data-workshop-seats]').first().innerText()).toMatch(/seats? left|Full/);
    expect(await section.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)).toBe(before);
    await expectSmoothScrollTo(page, /Course 4\s+Digital System Design/, 'digital-system-design');
    expect(await page.locator('main').innerText()).toContain('30 December 2022');
    await context.close();
  });
});

describe('keynote', () => {
  test('seven speakers; Read More opens the modal, closed by the cross, the backdrop and Escape', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await gotoHydrated(page, '/keynote');
    const readMore = page.getByRole('button', { name: /^Read More/ });
    expect(await readMore.count()).toBe(7);
    const dialog = page.locator('dialog');
    const isOpen = () => dialog.evaluate((d: HTMLDialogElement) => d.open);

    await readMore.nth(1).click();
    expect(await isOpen()).toBe(true);
    expect(await dialog.getByRole('heading', { level: 2 }).innerText()).toBe('Keynote speaker to be announced');
    expect(await dialog.innerText()).toContain('Keynote 2: Artificial Intelligence');
    expect(await dialog.getByRole('img').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await isOpen()).toBe(false);

    await readMore.nth(4).click();
    expect(await dialog.innerText()).toContain('Keynote 5: Innovation Management');
    await page.mouse.click(10, 10); // the backdrop
    expect(await isOpen()).toBe(false);

    await readMore.nth(6).click();
    expect(await isOpen()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await isOpen()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Read More/);

    // Keyboard only: Enter on a Read More button opens it too.
    await readMore.nth(0).focus();
    await page.keyboard.press('Enter');
    expect(await isOpen()).toBe(true);
    await context.close();
  });
});

describe('previous events', () => {
  test('a click alerts "Selected Event: {label}" and the choice is marked and remembered across reloads', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await gotoHydrated(page, '/previous-events');
    const buttons = page.getByRole('main').getByRole('button');
    expect(await buttons.count()).toBe(5);
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });

    await page.getByRole('button', { name: /THAILAND\s*2019\s*Bangkok/i }).click();
    await page.getByRole('button', { name: /INDIA\s*2021\s*Online/i }).click();
    expect(alerts).toEqual(['Selected Event: Thailand 2019 Bangkok', 'Selected Event: India 2021 Online']);
    expect(await page.getByTestId('selected-event').innerText()).toContain('India 2021 Online');

    await page.reload();
    await page.waitForFunction(() => document.querySelector('[aria-pressed="true"]') !== null);
    const pressed = await page.locator('[aria-pressed="true"]').allInnerTexts();
    expect(pressed).toHaveLength(1);
    expect(pressed[0]).toMatch(/INDIA\s*2021\s*Online/i);
    expect(await page.getByTestId('selected-event').innerText()).toContain('India 2021 Online');
    await context.close();
  });
});

describe('awards', () => {
  test('the index links to every yearly page, each with its counts and dates as quoted', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const expected = [
      { year: '2019', names: 30, dates: '29-30 December 2019' },
      { year: '2022', names: 28, dates: '29-30 December 2022' },
      { year: '2023', names: 28, dates: '29-30 December 2023' },
      { year: '2025', names: 28, dates: '28th-27th December 2025' },
    ];
    await gotoHydrated(page, '/awards');
    const hrefs = await page
      .getByRole('main')
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    // The four past years, then the current year's page with its nominations online (decision 0044); later editions'
    // awards are reached from each edition's page (decision 0066).
    expect(hrefs).toEqual(['/awards-2019', '/awards-2022', '/awards-2023', '/awards-2025', '/awards-2026', '/editions']);
    for (const e of expected) {
      await gotoHydrated(page, '/awards');
      await page
        .getByRole('main')
        .getByRole('link', { name: new RegExp(`Awards ${e.year}`) })
        .click();
      await page.waitForURL(`**/awards-${e.year}`);
      await page.getByRole('heading', { level: 1, name: `IMSE Awards ${e.year}` }).waitFor();
      expect(await page.getByTestId('award-names').locator('li').count()).toBe(e.names);
      const text = await page.getByRole('main').innerText();
      expect(text).toContain(e.dates);
      expect(text).toMatch(/aged at most 35, or a PhD, MPhil or Masters student/);
      if (e.year !== '2019') {
        expect(text).toContain('Ministry of Micro, Small and Medium Enterprises');
        expect(text).toContain(`20 December ${e.year}`);
      }
      expect(await page.title()).toContain(`Awards ${e.year}`);
    }
    await gotoHydrated(page, '/awards-2022');
    const ids = await page.getByText(/^2022\/Award\/ET\/\d{3}$/).allInnerTexts();
    expect(ids).toEqual(['2022/Award/ET/001', '2022/Award/ET/002', '2022/Award/ET/003', '2022/Award/ET/004', '2022/Award/ET/005']);
    await context.close();
  });
});
