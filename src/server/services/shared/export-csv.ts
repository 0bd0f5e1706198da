import { Readable } from 'node:stream';
import type pg from 'pg';
import type { ExportName } from '../../../core/schemas/records';

const BATCH = 1000;

const FORMULA_START = /[=+\-@\t\r]/;
const SEPARATOR = /[;,\t\r\n]/;
/** Quick check, so the common cell is not walked character by character (exports stream millions of cells). */
const NEEDS_GUARD = /(?:^|[;,\t\r\n])[=+\-@\t\r]/;

/**
 * One CSV cell (docs/product.md#audit-log-and-exports): always quoted (RFC 4180, quotes doubled), and text a spreadsheet would run as
 * a formula (=, +, -, @, tab, CR) gets an apostrophe, at the start of the cell and after every separator a
 * spreadsheet may split on (; , tab, CR, LF), so `x;=2+5` cannot become a formula either.
 */
export function csvCell(value: unknown): string {
  const text =
    value === null || value === undefined
      ? ''
      : value instanceof Date
        ? value.toISOString()
        : Array.isArray(value)
          ? value.join('; ')
          : String(value);
  const safe = NEEDS_GUARD.test(text) ? neutraliseFormulas(text) : text;
  return `"${safe.includes('"') ? safe.replace(/"/g, '""') : safe}"`;
}

/** An apostrophe before each formula start at the start of the text or right after a separator. */
export function neutraliseFormulas(text: string): string {
  let out = '';
  let atStart = true;
  for (const ch of text) {
    if (atStart && FORMULA_START.test(ch)) out += "'";
    out += ch;
    atStart = SEPARATOR.test(ch);
  }
  return out;
}

interface ExportSpec {
  columns: string[];
  /** A track chair may download it, holding their tracks' papers only ($3: track ids, $4: papers they are conflicted with). */
  scoped?: boolean;
  /** Rows after `after` (the last row's key), at most `limit`, in key order; `key` of each row is its position. */
  query: string;
  /** The query's last column is the review's answers: one column per review form question instead (decision 0031). */
  answerColumns?: true;
}

/** A review counts unless its reviewer declined the paper since (docs/product.md#assignments-declines-and-withdrawals; counted-reviews.ts, in SQL text). */
const COUNTED = `not exists (select 1 from review_statuses d where d.paper_id = r.paper_id and d.reviewer_id = r.reviewer_id and d.status = 'Declined')`;
/** The whole export for the editor ($3 null); a chair's tracks less their conflicted papers. */
const IN_SCOPE = (paper: string) => `($3::text[] is null or (${paper}.track_id = any($3::text[]) and not ${paper}.id = any($4::text[])))`;

/** The exports a track chair may download (the rest are the editor's). */
export const isScopedExport = (name: ExportName): boolean => SPECS[name].scoped === true;

// Each query pages by its key (keyset: "key > $1 order by key limit $2"), so the server holds one batch at a time.
const SPECS: Record<ExportName, ExportSpec> = {
  papers: {
    columns: [
      'paper_id',
      'title',
      'abstract',
      'author',
      'author_email',
      'track',
      'keywords',
      'free_keywords',
      'submitted_at',
      'withdrawn_at',
      'reviewers_assigned',
      'reviews',
      'average_recommendation',
      'decision',
      'decided_at',
      // Decision 0074: the author's name parts, last so that readers of the columns above by position keep working.
      'author_given_name',
      'author_family_name',
      'author_latin_name',
    ],
    // Reviews and their mean count only reviews still counted (docs/product.md#assignments-declines-and-withdrawals: not by a reviewer who declined).
    query: `select p.id as key, p.id, p.title, p.abstract, u.name, u.email, t.name as track, p.keywords, p.free_keywords, p.created_at, p.withdrawn_at,
        (select count(*) from review_statuses s where s.paper_id = p.id and s.assigned and s.status <> 'Declined') as assigned,
        (select count(*) from reviews r where r.paper_id = p.id and ${COUNTED}) as reviews,
        (select round(avg(r.recommendation)::numeric, 2) from reviews r where r.paper_id = p.id and ${COUNTED}) as avg,
        p.decision, p.decided_at, u.given_name, u.family_name, u.latin_name
      from papers p join users u on u.id = p.author_id join tracks t on t.id = p.track_id
      where p.id > $1 and ${IN_SCOPE('p')} order by p.id limit $2`,
    scoped: true,
  },
  reviewers: {
    columns: [
      'reviewer_id',
      'name',
      'email',
      'tags',
      'email_verified',
      'papers_assigned',
      'accepted',
      'declined',
      'reviews_saved',
      // Decision 0074, last as in the papers export.
      'given_name',
      'family_name',
      'latin_name',
    ],
    query: `select u.id as key, u.id, u.name, u.email, u.tags, u.email_verified_at is not null as verified,
        (select count(*) from review_statuses s where s.reviewer_id = u.id and s.assigned) as assigned,
        (select count(*) from review_statuses s where s.reviewer_id = u.id and s.status = 'Accepted') as accepted,
        (select count(*) from review_statuses s where s.reviewer_id = u.id and s.status = 'Declined') as declined,
        (select count(*) from reviews r where r.reviewer_id = u.id) as reviews, u.given_name, u.family_name, u.latin_name
      from users u where u.role = 'Reviewer' and u.id > $1 order by u.id limit $2`,
  },
  assignments: {
    columns: ['paper_id', 'title', 'track', 'reviewer_id', 'reviewer', 'reviewer_email', 'status', 'assigned', 'updated_at'],
    query: `select s.paper_id || ':' || s.reviewer_id as key, s.paper_id, p.title, t.name, s.reviewer_id, u.name, u.email, s.status, s.assigned, s.updated_at
      from review_statuses s join papers p on p.id = s.paper_id join users u on u.id = s.reviewer_id join tracks t on t.id = p.track_id
      where (s.paper_id, s.reviewer_id) > (split_part($1, ':', 1), split_part($1, ':', 2)) and ${IN_SCOPE('p')} order by s.paper_id, s.reviewer_id limit $2`,
    scoped: true,
  },
  reviews: {
    columns: [
      'paper_id',
      'title',
      'track',
      'reviewer_id',
      'reviewer',
      'recommendation',
      'confidence',
      'comments_to_authors',
      'comments_to_editor',
      'submitted_at',
      'counted',
    ],
    query: `select r.paper_id || ':' || r.reviewer_id as key, r.paper_id, p.title, t.name, r.reviewer_id, u.name, r.recommendation, r.confidence,
        r.comments_to_authors, r.comments_to_editor, r.submitted_at, ${COUNTED} as counted, r.answers
      from reviews r join papers p on p.id = r.paper_id join users u on u.id = r.reviewer_id join tracks t on t.id = p.track_id
      where (r.paper_id, r.reviewer_id) > (split_part($1, ':', 1), split_part($1, ':', 2)) and ${IN_SCOPE('p')} order by r.paper_id, r.reviewer_id limit $2`,
    scoped: true,
    answerColumns: true,
  },
  'contact-messages': {
    columns: ['id', 'received_at', 'name', 'email', 'phone', 'subject', 'message', 'ip'],
    query:
      'select id as key, id, created_at, name, email, phone, subject, message, ip from contact_messages where id > $1 order by id limit $2',
  },
  audit: {
    columns: ['id', 'at', 'actor_id', 'actor_role', 'action', 'paper_id', 'ip', 'details'],
    query:
      'select id as key, id, created_at, actor_id, actor_role, action, paper_id, ip, details::text from audit_log where id > $1 order by id limit $2',
  },
};

/**
 * The export as a stream of CSV text: UTF-8 with a byte-order mark (so spreadsheet apps read it as UTF-8),
 * CRLF lines, read from the database one batch of 1000 rows at a time and only as fast as the client reads.
 */
export function exportCsv(opts: { pool: pg.Pool; name: ExportName; scope?: { trackIds: string[]; excludedPaperIds: string[] } }): Readable {
  const spec = SPECS[opts.name];
  const scope = spec.scoped ? [opts.scope?.trackIds ?? null, opts.scope?.excludedPaperIds ?? []] : [];
  async function* lines(): AsyncGenerator<string> {
    // Every question, retired ones last (their saved answers stay in the export), a column each: "<label>" (score: the number).
    const questions = spec.answerColumns
      ? (
          await opts.pool.query<{ id: string; label: string; retired: boolean }>(
            'select id, label, retired_at is not null as retired from review_questions order by retired_at is not null, position, created_at',
          )
        ).rows
      : [];
    const cells = (row: unknown[]) =>
      (spec.answerColumns
        ? [...row.slice(1, -1), ...questions.map((q) => (row[row.length - 1] as Record<string, unknown> | null)?.[q.id])]
        : row.slice(1)
      )
        .map(csvCell)
        .join(',');
    const header = [...spec.columns, ...questions.map((q) => csvCell(q.retired ? `${q.label} (retired)` : q.label))];
    yield `\uFEFF${header.join(',')}\r\n`;
    let after = '';
    for (;;) {
      const { rows } = await opts.pool.query({ text: spec.query, values: [after, BATCH, ...scope], rowMode: 'array' });
      if (rows.length === 0) return;
      let chunk = '';
      for (const row of rows as unknown[][]) chunk += `${cells(row)}\r\n`;
      yield chunk;
      after = String((rows[rows.length - 1] as unknown[])[0]);
      if (rows.length < BATCH) return;
    }
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 1 });
}
