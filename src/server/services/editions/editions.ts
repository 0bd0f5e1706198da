import { desc, eq, sql } from 'drizzle-orm';
import type { CarryOver, EditionJson, OpenEditionBody } from '../../../core/api/editions';
import { CONFERENCE_FACTS_DEFAULTS, conferenceTitle, type ConferenceFacts } from '../../../core/conference-facts';
import { storedConferenceFacts } from '../../../core/important-dates';
import type { Db } from '../../db/connect';
import { editions } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../shared/audit';
import { inEdition } from '../shared/in-edition';

type EditionRow = typeof editions.$inferSelect;

/** Each edition's facts, read from its own settings row (the table behind the view holds every edition's). */
export async function factsByEdition(db: Db): Promise<Map<string, ConferenceFacts>> {
  const { rows } = (await db.execute(sql`select edition_id as "editionId", conference from settings_all where id = 1`)) as unknown as {
    rows: Array<{ editionId: string; conference: ConferenceFacts | null }>;
  };
  return new Map(rows.map((r) => [r.editionId, storedConferenceFacts(r.conference)]));
}

function toJson(e: EditionRow, facts: ConferenceFacts | undefined): EditionJson {
  const f = facts ?? CONFERENCE_FACTS_DEFAULTS;
  return {
    id: e.id,
    year: e.year,
    title: conferenceTitle(f),
    shortName: f.shortName,
    datesText: f.datesText,
    place: [f.venue.city, f.venue.country].filter(Boolean).join(', '),
    isCurrent: e.isCurrent,
    openedAt: e.openedAt.toISOString(),
    closedAt: e.closedAt ? e.closedAt.toISOString() : null,
  };
}

/** The editions on this install, newest first, each named by its own facts. */
export async function listEditions({ db }: { db: Db }): Promise<{ editions: EditionJson[] }> {
  const [rows, facts] = await Promise.all([db.select().from(editions).orderBy(desc(editions.year)), factsByEdition(db)]);
  return { editions: rows.map((e) => toJson(e, facts.get(e.id))) };
}

/**
 * Run a maintenance job once per edition, inside it, with writes allowed (the passport purge: a past edition's
 * visa letters lose their passport numbers on time too). Each edition's own facts are passed.
 */
export async function forEveryEdition(opts: { db: Db }, job: (tx: Db, facts: ConferenceFacts) => Promise<unknown>): Promise<void> {
  const [rows, facts] = await Promise.all([opts.db.select({ id: editions.id }).from(editions), factsByEdition(opts.db)]);
  for (const { id } of rows)
    await inEdition({ db: opts.db, editionId: id, write: true }, (tx) => job(tx, facts.get(id) ?? CONFERENCE_FACTS_DEFAULTS));
}

/** The edition of a year (its id and whether it is current); null when there is none. */
export async function findEditionOfYear({ db, year }: { db: Db; year: number }): Promise<{ id: string; isCurrent: boolean } | null> {
  const [row] = await db.select({ id: editions.id, isCurrent: editions.isCurrent }).from(editions).where(eq(editions.year, year));
  return row ?? null;
}

/** A year written in free text moved on by `years` ("December 27-28 2025" → "December 27-28 2026"). */
const moveYears = (text: string, years: number) => text.replace(/\b(19|20|21)\d{2}\b/g, (y) => String(Number(y) + years));
/** A calendar day (YYYY-MM-DD) moved on by whole years; 29 February becomes 28 February. */
function moveDay(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${y + years}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
/** "5th" → "6th": the ordinal of the next edition, when the facts write one. */
function nextOrdinal(edition: string, by: number): string {
  const m = /^(\d+)(st|nd|rd|th)$/i.exec(edition.trim());
  if (!m) return edition;
  const n = Number(m[1]) + by;
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * The next edition's facts as a first draft: the same conference, its dates, years and ordinal moved on. The short
 * name names the edition's year ("IMSE 2027"), whatever year the facts' dates had (the sample facts' dates are 2023's).
 */
export function nextEditionFacts(f: ConferenceFacts, years: number, editionYear: number): ConferenceFacts {
  return {
    ...f,
    edition: nextOrdinal(f.edition, 1),
    shortName: /\b\d{4}\b/.test(f.shortName) ? f.shortName.replace(/\b\d{4}\b/, String(editionYear)) : f.shortName,
    startDate: moveDay(f.startDate, years),
    endDate: moveDay(f.endDate, years),
    datesText: moveYears(f.datesText, years),
    submissionsDatesText: moveYears(f.submissionsDatesText, years),
    // A date of its own moves on a year; one that follows a deadline follows the new edition's (cleared) deadline.
    importantDates: f.importantDates.map((d) =>
      'date' in d ? { label: d.label, date: moveDay(d.date, years) } : 'text' in d ? { label: d.label, text: moveYears(d.text, years) } : d,
    ),
  };
}

/**
 * Copy one edition-scoped table's rows from one edition to another, column by column as the table has them now,
 * with some columns given other values (SQL over the source row `s`). Runs on `<name>_all`, below the views.
 */
async function copyRows(tx: Db, opts: { table: string; from: string; to: string; set?: Record<string, ReturnType<typeof sql>> }) {
  const all = `${opts.table}_all`;
  const { rows } = (await tx.execute(
    sql`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${all} and column_name <> 'edition_id' order by ordinal_position`,
  )) as unknown as { rows: Array<{ name: string }> };
  const cols = rows.map((r) => r.name);
  const set = opts.set ?? {};
  const exprs = cols.map((c) => (set[c] ? set[c] : sql.raw(`s."${c}"`)));
  await tx.execute(
    sql`insert into ${sql.raw(`"${all}"`)} (${sql.raw(cols.map((c) => `"${c}"`).join(', '))}, edition_id)
        select ${sql.join(exprs, sql`, `)}, ${opts.to} from ${sql.raw(`"${all}"`)} s where s.edition_id = ${opts.from}`,
  );
}

/** A new row id of the shape the routes take (24 hex digits, as core/ids.ts newId), for a copied row whose id is global. */
const NEW_ID = sql`substr(md5(random()::text || s.id), 1, 24)`;

const DEADLINES = [
  'submission_deadline',
  'review_deadline',
  'camera_ready_deadline',
  'bidding_deadline',
  'response_opens',
  'response_closes',
  'discussion_deadline',
  'notification_date',
];

/**
 * Open the next edition (decision 0060). In one transaction, holding the editions' table: the current edition
 * becomes a closed record, the new one current; its settings start as the current ones with every deadline
 * cleared and the facts moved on to the new year; what `carry` names is copied. Nothing of the past edition changes
 * but its closing time.
 */
export async function openEdition(opts: {
  db: Db;
  body: OpenEditionBody;
  editor: Actor;
}): Promise<{ edition: EditionJson; message: string }> {
  const { year } = opts.body;
  const carry = new Set<CarryOver>(opts.body.carry);
  if (carry.has('chairs')) carry.add('tracks');
  const id = `edition-${year}`;
  const created = await opts.db.transaction(async (tx) => {
    await tx.execute(sql`lock table editions in exclusive mode`);
    const all = await tx.select().from(editions).orderBy(desc(editions.year));
    const current = all.find((e) => e.isCurrent);
    if (!current) throw new AppError('conflict', 'No edition is current: the install is not migrated.');
    const latest = all[0]!.year;
    if (year <= latest) throw new AppError('conflict', `The next edition must come after ${latest}: choose ${latest + 1} or later.`);
    const years = year - current.year;
    await tx.update(editions).set({ isCurrent: false, closedAt: new Date() }).where(eq(editions.id, current.id));
    const [row] = await tx.insert(editions).values({ id, year, isCurrent: true, openedBy: opts.editor.id }).returning();
    const from = current.id;
    const to = id;
    // The settings: the same rules of the review, no dates yet, the facts moved on a year (a draft the organiser edits).
    const facts = (await factsByEdition(tx)).get(from) ?? CONFERENCE_FACTS_DEFAULTS;
    // The facts' dates move to the new year (the sample facts name 2023 whatever the edition's year).
    const factsYear = Number(facts.startDate.slice(0, 4));
    const factsYears = Number.isInteger(factsYear) && factsYear > 1900 ? year - factsYear : years;
    await copyRows(tx, {
      table: 'settings',
      from,
      to,
      set: {
        ...Object.fromEntries(DEADLINES.map((c) => [c, sql`null`])),
        conference: sql`${JSON.stringify(nextEditionFacts(facts, factsYears, year))}::jsonb`,
        conference_updated_at: sql`now()`,
        updated_at: sql`now()`,
        ...(carry.has('tracks') ? {} : { default_track_id: sql`'track-1'` }),
        // Decision 0045: the workshop's days move on with the facts.
        workshop_first_day: sql`(s.workshop_first_day + make_interval(years => ${factsYears}))::date`,
        workshop_last_day: sql`(s.workshop_last_day + make_interval(years => ${factsYears}))::date`,
      },
    });
    // The workshop's courses, like the settings, start as the current ones a year on (a draft the organiser edits).
    await copyRows(tx, {
      table: 'workshop_courses',
      from,
      to,
      set: { date: sql`(s.date + make_interval(years => ${factsYears}))::date`, created_at: sql`now()` },
    });
    if (carry.has('tracks')) await copyRows(tx, { table: 'tracks', from, to, set: { created_at: sql`now()` } });
    else
      // Submissions need a track to go to: one open track until the organiser makes the edition's own.
      await tx.execute(
        sql`insert into tracks_all (id, name, description, topics, open, position, edition_id) values ('track-1', 'General', '', '{}', true, 0, ${to})`,
      );
    if (carry.has('chairs')) await copyRows(tx, { table: 'track_chairs', from, to, set: { created_at: sql`now()` } });
    if (carry.has('review-form'))
      await tx.execute(
        sql`insert into review_questions_all (id, position, kind, label, description, options, visibility, required, retired_at, created_at, updated_at, edition_id)
            select id, position, kind, label, description, options, visibility, required, retired_at, now(), now(), ${to} from review_questions_all where edition_id = ${from} and retired_at is null`,
      );
    if (carry.has('mail-templates')) await copyRows(tx, { table: 'mail_templates', from, to, set: { updated_at: sql`now()` } });
    if (carry.has('pricing')) {
      const interval = sql`make_interval(years => ${years})`;
      await copyRows(tx, {
        table: 'early_bird_prices',
        from,
        to,
        set: { id: NEW_ID, until: sql`s.until + ${interval}`, created_at: sql`now()` },
      });
      await copyRows(tx, {
        table: 'coupons',
        from,
        to,
        set: { used: sql`0`, expires_at: sql`s.expires_at + ${interval}`, created_at: sql`now()`, created_by: sql`${opts.editor.id}` },
      });
    }
    if (carry.has('site')) {
      // The site's lists (decision 0062) and pages (decision 0064); the closed edition joins the previous events, last, with its record's address.
      for (const table of ['committee_members', 'sponsors'])
        await copyRows(tx, { table, from, to, set: { id: NEW_ID, created_at: sql`now()` } });
      // The organiser's pages (decision 0064), at the same addresses, as they were published.
      await copyRows(tx, { table: 'site_pages', from, to, set: { created_at: sql`now()`, updated_at: sql`now()` } });
      await copyRows(tx, { table: 'previous_events', from, to, set: { id: NEW_ID, created_at: sql`now()` } });
      const place = [facts.venue.city, facts.venue.country].filter(Boolean).join(', ');
      await tx.execute(
        sql`insert into previous_events_all (id, label, year, place, link, sort_order, edition_id)
            values (substr(md5(random()::text), 1, 24), ${`${facts.venue.country} ${current.year} ${facts.venue.city}`.trim()}, ${current.year}, ${place}, ${`/editions/${current.year}`},
              (select coalesce(max(sort_order), 0) + 1 from previous_events_all where edition_id = ${to}), ${to})`,
      );
    }
    if (carry.has('award-panel'))
      await copyRows(tx, { table: 'award_panel_members', from, to, set: { year: sql`${year}`, created_at: sql`now()` } });
    if (carry.has('keynotes')) await copyRows(tx, { table: 'keynote_speakers', from, to, set: { id: NEW_ID, created_at: sql`now()` } });
    // Mail not sent yet goes out from the new edition (the worker sends the current edition's queue); what was
    // sent, failed or kept stays in the record of the edition that wrote it.
    await tx.execute(sql`update mail_queue_all set edition_id = ${to} where edition_id = ${from} and status in ('queued', 'sending')`);
    // The audit row belongs to the new edition (the view's default), as everything done from now on.
    await recordAudit(tx, {
      actorId: opts.editor.id,
      actorRole: 'Editor',
      action: 'edition.open',
      ip: opts.editor.ip,
      details: { editionId: to, year, from, carried: [...carry].sort() },
    });
    return { row: row!, facts: nextEditionFacts(facts, factsYears, year), previous: current.year };
  });
  return {
    edition: toJson(created.row, created.facts),
    message: `The ${year} edition is open; the ${created.previous} edition is kept as a read-only record.`,
  };
}
