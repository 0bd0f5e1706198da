import type { Page } from 'playwright-core';

/** Every prerendered public page (SPEC §2), as in src/core/routes.ts. */
export { PUBLIC_PATHS } from '../../src/core/routes';

/** Resolves once React has hydrated the page, so clicks reach their handlers. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const el = document.querySelector('main');
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
  });
}

export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}
