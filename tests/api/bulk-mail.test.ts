import { rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONFERENCE_TITLE } from '../../src/core/conference';
import type { BulkMailDetailJson, BulkMailJson, BulkMailPreviewJson } from '../../src/core/schemas/bulk-mail';
import { auditLog, bulkMails, mailPreferences, mailQueue } from '../../src/server/db/schema';
import { newDocumentCode } from '../../src/server/documents/codes';
import { newDataDir, startTestApp, type TestApp } from '../support/app';
import { freshPostgresUrl } from '../support/database';
import { payAndConfirm, payuSucceeds } from '../support/payu';
import { insertRegistration } from '../support/registration-rows';
import { submitPaper } from '../support/multipart';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { mailHeaders, mailText, startSmtpListener, type ReceivedMail } from '../support/smtp';
import { signupAs, signupChair, uniqueAddress, verifyEmail, type SignedUp } from '../support/users';

/**
 * Decision 0040: mail to a group. The groups resolve as the editor means them (authors by the decision they were told
 * and by track, co-authors or not; reviewers owing a review; a track's reviewers; attendees with a paid registration;
 * accepted authors whose paper no paid registration of one of its authors names: decision 0056), one mail per address, placeholders filled per recipient, through the real SMTP listener; a key makes a
 * double click send once; a track chair writes only within their tracks; and 1,000 mails reach the listener once
 * each although the server is killed half-way through delivering them.
 */
const PAYU_SALT = 'bulkSalt';
const PLACEHOLDER_LIST = '{name}, {email}, {papers}, {conference}, {siteUrl}, {loginUrl}';
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let t: TestApp;
let editor: SignedUp;
let ann: SignedUp;
let ben: SignedUp;
let rita: SignedUp;
let ed: SignedUp;
const cora = { name: 'Cora Co-author', email: '' };
const zed = { name: 'Zed Payer', email: '' };
/** A: Ann's, track 1, accepted (co-authors Cora and Ben), registered by Ann during the tests; B: Ben's, track 4, rejected; C: Ann's, track 4, accepted, not registered; D: Ben's, track 1, no decision. */
const p = { A: '', B: '', C: '', D: '' };

const db = () => t.app.database.db;
const key = () => randomBytes(12).toString('hex');
/** A received mail's text with the line ends as written. */
const textOf = (m: ReceivedMail) => mailText(m).replace(/\r\n/g, '\n');
const preview = (who: SignedUp, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/editor/bulk-mails/preview', headers: who.auth, payload: payload as Record<string, unknown> });
const send = (who: SignedUp, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/editor/bulk-mails', headers: who.auth, payload: { key: key(), ...payload } });
async function group(audience: object, who: SignedUp = editor): Promise<BulkMailPreviewJson> {
  const res = await preview(who, { audience, subject: 'Hello {name}', body: 'Your papers:\n{papers}' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const emailsOf = async (audience: object, who?: SignedUp) => {
  const all = await group(audience, who);
  return all.mails.map((m) => m.to).concat(all.count > 3 ? ['…'] : []);
};
const sorted = (...emails: string[]) => [...emails].sort();

/**
 * The public payment form without a fee row, confirmed by PayU (a correctly hashed success callback): a plain
 * payment (decision 0056), whatever paper id its payer typed.
 */
async function payPlain(name: string, email: string, amount: number, productinfo: string) {
  await payAndConfirm(t.app, PAYU_SALT, { name, email, amount, productinfo });
}
const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()));

beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await startTestApp({ SMTP_URL: smtp.url, PAYU_KEY: 'bulkKey', PAYU_SALT, MAIL_RATE_PER_MINUTE: '0' });
  editor = await signupAs(t.app, 'Editor');
  ann = await signupAs(t.app, 'Author', { name: 'Ann Author' });
  ben = await signupAs(t.app, 'Author', { name: 'Ben Author' });
  rita = await signupAs(t.app, 'Reviewer', { name: 'Rita Reviewer', tags: ['AI'] });
  ed = await signupAs(t.app, 'Reviewer', { name: 'Ed Examiner', tags: ['AI'] });
  cora.email = uniqueAddress('cora');
  zed.email = uniqueAddress('zed');
  p.A = (await submitPaper(t.app, ann.auth, { title: 'Composites under stress', track: 'track-1', keywords: ['Composite materials'] }))._id;
  p.B = (
    await submitPaper(t.app, ben.auth, { title: 'Strategy for small firms', track: 'track-4', keywords: ['Strategic management'] })
  )._id;
  p.C = (await submitPaper(t.app, ann.auth, { title: 'Lean {name} factories', track: 'track-4', keywords: ['Strategic management'] }))._id;
  p.D = (await submitPaper(t.app, ben.auth, { title: 'Alloys at sea', track: 'track-1', keywords: ['Composite materials'] }))._id;
  const co = await t.app.inject({
    method: 'PUT',
    url: `/api/author/paper/${p.A}/co-authors`,
    headers: ann.auth,
    payload: {
      coAuthors: [
        { name: cora.name, email: cora.email },
        { name: 'Ben as co-author', email: ben.user.email.toUpperCase() },
      ],
    },
  });
  expect(co.statusCode, co.body).toBe(200);
  for (const [paperId, decision] of [
    [p.A, 'Accepted'],
    [p.B, 'Rejected'],
    [p.C, 'Accepted'],
  ] as const) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/editor/papers/${paperId}/decision`,
      headers: editor.auth,
      payload: { decision },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  expect((await t.app.inject({ method: 'POST', url: '/api/editor/notify', headers: editor.auth, payload: {} })).statusCode).toBe(200);
  // A decision taken and not yet sent: the group goes by what the authors were told.
  expect(
    (
      await t.app.inject({
        method: 'PUT',
        url: `/api/editor/papers/${p.D}/decision`,
        headers: editor.auth,
        payload: { decision: 'Accepted' },
      })
    ).statusCode,
  ).toBe(200);
  for (const [paperId, reviewer] of [
    [p.A, rita],
    [p.B, ed],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/editor/send-paper',
      headers: editor.auth,
      payload: { paperId, reviewerId: reviewer.user._id },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/reviewer/review/${p.B}`,
    headers: ed.auth,
    payload: { recommendation: 4, confidence: 3, commentsToAuthors: 'Sound.' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // The attack of decision 0056: ₹1 through the public form, no fee row, someone else's paper id as its label.
  await payPlain(zed.name, zed.email, 1, p.A);
  await payPlain('Zed again', zed.email.toUpperCase(), 100, 'Conference Registration');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the groups', () => {
  test('authors: submitting authors only, or with co-authors (one mail per address, whatever its case)', async () => {
    expect(sorted(...(await emailsOf({ group: 'authors' })))).toEqual(sorted(ann.user.email, ben.user.email));
    const withCo = await group({ group: 'authors', coAuthors: true });
    expect(withCo.count).toBe(3);
    expect(sorted(...withCo.mails.map((m) => m.to))).toEqual(sorted(ann.user.email, ben.user.email, cora.email));
  });

  test('authors by the decision they were told, and by track', async () => {
    expect(await emailsOf({ group: 'authors', decision: 'Accepted' })).toEqual([ann.user.email]);
    expect(sorted(...(await emailsOf({ group: 'authors', decision: 'Accepted', coAuthors: true })))).toEqual(
      sorted(ann.user.email, ben.user.email, cora.email),
    );
    expect(await emailsOf({ group: 'authors', decision: 'Rejected' })).toEqual([ben.user.email]);
    // D's decision is taken but not sent: D is still "no decision sent yet".
    expect(await emailsOf({ group: 'authors', decision: 'none' })).toEqual([ben.user.email]);
    expect(await emailsOf({ group: 'authors', decision: 'Revision' })).toEqual([]);
    expect(sorted(...(await emailsOf({ group: 'authors', trackId: 'track-4' })))).toEqual(sorted(ann.user.email, ben.user.email));
    expect(await emailsOf({ group: 'authors', trackId: 'track-1', decision: 'Accepted', coAuthors: true })).toEqual(
      sorted(ann.user.email, ben.user.email, cora.email),
    );
    const mine = (await group({ group: 'authors', decision: 'Accepted' })).mails[0]!;
    expect(mine.text).toBe(`Your papers:\n"Composites under stress" (Paper ID: ${p.A})\n"Lean {name} factories" (Paper ID: ${p.C})`);
  });

  test("reviewers with missing reviews, and a track's reviewers", async () => {
    expect(await emailsOf({ group: 'missingReviews' })).toEqual([rita.user.email]);
    expect(await emailsOf({ group: 'missingReviews', trackId: 'track-4' })).toEqual([]);
    expect(await emailsOf({ group: 'reviewers', trackId: 'track-4' })).toEqual([ed.user.email]);
    expect(await emailsOf({ group: 'reviewers', trackId: 'track-1' })).toEqual([rita.user.email]);
    expect(sorted(...(await emailsOf({ group: 'reviewers' })))).toEqual(sorted(rita.user.email, ed.user.email));
  });

  test("a ₹1 plain payment naming another author's paper makes its payer no attendee and leaves the paper's authors among the unregistered", async () => {
    expect(await group({ group: 'attendees' })).toMatchObject({ count: 0, mails: [] });
    const unregistered = await group({ group: 'unregistered', coAuthors: true });
    expect(unregistered.mails.map((m) => [m.to.toLowerCase(), m.text]).sort()).toEqual(
      [
        [ann.user.email, `Your papers:\n"Composites under stress" (Paper ID: ${p.A})\n"Lean {name} factories" (Paper ID: ${p.C})`],
        [ben.user.email, `Your papers:\n"Composites under stress" (Paper ID: ${p.A})`],
        [cora.email, `Your papers:\n"Composites under stress" (Paper ID: ${p.A})`],
      ].sort(),
    );
  });

  test('attendees are paid registrations (one mail per address); a paper is theirs and registered only when one of its authors names it', async () => {
    // A paid registration naming A by someone who is not its author (made before only authors could name a paper):
    // Zed attends, and A is neither his paper nor registered by it.
    await insertRegistration(db(), { name: zed.name, email: zed.email, paperId: p.A, currency: 'INR' });
    let attendees = await group({ group: 'attendees' });
    expect(attendees.mails.map((m) => [m.to.toLowerCase(), m.subject, m.text])).toEqual([
      [zed.email, `Hello ${zed.name}`, 'Your papers:\n'],
    ]);
    expect((await group({ group: 'unregistered', coAuthors: true })).count).toBe(3);

    // Ann, A's author, registers with it: pending until PayU confirms what covers its price, then paid.
    await verifyEmail(t.app, ann);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/registrations',
      headers: ann.auth,
      payload: {
        name: ann.user.name,
        affiliation: 'Mahidol University',
        country: 'TH',
        category: 'academician-journal',
        currency: 'INR',
        provider: 'payu',
        paperId: p.A,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await group({ group: 'attendees' })).count).toBe(1);
    const paid = await payuSucceeds(t.app, { salt: PAYU_SALT, fields: made.json().payment.fields });
    expect(paid.statusCode, paid.body).toBe(200);
    // And a second paid registration at her address in other letters: one mail, the first name found.
    await insertRegistration(db(), { name: 'Ann again', email: ann.user.email.toUpperCase(), currency: 'INR' });

    attendees = await group({ group: 'attendees' });
    expect(attendees.mails.map((m) => [m.to.toLowerCase(), m.subject, m.text]).sort()).toEqual(
      [
        [ann.user.email, `Hello ${ann.user.name}`, `Your papers:\n"Composites under stress" (Paper ID: ${p.A})`],
        [zed.email, `Hello ${zed.name}`, 'Your papers:\n'],
      ].sort(),
    );
    // A is registered now; C is not; D's acceptance is not sent yet.
    const unregistered = await group({ group: 'unregistered', coAuthors: true });
    expect(unregistered.mails.map((m) => [m.to, m.text])).toEqual([
      [ann.user.email, `Your papers:\n"Lean {name} factories" (Paper ID: ${p.C})`],
    ]);
  });

  test('an unknown track is a 404; a group that is not one is a 400', async () => {
    const unknown = await preview(editor, { audience: { group: 'authors', trackId: 'track-99' }, subject: 'S', body: 'B' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Track not found');
    const bad = await preview(editor, { audience: { group: 'everyone' }, subject: 'S', body: 'B' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('group must be one of authors, missingReviews, reviewers, attendees, unregistered');
  });
});

describe('the mail', () => {
  test('placeholders are filled per recipient in the preview; an unknown placeholder is refused with the reason', async () => {
    const res = await preview(editor, {
      audience: { group: 'authors', coAuthors: true },
      subject: '{conference}: a word for {name}',
      body: 'Dear {name} ({email}),\n{papers}\nLog in: {loginUrl}\nSite: {siteUrl}',
    });
    expect(res.statusCode, res.body).toBe(200);
    const cora1 = (res.json() as BulkMailPreviewJson).mails.find((m) => m.to === cora.email)!;
    expect(cora1.subject).toBe(`${CONFERENCE_TITLE}: a word for ${cora.name}`);
    expect(cora1.text).toBe(
      `Dear ${cora.name} (${cora.email}),\n"Composites under stress" (Paper ID: ${p.A})\nLog in: ${t.config.publicUrl}/login\nSite: ${t.config.publicUrl}`,
    );
    for (const [subject, body, x] of [
      ['Hi {nmae}', 'Body', '{nmae}'],
      ['Hi', 'Your {paperTitle}', '{paperTitle}'],
    ]) {
      for (const call of [preview, send]) {
        const refused = await call(editor, { audience: { group: 'authors' }, subject, body });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(`Unknown placeholder ${x}: a mail to a group can use ${PLACEHOLDER_LIST}`);
      }
    }
    expect((await preview(editor, { audience: { group: 'authors' }, subject: ' ', body: 'B' })).json().message).toBe(
      'The subject must not be empty',
    );
  });

  test('sent through the queue: one mail each, filled for them; the same key twice at once sends it once; progress reaches "sent"', async () => {
    const composed = {
      key: key(),
      audience: { group: 'authors', coAuthors: true },
      subject: 'News for {name}',
      body: 'Dear {name},\n{papers}\n-- {email}',
    };
    const [one, two] = await Promise.all([send(editor, composed), send(editor, composed)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 201]);
    const first = one.json() as BulkMailJson;
    expect(two.json()._id).toBe(first._id);
    expect(first).toMatchObject({
      recipients: 3,
      subject: 'News for {name}',
      audienceLabel: 'Authors of papers and their co-authors in every track',
      createdByName: editor.user.name,
    });
    const again = await send(editor, composed);
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(first._id);
    expect(await db().select().from(bulkMails).where(eq(bulkMails.key, composed.key))).toHaveLength(1);
    expect(await db().select().from(mailQueue).where(eq(mailQueue.bulkId, first._id))).toHaveLength(3);
    const audits = (await db().select().from(auditLog).where(eq(auditLog.action, 'mail.bulk'))).filter(
      (a) => (a.details as { bulkId: string }).bulkId === first._id,
    );
    expect(audits).toHaveLength(1);
    // The same key for another mail: refused, nothing sent.
    const other = await send(editor, { ...composed, body: 'Something else' });
    expect(other.statusCode).toBe(409);

    const detail = async () =>
      (await t.app.inject({ url: `/api/editor/bulk-mails/${first._id}`, headers: editor.auth })).json() as BulkMailDetailJson;
    await expect
      .poll(async () => (await detail()).progress, { timeout: 20_000 })
      .toEqual({ queued: 0, sending: 0, sent: 3, failed: 0, outbox: 0, held: 0 });
    expect(await detail()).toMatchObject({ done: true, failures: [] });
    for (const [who, name, papers] of [
      [ann.user.email, 'Ann Author', `"Composites under stress" (Paper ID: ${p.A})\n"Lean {name} factories" (Paper ID: ${p.C})`],
      [
        ben.user.email,
        'Ben Author',
        `"Composites under stress" (Paper ID: ${p.A})\n"Strategy for small firms" (Paper ID: ${p.B})\n"Alloys at sea" (Paper ID: ${p.D})`,
      ],
      [cora.email, cora.name, `"Composites under stress" (Paper ID: ${p.A})`],
    ] as const) {
      const got = mailsTo(who).filter((m) => mailHeaders(m).get('subject') === `News for ${name}`);
      expect(got, who).toHaveLength(1);
      expect(textOf(got[0]!)).toContain(`Dear ${name},\n${papers}\n-- ${who}`);
      expect(mailHeaders(got[0]!).get('list-unsubscribe')).toMatch(/^<http.*unsubscribe/);
    }
    const list = (await t.app.inject({ url: '/api/editor/bulk-mails', headers: editor.auth })).json().bulkMails as BulkMailJson[];
    expect(list[0]).toMatchObject({ _id: first._id, done: true, progress: { sent: 3 } });
  });

  test('a recipient who turned announcements off gets none; the progress counts them as held', async () => {
    await db().insert(mailPreferences).values({ email: cora.email, category: 'announcements', mode: 'off' });
    const res = await send(editor, {
      key: key(),
      audience: { group: 'authors', trackId: 'track-1', coAuthors: true },
      subject: 'Held {name}',
      body: 'B',
    });
    expect(res.statusCode, res.body).toBe(201);
    const bulk = res.json() as BulkMailJson;
    expect(bulk.recipients).toBe(3);
    expect(bulk.progress.held).toBe(1);
    await expect
      .poll(async () => (await t.app.inject({ url: `/api/editor/bulk-mails/${bulk._id}`, headers: editor.auth })).json().progress.sent, {
        timeout: 20_000,
      })
      .toBe(2);
    expect(mailsTo(cora.email).filter((m) => mailHeaders(m).get('subject')?.startsWith('Held'))).toHaveLength(0);
  });

  test('an empty group is refused and sends nothing', async () => {
    const res = await send(editor, { key: key(), audience: { group: 'authors', decision: 'Revision' }, subject: 'S', body: 'B' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Nobody is in this group now: no mail was sent');
  });
});

describe('a track chair', () => {
  test('writes only to groups within their tracks, and sees only their own bulk mails', async () => {
    const chair = await signupChair(t.app, { editor, track: 'track-4' });
    expect(sorted(...(await emailsOf({ group: 'authors', trackId: 'track-4' }, chair)))).toEqual(sorted(ann.user.email, ben.user.email));
    expect(await emailsOf({ group: 'reviewers', trackId: 'track-4' }, chair)).toEqual([ed.user.email]);
    for (const [audience, message] of [
      [{ group: 'authors' }, 'Track chairs write only to groups within their tracks: choose one of your tracks, not every track'],
      [{ group: 'authors', trackId: 'track-1' }, 'You do not chair this track: track chairs write only to groups within their tracks'],
      [
        { group: 'missingReviews', trackId: 'track-1' },
        'You do not chair this track: track chairs write only to groups within their tracks',
      ],
      [{ group: 'attendees' }, 'Only the editor may write to registered attendees: track chairs write to groups within their tracks'],
    ] as const) {
      for (const call of [preview, send]) {
        const res = await call(chair, { audience, subject: 'S', body: 'B' });
        expect(res.statusCode, JSON.stringify(audience)).toBe(403);
        expect(res.json().message).toBe(message);
      }
    }
    const mine = await send(chair, {
      key: key(),
      audience: { group: 'reviewers', trackId: 'track-4' },
      subject: 'From your chair',
      body: 'Hello {name}',
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const list = (await t.app.inject({ url: '/api/editor/bulk-mails', headers: chair.auth })).json().bulkMails as BulkMailJson[];
    expect(list.map((b) => b.subject)).toEqual(['From your chair']);
    const editorsOwn = (await t.app.inject({ url: '/api/editor/bulk-mails', headers: editor.auth })).json().bulkMails as BulkMailJson[];
    const notTheirs = editorsOwn.find((b) => b.createdBy === editor.user._id)!;
    expect((await t.app.inject({ url: `/api/editor/bulk-mails/${notTheirs._id}`, headers: chair.auth })).statusCode).toBe(404);
  });
});

describe('1,000 recipients and a server killed half-way', () => {
  const N = 1000;
  const RATE = 600;
  let server: ServerProcess | undefined;
  let database: Awaited<ReturnType<typeof freshPostgresUrl>> | undefined;
  let dataDir = '';
  let listener: Awaited<ReturnType<typeof startSmtpListener>> | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await listener?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  test('every recipient gets the mail once (one Message-ID each), at no more than MAIL_RATE_PER_MINUTE', async () => {
    listener = await startSmtpListener();
    // When each mail reached the listener, to check the rate.
    const arrivals: number[] = [];
    const push = listener.mails.push.bind(listener.mails);
    listener.mails.push = (...m: ReceivedMail[]) => {
      arrivals.push(Date.now());
      return push(...m);
    };
    database = await freshPostgresUrl();
    dataDir = newDataDir();
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      JWT_SECRET: 'bulk-mail-secret-bulk-mail-secret-0001',
      SMTP_URL: listener.url,
      MAIL_RATE_PER_MINUTE: String(RATE),
      // A dead instance's claimed mails wait out their lease: 15 s here rather than the default 2 minutes.
      MAIL_LEASE_SECONDS: '15',
    };
    server = await startServerProcess(env);
    const signup = await fetch(`${server.url}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Editor',
        email: uniqueAddress('editor'),
        password: 'correct horse battery',
        confirmPassword: 'correct horse battery',
        role: 'Editor',
      }),
    });
    expect(signup.status).toBe(201);
    const auth = { authorization: `Bearer ${(await signup.json()).token}`, 'content-type': 'application/json' };

    // 1,000 paid registrations straight into the database (1,000 payments through the provider would only be slow).
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const rows = Array.from({ length: N }, (_, i) => [
        randomBytes(12).toString('hex'),
        newDocumentCode(),
        `Attendee ${i}`,
        `attendee${i}@a${i}.example`,
      ]);
      await client.query(
        `insert into registrations (id, code, year, name, email, category, currency, list_minor, amount_minor, status, paid_at)
        select id, code, 2026, name, email, 'attending', 'INR', 2000000, 2000000, 'paid', now() from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as t(id, code, name, email)`,
        [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3])],
      );
    } finally {
      await client.end();
    }

    const composed = {
      key: key(),
      audience: { group: 'attendees' },
      subject: 'Programme for {name}',
      body: 'Dear {name},\nthis is for {email}.',
    };
    const sent = await fetch(`${server.url}/api/editor/bulk-mails`, { method: 'POST', headers: auth, body: JSON.stringify(composed) });
    expect(sent.status).toBe(201);
    const bulk = (await sent.json()) as BulkMailJson;
    expect(bulk.recipients).toBe(N);
    // A double click that arrives late: nothing more.
    const again = await fetch(`${server.url}/api/editor/bulk-mails`, { method: 'POST', headers: auth, body: JSON.stringify(composed) });
    expect(again.status).toBe(200);

    // Killed while delivering: some mails reached the listener, most not yet.
    const before = listener.mails.length;
    await expect.poll(() => listener!.mails.length - before, { timeout: 60_000, interval: 5 }).toBeGreaterThanOrEqual(N * 0.3);
    await server.stop('SIGKILL');
    const atKill = listener.mails.length - before;
    expect(atKill).toBeLessThan(N);

    server = await startServerProcess(env);
    const progress = async () =>
      (await (await fetch(`${server!.url}/api/editor/bulk-mails/${bulk._id}`, { headers: auth })).json()) as BulkMailDetailJson;
    // Mails claimed by the killed process wait out their lease (MAIL_LEASE_SECONDS) before another worker takes them.
    await expect.poll(async () => (await progress()).progress.sent, { timeout: 300_000, interval: 1000 }).toBe(N);
    expect(await progress()).toMatchObject({ done: true, failures: [], progress: { queued: 0, sending: 0, failed: 0, held: 0 } });

    // The bulk mail's, not the editor's verification mail.
    const bulkOnes = listener.mails
      .map((m, i) => ({ m, at: arrivals[i]! }))
      .filter(({ m }) => mailHeaders(m).get('subject')?.startsWith('Programme for '));
    const byRecipient = new Map<string, Set<string>>();
    for (const { m } of bulkOnes) {
      expect(m.to).toHaveLength(1);
      const to = m.to[0]!.toLowerCase();
      expect(textOf(m)).toContain(`this is for ${to}.`);
      const ids = byRecipient.get(to) ?? new Set<string>();
      ids.add(mailHeaders(m).get('message-id')!);
      byRecipient.set(to, ids);
    }
    // Every recipient, each with one Message-ID: a mail the SMTP server took just before the kill, and the
    // killed process never recorded, is sent again after its lease with the same Message-ID (receivers drop it).
    expect(byRecipient.size).toBe(N);
    expect([...byRecipient.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    const resent = bulkOnes.length - N;
    console.log(`bulk mail of ${N}: ${atKill} delivered before SIGKILL, ${resent} accepted again after it (same Message-ID)`);
    // At most the killed worker's claimed batch is in doubt.
    expect(resent).toBeLessThanOrEqual(10);
    // The rate: in any 60 s, at most MAIL_RATE_PER_MINUTE recorded deliveries, plus the few sent again.
    const times = bulkOnes.map((b) => b.at);
    const most = Math.max(...times.map((start) => times.filter((a) => a >= start && a < start + 60_000).length));
    console.log(
      `most in any 60 s: ${most} (MAIL_RATE_PER_MINUTE ${RATE}); all ${N} delivered ${((times.at(-1)! - times[0]!) / 1000).toFixed(1)} s after the first`,
    );
    // (The limit is checked when a batch of at most 10 is claimed, counting deliveries recorded in the last minute.)
    expect(most).toBeLessThanOrEqual(RATE + resent + 10);
  }, 420_000);
});
