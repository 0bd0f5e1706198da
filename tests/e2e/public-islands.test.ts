import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { baseUrl, DESKTOP, horizontalOverflow, launchBrowser, newPage, PHONE } from './browser';
import { gotoHydrated, PUBLIC_PATHS } from './public-support';

/**
 * Decision 0030: public pages are prerendered HTML with small island scripts and none of the framework
 * (decision 0030). Each page's scripts, each island at work, the pages without JavaScript, and the way
 * from the login area's router to a public page. Screenshots at 390 and 1280 px when PUBLIC_SHOTS names a folder.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SHOTS = process.env.PUBLIC_SHOTS;
/** Decision 0030's ceilings for a page's JavaScript: 50 KB on these three pages, 15 KB on every other. */
const LARGER = ['/', '/registration', '/program'];

/** Every script the page fetched, with what went over the wire. */
function recordScripts(page: Page) {
  const scripts: { path: string; bytes: Promise<number> }[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    scripts.push({
      path: new URL(res.url()).pathname,
      bytes: res
        .request()
        .sizes()
        .then((s) => s.responseBodySize),
    });
  });
  return scripts;
}

describe('public pages carry their islands and no framework', () => {
  test('every public page and the not-found page load only island scripts, within their JavaScript ceilings', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const scripts = recordScripts(page);
    const problems: string[] = [];
    for (const url of [...PUBLIC_PATHS, '/no-such-page']) {
      scripts.length = 0;
      await gotoHydrated(page, url);
      await page.waitForLoadState('load');
      const paths = scripts.map((s) => s.path);
      expect(paths.length, url).toBeGreaterThan(0);
      for (const p of paths) if (!/^\/assets\/island-[\w-]+\.js$/.test(p)) problems.push(`${url} loaded ${p}`);
      const page_ = await page.evaluate(() => ({
        router: 'reactRouterContext' in window || '__reactRouterContext' in window,
        react: [document.querySelector('main'), document.body].some((el) => !!el && Object.keys(el).some((k) => k.startsWith('__react'))),
        // Inline scripts other than data blocks, which never run: the search engines' JSON-LD and the conference's
        // facts (decision 0050).
        inline: document.querySelectorAll('script:not([src]):not([type="application/ld+json"]):not([type="application/json"])').length,
      }));
      if (page_.router || page_.react) problems.push(`${url} runs React or React Router`);
      if (page_.inline) problems.push(`${url} has ${page_.inline} inline scripts`);
      const sent = (await Promise.all(scripts.map((s) => s.bytes))).reduce((a, b) => a + b, 0);
      const ceiling = (LARGER.includes(url) ? 50 : 15) * 1024;
      if (sent > ceiling) problems.push(`${url} sent ${sent} bytes of JavaScript, above ${ceiling}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  test('without JavaScript every public page shows its content and its links lead on', async () => {
    const noScript = await browser.newContext({ viewport: DESKTOP, baseURL: baseUrl(), javaScriptEnabled: false });
    const p = await noScript.newPage();
    for (const url of PUBLIC_PATHS) {
      await p.goto(url);
      expect((await p.getByRole('heading', { level: 1 }).first().innerText()).trim().length, url).toBeGreaterThan(0);
      expect(await p.getByRole('contentinfo').isVisible(), url).toBe(true);
    }
    await p.goto('/');
    await p.getByTestId('wide-nav').getByRole('link', { name: 'KEYNOTE' }).click();
    await p.waitForURL('**/keynote');
    expect(await p.getByRole('button', { name: /^Read More/ }).count()).toBe(7);
    await noScript.close();
  });

  test("a public page reached from the login area's router arrives as a document with its island", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(true);
    await page.getByTestId('wide-nav').getByRole('link', { name: 'COMMITTEE' }).click();
    await page.waitForURL('**/committee');
    await page.waitForFunction(() => document.documentElement.dataset.islands === 'ready');
    await page.getByRole('heading', { level: 1, name: 'Steering Committee' }).waitFor();
    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false);
    await context.close();
  });
});

describe('each island at work', () => {
  test('the hero slider moves on by itself and by its arrows and dots', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await gotoHydrated(page, '/');
    const current = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('[aria-label^="Go to slide"]')).findIndex((b) => b.getAttribute('aria-current') === 'true'),
      );
    expect(await current()).toBe(0);
    await expect.poll(current, { timeout: 5000 }).toBe(1);
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expect.poll(current).toBe(0);
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expect.poll(current).toBe(3);
    await page.getByRole('button', { name: 'Go to slide 3' }).click();
    await expect.poll(current).toBe(2);
    await context.close();
  });

  test('the news ticker and the keynote page add what an editor added', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.route('**/api/news', (route) =>
      route.fulfill({ json: [{ _id: 'n1', name: '1 January 2024', description: 'Stubbed news item' }] }),
    );
    await page.route('**/api/keynote-speakers', (route) =>
      route.fulfill({ json: [{ _id: 's1', name: 'Ada Stub', designation: 'Professor', position: 'Stub University', photo: null }] }),
    );
    await gotoHydrated(page, '/');
    // Drawn in both copies of the looping list, the second hidden from assistive technology.
    await expect.poll(() => page.getByTestId('news-ticker').getByText('Stubbed news item').count()).toBe(2);
    expect(await page.getByTestId('news-ticker').getByRole('listitem').filter({ hasText: 'Stubbed news item' }).count()).toBe(1);

    await gotoHydrated(page, '/keynote');
    const card = page.getByTestId('speakers').getByRole('listitem').filter({ hasText: 'Ada Stub' });
    await card.waitFor();
    expect(await page.getByTestId('speakers').getByRole('listitem').count()).toBe(8);
    await card.getByRole('img', { name: 'Ada Stub: no photo yet' }).waitFor();
    await card.getByRole('button', { name: 'Read More about Professor' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ada Stub' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Professor, Stub University');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  test('the keynote dialog shows the speaker chosen and closes on Escape, its cross and the backdrop', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await gotoHydrated(page, '/keynote');
    const dialog = page.locator('dialog');
    for (const [n, close] of [
      [2, 'escape'],
      [3, 'cross'],
      [5, 'backdrop'],
    ] as const) {
      await page
        .getByRole('button', { name: /^Read More/ })
        .nth(n - 1)
        .click();
      await page.getByRole('dialog').getByText(`Keynote ${n}:`, { exact: false }).waitFor();
      if (close === 'escape') await page.keyboard.press('Escape');
      else if (close === 'cross') await dialog.getByRole('button', { name: 'Close' }).click();
      else await page.mouse.click(5, 5);
      expect(await dialog.evaluate((d: HTMLDialogElement) => d.open), close).toBe(false);
      // Closed, it holds nothing: the next speaker's content replaces it.
      expect(await dialog.innerHTML()).toBe('');
    }
    await context.close();
  });

  test('the contact toast shows for about 3 s and an error toast says why', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await gotoHydrated(page, '/');
    // Timed in the page, from the toast's appearing to its leaving (the server's answer and the test runner's own
    // delays on a loaded machine are not the toast's).
    await page.evaluate(() => {
      const w = window as unknown as { toastTimes: { shown?: number; gone?: number } };
      w.toastTimes = {};
      new MutationObserver(() => {
        const there = document.querySelector('[data-toast="success"]') !== null;
        if (there && w.toastTimes.shown === undefined) w.toastTimes.shown = performance.now();
        if (!there && w.toastTimes.shown !== undefined && w.toastTimes.gone === undefined) w.toastTimes.gone = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.locator('[data-toast="success"]');
    await toast.getByText('Message sent successfully !!').waitFor();
    await toast.waitFor({ state: 'detached', timeout: 10_000 });
    const times = await page.evaluate(() => (window as unknown as { toastTimes: { shown: number; gone: number } }).toastTimes);
    const ms = times.gone - times.shown;
    expect(ms).toBeGreaterThan(2900);
    expect(ms).toBeLessThan(4500);

    await page.route('**/api/contact', (route) =>
      route.fulfill({ status: 429, json: { message: 'Too many messages: please wait a few minutes.' } }),
    );
    await page.getByLabel('Message', { exact: true }).fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.locator('[data-toast="error"]').getByText('Too many messages: please wait a few minutes.').waitFor();
    // The form keeps what the visitor wrote when it could not be sent.
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('Hello');
    await context.close();
  });

  test('the previous event chosen stays marked across a reload', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    page.on('dialog', (d) => void d.accept());
    await gotoHydrated(page, '/previous-events');
    expect(await page.getByTestId('selected-event').innerText()).toBe('No event selected yet.');
    await page.getByRole('button', { name: /THAILAND\s*2022\s*Pattaya/i }).click();
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.islands === 'ready');
    expect(await page.getByRole('button', { name: /THAILAND\s*2022\s*Pattaya/i }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('[aria-pressed="true"]').count()).toBe(1);
    expect(await page.getByTestId('selected-event').innerText()).toBe('Your selected event: Thailand 2022 Pattaya');
    await context.close();
  });

  test('the menu overlay closes when a link is chosen, on every kind of public page', async () => {
    const { context, page } = await newPage(browser, PHONE);
    for (const [from, link, to] of [
      ['/keynote', 'AWARDS', '/awards'],
      ['/registration', 'COMMITTEE', '/committee'],
      ['/program', 'LOGIN', '/login'],
    ] as const) {
      await gotoHydrated(page, from);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.getByRole('link', { name: link }).click();
      await page.waitForURL(`**${to}`);
      expect(await menu.count()).toBe(0);
    }
    await context.close();
  });

  test("the payment modal opens on Pay Now and checks the payer's details", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await gotoHydrated(page, '/registration');
    await page.getByLabel('Fee', { exact: true }).selectOption({ label: 'Conference Registration Fees' });
    await page.getByLabel('Registration', { exact: true }).selectOption('Attending');
    // No payer category without publication.
    expect(await page.getByLabel('Payer category').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Amount (INR)').inputValue()).toBe('14800');
    await dialog.getByRole('button', { name: 'Pay with PayU' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBeTruthy();
    await dialog.getByLabel('Name').fill('Priya Sharma');
    await dialog.getByLabel('Email').fill('not an address');
    await dialog.getByRole('button', { name: 'Pay with PayU' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please enter a valid email address' }).waitFor();
    await context.close();
  });

  test('the programme filters by track, switches the time zone, and says when it cannot load', async () => {
    const session = (id: string, title: string, track: string, start: string, end: string) => ({
      _id: id,
      title,
      track,
      room: 'Room A',
      start,
      end,
      chair: 'Dr Chair',
      papers: [{ _id: `p${id}`, title: `Paper of ${title}`, presenter: 'Ada Presenter' }],
      kind: 'papers',
      label: track,
    });
    // The contract's answer (decision 0063): the tracks the filter offers come with the programme.
    const program = {
      timeZone: 'Asia/Bangkok',
      tracks: [
        'Science and Materials',
        'Computer Science and Applications',
        'Electrical and Electronics Engineering',
        'Management and Social Science',
      ],
      sessions: [
        session('a', 'Materials I', 'Science and Materials', '2023-12-27T02:00:00.000Z', '2023-12-27T03:30:00.000Z'),
        session('b', 'Computing I', 'Computer Science and Applications', '2023-12-27T04:00:00.000Z', '2023-12-27T05:00:00.000Z'),
        session('c', 'Computing II', 'Computer Science and Applications', '2023-12-28T04:00:00.000Z', '2023-12-28T05:00:00.000Z'),
      ],
    };
    const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl(), timezoneId: 'America/New_York' });
    const page = await context.newPage();
    await page.route('**/api/program', (route) => route.fulfill({ json: program }));
    await gotoHydrated(page, '/program');
    const sessions = page.getByTestId('program-session');
    await expect.poll(() => sessions.count()).toBe(3);
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      'Wednesday, 27 December 2023',
      'Thursday, 28 December 2023',
    ]);
    expect(await sessions.first().getByRole('heading').textContent()).toBe('09:00–10:30 Materials I');
    expect(await sessions.first().textContent()).toContain('Science and Materials · Room A · Chair: Dr Chair');

    await page.getByLabel('Track').selectOption('Computer Science and Applications');
    await expect.poll(() => sessions.count()).toBe(2);
    await page.getByLabel('Track').selectOption('Management and Social Science');
    await page.getByText('No sessions in this track yet.').waitFor();
    await page.getByLabel('Track').selectOption('all');
    await expect.poll(() => sessions.count()).toBe(3);

    await page.getByRole('button', { name: 'Show my time zone' }).click();
    await expect.poll(() => sessions.first().getByRole('heading').textContent()).toBe('21:00–22:30 Materials I');
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).first().innerText()).toBe('Tuesday, 26 December 2023');
    expect(await page.locator('main h1 + p').innerText()).toContain('Times are shown in your time zone (America/New_York).');
    expect(await page.getByRole('button', { name: 'Show Bangkok time' }).getAttribute('aria-pressed')).toBe('true');

    await page.unroute('**/api/program');
    await page.route('**/api/program', (route) => route.fulfill({ status: 503, json: { message: 'down' } }));
    await page.reload();
    await page.getByRole('alert').getByText('The programme could not be loaded. Please try again later.').waitFor();
    await context.close();
  });
});

describe('screens', () => {
  test('home, /program and /registration fit 390 and 1280 px', async () => {
    for (const [name, viewport] of [
      ['390', PHONE],
      ['1280', DESKTOP],
    ] as const) {
      const { context, page } = await newPage(browser, viewport);
      await page.route('**/api/program', (route) =>
        route.fulfill({
          json: {
            timeZone: 'Asia/Bangkok',
            tracks: ['Computer Science and Applications'],
            sessions: [
              {
                _id: 's',
                kind: 'papers',
                label: 'Computer Science and Applications',
                title: 'Opening keynote',
                track: 'Computer Science and Applications',
                room: 'Main hall',
                start: '2023-12-27T02:00:00.000Z',
                end: '2023-12-27T03:00:00.000Z',
                chair: 'General Chair',
                papers: [],
              },
            ],
          },
        }),
      );
      for (const url of ['/', '/program', '/registration']) {
        await gotoHydrated(page, url);
        if (url === '/program') await page.getByTestId('program-session').waitFor();
        expect(await horizontalOverflow(page), `${url} at ${name} px`).toBeLessThanOrEqual(0);
        if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${url.slice(1) || 'home'}-${name}.png`), fullPage: url !== '/' });
      }
      await context.close();
    }
  });
});
