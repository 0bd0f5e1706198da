import { and, asc, isNull, sql } from 'drizzle-orm';
import type { ReviewSummary } from '../../../core/schemas/review-cycle';
import type { QuestionJson } from '../../../core/review-form';
import type { Db } from '../../db/connect';
import { pgArray } from '../../db/pg-array';
import { reviewQuestions, reviews } from '../../db/schema';
import { reviewCounts } from '../shared/counted-reviews';

/**
 * What a paper's JSON, the decisions page and the decision mails read of its reviews: the review form's
 * questions and each paper's summary of scores. Beside the papers, so that submissions reads reviews without
 * importing services/review, which writes them (decision 0058).
 */

type QuestionRow = typeof reviewQuestions.$inferSelect;

export const toQuestionJson = (q: QuestionRow): QuestionJson => ({
  id: q.id,
  position: q.position,
  kind: q.kind,
  label: q.label,
  description: q.description,
  options: q.options,
  visibility: q.visibility,
  required: q.required,
  retired: q.retiredAt !== null,
});

/**
 * The review form's questions (decision 0031) in order: the current ones, then (with `retired`) those taken off
 * the form, whose saved answers stay readable. Read one way by decisions, the author's paper and
 * services/review.
 */
export async function listQuestions(opts: { db: Pick<Db, 'select'>; retired: boolean }): Promise<QuestionJson[]> {
  const rows = await opts.db
    .select()
    .from(reviewQuestions)
    .where(opts.retired ? undefined : isNull(reviewQuestions.retiredAt))
    .orderBy(sql`${reviewQuestions.retiredAt} is not null`, asc(reviewQuestions.position), asc(reviewQuestions.createdAt));
  return rows.map(toQuestionJson);
}

/** count, mean, min and max of the counted recommendations of each paper (nulls when none), in one query. */
export async function reviewSummaries({ db, paperIds }: { db: Db; paperIds: string[] }): Promise<Map<string, ReviewSummary>> {
  const out = new Map<string, ReviewSummary>();
  if (paperIds.length === 0) return out;
  const rows = await db
    .select({
      paperId: reviews.paperId,
      count: sql<number>`count(*)::int`,
      mean: sql<number>`round(avg(${reviews.recommendation})::numeric, 2)::float8`,
      min: sql<number>`min(${reviews.recommendation})`,
      max: sql<number>`max(${reviews.recommendation})`,
    })
    .from(reviews)
    .where(and(sql`${reviews.paperId} = any(${pgArray(paperIds)}::text[])`, reviewCounts))
    .groupBy(reviews.paperId);
  for (const r of rows) out.set(r.paperId, { count: r.count, mean: r.mean, min: r.min, max: r.max });
  return out;
}

export const EMPTY_SUMMARY: ReviewSummary = { count: 0, mean: null, min: null, max: null };

/**
 * Per paper, the mean of each current score question (decision 0031) over its counted reviews that answered it, in
 * the form's order (the decisions page). No query beyond the form's when it has no score question.
 */
export async function scoreQuestionMeans({
  db,
  paperIds,
}: {
  db: Db;
  paperIds: string[];
}): Promise<Map<string, Array<{ label: string; mean: number; count: number }>>> {
  const out = new Map<string, Array<{ label: string; mean: number; count: number }>>();
  if (paperIds.length === 0) return out;
  const scores = (await listQuestions({ db, retired: false })).filter((q) => q.kind === 'score');
  if (scores.length === 0) return out;
  const { rows } = (await db.execute(sql`
    select r.paper_id as "paperId", a.key as "questionId", round(avg(a.value::numeric), 2)::float8 as mean, count(*)::int as count
    from ${reviews} r cross join lateral jsonb_each_text(r.answers) as a(key, value)
    where r.paper_id = any(${pgArray(paperIds)}::text[]) and a.key = any(${pgArray(scores.map((q) => q.id))}::text[])
      and not exists (select 1 from review_statuses d where d.paper_id = r.paper_id and d.reviewer_id = r.reviewer_id and d.status = 'Declined')
    group by r.paper_id, a.key`)) as unknown as { rows: Array<{ paperId: string; questionId: string; mean: number; count: number }> };
  for (const q of scores) {
    for (const r of rows.filter((x) => x.questionId === q.id)) {
      out.set(r.paperId, [...(out.get(r.paperId) ?? []), { label: q.label, mean: r.mean, count: r.count }]);
    }
  }
  return out;
}
