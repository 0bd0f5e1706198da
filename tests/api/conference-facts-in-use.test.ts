import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONFERENCE_FACTS_DEFAULTS, type ConferenceFacts } from '../../src/core/conference-facts';
import { mailQueue } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { signupAs, verifyEmail, type SignedUp } from '../support/users';

/**
 * Decision 0051: what the site names — its title, its address, its contact, its zone — comes from the conference's
 * facts and the configured PUBLIC_URL, never from a literal: the editor's save shows in the login page's title and
 * the bank-transfer instructions, and the public pages' canonical address is the one mails and QR codes use.
 * The pages are the built site's (BUILD_DIR), as the server serves them.
 */
const PUBLIC_URL = 'https://tides.example.org';
const NEW: ConferenceFacts = {
  ...CONFERENCE_FACTS_DEFAULTS,
  edition: '6th',
  name: 'World Conference on Tidal Engineering',
  shortName: 'WCTE 2027',
  startDate: '2027-03-04',
  endDate: '2027-03-06',
  timeZone: 'Europe/Lisbon',
  contactEmail: 'hello@tides.example.org',
};
const REGISTER = {
  name: 'Ana Tide',
  affiliation: 'University of Porto',
  country: 'PT',
  category: 'student-scopus',
  currency: 'USD',
  provider: 'bank',
};

let t: TestApp;
let editor: SignedUp;
let author: SignedUp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL });
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author');
  await verifyEmail(t.app, author);
});
afterAll(async () => {
  await t?.close();
});

const page = async (url: string) => {
  const res = await t.app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};
const saveFacts = async (facts: ConferenceFacts) => {
  const res = await t.app.inject({ method: 'PUT', url: '/api/editor/conference', headers: editor.auth, payload: { ...facts } });
  expect(res.statusCode, res.body).toBe(200);
};
const linkOf = (html: string, rel: string) => new RegExp(`<link rel="${rel}" href="([^"]*)"`).exec(html)?.[1];
const metaOf = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
const ldOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, unknown>;

describe("the public pages' own address", () => {
  test('canonical, og:url, og:image and the JSON-LD name the configured PUBLIC_URL, not a sample address', async () => {
    const home = await page('/');
    expect(linkOf(home, 'canonical')).toBe(`${PUBLIC_URL}/`);
    expect(metaOf(home, 'og:url')).toBe(`${PUBLIC_URL}/`);
    expect(metaOf(home, 'og:image')).toBe(`${PUBLIC_URL}/og-image.png`);
    expect(ldOf(home)).toMatchObject({
      url: `${PUBLIC_URL}/`,
      image: [`${PUBLIC_URL}/og-image.png`],
      organizer: { url: `${PUBLIC_URL}/` },
    });
    const program = await page('/program');
    expect(linkOf(program, 'canonical')).toBe(`${PUBLIC_URL}/program`);
    expect(metaOf(program, 'og:url')).toBe(`${PUBLIC_URL}/program`);
    for (const html of [home, program]) expect(html).not.toContain('conference.example.org/');
  });

  test('the sitemap and robots.txt name it too', async () => {
    const locs = [...(await page('/sitemap.xml')).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${PUBLIC_URL}/`);
    expect(locs).toContain(`${PUBLIC_URL}/program`);
    expect(locs.every((l) => l!.startsWith(`${PUBLIC_URL}/`))).toBe(true);
    expect(await page('/robots.txt')).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe("the editor's save", () => {
  test('shows in the login page title and the bank-transfer instructions; the defaults saved back restore them', async () => {
    expect(await page('/login')).toContain('<title>Login / Signup | IMSE 2025</title>');
    const before = await t.app.inject({ method: 'POST', url: '/api/registrations', headers: author.auth, payload: REGISTER });
    expect(before.statusCode, before.body).toBe(201);
    expect(before.json().payment.instructions).toContain('Write to info@conference.example.org for the account details.');

    await saveFacts(NEW);
    // The pages are rendered again off the request: they follow within moments.
    await expect
      .poll(async () => (await page('/login')).includes('<title>Login / Signup | WCTE 2027</title>'), { timeout: 10_000 })
      .toBe(true);
    expect(await page('/login')).not.toContain('IMSE 2025');
    const home = await page('/');
    expect(home).toContain('<title>6th World Conference on Tidal Engineering | WCTE 2027</title>');
    expect(linkOf(home, 'canonical')).toBe(`${PUBLIC_URL}/`);

    const created = await t.app.inject({ method: 'POST', url: '/api/registrations', headers: author.auth, payload: REGISTER });
    expect(created.statusCode, created.body).toBe(201);
    const instructions: string = created.json().payment.instructions;
    expect(instructions).toContain('Write to hello@tides.example.org for the account details.');
    expect(instructions).not.toContain('info@conference.example.org');
    // Paying an earlier registration by transfer names the new address too.
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/account/registrations/${before.json().registration.id}/pay`,
      headers: author.auth,
      payload: { provider: 'bank' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().instructions).toContain('Write to hello@tides.example.org for the account details.');
    // The account mails name the site by the new short name, without its year.
    const newcomer = await signupAs(t.app, 'Reviewer');
    const verifyMail = async () =>
      (
        await t.app.database.db
          .select({ subject: mailQueue.subject, body: mailQueue.body })
          .from(mailQueue)
          .where(and(eq(mailQueue.to, newcomer.user.email), eq(mailQueue.template, 'verifyEmail')))
      )[0];
    await expect.poll(verifyMail, { timeout: 5000 }).toBeDefined();
    const verify = await verifyMail();
    expect(verify?.subject).toBe('Please confirm your email address for your WCTE Reviewer account');
    expect(verify?.body).toContain('for the WCTE Reviewer account named');

    await saveFacts(CONFERENCE_FACTS_DEFAULTS);
    await expect
      .poll(async () => (await page('/login')).includes('<title>Login / Signup | IMSE 2025</title>'), { timeout: 10_000 })
      .toBe(true);
  });
});
