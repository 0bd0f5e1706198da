import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { papers, settings } from '../../src/server/db/schema';
import { inEdition } from '../../src/server/services/shared/in-edition';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { signupAs, verifyEmail, type SignedUp } from '../support/users';

/**
 * Decision 0060: editions of the conference on one install. Two editions full of data: nothing of one is seen in
 * the other's lists, exports, mails, counts or assignment; people and their logins belong to the series; the past
 * edition stays as it was and cannot be written.
 */
let t: TestApp;
let editor: SignedUp;
let author: SignedUp;
let reviewer: SignedUp;
let oldPaper: string;
let newPaper: string;

const get = (url: string, who?: SignedUp) => t.app.inject({ method: 'GET', url, headers: who?.auth ?? {} });
const post = (url: string, payload: object, who: SignedUp) => t.app.inject({ method: 'POST', url, headers: who.auth, payload });
const db = () => t.app.database.db;
const count = async (table: string, edition: string) =>
  Number(
    (
      (await db().execute(sql.raw(`select count(*)::int as n from ${table}_all where edition_id = '${edition}'`))) as unknown as {
        rows: [{ n: number }];
      }
    ).rows[0].n,
  );

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author');
  reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  await verifyEmail(t.app, editor);
  // The first edition: a paper sent to a reviewer, a contact message, a registration, edited settings.
  oldPaper = (await submitPaper(t.app, author.auth, { title: 'Paper of the first edition', keywords: ['AI'] }))._id;
  expect((await post('/api/editor/send-paper', { paperId: oldPaper, reviewerId: reviewer.user._id }, editor)).statusCode).toBe(200);
  expect((await post('/api/contact', { message: 'A question about 2026' }, editor)).statusCode).toBe(201);
  const reg = await post(
    '/api/registrations',
    { name: 'Ada Registrant', category: 'attending', currency: 'USD', provider: 'bank' },
    editor,
  );
  expect(reg.statusCode, reg.body).toBe(201);
  // Its acceptance released to the authors: the paper is part of the edition's public record.
  await db()
    .update(papers)
    .set({ decision: 'Accepted', notifiedDecision: 'Accepted', notifiedAt: new Date() })
    .where(sql`${papers.id} = ${oldPaper}`);
  const deadline = new Date(Date.now() + 30 * 86_400_000).toISOString();
  expect(
    (
      await t.app.inject({
        method: 'PUT',
        url: '/api/editor/settings',
        headers: editor.auth,
        payload: { submissionDeadline: deadline, reviewersPerPaper: 4 },
      })
    ).statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('editions', () => {
  test('a migrated install has one edition, current, named by its facts', async () => {
    const res = await get('/api/editions');
    expect(res.statusCode).toBe(200);
    const { editions } = res.json() as { editions: Array<{ id: string; year: number; isCurrent: boolean; title: string }> };
    expect(editions.map((e) => [e.year, e.isCurrent])).toEqual([[2026, true]]);
    expect(editions[0]!.title).toContain('World Conference on Innovations in Management, Science and Engineering');
  });

  test('only the editor opens an edition, and only after every existing year', async () => {
    expect((await post('/api/editions', { year: 2027, carry: [] }, author)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/editions', payload: { year: 2027, carry: [] } })).statusCode).toBe(401);
    const same = await post('/api/editions', { year: 2026, carry: [] }, editor);
    expect([same.statusCode, same.json().message]).toEqual([409, 'The next edition must come after 2026: choose 2027 or later.']);
    const unknown = await post('/api/editions', { year: 2027, carry: ['papers'] }, editor);
    expect(unknown.statusCode).toBe(400);
  });

  test('opening the next edition: the old one closed, the new one current with the tracks and form carried, and nothing else', async () => {
    const tracksBefore = (await get('/api/tracks')).json() as Array<{ id: string; name: string }>;
    const res = await post('/api/editions', { year: 2027, carry: ['tracks', 'review-form', 'site'] }, editor);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('The 2027 edition is open; the 2026 edition is kept as a read-only record.');
    expect(res.json().edition).toMatchObject({ id: 'edition-2027', year: 2027, isCurrent: true });
    const list = (await get('/api/editions')).json().editions as Array<{ year: number; isCurrent: boolean; closedAt: string | null }>;
    expect(list.map((e) => [e.year, e.isCurrent, e.closedAt === null])).toEqual([
      [2027, true, true],
      [2026, false, false],
    ]);
    // A second edition of the same year, or an earlier one: refused.
    expect((await post('/api/editions', { year: 2027, carry: [] }, editor)).statusCode).toBe(409);
    // Carried: the tracks, by the same ids and names.
    const tracksAfter = (await get('/api/tracks')).json() as Array<{ id: string; name: string }>;
    expect(tracksAfter.map((x) => [x.id, x.name])).toEqual(tracksBefore.map((x) => [x.id, x.name]));
    // The site's lists carried, and the closed edition added to the previous events, last, linking its record.
    const listsRes = await get('/api/site-lists', editor);
    expect(listsRes.statusCode, listsRes.body).toBe(200);
    const lists = listsRes.json() as { previousEvents: Array<{ label: string; link: string }>; committee: unknown[] };
    expect(lists.committee.length).toBeGreaterThan(0);
    expect(lists.previousEvents[0]!.label).toBe('India 2019 Dehradun');
    expect(lists.previousEvents.at(-1)).toMatchObject({ label: 'Thailand 2026 Pattaya', link: '/editions/2026' });
    // The settings: the same rules, no dates; the facts moved on a year.
    const s = (await get('/api/editor/settings', editor)).json();
    expect(s.submissionDeadline).toBeNull();
    expect(s.reviewersPerPaper).toBe(4);
    const facts = (await get('/api/conference')).json();
    expect(facts.edition).toBe('6th');
    expect(facts.startDate.slice(0, 4)).toBe('2027');
    expect(facts.datesText).toContain('2027');
    // The short name names the new edition's year (the sample's says 2025 while its dates are 2023's).
    expect(facts.shortName).toBe('IMSE 2027');
    // The audit row of the opening is the new edition's first.
    const audit = (await get('/api/editor/audit?limit=50', editor)).json();
    const actions = (audit.entries ?? audit.items ?? audit).map((e: { action: string }) => e.action);
    expect(actions).toEqual(['edition.open']);
  });

  test("the new edition's lists are empty: papers, reviews, assignments, registrations, messages, mail log, exports", async () => {
    expect((await get('/api/author/my-papers', author)).json().papers).toEqual([]);
    const editorPapers = (await get('/api/editor/papers', editor)).json();
    expect(JSON.stringify(editorPapers)).not.toContain(oldPaper);
    expect((await get(`/api/reviewer/assigned-papers/${reviewer.user._id}`, reviewer)).json()).toEqual([]);
    expect((await get('/api/account/registrations', editor)).json()).toEqual(expect.objectContaining({ registrations: [] }));
    const csv = (await get('/api/editor/exports/papers.csv', editor)).body;
    expect(csv).not.toContain('Paper of the first edition');
    const mails = (await get('/api/editor/mails', editor)).json();
    expect(JSON.stringify(mails)).not.toContain('A paper to review');
    // The author's paper page of the old edition: unknown here.
    expect((await get(`/api/author/paper/${oldPaper}`, author)).statusCode).toBe(404);
  });

  test('people stay: the same accounts log in and submit to the new edition, which sees only its own paper', async () => {
    newPaper = (await submitPaper(t.app, author.auth, { title: 'Paper of the second edition', keywords: ['AI'] }))._id;
    const mine = (await get('/api/author/my-papers', author)).json().papers as Array<{ _id: string }>;
    expect(mine.map((p) => p._id)).toEqual([newPaper]);
    expect(await count('papers', 'edition-2026')).toBe(1);
    expect(await count('papers', 'edition-2027')).toBe(1);
    expect(await count('reviews', 'edition-2027')).toBe(0);
    expect(await count('review_statuses', 'edition-2027')).toBe(0);
    expect(await count('registrations', 'edition-2027')).toBe(0);
    expect(await count('contact_messages', 'edition-2027')).toBe(0);
  });

  test('the past edition is unchanged and read-only: its services see only its own rows, and a write is refused', async () => {
    const old = await inEdition({ db: db(), editionId: 'edition-2026' }, async (tx) => ({
      papers: (await tx.select({ id: papers.id, title: papers.title }).from(papers)).map((p) => p.id),
      deadline: (await tx.select({ d: settings.submissionDeadline }).from(settings))[0]?.d,
    }));
    expect(old.papers).toEqual([oldPaper]);
    expect(old.deadline).toBeInstanceOf(Date);
    expect(await count('review_statuses', 'edition-2026')).toBe(1);
    expect(await count('registrations', 'edition-2026')).toBe(1);
    expect(await count('contact_messages', 'edition-2026')).toBe(1);
    await expect(
      inEdition({ db: db(), editionId: 'edition-2026' }, (tx) =>
        tx
          .update(papers)
          .set({ title: 'Changed' })
          .where(sql`true`),
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/read-only transaction/) } });
    // The view cannot be used to put a row into another edition either.
    await expect(
      db().execute(
        sql`insert into contact_messages (id, name, email, message, edition_id) values ('x', 'n', 'e@x.org', 'm', 'edition-2026')`,
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/violates check option/) } });
  });

  test('the public record: /editions lists both, and each edition keeps its own accepted papers at a stable address', async () => {
    const list = await get('/editions');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.body).toContain('href="/editions/2026"');
    expect(list.body).toContain('href="/editions/2027"');
    const old = await get('/editions/2026');
    expect(old.statusCode).toBe(200);
    expect(old.body).toContain('Past edition');
    expect(old.body).toContain('Paper of the first edition');
    expect(old.body).toContain(`href="/papers/${oldPaper}"`);
    const current = await get('/editions/2027');
    expect(current.statusCode).toBe(200);
    expect(current.body).toContain('Current edition');
    expect(current.body).not.toContain('Paper of the first edition');
    // The new edition's paper is not accepted: it is not on the record.
    expect(current.body).not.toContain('Paper of the second edition');
    // The past edition's paper keeps its page (its DOI resolves there), named with that edition's facts.
    const paperPage = await get(`/papers/${oldPaper}`);
    expect(paperPage.statusCode).toBe(200);
    expect(paperPage.body).toContain('Paper of the first edition');
    for (const missing of ['/editions/1999', '/editions/abcd', '/editions/20261'])
      expect((await get(missing)).statusCode, missing).toBe(404);
  });
});
