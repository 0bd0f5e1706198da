import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { payuAnswer, payuFields } from '../support/payu';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0018: a change and its audit row commit together or not at all. A real PostgreSQL trigger refuses
 * the audit row of one action (a failure after the change was written); the change must be gone too.
 */
let t: TestApp;
let editor: SignedUp;
let author: SignedUp;
let reviewer: SignedUp;
let paperId: string;
const PAYU_SALT = 'testSalt1';
beforeAll(async () => {
  t = await startTestApp({ PAYU_KEY: 'testKey1', PAYU_SALT });
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author');
  reviewer = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
  paperId = (await submitPaper(t.app, author.auth, { keywords: ['AI'] }))._id;
  const { db } = t.app.database;
  await db.execute(sql`create table test_refused_actions (action text primary key)`);
  await db.execute(sql`create or replace function refuse_audit() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from test_refused_actions where action = new.action) then raise exception 'audit refused by the test'; end if;
      return new;
    end $$`);
  await db.execute(sql`create trigger refuse_audit before insert on audit_log_all for each row execute function refuse_audit()`);
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await refuse('');
});

/** From now on the audit row of `action` fails ('' : none does). */
async function refuse(action: string) {
  const { db } = t.app.database;
  await db.execute(sql`delete from test_refused_actions`);
  if (action) await db.execute(sql`insert into test_refused_actions values (${action})`);
}

const req = (method: 'POST' | 'PUT', url: string, payload: object, who: SignedUp) =>
  t.app.inject({ method, url, payload, headers: who.auth });
const one = async <T>(q: ReturnType<typeof sql>) => ((await t.app.database.db.execute(q)) as unknown as { rows: T[] }).rows[0];

describe('a write whose audit row fails leaves nothing behind', () => {
  test('send paper (review.assign): no assignment', async () => {
    await refuse('review.assign');
    const res = await req('POST', '/api/editor/send-paper', { paperId, reviewerId: reviewer.user._id }, editor);
    expect(res.statusCode).toBe(500);
    expect(await one(sql`select count(*)::int as n from review_statuses where paper_id = ${paperId}`)).toEqual({ n: 0 });
    await refuse('');
    expect((await req('POST', '/api/editor/send-paper', { paperId, reviewerId: reviewer.user._id }, editor)).statusCode).toBe(200);
  });

  test('settings (settings.update): the old value stays', async () => {
    await refuse('settings.update');
    expect((await req('PUT', '/api/editor/settings', { reviewersPerPaper: 7 }, editor)).statusCode).toBe(500);
    expect((await t.app.inject({ method: 'GET', url: '/api/editor/settings', headers: editor.auth })).json().reviewersPerPaper).toBe(3);
  });

  test('review (review.save), accept (review.respond), comment (review.comment): none kept', async () => {
    await refuse('review.save');
    expect(
      (await req('PUT', `/api/reviewer/review/${paperId}`, { recommendation: 4, confidence: 3, commentsToAuthors: 'Good.' }, reviewer))
        .statusCode,
    ).toBe(500);
    expect(await one(sql`select count(*)::int as n from reviews where paper_id = ${paperId}`)).toEqual({ n: 0 });
    await refuse('review.respond');
    expect(
      (await req('POST', '/api/reviewer/respond', { paperId, email: reviewer.user.email, status: 'Accepted' }, reviewer)).statusCode,
    ).toBe(500);
    expect(await one(sql`select status from review_statuses where paper_id = ${paperId}`)).toEqual({ status: 'Sent' });
    await refuse('review.comment');
    expect(
      (await req('POST', `/api/reviewer/add-comment/${paperId}`, { reviewerId: reviewer.user._id, text: 'Kept?' }, reviewer)).statusCode,
    ).toBe(500);
    expect(await one(sql`select count(*)::int as n from comments where paper_id = ${paperId}`)).toEqual({ n: 0 });
  });

  test('decision (paper.decision): the paper keeps no decision', async () => {
    await refuse('paper.decision');
    expect((await req('PUT', `/api/editor/papers/${paperId}/decision`, { decision: 'Accepted' }, editor)).statusCode).toBe(500);
    expect(await one(sql`select decision from papers where id = ${paperId}`)).toEqual({ decision: null });
  });

  test('declared conflicts (paper.conflicts): the old list stays', async () => {
    await refuse('paper.conflicts');
    expect((await req('PUT', `/api/author/paper/${paperId}/conflicts`, { emails: ['rival@example.org'] }, author)).statusCode).toBe(500);
    expect(await one(sql`select count(*)::int as n from declared_conflicts where paper_id = ${paperId}`)).toEqual({ n: 0 });
  });

  test('payment return (payment.callback): the payment stays pending, the same answer settles it later', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/payu/initiate',
      payload: { name: 'Ada Lovelace', email: 'ada@example.org', phone: '9999999999', amount: 7400, productinfo: '' },
    });
    const fields = payuFields(started.body);
    const answer = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/payu/success',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(payuAnswer(fields, { salt: PAYU_SALT })).toString(),
      });
    await refuse('payment.callback');
    expect((await answer()).statusCode).toBe(500);
    expect(await one(sql`select status from payments where txnid = ${fields.txnid}`)).toEqual({ status: 'pending' });
    await refuse('');
    expect((await answer()).statusCode).toBe(200);
    expect(await one(sql`select status from payments where txnid = ${fields.txnid}`)).toEqual({ status: 'paid' });
    expect(await one(sql`select count(*)::int as n from audit_log where action = 'payment.callback'`)).toEqual({ n: 1 });
  });

  test('failed login (login.failed): the failure is not counted', async () => {
    const email = author.user.email.toLowerCase();
    const failures = sql`select coalesce(sum(count), 0)::int as n from rate_limits where key = ${`login:e:${email}`}`;
    const wrong = () =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'not the password', role: 'Author' } });
    await refuse('login.failed');
    expect((await wrong()).statusCode).toBe(500);
    expect(await one(failures)).toEqual({ n: 0 });
    await refuse('');
    expect((await wrong()).statusCode).toBe(401);
    expect(await one(failures)).toEqual({ n: 1 });
  });

  test('reviewer approval (reviewer.approve): unchanged', async () => {
    const waiting = await signupAs(t.app, 'Reviewer', { tags: ['AI'] });
    await t.app.database.db.execute(sql`update users set approved_at = null where id = ${waiting.user._id}`);
    await refuse('reviewer.approve');
    expect((await req('PUT', `/api/editor/reviewers/${waiting.user._id}/approval`, { approved: true }, editor)).statusCode).toBe(500);
    expect(await one(sql`select approved_at from users where id = ${waiting.user._id}`)).toEqual({ approved_at: null });
  });
});

describe('a submission is one transaction', () => {
  test('when its audit row fails, neither the paper, its co-authors nor its file are kept', async () => {
    const { injectMultipart, pdfBytes } = await import('../support/multipart');
    const { readdirSync, existsSync } = await import('node:fs');
    const path = await import('node:path');
    const filesDir = path.join(t.dataDir, 'files');
    const fileCount = () =>
      existsSync(filesDir) ? readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;
    const filesBefore = fileCount();
    const papersBefore = await one<{ n: number }>(sql`select count(*)::int as n from papers`);
    await refuse('paper.submit');
    const res = await injectMultipart(
      t.app,
      'POST',
      '/api/author/new-paper',
      [
        ['title', 'Atomic submission'],
        ['abstract', 'All or nothing.'],
        ['keywords', 'AI'],
        ['coAuthors', JSON.stringify([{ name: 'Co Author', email: 'co.atomic@example.org' }])],
        ['file', pdfBytes('atomic'), 'atomic.pdf'],
      ],
      author.auth,
    );
    expect(res.statusCode).toBe(500);
    expect(await one(sql`select count(*)::int as n from papers`)).toEqual(papersBefore);
    expect(await one(sql`select count(*)::int as n from paper_co_authors where email = 'co.atomic@example.org'`)).toEqual({ n: 0 });
    expect(fileCount()).toBe(filesBefore);
  });
});
