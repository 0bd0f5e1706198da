import { asc, sql } from 'drizzle-orm';
import { authorStatusText, type Decision } from '../../core/schemas/review-cycle';
import type { Db } from '../db/connect';
import { papers, reviews } from '../db/schema';
import { cameraReadyLinks } from './camera-ready';
import { EMPTY_SUMMARY, reviewSummaries } from './reviews';

type PaperRow = typeof papers.$inferSelect;

/**
 * The review cycle's part of the paper JSON (issue 12), per paper id: for the editor, the review summary,
 * the decision and the camera-ready link; for the author, the decision and the reviews once notified (no
 * reviewer identity), and the status text that follows from it.
 */
export async function reviewCycleFields(db: Db, secret: string, rows: PaperRow[], opts: { editor?: boolean; author?: boolean }): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  const ids = rows.map((r) => r.id);
  if (opts.editor) {
    const [summaries, links] = await Promise.all([reviewSummaries(db, ids), cameraReadyLinks(db, secret, ids)]);
    for (const p of rows) {
      out.set(p.id, {
        reviewSummary: summaries.get(p.id) ?? EMPTY_SUMMARY,
        decision: p.decision ?? null,
        notifiedDecision: p.notifiedDecision ?? null,
        cameraReady: links.get(p.id) ?? null,
      });
    }
  } else if (opts.author) {
    const notified = rows.filter((p) => p.notifiedDecision).map((p) => p.id);
    const list = notified.length === 0 ? [] : await db.select({ paperId: reviews.paperId, recommendation: reviews.recommendation, commentsToAuthors: reviews.commentsToAuthors })
      .from(reviews).where(sql`${reviews.paperId} = any(${`{${notified.join(',')}}`}::text[])`).orderBy(asc(reviews.submittedAt));
    for (const p of rows) {
      const decision = (p.notifiedDecision ?? null) as Decision | null;
      out.set(p.id, {
        decision,
        status: authorStatusText(decision),
        reviews: decision ? list.filter((r) => r.paperId === p.id).map(({ recommendation, commentsToAuthors }) => ({ recommendation, commentsToAuthors })) : [],
      });
    }
  }
  return out;
}
