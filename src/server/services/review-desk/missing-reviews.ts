import { and, eq, sql, type SQL } from 'drizzle-orm';
import { conferenceTitle } from '../../../core/conference-facts';
import { MESSAGES, noMissingReviews, reviewerHasNoMissingReviews } from '../../../core/messages';
import type { MissingReviewJson, MissingReviewsJson, MissingReviewsQuery } from '../../../core/schemas/missing-reviews';
import { formatUtcDateTime } from '../../../core/format';
import type { Db } from '../../db/connect';
import { auditLog, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mailer, MailState } from '../../mail/send';
import type { Caller } from '../../permissions';
import { auditRow } from '../shared/audit';
import { getSettingsRow } from '../shared/settings';
import { pgArray } from '../../db/pg-array';
import { scopedPaperIds } from '../tracks/chairs';

/**
 * Missing reviews (docs/product.md#assignments-declines-and-withdrawals). A review is missing when the paper is assigned to the reviewer, they have not declined it, its
 * authors have not withdrawn it, and no review of theirs is saved (a review saved and then declined is not
 * missing: the reviewer said no). The review deadline is the settings' one for every paper, so "by deadline,
 * then the oldest assignment" is the order of the assignments' times (then paper and reviewer, for a stable page).
 */
const MISSING = sql`s.assigned and s.status <> 'Declined' and p.withdrawn_at is null
  and not exists (select 1 from reviews v where v.paper_id = s.paper_id and v.reviewer_id = s.reviewer_id)`;

const utc = (column: SQL, precision: 'MS' | 'US') =>
  sql`to_char(${column} at time zone 'UTC', ${`YYYY-MM-DD"T"HH24:MI:SS.${precision}"Z"`})`;

interface MissingRow {
  paperId: string;
  title: string;
  track: string;
  reviewerId: string;
  reviewerName: string;
  reviewerEmail: string;
  status: string;
  sentAt: string;
  sentKey: string;
  automaticAt: string | null;
  editorAt: string | null;
}

/**
 * The missing reviews among `paperIds` (undefined: every paper), of one reviewer when given, in the list's order,
 * from after `cursor`, at most `limit`. The last reminders: the automatic one (review_reminders) and the latest
 * 'review.remind' audit row an editor's or chair's reminder left.
 */
async function findMissingReviews(
  db: Pick<Db, 'execute'>,
  opts: {
    paperIds: string[] | undefined;
    reviewerId?: string;
    cursor?: string;
    limit?: number;
  },
): Promise<MissingRow[]> {
  const where: SQL[] = [MISSING];
  if (opts.paperIds) where.push(sql`s.paper_id = any(${pgArray(opts.paperIds)}::text[])`);
  if (opts.reviewerId) where.push(sql`s.reviewer_id = ${opts.reviewerId}`);
  if (opts.cursor) {
    const [at, paperId, reviewerId] = opts.cursor.split('_') as [string, string, string];
    where.push(sql`(s.sent_at, s.paper_id, s.reviewer_id) > (${at}::timestamptz, ${paperId}, ${reviewerId})`);
  }
  const res = await db.execute(sql`select s.paper_id as "paperId", p.title, t.name as track, s.reviewer_id as "reviewerId",
      u.name as "reviewerName", u.email as "reviewerEmail", s.status,
      ${utc(sql`s.sent_at`, 'MS')} as "sentAt", ${utc(sql`s.sent_at`, 'US')} as "sentKey",
      ${utc(sql`r.created_at`, 'MS')} as "automaticAt",
      (select ${utc(sql`max(a.created_at)`, 'MS')} from audit_log a
        where a.paper_id = s.paper_id and a.action = 'review.remind' and a.details->>'reviewerId' = s.reviewer_id) as "editorAt"
    from review_statuses s
    join papers p on p.id = s.paper_id
    join tracks t on t.id = p.track_id
    join users u on u.id = s.reviewer_id
    left join review_reminders r on r.paper_id = s.paper_id and r.reviewer_id = s.reviewer_id
    where ${sql.join(where, sql` and `)}
    order by s.sent_at, s.paper_id, s.reviewer_id
    ${opts.limit ? sql`limit ${opts.limit}` : sql``}`);
  return (res as unknown as { rows: MissingRow[] }).rows;
}

function toJson(row: MissingRow, deadline: Date | null, now: Date): MissingReviewJson {
  const editorLater = row.editorAt !== null && (row.automaticAt === null || row.editorAt >= row.automaticAt);
  return {
    paperId: row.paperId,
    title: row.title,
    track: row.track,
    reviewerId: row.reviewerId,
    reviewerName: row.reviewerName,
    reviewerEmail: row.reviewerEmail,
    state: row.status === 'Accepted' ? 'Accepted' : 'Sent',
    sentAt: row.sentAt,
    reviewDeadline: deadline?.toISOString() ?? null,
    deadlinePassed: deadline !== null && now.getTime() > deadline.getTime(),
    lastRemindedAt: editorLater ? row.editorAt : row.automaticAt,
    lastReminder: editorLater ? 'editor' : row.automaticAt !== null ? 'automatic' : null,
  };
}

/** The review deadline, and what the caller may see: undefined for the editor (every paper). */
async function scopeOf(db: Db, caller: Caller) {
  const [paperIds, settings] = await Promise.all([scopedPaperIds({ db, caller }), getSettingsRow({ db })]);
  return { paperIds, deadline: settings?.reviewDeadline ?? null };
}

/**
 * The missing reviews the caller handles (the editor: all; a track chair: their tracks' papers, less those they
 * are conflicted with), a page at a time when `limit` is given, with the counts of the whole list.
 */
export async function listMissingReviews(opts: {
  db: Db;
  caller: Caller;
  query: MissingReviewsQuery;
  now?: Date;
}): Promise<MissingReviewsJson> {
  const { db, query } = opts;
  const now = opts.now ?? new Date();
  const { paperIds, deadline } = await scopeOf(db, opts.caller);
  if (paperIds?.length === 0) return { assignments: [], nextCursor: null, total: 0, reviewers: 0 };
  const limit = query.limit;
  const [rows, counts] = await Promise.all([
    findMissingReviews(db, { paperIds, cursor: query.cursor, limit: limit ? limit + 1 : undefined }),
    db.execute(sql`select count(*)::int as total, count(distinct s.reviewer_id)::int as reviewers
      from review_statuses s join papers p on p.id = s.paper_id
      where ${MISSING} ${paperIds ? sql`and s.paper_id = any(${pgArray(paperIds)}::text[])` : sql``}`),
  ]);
  const more = limit !== undefined && rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  const count = (counts as unknown as { rows: Array<{ total: number; reviewers: number }> }).rows[0]!;
  return {
    assignments: page.map((r) => toJson(r, deadline, now)),
    nextCursor: more && last ? `${last.sentKey}_${last.paperId}_${last.reviewerId}` : null,
    total: count.total,
    reviewers: count.reviewers,
  };
}

/** The sentence about the deadline in a reminder. */
function dueLine(deadline: Date | null, now: Date): string {
  if (!deadline) return 'No review deadline is set yet; the editors would be glad to have your reviews soon.';
  if (now.getTime() > deadline.getTime())
    return `The review deadline, ${formatUtcDateTime(deadline)}, has passed: please send your reviews as soon as you can.`;
  return `The reviews are due by ${formatUtcDateTime(deadline)}.`;
}

/** Rows per audit insert: well under PostgreSQL's 65,535 bind parameters. */
const AUDIT_CHUNK = 1000;

/**
 * Remind one reviewer (`reviewerId`) or every reviewer (`all`) of their missing reviews among the papers the
 * caller handles: one mail each listing their papers ('reviewReminderByEditor', through the mail queue), and an
 * audit row 'review.remind' per paper reminded (the page's "last reminded"), all in one transaction. The automatic
 * reminder keeps its own record (review_reminders) and still goes out once before the deadline.
 * One reviewer: waits up to `waitMs` for the mail to be delivered, so the answer says whether it was.
 */
export async function remindReviewers(opts: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  caller: Caller;
  ip: string;
  reviewerId?: string;
  waitMs: number;
  now?: Date;
}): Promise<{ reviewers: number; email?: string; result: MailState }> {
  const { db, mailer, caller } = opts;
  const now = opts.now ?? new Date();
  if (caller.chairOnly && !caller.emailVerified) throw new AppError('forbidden', MESSAGES.chairNotVerified);
  const { paperIds, deadline } = await scopeOf(db, caller);
  const rows = paperIds?.length === 0 ? [] : await findMissingReviews(db, { paperIds, reviewerId: opts.reviewerId });
  if (rows.length === 0) {
    if (!opts.reviewerId) throw new AppError('conflict', noMissingReviews);
    const [reviewer] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, opts.reviewerId), eq(users.role, 'Reviewer')))
      .limit(1);
    if (!reviewer) throw new AppError('not_found', 'Reviewer not found');
    throw new AppError('conflict', reviewerHasNoMissingReviews);
  }

  const byReviewer = new Map<string, MissingRow[]>();
  for (const row of rows) byReviewer.set(row.reviewerId, [...(byReviewer.get(row.reviewerId) ?? []), row]);
  const due = dueLine(deadline, now);
  const mails = [...byReviewer.values()].map((list) => ({
    to: list[0]!.reviewerEmail,
    template: 'reviewReminderByEditor' as const,
    values: {
      name: list[0]!.reviewerName,
      conference: conferenceTitle(mailer.conference()),
      due,
      loginUrl: `${opts.publicUrl}/login`,
      papers: list.map((r) => `  - "${r.title}" (Paper ID: ${r.paperId})`).join('\n'),
    },
  }));
  const queued = await db.transaction(async (tx) => {
    let ids: string[];
    let state: MailState;
    if (opts.reviewerId) {
      const mail = await mailer.send({ tx, ...mails[0]! });
      ids = [mail.id];
      state = mail.result as MailState; // an essential mail: never held for a digest nor turned off
    } else {
      ids = await mailer.sendMany(mails, tx);
      state = mailer.configured ? 'queued' : 'outbox';
    }
    const mailOf = new Map([...byReviewer.keys()].map((reviewerId, i) => [reviewerId, ids[i]!]));
    const audits = rows.map((r) =>
      auditRow({
        actorId: caller.id,
        actorRole: 'Editor',
        action: 'review.remind',
        paperId: r.paperId,
        ip: opts.ip,
        details: { reviewerId: r.reviewerId, mailId: mailOf.get(r.reviewerId)! },
      }),
    );
    for (let i = 0; i < audits.length; i += AUDIT_CHUNK) await tx.insert(auditLog).values(audits.slice(i, i + AUDIT_CHUNK));
    return { id: ids[0]!, state };
  });
  if (!opts.reviewerId) return { reviewers: byReviewer.size, result: queued.state };
  const result = queued.state === 'outbox' ? 'outbox' : await mailer.waitForDelivery(queued.id, opts.waitMs);
  return { reviewers: 1, email: rows[0]!.reviewerEmail, result };
}
