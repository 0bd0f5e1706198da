import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser, newPage } from './browser';

/**
 * Decision 0018: the API client handles a 401 once for every screen. A stored session the server no longer
 * accepts (here a token with a forged signature) sends every login-area screen that reads from the API to
 * /login saying 'Please login first' (docs/product.md#validation-and-messages), and the stored session is forgotten.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ID = '0123456789abcdef01234567';
const SCREENS: Record<'Author' | 'Editor' | 'Reviewer', string[]> = {
  Author: ['/author/dashboard', '/author/paper-details', `/paper-details/${ID}`],
  Editor: [
    '/editor/dashboard',
    `/editor/view-more/${ID}`,
    '/editor/messages',
    '/editor/payments',
    '/editor/program',
    '/editor/settings',
    '/editor/reviewers',
    '/editor/decisions',
    '/editor/audit',
    '/editor/missing-reviews',
    '/editor/tracks',
  ],
  Reviewer: ['/reviewer/dashboard', `/reviewer/dashboard/${ID}`, '/reviewer/bidding'],
};
// Three base64url parts, as a real token has: the server refuses it for its signature.
const FORGED = `${btoa(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${btoa(JSON.stringify({ sub: ID, role: 'Editor' }))}.AAAA`.replace(
  /=/g,
  '',
);

for (const [role, paths] of Object.entries(SCREENS)) {
  test(`${role}: a session the server refuses leads every screen to log in again`, async () => {
    const { context, page } = await newPage(browser);
    const user = JSON.stringify({ _id: ID, name: 'Someone Expired', email: 'expired@e2e.example.org', role });
    await page.goto('/terms');
    const stayed: string[] = [];
    for (const path of paths) {
      await page.evaluate(
        ([token, stored]) => {
          localStorage.setItem('token', token);
          localStorage.setItem('user', stored);
        },
        [FORGED, user] as const,
      );
      await page.goto(path);
      try {
        await page.waitForURL('**/login?reason=login', { timeout: 15_000 });
        await page.getByText('Please login first').first().waitFor();
        expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')]), path).toEqual([null, null]);
      } catch (err) {
        stayed.push(`${path}: ${(err as Error).message.split('\n')[0]}`);
      }
    }
    expect(stayed).toEqual([]);
    await context.close();
  }, 120_000);
}
