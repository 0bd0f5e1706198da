import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { DESKTOP, launchBrowser, logInInBrowser, PHONE, screenChecker, startOwnServer } from './browser';
import { serverApi } from './server-api';

/**
 * Decision 0076 in the browser, on a server of its own: a reviewer imports a BibTeX file and their DBLP page's XML
 * on the Publications screen, sees them listed once each (the paper both files hold is one entry), turns one off
 * for matching and finds it so after a reload; the editor imports a file for a reviewer from the reviewers screen.
 * The screens axe-clean, nothing sideways, at 390 and 1280 px.
 */
let browser: Browser;
let server: ServerProcess & { dataDir: string };
const stamp = Date.now().toString(36);
const EDITOR = `pubs-editor-${stamp}@e2e.example.org`;
const REVIEWER = `jana@uni-m-${stamp}.example`;
const OTHER = { name: 'Li Wei', email: `li@uni-w-${stamp}.example` };
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/publications');
const checkScreen = screenChecker({ sizes: [PHONE, DESKTOP], shots: process.env.E2E_SHOTS, prefix: 'publications-', toastsGone: true });

const { call, signup } = serverApi(() => server.url);
let otherToken: string;

beforeAll(async () => {
  server = await startOwnServer({ EDITOR_EMAILS: EDITOR });
  browser = await launchBrowser();
  await signup('Editor', 'Desk Editor', EDITOR);
  await signup('Reviewer', 'Jana Müller', REVIEWER, ['Robotics']);
  otherToken = (await signup('Reviewer', OTHER.name, OTHER.email, ['Robotics'])).token;
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('a reviewer imports a BibTeX file and a DBLP file, sees them listed, and turns one off for matching', async () => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url, bypassCSP: true });
  const page = await context.newPage();
  await logInInBrowser(page, { role: 'Reviewer', email: REVIEWER });
  await page.getByRole('link', { name: 'Publications', exact: true }).click();
  await page.getByRole('heading', { name: 'Publications', level: 1 }).waitFor();
  await page.getByText('None yet: import a file or add one below.').waitFor();
  await checkScreen(page, 'empty');

  const file = page.getByLabel('Publications file');
  await file.setInputFiles({ name: 'mine.bib', mimeType: 'text/plain', buffer: readFileSync(path.join(FIXTURES, 'reviewer.bib')) });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByText('3 publications added, 0 already in the profile').waitFor();
  const list = page
    .getByRole('list')
    .filter({ has: page.getByRole('listitem', { name: 'Learning Solvation Energies of Small Molecules' }) });
  await expect.poll(() => list.getByRole('listitem').count()).toBe(3);

  await file.setInputFiles({ name: 'dblp.xml', mimeType: 'application/xml', buffer: readFileSync(path.join(FIXTURES, 'person.xml')) });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByText('2 publications added, 1 already in the profile').waitFor();
  await expect.poll(() => list.getByRole('listitem').count()).toBe(5);
  const titles = await list.getByRole('listitem').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));
  expect(titles).toEqual([
    // Newest first: 2023, 2022, 2021 (two, by title), 2019.
    'Graph Neural Networks for Molecular Property Prediction',
    'Equivariant Message Passing for Protein–Ligand Binding & Docking',
    'Benchmarks for Reaction Yield Prediction',
    'Learning Solvation Energies of Small Molecules',
    'Lecture notes on molecular dynamics',
  ]);
  await expect.poll(() => page.getByTestId('publications-counted').textContent()).toBe('5 listed, 5 counted for matching.');

  // The lecture notes are not research: they stop counting for matching.
  const notes = list.getByRole('listitem', { name: 'Lecture notes on molecular dynamics' });
  await notes.getByRole('checkbox', { name: 'Counts for matching' }).uncheck();
  await expect.poll(() => page.getByTestId('publications-counted').textContent()).toBe('5 listed, 4 counted for matching.');
  await checkScreen(page, 'listed');
  await page.reload();
  await page.getByRole('heading', { name: 'Publications', level: 1 }).waitFor();
  expect(await list.getByRole('listitem', { name: 'Lecture notes on molecular dynamics' }).getByRole('checkbox').isChecked()).toBe(false);
  expect(
    await list.getByRole('listitem', { name: 'Learning Solvation Energies of Small Molecules' }).getByRole('checkbox').isChecked(),
  ).toBe(true);

  // A file that is not one of the three formats is refused with its reason, and nothing changes.
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('title, year\nA paper, 2020\n') });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByText('The file is neither BibTeX, DBLP XML nor ORCID JSON.').waitFor();
  expect(await page.getByTestId('publications-counted').textContent()).toBe('5 listed, 4 counted for matching.');

  // Added by hand.
  const add = page.getByRole('form', { name: 'Add publication' });
  await add.getByLabel('Title').fill('Catalysis on Copper Surfaces');
  await add.getByLabel('Year').fill('2018');
  await add.getByRole('button', { name: 'Add publication' }).click();
  await list.getByRole('listitem', { name: 'Catalysis on Copper Surfaces' }).waitFor();
  await expect.poll(() => page.getByTestId('publications-counted').textContent()).toBe('6 listed, 5 counted for matching.');
  await context.close();
});

test('the editor imports a DBLP file for a reviewer from the reviewers screen', async () => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url, bypassCSP: true });
  const page = await context.newPage();
  await logInInBrowser(page, { role: 'Editor', email: EDITOR });
  await page.goto('/editor/reviewers?status=all');
  const row = page.getByRole('listitem').filter({ hasText: OTHER.email });
  await row.getByText('Import publications').click();
  await row
    .getByLabel(`Publications file (BibTeX, DBLP XML or ORCID JSON) for ${OTHER.name}`)
    .setInputFiles({ name: 'dblp.xml', mimeType: 'application/xml', buffer: readFileSync(path.join(FIXTURES, 'person.xml')) });
  await row.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByText(`${OTHER.name}: 3 publications added, 0 already in the profile`).waitFor();
  await checkScreen(page, 'editor-reviewers');
  const theirs = await call<{ publications: Array<{ title: string }> }>('GET', '/api/me/publications', otherToken);
  expect(theirs.publications.map((p) => p.title)).toContain('Benchmarks for Reaction Yield Prediction');
  await context.close();
});
