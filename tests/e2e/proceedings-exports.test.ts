import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { checkAccessibility, DESKTOP, launchBrowser, newPage, PHONE, signUpInBrowser } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('the editor sets the DOI prefix (a wrong one is refused with the reason) and finds the proceedings exports, axe-clean at 390 and 1280 px', async () => {
  const { context, page } = await newPage(browser, PHONE);
  await signUpInBrowser(page, { role: 'Editor', email: 'proceedings-editor@e2e.example.org', name: 'Proceedings Editor' });

  await page.goto('/editor/settings');
  await page.getByLabel('DOI prefix').fill('10.12');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('The DOI prefix must be 10. followed by 4 to 9 digits (e.g. 10.12345)').waitFor();
  await page.getByLabel('DOI prefix').fill('10.12345');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByRole('status').getByText('Settings saved.').waitFor();
  expect(await page.getByLabel('DOI pattern').inputValue()).toBe('imse.{year}.{paperId}');
  await checkAccessibility(page, 'settings with the DOI fields', { sizes: [PHONE, DESKTOP], toastsGone: true });

  await page.goto('/editor/exports');
  const card = page.getByRole('region', { name: 'Proceedings' });
  await card.getByRole('button', { name: 'Camera-ready PDFs (zip)' }).waitFor();
  await card.getByLabel('Track').selectOption({ label: 'Science and Materials' });
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Crossref deposit (XML)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^proceedings-crossref-track-1-\d{4}-\d{2}-\d{2}\.xml$/);
  await checkAccessibility(page, 'exports with the proceedings', { sizes: [PHONE, DESKTOP] });
  await context.close();
});
