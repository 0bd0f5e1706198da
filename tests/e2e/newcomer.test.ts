import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { conference } from '../../src/web/content/conference';
import { DESKTOP, launchBrowser, newPage, PHONE, signUpInBrowser, uniqueEmail } from './browser';
import { gotoHydrated } from './public-support';

/** What a newcomer met, as they would meet it (docs/product.md#payments, docs/product.md#mail and docs/product.md#public-pages). The e2e server has PayU keys, no Stripe key and no SMTP. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** How many lines an element's text takes (React may split it into several text nodes on one line). */
function lineCount(el: Element): number {
  const range = document.createRange();
  range.selectNodeContents(el);
  return new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
}

/** The selected option's text fits its select (no "Choose what you are pay…"). */
const selectFits = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((el) => {
    const select = el as HTMLSelectElement;
    const style = getComputedStyle(select);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.selectedOptions[0]?.text ?? '';
    // Room for the text: the box minus its padding and the arrow (about 1.5 rem).
    return ctx.measureText(text).width <= select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 8;
  });

describe('payments without a provider', () => {
  test('the registration page says card payment is not available, offers PayU and a bank-transfer contact; the modal options name their own provider', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await gotoHydrated(page, '/registration');
    const notice = page.getByTestId('payment-availability');
    await notice.getByText('Card payment in US dollars is not available yet: pay in rupees through PayU.').waitFor();
    await expect(notice.getByRole('link', { name: conference.contact.email }).getAttribute('href')).resolves.toBe(
      `mailto:${conference.contact.email}`,
    );
    await expect(selectFits(page, 'Fee')).resolves.toBe(true);

    await page.getByRole('button', { name: 'Pay Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment' });
    await dialog.waitFor();
    const currency = dialog.getByLabel('Currency');
    await expect.poll(() => currency.locator('option[value=INR]').textContent()).toBe('INR — rupees, through PayU');
    await expect.poll(() => currency.locator('option[value=USD]').textContent()).toBe('USD — by card, through Stripe');
    await currency.selectOption('USD');
    await dialog
      .getByRole('alert')
      .getByText('Card payment in US dollars (USD, Stripe) is not configured yet. You can pay in rupees through PayU instead.', {
        exact: false,
      })
      .waitFor();
    await currency.selectOption('INR');
    await expect(dialog.getByRole('alert').count()).resolves.toBe(0);
    await context.close();
  });

  test('with no provider at all, the page says online payment is not available and offers the bank-transfer contact', async () => {
    const { context, page } = await newPage(browser, PHONE);
    // The server's answer when neither PayU nor Stripe keys are set (tests/api/payments checks the API itself).
    await page.route('**/api/payments/config', (route) => route.fulfill({ json: { payu: false, card: false } }));
    await gotoHydrated(page, '/registration');
    const notice = page.getByTestId('payment-availability');
    await notice.getByText('Online payment is not available yet.').waitFor();
    await notice.getByRole('link', { name: conference.contact.phone }).waitFor();
    await page.getByRole('button', { name: 'Pay Now' }).click();
    const alert = page.getByRole('dialog', { name: 'Payment' }).getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toBe('Rupee payment (INR) through PayU is not configured yet. To pay by bank transfer, see the contact above the Pay Now button.');
    await context.close();
  });
});

describe('mail without SMTP, login return, bar and profile', () => {
  test('an editor sees the outbox banner; the bar leads to the dashboard; after "Please login first" login returns to the page asked for', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const email = 'newcomer-editor@e2e.example.org'; // one of the server's EDITOR_EMAILS (global-setup)
    await signUpInBrowser(page, { role: 'Editor', email, name: 'Newcomer Editor' });
    await page.getByText('Mail is not configured: messages are kept in the outbox', { exact: false }).waitFor();
    // "Logged in as …" is not cut off at 390 px.
    const account = page.getByText('Logged in as', { exact: false });
    await expect(account.evaluate((el) => el.scrollWidth <= el.clientWidth)).resolves.toBe(true);
    // The menu's LOGIN place leads to the dashboard while logged in.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'DASHBOARD' }).getAttribute('href')).resolves.toBe(
      '/editor/dashboard',
    );
    await page.getByRole('button', { name: 'Close menu' }).click();

    // Logged out, the editor asks for the messages page, is told to log in, and comes back to it.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await page.goto('/editor/messages');
    await page.waitForURL('**/login?reason=login');
    await page.getByText('Please login first').waitFor();
    await page.getByText('Editor', { exact: true }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.locator('button[type=submit]').click();
    await page.waitForURL('**/editor/messages');
    await page.getByRole('heading', { name: 'Mail log' }).waitFor();
    // The banner, and the mail log's own explanation of the outbox.
    await page.getByText('Mail is not configured: messages are kept in the outbox', { exact: false }).first().waitFor();
    await page.getByText('Mail is not configured, so every e-mail is kept here', { exact: false }).waitFor();

    // Toasts sit below the bar, and a success dismisses the error shown before it.
    await page.goto('/keynote-admin');
    await page.getByRole('heading', { name: 'Important news' }).waitFor();
    // The first save fails (as a server error would), the second goes through.
    let failed = false;
    await page.route('**/api/news', (route) => {
      if (route.request().method() !== 'POST' || failed) return route.fallback();
      failed = true;
      return route.fulfill({ status: 503, json: { message: 'News could not be saved (test)' } });
    });
    await page.getByLabel('Name', { exact: true }).fill('Newcomer news');
    await page.getByRole('button', { name: 'Add news item' }).click();
    const error = page.getByText('News could not be saved (test)');
    await error.waitFor();
    const barBottom = await page.locator('header').evaluate((el) => el.getBoundingClientRect().bottom);
    // Once its slide-in has ended, the toast starts below the bar.
    await expect
      .poll(() => page.locator('[data-sonner-toast][data-type=error]').evaluate((el) => el.getBoundingClientRect().top), { timeout: 3000 })
      .toBeGreaterThanOrEqual(barBottom);
    await page.getByLabel('Name', { exact: true }).fill('Newcomer news');
    await page.getByRole('button', { name: 'Add news item' }).click();
    await page.locator('[data-sonner-toast][data-type=success]').waitFor();
    // Gone at once, long before its own 4 s would end it.
    await error.waitFor({ state: 'detached', timeout: 2000 });
    await context.close();
  });

  test('an author sees and sets the phone number on the profile banner; the wide bar offers DASHBOARD', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signUpInBrowser(page, { role: 'Author', email: uniqueEmail('newcomer-author'), name: 'Phone Author' });
    const banner = page.getByRole('region', { name: 'Profile' });
    await banner.getByText('No phone number yet').waitFor();
    await banner.getByRole('button', { name: 'Add phone' }).click();
    await banner.getByLabel('Phone').fill('+91 98765 43210');
    await banner.getByRole('button', { name: 'Save phone' }).click();
    await banner.getByText('Phone: +91 98765 43210').waitFor();
    await page.reload();
    await page.getByRole('region', { name: 'Profile' }).getByText('Phone: +91 98765 43210').waitFor();
    await expect(page.getByTestId('wide-nav').getByRole('link', { name: 'DASHBOARD' }).getAttribute('href')).resolves.toBe(
      '/author/dashboard',
    );
    // No editor banner for an author.
    await expect(page.getByTestId('mail-not-configured').count()).resolves.toBe(0);
    await context.close();
  });
});

describe('rough edges of the public pages', () => {
  test('an empty contact form shows the success toast and sends nothing', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/contact')) posts.push(r.url());
    });
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message sent successfully !!').waitFor();
    expect(posts).toEqual([]);
    // No blank strip under the news ticker: its viewport reaches the foot of its card.
    const gap = await page
      .getByTestId('news-ticker')
      .evaluate((el) => el.parentElement!.getBoundingClientRect().bottom - el.getBoundingClientRect().bottom);
    expect(gap).toBeLessThanOrEqual(2);
    await context.close();
  });

  test('at 390 px the module labels stay on one line and the e-mail address does not break', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await gotoHydrated(page, '/technical-workshop');
    const label = page.getByText('Module 1', { exact: true }).first();
    // One line box per line of text: a wrapped "Module / 1" has two.
    await expect(label.evaluate(lineCount)).resolves.toBe(1);
    await gotoHydrated(page, '/');
    for (const link of await page.getByRole('link', { name: conference.contact.email }).all()) {
      await link.scrollIntoViewIfNeeded();
      await expect(link.evaluate(lineCount)).resolves.toBe(1);
    }
    await context.close();
  });

  test('the 2022 award-id chips line up in a row', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await gotoHydrated(page, '/awards-2022');
    const tops = await page.locator('li p.font-mono').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(tops.length).toBe(5);
    expect(new Set(tops).size).toBe(1);
    await context.close();
  });
});
