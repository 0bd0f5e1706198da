import { and, asc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { formatMinorDecimal } from '../../../core/format';
import { categoryLabel } from '../../../core/registration';
import type { AttendeeFilters, AttendeeJson, AttendeesPageJson } from '../../../core/schemas/attendee';
import type { Db } from '../../db/connect';
import { registrations, type RegistrationRow } from '../../db/schema';
import { csvCell } from '../shared/export-csv';
import { categoryLabeller } from '../shared/category-labels';

export function toAttendeeJson(r: RegistrationRow, label: (key: string) => string = categoryLabel): AttendeeJson {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    email: r.email,
    affiliation: r.affiliation,
    country: r.country,
    category: r.category,
    categoryLabel: label(r.category),
    status: r.status,
    amountMinor: r.amountMinor,
    currency: r.currency,
    paperId: r.paperId,
    paidAt: r.paidAt?.toISOString() ?? null,
    checkedInAt: r.checkedInAt?.toISOString() ?? null,
    registeredAt: r.createdAt.toISOString(),
  };
}

/** LIKE's own characters in the searched text match themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of the filters (list, CSV and badges read the same rows). */
export function attendeeConditions(f: AttendeeFilters): SQL | undefined {
  const where: SQL[] = [];
  if (f.category) where.push(eq(registrations.category, f.category));
  if (f.status === 'checked-in') where.push(isNotNull(registrations.checkedInAt));
  else if (f.status === 'not-checked-in') where.push(and(isNull(registrations.checkedInAt), eq(registrations.status, 'paid'))!);
  else if (f.status) where.push(eq(registrations.status, f.status));
  if (f.country) where.push(eq(registrations.country, f.country));
  // Every word somewhere in the name, e-mail, affiliation or code.
  for (const word of (f.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8)) {
    const like = `%${likeEscaped(word)}%`;
    where.push(
      sql`(${registrations.name} ilike ${like} or ${registrations.email} ilike ${like} or ${registrations.affiliation} ilike ${like} or ${registrations.code} ilike ${like})`,
    );
  }
  return where.length ? and(...where) : undefined;
}

/** Sorted by name as people read it (case folded), the id breaking ties: the order cursors follow. */
const BY_NAME = [asc(sql`lower(${registrations.name})`), asc(registrations.id)];

/**
 * One page of attendees after `cursor` (the last id of the previous page), by name. An unknown cursor is an
 * empty page; `total` counts every registration matching the filters.
 */
export async function listAttendees(opts: {
  db: Db;
  filters: AttendeeFilters;
  limit?: number;
  cursor?: string;
}): Promise<AttendeesPageJson> {
  const { db, filters } = opts;
  const limit = opts.limit ?? 50;
  const where = attendeeConditions(filters);
  let after: SQL | undefined;
  if (opts.cursor) {
    const [last] = await db.select({ id: registrations.id }).from(registrations).where(eq(registrations.id, opts.cursor));
    if (!last) return { attendees: [], total: 0, nextCursor: null };
    after = sql`(lower(${registrations.name}), ${registrations.id}) > (select lower(r.name), r.id from registrations r where r.id = ${last.id})`;
  }
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(registrations)
      .where(and(where, after))
      .orderBy(...BY_NAME)
      .limit(limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(registrations)
      .where(where),
  ]);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const label = await categoryLabeller(db);
  return {
    attendees: page.map((r) => toAttendeeJson(r, label)),
    total: counted?.n ?? 0,
    nextCursor: more ? page[page.length - 1]!.id : null,
  };
}

/** Every registration matching the filters, by name. */
export async function findAttendees(opts: { db: Db; filters: AttendeeFilters }): Promise<RegistrationRow[]> {
  return opts.db
    .select()
    .from(registrations)
    .where(attendeeConditions(opts.filters))
    .orderBy(...BY_NAME);
}

const CSV_COLUMNS: [string, (a: AttendeeJson) => unknown][] = [
  ['code', (a) => a.code],
  ['name', (a) => a.name],
  ['email', (a) => a.email],
  ['affiliation', (a) => a.affiliation],
  ['country', (a) => a.country],
  ['category', (a) => a.category],
  ['category_label', (a) => a.categoryLabel],
  ['status', (a) => a.status],
  ['amount', (a) => formatMinorDecimal(a.amountMinor)],
  ['currency', (a) => a.currency],
  ['paper_id', (a) => a.paperId],
  ['registered_at', (a) => a.registeredAt],
  ['paid_at', (a) => a.paidAt],
  ['checked_in_at', (a) => a.checkedInAt],
];

/**
 * The attendees as CSV: UTF-8 with a byte-order mark, CRLF lines, every cell quoted and formula starts
 * neutralised like every other export (csvCell: names and affiliations are typed by registrants).
 */
export async function exportAttendeesCsv(opts: { db: Db; filters: AttendeeFilters }): Promise<string> {
  const [rows, label] = await Promise.all([findAttendees(opts), categoryLabeller(opts.db)]);
  const lines = [CSV_COLUMNS.map(([h]) => h).join(',')];
  for (const r of rows) {
    const a = toAttendeeJson(r, label);
    lines.push(CSV_COLUMNS.map(([, get]) => csvCell(get(a))).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
