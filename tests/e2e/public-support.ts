import type { Browser, Page } from 'playwright-core';
import { baseUrl } from './browser';

/** Every prerendered public page (docs/product.md#public-pages), as in src/core/routes.ts. */
export { PUBLIC_PATHS } from '../../src/core/routes';

/**
 * Resolves once the page's scripts have started, so clicks reach their handlers: a public page's islands
 * (<html data-islands="ready">, decision 0030), or React's hydration on a page that has it.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (document.documentElement.dataset.islands === 'ready') return true;
    const el = document.querySelector('main');
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
  });
}

export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** A page whose Content-Security-Policy lets a test inject axe-core (the site's own policy forbids inline scripts). */
export async function newAxePage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl(), bypassCSP: true });
  return { context, page: await context.newPage() };
}
