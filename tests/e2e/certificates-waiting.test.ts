import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ServerProcess } from '../support/server-process';
import { checkAccessibility, DESKTOP, launchBrowser, ownDatabase, PHONE, signUpInBrowser, startOwnServer } from './browser';

/**
 * Decision 0054 on the editor's programme screen: issuing certificates tells how many presentation certificates wait
 * until their session has taken place, and offers the override; the card is axe-clean at 390 and 1280 px.
 */
const EDITOR = 'certificates-editor@e2e.example.org';
let browser: Browser;
let server: ServerProcess & { dataDir: string };

beforeAll(async () => {
  server = await startOwnServer({ EDITOR_EMAILS: EDITOR });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('the editor issues certificates, sees the one presentation that waits for its session, and issues it with the override', async () => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url, bypassCSP: true });
  const page = await context.newPage();
  await signUpInBrowser(page, { role: 'Editor', email: EDITOR, name: 'Certificates Editor' });
  // A paper and a published programme whose one session, with it, is still to come (submitting and publishing are other journeys').
  const db = ownDatabase(server.dataDir);
  await db.connect();
  const paperId = 'e'.repeat(24);
  await db.query(
    'insert into papers (id, author_id, title, abstract, decision) values ($1, (select id from users where email = $2), $3, $4, $5)',
    [paperId, EDITOR, 'A paper still to be presented', 'Abstract.', 'Accepted'],
  );
  const session = {
    _id: 'f'.repeat(24),
    title: 'Future session',
    track: 'Science and Materials',
    room: 'Room A',
    link: '',
    chair: '',
    start: '2099-12-27T02:00:00.000Z',
    end: '2099-12-27T03:00:00.000Z',
    papers: [{ _id: paperId, title: 'A paper still to be presented', presenter: 'Zoë Ångström', presenterEmail: 'zoe@e2e.example.org' }],
  };
  await db.query('insert into program_publications (sessions) values ($1)', [JSON.stringify([session])]);
  await db.end();
  await page.goto('/editor/program');
  const card = page
    .locator('section, div')
    .filter({ has: page.getByRole('heading', { name: 'Certificates' }) })
    .last();
  await expect.poll(() => page.getByRole('heading', { name: 'Certificates' }).count(), { timeout: 20_000 }).toBe(1);
  const override = page.getByLabel('Issue them before the sessions (override)');
  expect(await override.isChecked()).toBe(false);
  await page.getByRole('button', { name: 'Issue certificates' }).click();
  const waiting = page.getByText('1 presentation certificate waits until its session has taken place.');
  await waiting.waitFor({ timeout: 15_000 });
  await page.getByRole('heading', { name: 'Certificates' }).scrollIntoViewIfNeeded();
  await checkAccessibility(page, 'certificates card', {
    sizes: [PHONE, DESKTOP],
    // SHOTS_DIR=<dir> keeps the card as PNGs to look at.
    shot: async (width) => {
      if (process.env.SHOTS_DIR) await card.screenshot({ path: `${process.env.SHOTS_DIR}/certificates-card-${width}.png` });
    },
  });

  // The override issues it before the session.
  await override.check();
  await page.getByRole('button', { name: 'Issue certificates' }).click();
  await page.getByText('1 new certificate issued').waitFor({ timeout: 15_000 });
  expect(await waiting.count()).toBe(0);
  await context.close();
}, 120_000);
