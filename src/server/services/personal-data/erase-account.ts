import { randomBytes } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { ErasurePreviewJson } from '../../../core/schemas/personal-data';
import { ERASE_PASSWORD_WRONG } from '../../../core/schemas/personal-data';
import { verifyPassword } from '../../auth/password';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import type { FileStore } from '../../storage/file-store';
import { recordAudit } from '../shared/audit';
import { discardFileIfUnused } from '../shared/discard-file';
import { endOtherSessions } from '../sessions/sessions';
import { rowsOf, type Person } from './collect-personal-data';

type Tx = Pick<Db, 'execute'>;

/** How long receipts are kept for the accounts (decision 0071): the common legal period for bookkeeping records. */
export const RECEIPT_RETENTION_YEARS = 10;

/** The name an erased account keeps: its reviews and kept records stay under it (a pseudonym, not the person). */
export const pseudonymOf = (id: string, role: string) =>
  `${role === 'Reviewer' ? 'Reviewer' : 'Erased person'} ${id.slice(-6).toUpperCase()}`;

/** A published paper keeps its authorship (decision 0071): accepted, in an edition whose proceedings are published. */
const PUBLISHED = sql.raw(
  `(p.decision = 'Accepted' and exists (select 1 from settings_all s where s.edition_id = p.edition_id and s.proceedings_published_at is not null))`,
);

const count = async (db: Tx, query: SQL) => Number((await rowsOf<{ n: number }>(db, query))[0]?.n ?? 0);

/** What erasure would keep (and how) and delete, counted, before anything is changed. */
interface Plan {
  publishedPapers: number;
  otherPapers: number;
  coAuthoredPublished: number;
  coAuthoredOther: number;
  reviews: number;
  receipts: number;
  registrationsKept: number;
  registrationsDeleted: number;
  paymentsKept: number;
  paymentsDeleted: number;
  mails: number;
  visaLetters: number;
  sessions: number;
  sharedAddress: boolean;
}

async function planErasure(db: Tx, person: Person): Promise<Plan> {
  const { id, email } = person;
  const regs = sql`(r.user_id = ${id} or (r.user_id is null and lower(r.email) = ${email}))`;
  const hasReceipt = sql`exists (select 1 from receipts_all x where x.registration_id = r.id)`;
  const sharedAddress = (await count(db, sql`select count(*)::int as n from users where lower(email) = ${email} and id <> ${id}`)) > 0;
  return {
    publishedPapers: await count(db, sql`select count(*)::int as n from papers_all p where p.author_id = ${id} and ${PUBLISHED}`),
    otherPapers: await count(db, sql`select count(*)::int as n from papers_all p where p.author_id = ${id} and not ${PUBLISHED}`),
    coAuthoredPublished: await count(
      db,
      sql`select count(*)::int as n from paper_co_authors_all c join papers_all p on p.id = c.paper_id where lower(c.email) = ${email} and p.author_id <> ${id} and ${PUBLISHED}`,
    ),
    coAuthoredOther: await count(
      db,
      sql`select count(*)::int as n from paper_co_authors_all c join papers_all p on p.id = c.paper_id where lower(c.email) = ${email} and p.author_id <> ${id} and not ${PUBLISHED}`,
    ),
    reviews: await count(
      db,
      sql`select count(*)::int as n from reviews_all v join papers_all p on p.id = v.paper_id where v.reviewer_id = ${id} and p.author_id <> ${id}`,
    ),
    receipts: await count(
      db,
      sql`select count(*)::int as n from receipts_all x join registrations_all r on r.id = x.registration_id where ${regs}`,
    ),
    registrationsKept: await count(db, sql`select count(*)::int as n from registrations_all r where ${regs} and ${hasReceipt}`),
    registrationsDeleted: await count(db, sql`select count(*)::int as n from registrations_all r where ${regs} and not ${hasReceipt}`),
    paymentsKept: await count(
      db,
      sql`select count(*)::int as n from payments_all m where (lower(m.email) = ${email} or m.registration_id in (select r.id from registrations_all r where ${regs}))
        and exists (select 1 from receipts_all x where x.payment_id = m.id)`,
    ),
    paymentsDeleted: await count(
      db,
      sql`select count(*)::int as n from payments_all m where (lower(m.email) = ${email} or m.registration_id in (select r.id from registrations_all r where ${regs}))
        and not exists (select 1 from receipts_all x where x.payment_id = m.id)`,
    ),
    mails: sharedAddress
      ? 0
      : await count(
          db,
          sql`select (select count(*) from mail_log_all where lower("to") = ${email}) + (select count(*) from mail_queue_all where lower("to") = ${email}) as n`,
        ),
    visaLetters: await count(
      db,
      sql`select count(*)::int as n from visa_letters_all where requested_by = ${id} or registration_id in (select r.id from registrations_all r where ${regs})`,
    ),
    sessions: await count(db, sql`select count(*)::int as n from sessions where user_id = ${id}`),
    sharedAddress,
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The two lists the person reads before confirming (decision 0071). */
function describePlan(plan: Plan, pseudonym: string): ErasurePreviewJson {
  const kept: string[] = [];
  const deleted: string[] = [
    'Your profile: name, address, phone, affiliation, country, ORCID iD, photo, password and topics',
    'Your sign-in sessions, links and data downloads',
  ];
  if (plan.publishedPapers)
    kept.push(`Your authorship of ${plural(plan.publishedPapers, 'paper')} in the published proceedings, with your name as published`);
  if (plan.coAuthoredPublished)
    kept.push(
      `Your name as co-author of ${plural(plan.coAuthoredPublished, 'paper')} in the published proceedings (your address is removed)`,
    );
  if (plan.reviews) kept.push(`${plural(plan.reviews, 'review')} you wrote, under the pseudonym “${pseudonym}”`);
  if (plan.receipts)
    kept.push(
      `${plural(plan.receipts, 'receipt')} as issued, with the ${plural(plan.registrationsKept, 'registration')} and ${plural(plan.paymentsKept, 'payment')} they record (your name and address removed), kept for the accounts for ${RECEIPT_RETENTION_YEARS} years`,
    );
  kept.push('The audit log’s record of what this account did, under the pseudonym, without your network address');
  if (plan.otherPapers)
    deleted.push(`${plural(plan.otherPapers, 'paper')} you submitted that are not in published proceedings, with their files and reviews`);
  if (plan.coAuthoredOther)
    deleted.push(`Your name and address as co-author of ${plural(plan.coAuthoredOther, 'paper')} not in published proceedings`);
  if (plan.registrationsDeleted) deleted.push(`${plural(plan.registrationsDeleted, 'registration')} without a receipt`);
  if (plan.paymentsDeleted) deleted.push(`${plural(plan.paymentsDeleted, 'payment')} without a receipt`);
  if (plan.visaLetters) deleted.push(`${plural(plan.visaLetters, 'visa letter')} and the passport details in them`);
  if (plan.mails) deleted.push(`${plural(plan.mails, 'mail')} we sent to your address`);
  deleted.push('Your bids, agenda, waiting-list places and notification settings');
  return {
    kept,
    deleted,
    otherAccounts: plan.sharedAddress
      ? 'You have other accounts under this address: they are not erased. Sign in to each to erase it too; the mails to your address are deleted with the last one.'
      : null,
  };
}

const personOf = async (db: Db, userId: string) => {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not_found', 'Account not found');
  return user;
};

export async function previewErasure(opts: { db: Db; userId: string }): Promise<ErasurePreviewJson> {
  const user = await personOf(opts.db, opts.userId);
  return describePlan(await planErasure(opts.db, { id: user.id, email: user.email.toLowerCase() }), pseudonymOf(user.id, user.role));
}

/**
 * Delete rows of `table` (by id) and, first, what depends on them: a nullable reference is cleared, a required one
 * takes its row with it. The references are read from the database's own foreign keys, so a table added later is
 * covered. Returns the storage keys the deleted rows named (their files go once nothing else names them).
 */
async function deleteWithDependents(tx: Tx, table: string, ids: string[], keys: Set<string>): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const refs = await rowsOf<{ tbl: string; col: string; notnull: boolean; hasid: boolean; haskey: boolean }>(
    tx,
    sql`select c.conrelid::regclass::text as tbl, a.attname as col, a.attnotnull as notnull,
        exists (select 1 from pg_attribute i where i.attrelid = c.conrelid and i.attname = 'id' and not i.attisdropped) as hasid,
        exists (select 1 from pg_attribute i where i.attrelid = c.conrelid and i.attname = 'storage_key' and not i.attisdropped) as haskey
      from pg_constraint c
      join lateral unnest(c.conkey, c.confkey) as k(mine, theirs) on true
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.mine
      join pg_attribute t on t.attrelid = c.confrelid and t.attnum = k.theirs and t.attname = 'id'
      where c.contype = 'f' and c.confrelid = ${table}::regclass`,
  );
  for (const r of refs) {
    const tbl = sql.raw(`"${r.tbl.replace(/"/g, '')}"`);
    const col = sql.raw(`"${r.col}"`);
    if (r.haskey) {
      for (const k of await rowsOf<{ k: string }>(tx, sql`select storage_key as k from ${tbl} where ${col} in (${list})`)) keys.add(k.k);
    }
    if (!r.notnull) {
      await tx.execute(sql`update ${tbl} set ${col} = null where ${col} in (${list})`);
    } else if (r.hasid && r.tbl !== table) {
      const sub = await rowsOf<{ id: string }>(tx, sql`select id from ${tbl} where ${col} in (${list})`);
      await deleteWithDependents(
        tx,
        r.tbl,
        sub.map((s) => s.id),
        keys,
      );
    } else {
      await tx.execute(sql`delete from ${tbl} where ${col} in (${list})`);
    }
  }
  await tx.execute(sql`delete from ${sql.raw(table)} where id in (${list})`);
}

/**
 * Erase the caller's account (decision 0071; GDPR article 17) after their password confirms it: what the record or the
 * law needs is kept under a pseudonym (published authorship, receipts with their registrations and payments, reviews),
 * everything else of theirs is deleted, and the account can never sign in again. One transaction; the files go after.
 */
export async function eraseAccount(opts: {
  db: Db;
  files: FileStore;
  userId: string;
  password: string;
  ip?: string;
}): Promise<{ kept: string[] }> {
  const user = await personOf(opts.db, opts.userId);
  if (!(await verifyPassword(opts.password, user.passwordHash))) throw new AppError('forbidden', ERASE_PASSWORD_WRONG);
  const id = user.id;
  const email = user.email.toLowerCase();
  const pseudonym = pseudonymOf(id, user.role);
  const erasedAddress = `erased-${id}@erased.invalid`;
  const keys = new Set<string>();
  const result = await opts.db.transaction(async (tx) => {
    const plan = await planErasure(tx, { id, email });
    const summary = describePlan(plan, pseudonym);
    const regs = sql`(user_id = ${id} or (user_id is null and lower(email) = ${email}))`;

    // Papers: published ones keep their authorship; the others go with all that hangs on them.
    const gone = await rowsOf<{ id: string }>(tx, sql`select p.id from papers_all p where p.author_id = ${id} and not ${PUBLISHED}`);
    await deleteWithDependents(
      tx,
      'papers_all',
      gone.map((p) => p.id),
      keys,
    );
    await tx.execute(sql`update paper_co_authors_all c set email = ${erasedAddress},
        name = case when exists (select 1 from papers_all p where p.id = c.paper_id and ${PUBLISHED}) then c.name else ${pseudonym} end,
        affiliation = case when exists (select 1 from papers_all p where p.id = c.paper_id and ${PUBLISHED}) then c.affiliation else '' end,
        orcid = case when exists (select 1 from papers_all p where p.id = c.paper_id and ${PUBLISHED}) then c.orcid else null end
      where lower(c.email) = ${email}`);

    // Money: a receipt is kept as issued, with its registration and payment anonymised; the rest is deleted.
    const regsGone = await rowsOf<{ id: string }>(
      tx,
      sql`select id from registrations_all r where ${regs} and not exists (select 1 from receipts_all x where x.registration_id = r.id)`,
    );
    const regIds = (await rowsOf<{ id: string }>(tx, sql`select id from registrations_all where ${regs}`)).map((r) => r.id);
    const anyReg = regIds.length
      ? sql`m.registration_id in (${sql.join(
          regIds.map((r) => sql`${r}`),
          sql`, `,
        )})`
      : sql`false`;
    await tx.execute(sql`delete from payments_all m where (lower(m.email) = ${email} or ${anyReg})
        and not exists (select 1 from receipts_all x where x.payment_id = m.id)`);
    await tx.execute(sql`update payments_all m set name = ${pseudonym}, email = ${erasedAddress}, phone = ''
        where lower(m.email) = ${email} or ${anyReg}`);
    await tx.execute(sql`delete from visa_letters_all v where v.requested_by = ${id}
        or v.registration_id in (select r.id from registrations_all r where r.user_id = ${id} or (r.user_id is null and lower(r.email) = ${email}))`);
    await deleteWithDependents(
      tx,
      'registrations_all',
      regsGone.map((r) => r.id),
      keys,
    );
    await tx.execute(sql`update registrations_all set name = ${pseudonym}, email = ${erasedAddress}, affiliation = '', country = '',
        billing_name = null, billing_address = null where ${regs}`);

    // What belongs to the account alone.
    for (const table of [
      'bids_all',
      'agenda_stars',
      'discussion_mail_marks_all',
      'review_reminders_all',
      'award_panel_members_all',
      'data_exports',
      'account_tokens',
    ]) {
      const column = table === 'bids_all' || table === 'review_reminders_all' ? 'reviewer_id' : 'user_id';
      if (await tableHasColumn(tx, table, column)) await tx.execute(sql`delete from ${sql.raw(table)} where ${sql.raw(column)} = ${id}`);
    }
    await tx.execute(sql`delete from workshop_waitlist_all where lower(email) = ${email}`);
    // Sign-in identities and second factors (decision 0070), where this release has them.
    for (const table of ['user_identities', 'user_totp', 'user_recovery_codes', 'second_factor_challenges', 'oidc_flows']) {
      if (await tableHasColumn(tx, table, 'user_id')) await tx.execute(sql`delete from ${sql.raw(table)} where user_id = ${id}`);
    }
    if (!plan.sharedAddress) {
      await tx.execute(sql`delete from mail_log_all where lower("to") = ${email}`);
      await tx.execute(sql`delete from mail_queue_all where lower("to") = ${email}`);
      await tx.execute(sql`delete from mail_digest_items where lower(email) = ${email}`);
      await tx.execute(sql`delete from mail_preferences where lower(email) = ${email}`);
      await tx.execute(sql`delete from audit_log_all where action = 'login.failed' and lower(details->>'email') = ${email}`);
    }
    await tx.execute(sql`update audit_log_all set ip = null where actor_id = ${id}`);

    // The account itself: a pseudonym holding what was kept, with nothing to sign in with.
    if (user.photoKey) keys.add(user.photoKey);
    const exportKeys = await rowsOf<{ k: string }>(
      tx,
      sql`select storage_key as k from data_exports where user_id = ${id} and storage_key is not null`,
    );
    for (const k of exportKeys) keys.add(k.k);
    await endOtherSessions({ db: tx as unknown as Db, userId: id });
    await tx.execute(sql`delete from sessions where user_id = ${id}`);
    await tx
      .update(users)
      .set({
        name: plan.publishedPapers ? user.name : pseudonym,
        email: erasedAddress,
        passwordHash: `erased$${randomBytes(16).toString('base64url')}`,
        phone: '',
        photoKey: null,
        tags: [],
        affiliation: plan.publishedPapers ? user.affiliation : '',
        country: plan.publishedPapers ? user.country : '',
        orcid: plan.publishedPapers ? user.orcid : null,
        emailVerifiedAt: null,
        tokensValidAfter: new Date(),
      })
      .where(eq(users.id, id));
    const counts = {
      kept: { papers: plan.publishedPapers, reviews: plan.reviews, receipts: plan.receipts },
      deleted: { papers: plan.otherPapers, registrations: plan.registrationsDeleted, payments: plan.paymentsDeleted, mails: plan.mails },
    };
    await recordAudit(tx, { actorId: id, actorRole: user.role, action: 'account.erase', details: counts });
    return { kept: summary.kept };
  });
  for (const key of keys) await discardFileIfUnused({ db: opts.db, store: opts.files, key });
  return result;
}

async function tableHasColumn(tx: Tx, table: string, column: string): Promise<boolean> {
  const rows = await rowsOf<{ ok: boolean }>(
    tx,
    sql`select exists (select 1 from pg_attribute where attrelid = to_regclass(${table}) and attname = ${column} and not attisdropped) as ok`,
  );
  return rows[0]?.ok === true;
}
