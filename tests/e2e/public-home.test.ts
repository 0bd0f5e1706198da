import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { baseUrl, DESKTOP, launchBrowser, newPage, PHONE } from './browser';
import { gotoHydrated } from './public-support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const selectedSlide = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[aria-label^="Go to slide"]')).findIndex((b) => b.getAttribute('aria-current') === 'true'),
  );

describe('home page HTML', () => {
  test('before any script runs it carries the title, the default texts and schema.org Event JSON-LD', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    expect(html).toContain('<title>5th World Conference on Innovations in Management, Science and Engineering | IMSE 2025</title>');
    for (const text of [
      'December 28-27 2023',
      'HYBRID CONFERENCE',
      'About the Conference',
      'Important News',
      'Important Deadlines',
      'VENUE',
      'Get In Touch',
      'Awaiting approval',
    ]) {
      expect(html, text).toContain(text);
    }
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    expect(ld).toBeTruthy();
    const event = JSON.parse(ld!);
    expect(event).toMatchObject({
      '@type': 'Event',
      name: '5th World Conference on Innovations in Management, Science and Engineering',
      eventAttendanceMode: 'https://schema.org/MixedEventAttendanceMode',
      startDate: '2023-12-27',
      endDate: '2023-12-28',
    });
    expect(event.location[0]).toMatchObject({ '@type': 'Place', address: { addressCountry: 'TH' } });
  });

  test('the home sections come in their order', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto('/');
    const headings = await page.locator('main h1, main h2').allInnerTexts();
    expect(headings.map((h) => h.trim())).toEqual([
      '5th World Conference on Innovations in Management, Science and Engineering',
      'About the Conference',
      'Important News',
      'Important Deadlines',
      'Publisher, Indexing Partner and Technical Co-sponsor',
      'VENUE',
      'Get In Touch',
    ]);
    await context.close();
  });
});

describe('hero slider', () => {
  test('advances by itself every 3.5 s, in about 500 ms, and the pause control stops it', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    // The page's timers run on Playwright's clock, flowing as usual until the test moves it on itself.
    await page.clock.install();
    await gotoHydrated(page, '/');
    expect(await page.locator('[aria-roledescription="slide"]').count()).toBe(4);
    expect(await selectedSlide(page)).toBe(0);
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Go to slide 2"]')?.getAttribute('aria-current') === 'true',
      null,
      { timeout: 5000 },
    );

    // Transition time: from a click on Next until the slide is within 2 % of its place (a spring settles slowly after).
    const ms = await page.evaluate(async () => {
      const track = document.querySelector('[data-testid="hero-viewport"] > div') as HTMLElement;
      const x = () => new DOMMatrix(getComputedStyle(track).transform).m41;
      const samples: [number, number][] = [];
      (document.querySelector('[aria-label="Next slide"]') as HTMLElement).click();
      const start = performance.now();
      while (performance.now() - start < 2000) {
        await new Promise((r) => requestAnimationFrame(r));
        samples.push([performance.now() - start, x()]);
      }
      const from = samples[0]![1];
      const to = samples[samples.length - 1]![1];
      const done = samples.find(([, v]) => Math.abs(to - v) <= Math.abs(to - from) * 0.02);
      return done ? done[0] : Infinity;
    });
    expect(ms).toBeGreaterThan(300);
    expect(ms).toBeLessThan(800);
    expect(await selectedSlide(page)).toBe(2);

    await page.getByRole('button', { name: 'Pause slideshow' }).click();
    const at = await selectedSlide(page);
    // More than one autoplay interval passes on the page's clock (its timers fire): a running slideshow would move on.
    await page.clock.runFor(4500);
    await page.evaluate(() => new Promise(requestAnimationFrame));
    expect(await selectedSlide(page)).toBe(at);
    await page.getByRole('button', { name: 'Play slideshow' }).click();
    await page.waitForFunction(
      (was) =>
        Array.from(document.querySelectorAll('[aria-label^="Go to slide"]')).findIndex((b) => b.getAttribute('aria-current') === 'true') !==
        was,
      at,
      { timeout: 5000 },
    );

    // Dots jump to a slide; it wraps round (infinite).
    await page.getByRole('button', { name: 'Go to slide 4' }).click();
    expect(await selectedSlide(page)).toBe(3);
    await page.getByRole('button', { name: 'Next slide' }).click();
    expect(await selectedSlide(page)).toBe(0);
    await context.close();
  });
});

describe('news ticker', () => {
  test('loops on an 8 s linear cycle and has a working pause control', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await gotoHydrated(page, '/');
    const track = page.locator('.news-ticker-track');
    const style = await track.evaluate((el) => {
      const s = getComputedStyle(el);
      return { d: s.animationDuration, t: s.animationTimingFunction, n: s.animationIterationCount, p: s.animationPlayState };
    });
    expect(style).toEqual({ d: '8s', t: 'linear', n: 'infinite', p: 'running' });
    await page.getByRole('button', { name: 'Pause news ticker' }).click();
    expect(await track.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('paused');
    await page.getByRole('button', { name: 'Play news ticker' }).click();
    expect(await track.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('running');
    await context.close();
  });
});

describe('logos', () => {
  test('two rows of four logos fade in once scrolled into view', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await gotoHydrated(page, '/');
    const reveal = page.locator('[data-reveal]');
    expect(await reveal.getAttribute('data-reveal')).toBe('waiting');
    expect(await page.locator('[data-reveal] ul').count()).toBe(2);
    expect(await page.locator('[data-reveal] img').count()).toBe(8);
    await reveal.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('[data-reveal]')?.getAttribute('data-reveal') === 'shown');
    await page.getByRole('heading', { name: 'VENUE' }).waitFor();
    expect(await page.locator('#venue').innerText()).toMatch(/Sample Beach Resort, Pattaya\s+Thailand/);
    await context.close();
  });
});

describe('contact form', () => {
  test('sends the message, shows the green toast for about 3 s, and the server stores it (201)', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await gotoHydrated(page, '/');
    const form = page.locator('#contact form');
    expect(await form.locator('#contact-email').getAttribute('type')).toBe('email');
    expect(await form.locator('textarea').getAttribute('rows')).toBe('6');
    expect(await form.locator('[required]').count()).toBe(0);
    await form.getByLabel('Name').fill('Browser Test');
    await form.getByLabel('Email').fill('browser@example.org');
    await form.getByLabel('Phone').fill('+66 1');
    await form.getByLabel('Subject').fill('Hello');
    await form.getByLabel('Message').fill('Sent from the browser test.');

    // The toast's life, timed in the page from when it appears: when it is marked leaving (its time is up), when it is gone.
    await page.evaluate(() => {
      (window as { toastLife?: Promise<{ leaving: number; gone: number }> }).toastLife = new Promise((resolve) => {
        let shown = 0;
        let leaving = -1;
        new MutationObserver((_, observer) => {
          const toast = document.querySelector('[data-toast]');
          if (toast && !shown) shown = performance.now();
          if (toast?.getAttribute('data-leaving') === 'true' && leaving < 0) leaving = performance.now() - shown;
          if (!toast && shown) {
            observer.disconnect();
            resolve({ leaving, gone: performance.now() - shown });
          }
        }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-leaving'] });
      });
    });
    const response = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const res = await response;
    expect(res.status()).toBe(201);
    expect(await res.json()).toEqual({ message: 'Message sent successfully !!' });

    const toast = page.getByText('Message sent successfully !!');
    await toast.waitFor();
    const bg = await page.locator('[data-toast]').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).toBe('rgb(22, 101, 52)');
    expect(await form.getByLabel('Name').inputValue()).toBe('');
    // It stays about 3 s, then leaves and is gone.
    await toast.waitFor({ state: 'detached', timeout: 6000 });
    const life = await page.evaluate(() => (window as { toastLife?: Promise<{ leaving: number; gone: number }> }).toastLife!);
    expect(life.leaving).toBeGreaterThan(2500);
    expect(life.leaving).toBeLessThan(3500);
    expect(life.gone).toBeLessThan(4500);
    await context.close();
  });
});
