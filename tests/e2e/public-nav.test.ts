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

/** Turns the mouse wheel; resolves with the page's scroll position once the page has handled that wheel event. */
async function wheelAndReadScroll(page: Page, dy: number): Promise<number> {
  await page.evaluate(() => {
    (window as { wheelHandled?: Promise<number> }).wheelHandled = new Promise((resolve) => {
      addEventListener('wheel', () => requestAnimationFrame(() => resolve(window.scrollY)), { once: true, capture: true, passive: true });
    });
  });
  await page.mouse.wheel(0, dy);
  return page.evaluate(() => (window as { wheelHandled?: Promise<number> }).wheelHandled!);
}

describe('navigation bar', () => {
  test('at 1280 px the bar lists HOME … AWARDS then LOGIN, with no workshop link and no menu button', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await gotoHydrated(page, '/');
    const labels = await page.getByTestId('wide-nav').locator('a').allInnerTexts();
    expect(labels.map((l) => l.trim())).toEqual([
      'HOME',
      'CALL FOR PAPERS',
      'COMMITTEE',
      'SUBMISSIONS',
      'REGISTRATION',
      'KEYNOTE',
      'PREVIOUS EVENTS',
      'AWARDS',
      'LOGIN',
    ]);
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    expect(await page.getByRole('banner').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    await page.getByTestId('wide-nav').getByRole('link', { name: 'COMMITTEE' }).click();
    await page.waitForURL('**/committee');
    await page.getByRole('heading', { level: 1, name: 'Steering Committee' }).waitFor();
    await context.close();
  });

  test('at 390 px the menu button opens a full-screen overlay that traps focus, locks the page and closes on the cross, Escape and a choice', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await gotoHydrated(page, '/');
    expect(await page.getByTestId('wide-nav').isVisible()).toBe(false);
    const menuButton = page.getByRole('button', { name: 'Open menu' });

    // Open: full screen, the overlay's links in their order, no HOME.
    await menuButton.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    const box = await menu.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    expect((await menu.getByRole('link').allInnerTexts()).map((l) => l.trim())).toEqual([
      'CALL FOR PAPERS',
      'COMMITTEE',
      'SUBMISSIONS',
      'REGISTRATION',
      'TECHNICAL WORKSHOP',
      'KEYNOTE',
      'PREVIOUS EVENTS',
      'AWARDS',
      'LOGIN',
    ]);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');

    // Focus starts on the close control and stays inside: 10 controls, so 10 Tabs come back round.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close menu');
    for (let i = 0; i < 10; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close menu');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('LOGIN');

    // The page behind does not scroll.
    expect(await wheelAndReadScroll(page, 1500)).toBe(0);

    // Escape closes and gives focus back to the menu button.
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    // The same wheel scrolls the page once the overlay is closed.
    expect(await wheelAndReadScroll(page, 800)).toBeGreaterThan(0);

    // The cross closes.
    await menuButton.click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'detached' });

    // Choosing a link navigates and closes.
    await menuButton.click();
    await menu.getByRole('link', { name: 'TECHNICAL WORKSHOP' }).click();
    await page.waitForURL('**/technical-workshop');
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Technical Workshop' }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await context.close();
  });
});

describe('footer', () => {
  test('every footer link reaches a real page or section', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const footerLink = (name: string) => page.getByRole('contentinfo').getByRole('link', { name, exact: true });

    for (const [name, path, heading] of [
      ['Terms', '/terms', 'Terms'],
      ['Privacy Policy', '/privacy-policy', 'Privacy Policy'],
      ['Agreement', '/agreement', 'Agreement'],
    ] as const) {
      await gotoHydrated(page, '/keynote');
      await footerLink(name).click();
      await page.waitForURL(`**${path}`);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      const res = await fetch(new URL(path, page.url()));
      expect(res.status).toBe(200);
    }

    for (const [name, id, heading] of [
      ['About Us', 'about', 'About the Conference'],
      ['Contact us', 'contact', 'Get In Touch'],
    ] as const) {
      await gotoHydrated(page, '/committee');
      await footerLink(name).click();
      await page.waitForURL(`**/#${id}`);
      const section = page.locator(`#${id}`);
      await page.waitForFunction((sel) => {
        const r = document.querySelector(sel)?.getBoundingClientRect();
        return !!r && r.top >= 0 && r.top < 200;
      }, `#${id}`);
      expect(await section.getByRole('heading', { level: 2 }).first().innerText()).toBe(heading);
    }

    await gotoHydrated(page, '/');
    const websites = footerLink('Websites (opens in a new tab)');
    expect(await websites.getAttribute('href')).toBe('https://journal.example.org');
    expect(await websites.getAttribute('target')).toBe('_blank');
    expect(await websites.getAttribute('rel')).toContain('noopener');
    const chat = page.getByRole('contentinfo').getByRole('link', { name: /Chat with us/ });
    expect(await chat.getAttribute('href')).toBe('https://wa.me/66000000000');
    expect(await page.getByRole('contentinfo').innerText()).toContain('All prices are in US dollars.');
    await context.close();
  });
});
