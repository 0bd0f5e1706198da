import { and, eq, or, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dataExports, receipts, registrations, reviews, sessions, users } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../support/app';
import { pdfBytes, submitPaper } from '../support/multipart';
import { mailText, startSmtpListener } from '../support/smtp';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0071: a person downloads everything held about them through a mailed link that works once, for them, for a
 * day; and erases their account, told first what is kept (anonymised) and what is deleted.
 */
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let t: TestApp;
let editor: SignedUp;
const PUBLIC_URL = 'http://conference.test';

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  editor = await signupAs(t.app, 'Editor');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const db = () => t.app.database.db;
const get = (url: string, who: SignedUp) => t.app.inject({ url, headers: who.auth });
const post = (url: string, who: SignedUp | null, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: who?.auth ?? {}, payload: payload as Record<string, unknown> });

/** The token of the newest download link mailed to `to`, once `count` have arrived. */
async function mailedDownload(to: string, count = 1): Promise<string> {
  const links = () =>
    smtp.mails
      .filter((m) => m.to.includes(to.toLowerCase()))
      .map((m) => /\/account\/data\?download=([A-Za-z0-9_-]{43})/.exec(mailText(m))?.[1])
      .filter((x): x is string => Boolean(x));
  await expect.poll(() => links().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return links().at(-1)!;
}
const download = (token: string, who: SignedUp) => get(`/api/account/data-export/download?token=${token}`, who);

describe('your data: the download', () => {
  let author: SignedUp;
  let paperId: string;
  const pdf = pdfBytes('my own paper', 4096);

  beforeAll(async () => {
    author = await signupAs(t.app, 'Author', { name: 'Ada Export' });
    paperId = (await submitPaper(t.app, author.auth, { title: 'What Ada wrote', pdf }))._id;
  });

  test('asked for, it is made in the background and mailed as a link; the zip holds her JSON and her paper', async () => {
    const asked = await post('/api/account/data-export', author);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({
      message: 'We are gathering your data. We will mail you a link to download it when it is ready.',
      queued: true,
    });
    const token = await mailedDownload(author.user.email);
    const mail = smtp.mails.filter((m) => m.to.includes(author.user.email.toLowerCase())).at(-1)!;
    expect(mailText(mail)).toContain(`${PUBLIC_URL}/account/data?download=${token}`);
    expect(mailText(mail)).toMatch(/within 24 hours/);

    // Another account's login with the right token: refused, and the link still works for its owner.
    const stranger = await signupAs(t.app, 'Author');
    const foreign = await download(token, stranger);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toMatch(/^This download link does not work/);
    expect((await t.app.inject({ url: `/api/account/data-export/download?token=${token}` })).statusCode).toBe(401);

    const res = await download(token, author);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d\d-\d\d\.zip"$/);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const profile = JSON.parse(strFromU8(zip['profile.json']!));
    expect(profile).toMatchObject({ id: author.user._id, name: 'Ada Export', email: author.user.email, role: 'Author' });
    expect(JSON.stringify(profile)).not.toMatch(/scrypt|password/);
    const papersPart = JSON.parse(strFromU8(zip['papers.json']!));
    expect(papersPart.papers.map((p: { id: string; title: string }) => [p.id, p.title])).toEqual([[paperId, 'What Ada wrote']]);
    expect(Buffer.from(zip[`files/papers/${paperId}/version-1.pdf`]!)).toEqual(pdf);
    const mails = JSON.parse(strFromU8(zip['mails.json']!)) as Array<{ template: string }>;
    expect(mails.map((m) => m.template)).toContain('paperReceived');
    expect(JSON.parse(strFromU8(zip['audit.json']!)).map((a: { action: string }) => a.action)).toContain('paper.submit');

    // Once only.
    const again = await download(token, author);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/^This download link does not work/);
  });

  test('a link past its time is refused', async () => {
    expect((await post('/api/account/data-export', author)).statusCode).toBe(202);
    const token = await mailedDownload(author.user.email, 2);
    await db()
      .update(dataExports)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(dataExports.userId, author.user._id), eq(dataExports.status, 'ready')));
    const late = await download(token, author);
    expect(late.statusCode).toBe(404);
  });

  test('a malformed token is a clean 400; asking needs a login', async () => {
    expect((await download('short', author)).statusCode).toBe(400);
    expect((await post('/api/account/data-export', null)).statusCode).toBe(401);
  });
});

describe('your data: erasure', () => {
  test('the person sees what is kept and what is deleted, confirms with the password, and only the kept records remain', async () => {
    const rita = await signupAs(t.app, 'Reviewer', { name: 'Rita Erasable' });
    const author = await signupAs(t.app, 'Author');
    const paper = await submitPaper(t.app, author.auth, { title: 'Reviewed by Rita' });
    expect((await post('/api/editor/send-paper', editor, { paperId: paper._id, reviewerId: rita.user._id })).statusCode).toBe(200);
    const reviewed = await t.app.inject({
      method: 'PUT',
      url: `/api/reviewer/review/${paper._id}`,
      headers: rita.auth,
      payload: { recommendation: 4, confidence: 3, commentsToAuthors: 'A careful review.' },
    });
    expect(reviewed.statusCode).toBe(200);
    // The organiser registers her and records her bank transfer: a receipt is issued.
    const reg = await post('/api/editor/registrations', editor, {
      name: 'Rita Erasable',
      email: rita.user.email,
      affiliation: 'Somewhere University',
      country: 'TH',
      category: 'attending',
      currency: 'USD',
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const registration = reg.json().registration as { id: string; amountMinor: number };
    const paid = await post(`/api/editor/registrations/${registration.id}/bank-transfers`, editor, {
      reference: 'REF-RITA',
      paidOn: '2026-01-10',
      amountMinor: registration.amountMinor,
      currency: 'USD',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const receiptNumber = (paid.json().registration.receipts[0] as { number: string }).number;

    const preview = await get('/api/account/erasure', rita);
    expect(preview.statusCode).toBe(200);
    const { kept, deleted } = preview.json() as { kept: string[]; deleted: string[] };
    expect(kept.join('\n')).toMatch(/1 review you wrote, under the pseudonym “Reviewer [0-9A-F]{6}”/);
    expect(kept.join('\n')).toMatch(/1 receipt as issued/);
    expect(deleted.join('\n')).toMatch(/Your profile/);

    const wrong = await post('/api/account/erasure', rita, { password: 'not my password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('That is not your password: nothing was erased');
    expect((await post('/api/account/erasure', rita, {})).statusCode).toBe(400);
    expect((await get('/api/me', rita)).statusCode).toBe(200);

    const erased = await post('/api/account/erasure', rita, { password: rita.password });
    expect(erased.statusCode).toBe(200);
    expect(erased.json().message).toBe('Your account has been erased.');

    // Signed out at once.
    expect((await get('/api/me', rita)).statusCode).toBe(401);

    // The receipt stays for the organiser, its registration without her name or address.
    const [receipt] = await db().select().from(receipts).where(eq(receipts.number, receiptNumber));
    expect(receipt).toBeDefined();
    const [kRegistration] = await db().select().from(registrations).where(eq(registrations.id, registration.id));
    expect(kRegistration!.name).toMatch(/^Reviewer [0-9A-F]{6}$/);
    expect(kRegistration!.email).not.toContain(rita.user.email);
    const editorView = await get(`/api/editor/registrations/${registration.id}`, editor);
    expect(editorView.statusCode).toBe(200);
    expect(editorView.body).toContain(receiptNumber);
    expect(editorView.body).not.toContain(rita.user.email);

    // Her review stays, under the pseudonym.
    const [review] = await db().select().from(reviews).where(eq(reviews.reviewerId, rita.user._id));
    expect(review!.commentsToAuthors).toBe('A careful review.');
    const [account] = await db().select().from(users).where(eq(users.id, rita.user._id));
    expect(account!.name).toMatch(/^Reviewer [0-9A-F]{6}$/);
    expect(account!.email).not.toContain(rita.user.email);
    expect(account!.phone).toBe('');

    // Nothing else of hers: no row names her address or her name outside the receipt as issued.
    const address = rita.user.email.toLowerCase();
    const left = await db().execute(sql`select
        (select count(*) from users where lower(email) = ${address} or name = 'Rita Erasable')::int as users,
        (select count(*) from registrations_all where lower(email) = ${address} or name = 'Rita Erasable')::int as registrations,
        (select count(*) from payments_all where lower(email) = ${address} or name = 'Rita Erasable')::int as payments,
        (select count(*) from mail_log_all where lower("to") = ${address})::int as mail_log,
        (select count(*) from mail_queue_all where lower("to") = ${address})::int as mail_queue,
        (select count(*) from account_tokens where user_id = ${rita.user._id})::int as tokens,
        (select count(*) from audit_log_all where lower(details->>'email') = ${address} or (actor_id = ${rita.user._id} and ip is not null))::int as audit`);
    expect((left as unknown as { rows: unknown[] }).rows[0]).toEqual({
      users: 0,
      registrations: 0,
      payments: 0,
      mail_log: 0,
      mail_queue: 0,
      tokens: 0,
      audit: 0,
    });
    expect(await db().select().from(sessions).where(eq(sessions.userId, rita.user._id))).toEqual([]);
    // And no way back in.
    const login = await post('/api/login', null, { email: rita.user.email, password: rita.password, role: 'Reviewer' });
    expect(login.statusCode).toBe(401);
    expect(
      await db()
        .select()
        .from(users)
        .where(or(eq(users.email, rita.user.email), eq(users.name, 'Rita Erasable'))),
    ).toEqual([]);
  });

  test('a submitted paper outside published proceedings is deleted with its files', async () => {
    const author = await signupAs(t.app, 'Author', { name: 'Bo Author' });
    const paper = await submitPaper(t.app, author.auth, { title: 'Soon gone' });
    const preview = (await get('/api/account/erasure', author)).json() as { deleted: string[] };
    expect(preview.deleted.join('\n')).toMatch(/1 paper you submitted that are not in published proceedings/);
    expect((await post('/api/account/erasure', author, { password: author.password })).statusCode).toBe(200);
    const left = await db().execute(sql`select (select count(*) from papers_all where id = ${paper._id})::int as papers,
      (select count(*) from paper_files_all where paper_id = ${paper._id})::int as files`);
    expect((left as unknown as { rows: unknown[] }).rows[0]).toEqual({ papers: 0, files: 0 });
  });
});
