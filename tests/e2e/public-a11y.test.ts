import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations, baseUrl, DESKTOP, launchBrowser, newPage, PHONE } from './browser';
import { newAxePage, PUBLIC_PATHS, waitForHydration } from './public-support';

let browser: Browser;
/** The shared server's PUBLIC_URL (its default, http://localhost and its port): the pages' canonical address names it. */
const publicUrl = () => `http://localhost:${new URL(baseUrl()).port}`;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('accessibility: axe-core finds no violations', () => {
  for (const [name, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    test(`every public page at ${name} px`, async () => {
      const { context, page } = await newAxePage(browser, viewport);
      const problems: string[] = [];
      for (const path of PUBLIC_PATHS) {
        await page.goto(path);
        await waitForHydration(page);
        for (const v of await axeViolations(page)) problems.push(`${path}: ${v}`);
      }
      expect(problems).toEqual([]);
      await context.close();
    }, 120_000);
  }
});

describe('accessibility of open overlays', () => {
  test('the open phone menu and the open keynote dialog have no violations', async () => {
    const { context, page } = await newAxePage(browser, PHONE);
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/keynote');
    await waitForHydration(page);
    await page
      .getByRole('button', { name: /^Read More/ })
      .first()
      .click();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('search engines', () => {
  test('every public page has its own title, description, canonical link and Open Graph tags in its HTML', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of PUBLIC_PATHS) {
      const html = await (await fetch(baseUrl() + path)).text();
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1];
      expect(title, path).toBeTruthy();
      expect(description, path).toBeTruthy();
      titles.add(title!);
      descriptions.add(description!);
      expect(html, path).toContain(`<link rel="canonical" href="${publicUrl()}${path}"/>`);
      for (const og of ['og:title', 'og:description', 'og:url', 'og:type', 'og:image'])
        expect(html, `${path} ${og}`).toContain(`property="${og}"`);
    }
    expect(titles.size).toBe(PUBLIC_PATHS.length);
    expect(descriptions.size).toBe(PUBLIC_PATHS.length);
  });

  test('/robots.txt and /sitemap.xml are served', async () => {
    const robots = await fetch(`${baseUrl()}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${publicUrl()}/sitemap.xml`);
    const sitemap = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toContain('xml');
    const xml = await sitemap.text();
    for (const path of PUBLIC_PATHS) expect(xml).toContain(`<loc>${publicUrl()}${path}</loc>`);
  });

  test('pages load no image, font or script from another host', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(baseUrl()) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    for (const path of ['/', '/keynote', '/registration']) await page.goto(path, { waitUntil: 'load' });
    expect(foreign).toEqual([]);
    await context.close();
  });
});
