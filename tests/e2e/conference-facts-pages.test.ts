import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CONFERENCE_FACTS_DEFAULTS, type ConferenceFacts } from '../../src/core/conference-facts';
import { DESKTOP, horizontalOverflow, launchBrowser, logInInBrowser, ownDatabase, PHONE, startOwnServer, watchProblems } from './browser';
import { PUBLIC_PATHS } from './public-support';
import { PASSWORD, serverApi } from './server-api';

/**
 * Decision 0051: the public pages show the conference's facts as the editor saved them, without a rebuild or a restart
 * (decision 0050). The editor saves new facts through the API; the running server's prerendered pages show
 * them — text, links, the title, the JSON-LD, the important dates — an editor's markup shows as text, and saving the
 * defaults back gives the very pages it started with. A save made through another instance (the settings row
 * written directly) arrives by the store's poll.
 */
let server: Awaited<ReturnType<typeof startOwnServer>>;
let browser: Browser;
let editorToken: string;
let editorEmail: string;
const { call, signup } = serverApi(() => server.url);
/** The address mails and QR codes use: the pages' canonical links name it too. */
const PUBLIC_URL = 'https://tides.example.org';
const HOSTILE = `</title><script>alert(1)</script> "' onload=x`;
const NEW: ConferenceFacts = {
  edition: '6th',
  name: `World Conference on Tidal Engineering ${HOSTILE}`,
  shortName: 'WCTE 2027',
  startDate: '2027-03-04',
  endDate: '2027-03-06',
  datesText: 'March 4-6 2027',
  submissionsDatesText: 'March 4-6, 2027',
  timeZone: 'Europe/Lisbon',
  venue: {
    resort: 'Harbour Hall, Porto',
    city: 'Porto',
    country: 'Portugal',
    countryCode: 'PT',
    address: 'Rua do Cais 1, 4000-000 Porto, Portugal',
  },
  contactEmail: 'hello@tides.example.org',
  contactPhone: '+351 22 000 0000',
  importantDates: [
    { label: 'Abstracts & posters', date: '2026-12-01' },
    { label: 'Full papers', date: '2027-01-15' },
  ],
};
const TITLE = `6th ${NEW.name}`;

const get = async (path: string) => (await fetch(`${server.url}${path}`)).text();
const ldOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;
const factsOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="conference-facts">(.*?)<\/script>/s.exec(html)![1]!) as ConferenceFacts;

let before: Map<string, string>;
beforeAll(async () => {
  server = await startOwnServer({ PUBLIC_URL });
  browser = await launchBrowser();
  editorEmail = `facts.${Date.now().toString(36)}@facts.example`;
  editorToken = (await signup('Editor', 'Facts Editor', editorEmail)).token;
  before = new Map(await Promise.all([...PUBLIC_PATHS, '/login'].map(async (p) => [p, await get(p)] as const)));
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

test('with the defaults every page shows the default texts and carries no token', () => {
  for (const [path, html] of before) {
    expect(html, path).not.toContain('\u27E6');
    expect(factsOf(html), path).toEqual(CONFERENCE_FACTS_DEFAULTS);
  }
  const home = before.get('/')!;
  expect(home).toContain('<title>5th World Conference on Innovations in Management, Science and Engineering | IMSE 2025</title>');
  expect(home).toContain('December 28-27 2023');
  expect(home).toContain(
    '<dt class="font-semibold text-brand-900">Acceptance notification</dt><dd class="font-bold text-brand-700">15 November 2023</dd>',
  );
  expect(ldOf(home)).toMatchObject({
    startDate: '2023-12-27',
    endDate: '2023-12-28',
    location: [{ address: { addressCountry: 'TH' } }, {}],
  });
  expect(before.get('/submissions')).toContain('December 28-27, 2025');
  // The site's own address is PUBLIC_URL's, not a sample one.
  expect(home).toContain(`<link rel="canonical" href="${PUBLIC_URL}/"/>`);
  expect(home).toContain(`<meta property="og:url" content="${PUBLIC_URL}/"/>`);
  expect(ldOf(home)).toMatchObject({ url: `${PUBLIC_URL}/` });
  expect(before.get('/committee')).toContain(`<link rel="canonical" href="${PUBLIC_URL}/committee"/>`);
  expect(before.get('/login')).toContain('<title>Login / Signup | IMSE 2025</title>');
});

test("the editor's save shows on the home page and the submissions page at once, as text", async () => {
  const saved = Date.now();
  await call('PUT', '/api/editor/conference', editorToken, NEW);
  await expect.poll(async () => (await get('/')).includes('March 4-6 2027'), { timeout: 10_000 }).toBe(true);
  console.log(`pages showed the save ${Date.now() - saved} ms after the PUT was sent`);

  const home = await get('/');
  expect(home).not.toContain('\u27E6');
  // The title, escaped: the editor's markup is text, no element of theirs.
  const escaped = 'World Conference on Tidal Engineering &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;&#39; onload=x';
  expect(home).toContain(`<title>6th ${escaped} | WCTE 2027</title>`);
  expect(home).not.toContain('<script>alert(1)');
  expect(home.match(/<script\b/g)).toHaveLength(3); // JSON-LD, the facts, the island: none of the editor's
  expect(ldOf(home)).toMatchObject({
    name: TITLE,
    startDate: '2027-03-04',
    endDate: '2027-03-06',
    location: [
      { name: 'Harbour Hall, Porto', address: { streetAddress: NEW.venue.address, addressLocality: 'Porto', addressCountry: 'PT' } },
      {},
    ],
    organizer: { name: 'WCTE 2027' },
  });
  expect(factsOf(home)).toEqual(NEW);
  for (const text of [
    'Harbour Hall, Porto, Portugal',
    'hello@tides.example.org',
    'href="mailto:hello@tides.example.org"',
    'href="tel:+351220000000"',
    'href="https://wa.me/351220000000"',
    '+351 22 000 0000',
    'Rua do Cais 1, 4000-000 Porto, Portugal',
  ])
    expect(home, text).toContain(text);
  expect(home).toContain(
    '<dl class="divide-y divide-brand-100 overflow-hidden rounded-xl border border-brand-100 bg-white shadow-sm">' +
      '<div class="flex flex-col gap-1 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"><dt class="font-semibold text-brand-900">Abstracts &amp; posters</dt><dd class="font-bold text-brand-700">1 December 2026</dd></div>' +
      '<div class="flex flex-col gap-1 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"><dt class="font-semibold text-brand-900">Full papers</dt><dd class="font-bold text-brand-700">15 January 2027</dd></div></dl>',
  );
  for (const old of ['December 28-27 2023', 'Sample Beach Resort', 'info@conference.example.org', 'IMSE 2025', 'Final paper submission'])
    expect(home, old).not.toContain(old);

  const submissions = await get('/submissions');
  expect(submissions).toContain('<span class="whitespace-nowrap" data-testid="conference-dates">March 4-6, 2027</span>');
  expect(submissions).toContain('<title>Paper Submission and Publication | WCTE 2027</title>');
  // Every page: the footer's title and short name; no token anywhere, the SPA shell's facts too.
  for (const path of [...PUBLIC_PATHS, '/login']) {
    const html = await get(path);
    expect(html, path).not.toContain('\u27E6');
    expect(factsOf(html), path).toEqual(NEW);
  }
  expect((await get('/terms')).replaceAll('<!-- -->', '')).toContain(`© WCTE 2027 · 6th ${escaped}`);
  expect(await get('/login')).toContain('<title>Login / Signup | WCTE 2027</title>');
  expect(home).toContain(`<link rel="canonical" href="${PUBLIC_URL}/"/>`);
});

test('in the browser: the page shows the new facts, runs its scripts without a policy error, and fits at 390 and 1280 px', async () => {
  for (const viewport of [PHONE, DESKTOP]) {
    const context = await browser.newContext({ viewport, baseURL: server.url });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto('/');
    await page.waitForFunction(() => document.documentElement.dataset.islands === 'ready');
    expect(await page.title()).toBe(`${TITLE} | WCTE 2027`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.locator('#deadlines').getByText('Abstracts & posters').waitFor();
    await page.locator('#venue').getByText('Harbour Hall, Porto').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `/tmp/conference-facts-home-${viewport.width}.png`, fullPage: true });
    // The login area reads the same facts from its shell: deadlines are labelled in the new zone.
    await page.goto('/login');
    expect(await page.evaluate(() => JSON.parse(document.getElementById('conference-facts')!.textContent!).timeZone)).toBe('Europe/Lisbon');
    expect(problems).toEqual([]);
    expect(dialogs).toEqual([]);
    await context.close();
  }
});

test("the login area's titles and time-zone labels follow the facts", async () => {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: server.url });
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto('/login');
  await expect.poll(() => page.title()).toBe('Login / Signup | WCTE 2027');
  await logInInBrowser(page, { role: 'Editor', email: editorEmail, password: PASSWORD });
  await expect.poll(() => page.title()).toBe('Research Papers | WCTE 2027');
  await page.goto('/editor/pricing');
  await page.getByLabel('Until (Lisbon time)').waitFor();
  expect(await page.title()).toBe('Pricing | WCTE 2027');
  expect(await page.getByLabel('Expires (Lisbon time, optional)').count()).toBe(1);
  expect(problems).toEqual([]);
  await context.close();
});

test('a save through another instance arrives by the poll; the defaults saved back give the very pages of the start', async () => {
  const db = ownDatabase(server.dataDir);
  await db.connect();
  try {
    await db.query('update settings set conference = $1, conference_updated_at = now() where id = 1', [
      { ...NEW, datesText: 'March 5-7 2027' },
    ]);
  } finally {
    await db.end();
  }
  await expect.poll(async () => (await get('/')).includes('March 5-7 2027'), { timeout: 15_000 }).toBe(true);

  await call('PUT', '/api/editor/conference', editorToken, CONFERENCE_FACTS_DEFAULTS);
  await expect.poll(async () => (await get('/')).includes('December 28-27 2023'), { timeout: 10_000 }).toBe(true);
  for (const [path, html] of before) expect(await get(path), path).toBe(html);
});
