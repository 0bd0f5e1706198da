import { sql, type SQL } from 'drizzle-orm';
import { BID_BONUS, POINTS_PER_TAG, type Bid } from '../../../core/assignment/score';
import { sharedTags } from '../../../core/matching';
import {
  RANKED_PAGE_SIZE,
  type AssignedReviewerJson,
  type ConflictedCandidateJson,
  type RankedReviewerJson,
  type RankedReviewersJson,
  type RankedReviewersQuery,
} from '../../../core/schemas/ranked-reviewers';
import type { ConflictReason } from '../../../core/schemas/review-cycle';
import type { Db } from '../../db/connect';
import { findConflicts } from '../submissions/conflicts';
import { getPaper } from '../submissions/papers';
import { pgArray } from '../../db/pg-array';
import { limitsSql, paperReviewersSql, reviewerLoadSql } from './assignment-limits';
import { approvedIfRequired, verifiedIfRequired } from './reviewer-checks';

/** Every row carries the counts of the whole list; a page past the end is the counts alone, the rest null. */
interface RankedRow {
  _id: string;
  name: string;
  email: string;
  tags: string[];
  verified: boolean;
  bid: Bid | null;
  score: number;
  suggested: boolean;
  load: number;
  status: string | null;
  assigned: boolean | null;
  reviewed: boolean;
  total: number;
  suggestedCount: number;
}
interface SideRow {
  reviewersPerPaper: number;
  maxPapersPerReviewer: number;
  paperReviewers: number;
  submitter: RankedReviewersJson['submitter'];
  bids: RankedReviewersJson['bids'];
  assigned: Array<{
    _id: string;
    name: string;
    email: string;
    status: string;
    load: number;
    recommendation: number | null;
    confidence: number | null;
    submittedAt: string | null;
  }>;
  conflicted: Array<{
    _id: string;
    name: string;
    email: string;
    tags: string[];
    status: string | null;
    assigned: boolean | null;
    reviewed: boolean;
  }>;
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;
const bidBonus = sql.raw(
  `(case p.bid ${Object.entries(BID_BONUS)
    .map(([bid, points]) => `when '${bid}' then ${points}`)
    .join(' ')} else 0 end)`,
);

/**
 * Every eligible reviewer of a paper, ranked (the score and the order: decision 0025): the
 * reviewers the settings allow (verified, approved when required), the conflicted ones (findConflicts) set
 * apart first, so the suggested group (docs/product.md#validation-and-messages) — the highest overlap among the rest, at least one, ties kept — is never
 * emptied by a conflicted best match. One statement ranks the pool and reads the page (rankPage); a second, at
 * the same time, reads the submitter, the bids' counts, the limits, the paper's assigned reviewers and the
 * conflicted people.
 */
export async function rankReviewersForPaper(opts: { db: Db; paperId: string; query: RankedReviewersQuery }): Promise<RankedReviewersJson> {
  const { db } = opts;
  const paper = await getPaper(opts);
  const limit = opts.query.limit ?? RANKED_PAGE_SIZE;
  const offset = opts.query.offset ?? 0;
  const q = opts.query.q?.trim() ?? '';
  const conflicts = await findConflicts({ db, paperId: paper.id });
  const conflictedIds = [...new Set(conflicts.map((c) => c.reviewerId))];
  const excluded = sql`${pgArray(conflictedIds)}::text[]`;
  const matches = q ? sql`(u.name ilike ${likePattern(q)} or u.email ilike ${likePattern(q)})` : sql`true`;
  const onPaper = (who: string) => onPaperSql(paper.id, who);
  const reviewed = (who: string) => reviewedSql(paper.id, who);

  const [ranked, side] = await Promise.all([
    rankPage({ db, paperId: paper.id, topics: paper.keywords, excluded, matches, limit, offset }),
    db.execute(sql`select ${limitsSql}, ${paperReviewersSql(sql`${paper.id}`)} as "paperReviewers",
      (select json_build_object('name', a.name, 'email', a.email) from users a where a.id = ${paper.authorId}) as submitter,
      (select json_build_object('eager', count(*) filter (where bid = 'eager'), 'willing', count(*) filter (where bid = 'willing'),
        'notWilling', count(*) filter (where bid = 'not-willing'), 'conflict', count(*) filter (where bid = 'conflict'))
        from bids where paper_id = ${paper.id}) as bids,
      coalesce((select json_agg(a order by a."sentAt", a."_id") from (
        select u.id as "_id", u.name, u.email, s.status, s.sent_at as "sentAt", ${reviewerLoadSql(sql`u.id`)} as load,
          rv.recommendation, rv.confidence, rv.submitted_at as "submittedAt"
        from review_statuses s join users u on u.id = s.reviewer_id
        left join reviews rv on rv.paper_id = s.paper_id and rv.reviewer_id = s.reviewer_id
        where s.paper_id = ${paper.id} and s.assigned) a), '[]'::json) as assigned,
      coalesce((select json_agg(c order by lower(c.name), c."_id") from (
        select u.id as "_id", u.name, u.email, u.tags, st.status, st.assigned, ${reviewed('u.id')} as reviewed
        from users u ${onPaper('u.id')} where u.id = any(${excluded})) c), '[]'::json) as conflicted`),
  ]);

  const counts = ranked[0];
  const rows = ranked.filter((r) => r._id !== null);
  const [limits] = rowsOf<SideRow>(side);
  const assignment = (r: { status: string | null; assigned: boolean | null; reviewed: boolean }) =>
    r.status === null ? null : { status: r.status, assigned: r.assigned === true, reviewed: r.reviewed };
  const reviewers: RankedReviewerJson[] = rows.map((r) => ({
    _id: r._id,
    name: r.name,
    email: r.email,
    verified: r.verified,
    sharedTopics: sharedTags(paper.keywords, r.tags),
    bid: r.bid,
    score: r.score,
    suggested: r.suggested,
    load: r.load,
    assignment: assignment(r),
  }));
  const reasonsOf = new Map<string, ConflictedCandidateJson['reasons']>();
  for (const c of conflicts) {
    const reason: { reason: ConflictReason; explanation?: string } =
      c.explanation === undefined ? { reason: c.reason } : { reason: c.reason, explanation: c.explanation };
    reasonsOf.set(c.reviewerId, [...(reasonsOf.get(c.reviewerId) ?? []), reason]);
  }
  const conflictedSet = new Set(conflictedIds);
  const assigned: AssignedReviewerJson[] = limits!.assigned.map((a) => ({
    _id: a._id,
    name: a.name,
    email: a.email,
    status: a.status,
    load: a.load,
    conflicted: conflictedSet.has(a._id),
    review:
      a.recommendation === null
        ? null
        : { recommendation: a.recommendation, confidence: a.confidence!, submittedAt: new Date(a.submittedAt!).toISOString() },
  }));
  const total = counts?.total ?? 0;
  return {
    submitter: limits!.submitter,
    bids: limits!.bids,
    limits: { reviewersPerPaper: limits!.reviewersPerPaper, maxPapersPerReviewer: limits!.maxPapersPerReviewer },
    paperReviewers: limits!.paperReviewers,
    total,
    suggestedCount: counts?.suggestedCount ?? 0,
    reviewers,
    nextOffset: offset + rows.length < total ? offset + rows.length : null,
    assigned,
    conflicted: limits!.conflicted.map((c) => ({
      _id: c._id,
      name: c.name,
      email: c.email,
      reasons: reasonsOf.get(c._id) ?? [],
      sharedTopics: sharedTags(paper.keywords, c.tags),
      assignment: assignment(c),
    })),
  };
}

const onPaperSql = (paperId: string, who: string) =>
  sql`left join review_statuses st on st.paper_id = ${paperId} and st.reviewer_id = ${sql.raw(who)}`;
const reviewedSql = (paperId: string, who: string) =>
  sql`exists (select 1 from reviews rv where rv.paper_id = ${paperId} and rv.reviewer_id = ${sql.raw(who)})`;

/**
 * One page of the ranked pool in one statement. The pool is one pass over the reviewers (the settings'
 * conditions, the conflicted left out, the bid by the bids key), kept narrow and in memory; the shared topics
 * are counted only for those whose topics overlap the paper's (`&&`), one `= any` test per topic of the paper.
 * From it: the best overlap, the counts (the suggested group, what the search keeps), and one top-N sort for
 * the page; only the page's rows read their topics, load and state on this paper. The counts row comes even
 * when the page is past the end (its reviewer columns null).
 */
async function rankPage(opts: {
  db: Db;
  paperId: string;
  topics: string[];
  excluded: SQL;
  matches: SQL;
  limit: number;
  offset: number;
}): Promise<RankedRow[]> {
  const topics = [...new Set(opts.topics)];
  const shared =
    topics.length === 0
      ? sql`0`
      : sql`case when u.tags && ${pgArray(topics)}::text[] then ${sql.join(
          topics.map((t) => sql`(${t}::text = any(u.tags))::int`),
          sql` + `,
        )} else 0 end`;
  const res = await opts.db.execute(sql`
    with pool as materialized (
      select u.id, u.name, b.bid, ${shared} as shared, ${opts.matches} as matches
      from users u left join bids b on b.paper_id = ${opts.paperId} and b.reviewer_id = u.id
      where u.role = 'Reviewer' and ${verifiedIfRequired} and ${approvedIfRequired} and not (u.id = any(${opts.excluded}))
    ),
    top as (select coalesce(max(shared), 0) as best from pool),
    counts as (
      select count(*) filter (where matches)::int as total, count(*) filter (where top.best > 0 and shared = top.best)::int as "suggestedCount"
      from pool, top
    )
    select c.total, c."suggestedCount", t.id as "_id", t.name, u.email, u.tags, (u.email_verified_at is not null) as verified, t.bid, t.score, t.suggested,
      ${reviewerLoadSql(sql`t.id`)} as load, st.status, st.assigned, ${reviewedSql(opts.paperId, 't.id')} as reviewed
    from counts c
    left join lateral (
      select p.id, p.name, p.bid, p.shared, (p.shared * ${POINTS_PER_TAG} + ${bidBonus})::int as score, (top.best > 0 and p.shared = top.best) as suggested
      from pool p, top where p.matches
      order by suggested desc, score desc, p.shared desc, p.name collate "C", p.id
      limit ${opts.limit} offset ${opts.offset}
    ) t on true
    left join users u on u.id = t.id ${onPaperSql(opts.paperId, 't.id')}
    order by t.suggested desc, t.score desc, t.shared desc, t.name collate "C", t.id`);
  return rowsOf<RankedRow>(res);
}
