import { sql } from 'drizzle-orm';
import {
  RETENTION_KIND_NAMES,
  RETENTION_KINDS,
  type RetentionBody,
  type RetentionJson,
  type RetentionKind,
} from '../../../core/schemas/retention';
import type { Db } from '../../db/connect';
import { retentionRules } from '../../db/schema';
import type { FileStore } from '../../storage/file-store';
import { recordAudit } from '../shared/audit';
import { discardFileIfUnused } from '../shared/discard-file';

type Tx = Pick<Db, 'execute'>;
const rowsOf = async <T>(db: Tx, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const DAY_MS = 24 * 60 * 60 * 1000;

async function readDays(db: Db): Promise<Record<RetentionKind, number | null>> {
  const rows = await db.select().from(retentionRules);
  return Object.fromEntries(RETENTION_KIND_NAMES.map((k) => [k, rows.find((r) => r.kind === k)?.days ?? null])) as Record<
    RetentionKind,
    number | null
  >;
}

/** The organiser's retention periods, and when each closed edition's data of each kind goes. */
export async function getRetention({ db }: { db: Db }): Promise<RetentionJson> {
  const days = await readDays(db);
  const closed = await rowsOf<{ year: number; closed_at: Date }>(
    db,
    sql`select year, closed_at from editions where closed_at is not null and not is_current order by year desc`,
  );
  return {
    rules: RETENTION_KIND_NAMES.map((kind) => ({ kind, ...RETENTION_KINDS[kind], days: days[kind] })),
    editions: closed.map((e) => ({
      year: e.year,
      closedAt: new Date(e.closed_at).toISOString(),
      removals: Object.fromEntries(
        RETENTION_KIND_NAMES.map((k) => [
          k,
          days[k] === null ? null : new Date(new Date(e.closed_at).getTime() + days[k]! * DAY_MS).toISOString(),
        ]),
      ),
    })),
  };
}

export async function saveRetention(opts: {
  db: Db;
  actorId: string;
  actorRole: string;
  ip?: string;
  body: RetentionBody;
}): Promise<RetentionJson> {
  await opts.db.transaction(async (tx) => {
    for (const [kind, days] of Object.entries(opts.body.rules)) {
      await tx
        .insert(retentionRules)
        .values({ kind, days, updatedBy: opts.actorId })
        .onConflictDoUpdate({ target: retentionRules.kind, set: { days, updatedBy: opts.actorId, updatedAt: new Date() } });
    }
    await recordAudit(tx, {
      actorId: opts.actorId,
      actorRole: opts.actorRole,
      action: 'retention.settings',
      ip: opts.ip,
      details: { rules: opts.body.rules as Record<string, number | null> },
    });
  });
  return getRetention({ db: opts.db });
}

/** What one kind's removal does to one edition's rows: how many it removed; stored files it no longer names go in `keys`. */
const REMOVE: Record<RetentionKind, (tx: Tx, edition: string, keys: Set<string>) => Promise<number>> = {
  'rejected-paper-files': async (tx, edition, keys) => {
    const rows = await rowsOf<{ k: string }>(
      tx,
      sql`delete from paper_files_all f using papers_all p
        where p.id = f.paper_id and p.edition_id = ${edition} and f.edition_id = ${edition} and p.decision = 'Rejected'
        returning f.storage_key as k`,
    );
    for (const r of rows) keys.add(r.k);
    return rows.length;
  },
  reviews: async (tx, edition) => {
    for (const table of [
      'review_versions_all',
      'review_ratings_all',
      'meta_reviews_all',
      'discussion_posts_all',
      'discussion_mail_marks_all',
      'author_responses_all',
      'comments_all',
    ]) {
      await tx.execute(sql`delete from ${sql.raw(table)} where edition_id = ${edition}`);
    }
    return (await rowsOf(tx, sql`delete from reviews_all where edition_id = ${edition} returning 1`)).length;
  },
  mails: async (tx, edition) =>
    (await rowsOf(tx, sql`delete from mail_log_all where edition_id = ${edition} returning 1`)).length +
    (await rowsOf(tx, sql`delete from mail_queue_all where edition_id = ${edition} and status not in ('queued', 'sending') returning 1`))
      .length,
  audit: async (tx, edition) => (await rowsOf(tx, sql`delete from audit_log_all where edition_id = ${edition} returning 1`)).length,
  'attendee-data': async (tx, edition) => {
    await tx.execute(sql`delete from visa_letters_all where edition_id = ${edition}`);
    await tx.execute(sql`delete from workshop_waitlist_all where edition_id = ${edition}`);
    await tx.execute(sql`update payments_all set name = 'Attendee', email = '', phone = '' where edition_id = ${edition} and email <> ''`);
    return (
      await rowsOf(
        tx,
        sql`update registrations_all set name = 'Attendee ' || code, email = '', affiliation = '', country = '', billing_name = null, billing_address = null
          where edition_id = ${edition} and email <> '' returning 1`,
      )
    ).length;
  },
};

/** Any fixed pair: the transaction-scoped advisory lock one instance holds while it applies retention. */
const RETENTION_LOCK = sql`hashtext('imse-retention')`;

/**
 * The daily job (decision 0071): for every closed edition, each kind whose period has passed is removed, and one audit
 * row per edition says how many of each went. One instance at a time: the others find the lock taken and skip (a
 * transaction-scoped lock, which also holds behind a transaction pooler). Returns what it removed, or null when
 * another instance was at it.
 */
export async function applyRetention(opts: {
  db: Db;
  files: FileStore;
}): Promise<Array<{ editionId: string; removed: Record<string, number> }> | null> {
  const keys = new Set<string>();
  const result = await opts.db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as ok`);
    if (!lock?.ok) return null;
    const days = await readDays(tx as unknown as Db);
    const closed = await rowsOf<{ id: string; closed_at: Date }>(
      tx,
      sql`select id, closed_at from editions where closed_at is not null and not is_current order by year`,
    );
    const done: Array<{ editionId: string; removed: Record<string, number> }> = [];
    for (const edition of closed) {
      const removed: Record<string, number> = {};
      for (const kind of RETENTION_KIND_NAMES) {
        const keep = days[kind];
        if (keep === null || new Date(edition.closed_at).getTime() + keep * DAY_MS > Date.now()) continue;
        const n = await REMOVE[kind](tx, edition.id, keys);
        if (n > 0) removed[kind] = n;
      }
      if (Object.keys(removed).length === 0) continue;
      await recordAudit(tx, { actorId: null, actorRole: null, action: 'retention.apply', details: { editionId: edition.id, removed } });
      done.push({ editionId: edition.id, removed });
    }
    return done;
  });
  for (const key of keys) await discardFileIfUnused({ db: opts.db, store: opts.files, key });
  return result;
}
