import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { injectMultipart, pdfBytes, type Part } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0066: /awards-YYYY of a year that is not one of SPEC's prerendered pages is rendered by the server from that
 * edition's winners, once the editor has decided one "awarded" (the decision mails the nominee and gives the award id
 * in one transaction: it is released when it exists). A year without a winner is a 404.
 */
let t: TestApp;
let editor: SignedUp;
let nominator: SignedUp;

const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (url: string, payload: object, who: SignedUp) =>
  t.app.inject({ method: 'POST', url, headers: who.auth, payload: payload as Record<string, unknown> });
const FIELDS = {
  designation: 'Associate Professor',
  affiliation: 'Chulalongkorn University',
  category: 'Best Researcher Award',
  statement: 'Twenty papers on corrosion-resistant alloys.',
};
async function nominate(name: string, email: string): Promise<string> {
  const parts = [
    ...Object.entries({ ...FIELDS, nomineeName: name, nomineeEmail: email }),
    ['cv', pdfBytes(`cv-${name}`), 'cv.pdf'],
  ] as Part[];
  const res = await injectMultipart(t.app, 'POST', '/api/account/nominations', parts, nominator.auth);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { nomination: { id: string } }).nomination.id;
}

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  nominator = await signupAs(t.app, 'Author', { name: 'Nora Nominator' });
  const opened = await post('/api/editions', { year: 2027, carry: [] }, editor);
  expect(opened.statusCode, opened.body).toBe(201);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("a later edition's awards page", () => {
  let winner: string;
  let loser: string;
  let pending: string;

  test('a year without a winner is a 404 page; a nomination before the panel or not awarded is never shown', async () => {
    winner = await nominate('Dr Priya Raman', 'priya.raman@example.org');
    loser = await nominate('Dr Not Chosen', 'not.chosen@example.org');
    pending = await nominate('Dr Still Pending', 'still.pending@example.org');
    const before = await get('/awards-2027');
    expect(before.statusCode).toBe(404);
    expect(before.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(before.body).toContain('Awards not found');
    expect(before.body).not.toContain('Priya');
    const no = await post(`/api/award-panel/nominations/${loser}/decision`, { decision: 'not-awarded' }, editor);
    expect(no.statusCode, no.body).toBe(200);
    expect((await get('/awards-2027')).statusCode).toBe(404);
    expect((await get('/awards-2031')).statusCode).toBe(404);
    expect((await get('/awards-1999')).statusCode).toBe(404);
  });

  test('once the editor decides "awarded" the winner is on /awards-2027: name, designation, affiliation, award and id, nothing private', async () => {
    const yes = await post(`/api/award-panel/nominations/${winner}/decision`, { decision: 'awarded' }, editor);
    expect(yes.statusCode, yes.body).toBe(200);
    const awardId = (yes.json() as { nomination: { awardId: string } }).nomination.awardId;
    expect(awardId).toBe('2027/Award/ET/1');
    const res = await get('/awards-2027');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    const html = res.body;
    expect(html).toContain('<h1>Awards 2027</h1>');
    expect(html).toContain('<strong>Dr Priya Raman</strong>, Associate Professor');
    expect(html).toContain('Chulalongkorn University');
    expect(html).toContain(`Best Researcher Award <span class="meta">(${awardId})</span>`);
    expect(html).not.toContain('priya.raman@example.org');
    expect(html).not.toContain('Not Chosen');
    expect(html).not.toContain('Still Pending');
    expect(html).not.toContain('Nora Nominator');
    expect(html).not.toMatch(/<script/i);
    expect(pending).toBeTruthy();
  });

  test("the edition's record links its awards page", async () => {
    const record = await get('/editions/2027');
    expect(record.statusCode).toBe(200);
    expect(record.body).toContain('<a href="/awards-2027">Awards 2027</a>');
    // SPEC's year keeps its hand-written page (prerendered by the site): the record links it, the server draws none.
    expect((await get('/editions/2026')).body).toContain('<a href="/awards-2026">Awards 2026</a>');
  });

  test("SPEC's years are not drawn from data: those addresses stay the site's prerendered pages", async () => {
    for (const year of [2019, 2022, 2023, 2025, 2026]) {
      const res = await get(`/awards-${year}`);
      expect(res.body).not.toContain('Awards not found');
    }
  });
});
