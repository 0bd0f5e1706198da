import { sql } from 'drizzle-orm';
import type { EditorStatsJson } from '../../../core/schemas/editor-stats';
import type { Db } from '../../db/connect';
import { papers, reviews } from '../../db/schema';
import { reviewCounts } from '../shared/counted-reviews';
import { getSettings } from '../shared/settings';

/**
 * The editor dashboard's figures, one SQL query per chart: submissions per UTC day, reviews done against
 * reviewersPerPaper × papers, and how many reviews gave each recommendation (1..5, zeros included); a review
 * whose reviewer declined the paper since counts in neither (docs/product.md#assignments-declines-and-withdrawals).
 */
export async function editorStats(db: Db): Promise<EditorStatsJson> {
  const day = sql<string>`to_char(${papers.submittedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const [perDay, totals, histogram, settings] = await Promise.all([
    db
      .select({ day, count: sql<number>`count(*)::int` })
      .from(papers)
      .groupBy(day)
      .orderBy(day),
    db
      .select({
        papers: sql<number>`(select count(*)::int from ${papers})`,
        done: sql<number>`(select count(*)::int from ${reviews} where ${reviewCounts})`,
      })
      .from(sql`(select 1) as one`),
    db
      .select({ recommendation: reviews.recommendation, count: sql<number>`count(*)::int` })
      .from(reviews)
      .where(reviewCounts)
      .groupBy(reviews.recommendation),
    getSettings({ db }),
  ]);
  const paperCount = Number(totals[0]?.papers ?? 0);
  const counts = new Map(histogram.map((h) => [h.recommendation, Number(h.count)]));
  return {
    submissionsPerDay: perDay.map((d) => ({ day: d.day, count: Number(d.count) })),
    reviews: {
      done: Number(totals[0]?.done ?? 0),
      expected: paperCount * settings.reviewersPerPaper,
      papers: paperCount,
      reviewersPerPaper: settings.reviewersPerPaper,
    },
    recommendations: [1, 2, 3, 4, 5].map((r) => ({ recommendation: r, count: counts.get(r) ?? 0 })),
  };
}
