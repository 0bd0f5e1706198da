import { and, asc, inArray, sql } from 'drizzle-orm';
import { paperState } from '../../../core/paper-state';
import { authorStatusText, type Decision } from '../../../core/schemas/review-cycle';
import type { Db } from '../../db/connect';
import { pgArray } from '../../db/pg-array';
import { metaReviews, reviewStatuses, reviews } from '../../db/schema';
import { reviewCounts } from '../shared/counted-reviews';
import { cameraReadyLinks } from './camera-ready';
import { assignedReviewerCounts, NO_ASSIGNMENT } from './paper-state';
import type { Paper } from './papers';
import { EMPTY_SUMMARY, listQuestions, reviewSummaries, scoreQuestionMeans } from '../submissions/review-summaries';
import { labelAnswers } from '../../../core/review-form';

/**
 * The review cycle's part of the paper JSON (docs/product.md#the-review-cycle), per paper id: for the editor, the review summary,
 * the decision and the camera-ready link; for the author, the decision and the reviews once notified (no
 * reviewer identity), and the status text that follows from it; for both, the paper's state in their words
 * (docs/product.md#statuses), the author's from what they were told only.
 */
export async function reviewCycleFields(opts: {
  db: Db;
  secret: string;
  papers: Paper[];
  editor?: boolean;
  author?: boolean;
}): Promise<Map<string, Record<string, unknown>>> {
  const { db, secret, papers: rows } = opts;
  const out = new Map<string, Record<string, unknown>>();
  const ids = rows.map((r) => r.id);
  if (opts.editor) {
    const [summaries, links, assigned, means] = await Promise.all([
      reviewSummaries({ db, paperIds: ids }),
      cameraReadyLinks({ db, secret, paperIds: ids }),
      assignedReviewerCounts({ db, paperIds: ids }),
      scoreQuestionMeans({ db, paperIds: ids }),
    ]);
    for (const p of rows) {
      const reviewSummary = summaries.get(p.id) ?? EMPTY_SUMMARY;
      const decision = p.decision ?? null;
      const notifiedDecision = p.notifiedDecision ?? null;
      const cameraReady = links.get(p.id) ?? null;
      const { reviewers, anyAssigned } = assigned.get(p.id) ?? NO_ASSIGNMENT;
      out.set(p.id, {
        reviewSummary,
        decision,
        notifiedDecision,
        cameraReady,
        ...(means.has(p.id) ? { questionMeans: means.get(p.id) } : {}),
        state: paperState(
          {
            withdrawnAt: p.withdrawnAt,
            decision,
            notifiedDecision,
            reviews: reviewSummary.count,
            reviewers,
            anyAssigned,
            cameraReady: cameraReady !== null,
          },
          'editor',
        ),
      });
    }
  } else if (opts.author) {
    const notified = rows.filter((p) => p.notifiedDecision).map((p) => p.id);
    const inNotified = (column: typeof reviews.paperId | typeof reviewStatuses.paperId) =>
      sql`${column} = any(${pgArray(notified)}::text[])`;
    const [list, order, questions] =
      notified.length === 0
        ? [[], [], []]
        : await Promise.all([
            db
              .select({
                paperId: reviews.paperId,
                reviewerId: reviews.reviewerId,
                recommendation: reviews.recommendation,
                commentsToAuthors: reviews.commentsToAuthors,
                answers: reviews.answers,
              })
              .from(reviews)
              .where(and(inNotified(reviews.paperId), reviewCounts))
              .orderBy(asc(reviews.submittedAt)),
            db
              .select({ paperId: reviewStatuses.paperId, reviewerId: reviewStatuses.reviewerId })
              .from(reviewStatuses)
              .where(inNotified(reviewStatuses.paperId))
              .orderBy(asc(reviewStatuses.paperId), asc(reviewStatuses.sentAt), asc(reviewStatuses.reviewerId)),
            listQuestions({ db, retired: true }),
          ]);
    // docs/product.md#who-sees-whom: each review under the same "Reviewer n" as that reviewer's comments and response.
    const labels = reviewerLabels(order);
    // Decision 0033: the meta-review's recommendation and text to the authors, once notified (never its text to the committee).
    const metas = new Map(
      (notified.length === 0
        ? []
        : await db
            .select({ paperId: metaReviews.paperId, recommendation: metaReviews.recommendation, toAuthors: metaReviews.toAuthors })
            .from(metaReviews)
            .where(inArray(metaReviews.paperId, notified))
      ).map(({ paperId, ...m }) => [paperId, m]),
    );
    // The author's own camera-ready version, so the page shows it after a reload too.
    const accepted = rows.filter((p) => p.notifiedDecision === 'Accepted').map((p) => p.id);
    const links = accepted.length ? await cameraReadyLinks({ db, secret, paperIds: accepted }) : new Map();
    for (const p of rows) {
      const decision = (p.notifiedDecision ?? null) as Decision | null;
      const cameraReady = links.get(p.id) ?? null;
      out.set(p.id, {
        decision,
        status: authorStatusText(decision),
        // Nothing the author was not told goes in: no editor's decision, no review counts.
        state: paperState(
          {
            withdrawnAt: p.withdrawnAt,
            decision: null,
            notifiedDecision: decision,
            reviews: 0,
            reviewers: 0,
            anyAssigned: false,
            cameraReady: cameraReady !== null,
          },
          'author',
        ),
        cameraReady,
        metaReview: decision ? (metas.get(p.id) ?? null) : null,
        reviews: decision
          ? list
              .filter((r) => r.paperId === p.id)
              .map(({ reviewerId, recommendation, commentsToAuthors, answers }) => ({
                reviewer: labels.get(`${p.id}:${reviewerId}`) ?? 'Reviewer',
                recommendation,
                commentsToAuthors,
                // Decision 0031: the authors-visible answers only, never a committee-only one.
                answers: labelAnswers(questions, answers, { authorsOnly: true }).map((a) => ({ label: a.label, text: a.text })),
              }))
          : [],
      });
    }
  }
  return out;
}

/** "Reviewer 1", "Reviewer 2"… per paper, in the order given (when each was sent the paper), keyed `paperId:reviewerId`. */
export function reviewerLabels(rows: Array<{ paperId: string; reviewerId: string }>): Map<string, string> {
  const out = new Map<string, string>();
  const count = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.paperId}:${r.reviewerId}`;
    if (out.has(key)) continue;
    const n = (count.get(r.paperId) ?? 0) + 1;
    count.set(r.paperId, n);
    out.set(key, `Reviewer ${n}`);
  }
  return out;
}
