import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditLog, editions, papers } from '../../src/server/db/schema';
import { applyRetention } from '../../src/server/services/retention/retention';
import { startTestApp, type TestApp } from '../support/app';
import { submitPaper } from '../support/multipart';
import { signupAs, type SignedUp } from '../support/users';

/**
 * Decision 0071: the organiser sets how long each kind of a closed edition's data is kept; the daily job removes
 * what is past it, keeps the rest, and says in the audit log how many of each it removed.
 */
let t: TestApp;
let editor: SignedUp;
let author: SignedUp;
let rejectedId: string;
let acceptedId: string;
let registrationId: string;
let closedEdition: string;

beforeAll(async () => {
  t = await startTestApp();
  editor = await signupAs(t.app, 'Editor');
  author = await signupAs(t.app, 'Author');
  rejectedId = (await submitPaper(t.app, author.auth, { title: 'Turned down' }))._id;
  acceptedId = (await submitPaper(t.app, author.auth, { title: 'Taken' }))._id;
  const db = t.app.database.db;
  await db.update(papers).set({ decision: 'Rejected' }).where(eq(papers.id, rejectedId));
  await db.update(papers).set({ decision: 'Accepted' }).where(eq(papers.id, acceptedId));
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/editor/registrations',
    headers: editor.auth,
    payload: {
      name: 'Ann Attendee',
      email: 'ann.attendee@retention.example',
      affiliation: 'Uni',
      country: 'TH',
      category: 'attending',
      currency: 'USD',
    },
  });
  expect(reg.statusCode, reg.body).toBe(201);
  const registration = reg.json().registration as { id: string; amountMinor: number };
  registrationId = registration.id;
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/editor/registrations/${registrationId}/bank-transfers`,
    headers: editor.auth,
    payload: { reference: 'REF-ANN', paidOn: '2026-01-10', amountMinor: registration.amountMinor, currency: 'USD' },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  const [current] = await db.select().from(editions).where(eq(editions.isCurrent, true));
  closedEdition = current!.id;
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/editions',
    headers: editor.auth,
    payload: { year: current!.year + 1, carry: [] },
  });
  expect(opened.statusCode, opened.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

const count = async (query: ReturnType<typeof sql>) =>
  Number(((await t.app.database.db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
const put = (rules: Record<string, unknown>, who = editor) =>
  t.app.inject({ method: 'PUT', url: '/api/editor/retention', headers: who.auth, payload: { rules } });

describe('retention settings', () => {
  test('kept until the organiser says; only the editor sets them; bad periods are refused with a message', async () => {
    const res = await t.app.inject({ url: '/api/editor/retention', headers: editor.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { rules: Array<{ kind: string; days: number | null }>; editions: Array<{ year: number }> };
    expect(body.rules.map((r) => [r.kind, r.days])).toEqual([
      ['rejected-paper-files', null],
      ['reviews', null],
      ['mails', null],
      ['audit', null],
      ['attendee-data', null],
    ]);
    expect(body.editions).toHaveLength(1);
    expect((await put({ mails: -1 })).json().message).toMatch(/Days cannot be negative/);
    expect((await put({ mails: 1.5 })).statusCode).toBe(400);
    expect((await put({ passwords: 3 })).statusCode).toBe(400);
    expect((await put({ mails: 3 }, author)).statusCode).toBe(403);
  });
});

describe('the daily job', () => {
  test('removes what is past its period, keeps the rest, and audits the counts; a later run removes what has come due', async () => {
    const db = t.app.database.db;
    const inClosed = (table: string) => sql`select count(*)::int as n from ${sql.raw(table)} where edition_id = ${closedEdition}`;
    const mailsBefore = await count(inClosed('mail_log_all'));
    expect(mailsBefore + (await count(inClosed('mail_queue_all')))).toBeGreaterThan(0);
    const auditBefore = await count(inClosed('audit_log_all'));
    expect(auditBefore).toBeGreaterThan(0);

    const saved = await put({ 'rejected-paper-files': 0, mails: 0, 'attendee-data': 0, audit: 30, reviews: null });
    expect(saved.statusCode, saved.body).toBe(200);
    const done = await applyRetention({ db, files: t.app.files });
    expect(done).toHaveLength(1);
    const removed = done![0]!.removed;
    expect(removed['rejected-paper-files']).toBe(1);
    expect(removed['attendee-data']).toBe(1);
    expect(removed.mails).toBeGreaterThan(0);
    expect(removed.audit).toBeUndefined();

    // The rejected paper's PDF is gone; the accepted one's stays; the papers stay in the record.
    expect(await count(sql`select count(*)::int as n from paper_files_all where paper_id = ${rejectedId}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from paper_files_all where paper_id = ${acceptedId}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from papers_all where id in (${rejectedId}, ${acceptedId})`)).toBe(2);
    // Mails gone; the audit kept (30 days have not passed).
    expect(await count(inClosed('mail_log_all'))).toBe(0);
    expect(await count(inClosed('mail_queue_all'))).toBe(0);
    expect(await count(inClosed('audit_log_all'))).toBe(auditBefore);
    // The attendee is anonymised; her receipt stays for the accounts.
    const [reg] = (
      (await db.execute(sql`select name, email from registrations_all where id = ${registrationId}`)) as unknown as {
        rows: Array<{ name: string; email: string }>;
      }
    ).rows;
    expect(reg!.name).not.toContain('Ann');
    expect(reg!.email).toBe('');
    expect(await count(sql`select count(*)::int as n from receipts_all where registration_id = ${registrationId}`)).toBe(1);

    // The audit row, in the current edition, says what went.
    const [row] = await db.select().from(auditLog).where(eq(auditLog.action, 'retention.apply'));
    expect(row!.details).toEqual({ editionId: closedEdition, removed });

    // Nothing more is due: a second run removes nothing and writes no row.
    expect(await applyRetention({ db, files: t.app.files })).toEqual([]);
    // Thirty-one days later the audit entries are due too.
    await db
      .update(editions)
      .set({ closedAt: sql`closed_at - interval '31 days'` })
      .where(eq(editions.id, closedEdition));
    const later = await applyRetention({ db, files: t.app.files });
    expect(later).toEqual([{ editionId: closedEdition, removed: { audit: auditBefore } }]);
    expect(await count(inClosed('audit_log_all'))).toBe(0);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'retention.apply'))),
    ).toHaveLength(2);
  });

  test('one instance at a time: while another holds the lock, the job skips', async () => {
    const { pool } = t.app.database;
    const other = await pool.connect();
    try {
      await other.query('begin');
      await other.query(`select pg_advisory_xact_lock(hashtext('imse-retention'))`);
      expect(await applyRetention({ db: t.app.database.db, files: t.app.files })).toBeNull();
      await other.query('commit');
    } finally {
      other.release();
    }
    expect(await applyRetention({ db: t.app.database.db, files: t.app.files })).toEqual([]);
  });
});
