import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DESKTOP, horizontalOverflow, launchBrowser, newPage, PHONE, signUpInBrowser, uniqueEmail } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('the editor reads the audit log on a phone, filters it by action and by person, pages through it, and downloads it as CSV', async () => {
  const { context, page } = await newPage(browser, PHONE);
  await signUpInBrowser(page, { role: 'Editor', email: 'audit-editor@e2e.example.org', name: 'Audit Editor' });

  // Things to find: an author's signup and 30 failed logins with addresses nobody else uses.
  const authorEmail = uniqueEmail('audited-author');
  const signup = await page.request.post('/api/signup', {
    data: {
      name: 'Audited Author',
      email: authorEmail,
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      role: 'Author',
    },
  });
  expect(signup.status()).toBe(201);
  const authorId = (await signup.json()).user._id as string;
  const probe = uniqueEmail('audit-probe');
  for (let i = 0; i < 30; i++) {
    const res = await page.request.post('/api/login', { data: { email: `${i}.${probe}`, password: 'wrong password!', role: 'Author' } });
    expect(res.status()).toBe(401);
  }

  await page.goto('/editor/audit');
  await page.getByRole('heading', { name: 'Audit log', exact: true }).waitFor();
  const rows = page.getByRole('table').locator('tbody tr');
  await rows.first().waitFor();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  // By action, 25 a page: every row is a failed login; "Older" shows the next 25, "Newer" goes back.
  await page.getByLabel('Action').fill('login.failed');
  await page.getByLabel('Rows per page').selectOption('25');
  await page.getByRole('button', { name: 'Show' }).click();
  await page.waitForURL(/action=login\.failed/);
  await expect.poll(() => rows.count()).toBe(25);
  const actions = await rows.locator('td[data-label="Action"]').allInnerTexts();
  expect(new Set(actions)).toEqual(new Set(['login.failed']));
  const firstPage = await rows.locator('td[data-label="Details"]').allInnerTexts();
  expect(firstPage.join('\n')).toContain(`29.${probe}`);
  await page.getByRole('button', { name: 'Older' }).click();
  await expect.poll(async () => (await rows.locator('td[data-label="Details"]').allInnerTexts())[0]).not.toBe(firstPage[0]);
  const secondPage = await rows.locator('td[data-label="Details"]').allInnerTexts();
  expect(secondPage.some((d) => firstPage.includes(d))).toBe(false);
  expect(secondPage.join('\n')).toContain(`4.${probe}`);
  await page.getByRole('button', { name: 'Newer' }).click();
  // Back on the newest page: it holds the first page's entries again (other browser tests running alongside may
  // have added newer failed logins above them meanwhile).
  await expect.poll(() => rows.locator('td[data-label="Details"]').allInnerTexts()).toContain(firstPage[0]);

  // By person: the author's one entry, their signup.
  await page.getByRole('link', { name: 'Clear filters' }).click();
  // The form shows the cleared filters once the unfiltered log has arrived; then the editor types.
  await expect.poll(() => page.getByLabel('Action').inputValue()).toBe('');
  await page.getByLabel('Who (user id)').fill(authorId);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect.poll(() => rows.count()).toBe(1);
  await expect.poll(() => rows.first().locator('td[data-label="Action"]').innerText()).toBe('user.signup');
  await expect.poll(() => rows.first().locator('td[data-label="Who"]').innerText()).toContain('Author');

  // A bad id is the server's clear 400, shown on the page.
  await page.getByLabel('Who (user id)').fill('not-an-id');
  await page.getByRole('button', { name: 'Show' }).click();
  await page.getByRole('alert').filter({ hasText: /./ }).waitFor();

  // The audit log's own export is beside it (the others sit beside their lists and on /editor/exports, docs/product.md#audit-log-and-exports);
  // it downloads as UTF-8 CSV with BOM.
  const exports = page.getByRole('region', { name: 'Download the audit log as CSV' });
  await exports.getByRole('link', { name: 'Every export in one place' }).waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), exports.getByRole('button', { name: 'Audit log' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv as Buffer[]).toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain(`29.${probe}`);

  await page.setViewportSize(DESKTOP);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await context.close();
});

test('another role is sent away from the audit page', async () => {
  const { context, page } = await newPage(browser, PHONE);
  await signUpInBrowser(page, { role: 'Author', email: uniqueEmail('not-auditor'), name: 'Not Auditor' });
  await page.goto('/editor/audit');
  await page.waitForURL('**/author/dashboard');
  await context.close();
});
