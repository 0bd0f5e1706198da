import { and, asc, eq, sql } from 'drizzle-orm';
import { listQuestions } from '../submissions/review-summaries';
import type { EditorReviewJson, ReviewBody, ReviewJson } from '../../../core/schemas/review-cycle';
import { checkAnswers, cleanAnswers, labelAnswers } from '../../../core/review-form';
import { MESSAGES } from '../../../core/messages';
import { mayReviewerSave } from '../../../core/review-window';
import type { Db } from '../../db/connect';
import { authorResponses, reviewRatings, reviews, reviewVersions, users } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../shared/audit';
import { getPaper } from '../submissions/papers';
import { checkAssigned, checkMayReview } from '../submissions/review-status';
import { reviewCounts } from '../shared/counted-reviews';
import { getSettingsRow, isPast } from '../shared/settings';

type ReviewRow = typeof reviews.$inferSelect;

const toReviewJson = (r: ReviewRow): ReviewJson => ({
  paperId: r.paperId,
  recommendation: r.recommendation,
  confidence: r.confidence,
  commentsToAuthors: r.commentsToAuthors,
  commentsToEditor: r.commentsToEditor,
  submittedAt: r.submittedAt.toISOString(),
  answers: r.answers,
});

/** Save (or replace) the caller's review, audited; refused when not sent to them or declined (403), or after the review deadline. */
export async function saveReview(opts: { db: Db; paperId: string; reviewer: Actor; body: ReviewBody }): Promise<ReviewJson> {
  await checkMayReview({ db: opts.db, paperId: opts.paperId, reviewerId: opts.reviewer.id });
  // Decision 0033 (core/review-window): after the review deadline, still while the response window is open, and until
  // the discussion deadline on a paper that has an author response.
  const s = await getSettingsRow({ db: opts.db });
  const [response] = isPast(s?.reviewDeadline)
    ? await opts.db
        .select({ paperId: authorResponses.paperId })
        .from(authorResponses)
        .where(eq(authorResponses.paperId, opts.paperId))
        .limit(1)
    : [];
  if (
    !mayReviewerSave({
      reviewDeadline: s?.reviewDeadline ?? null,
      responseOpens: s?.responseOpens ?? null,
      responseCloses: s?.responseCloses ?? null,
      discussionDeadline: s?.discussionDeadline ?? null,
      paperHasResponse: Boolean(response),
    })
  )
    throw new AppError('forbidden', MESSAGES.reviewDeadlinePassed);
  return opts.db.transaction(async (tx) => {
    // The answers fit the form as it is now (decision 0031); answers to questions retired since are kept as saved.
    const questions = await listQuestions({ db: tx, retired: true });
    const current = questions.filter((q) => !q.retired);
    const sent = opts.body.answers ?? {};
    const problem = checkAnswers(current, sent);
    if (problem) throw new AppError('bad_request', problem);
    const [before] = await tx
      .select({ answers: reviews.answers })
      .from(reviews)
      .where(and(eq(reviews.paperId, opts.paperId), eq(reviews.reviewerId, opts.reviewer.id)))
      .limit(1);
    const retiredIds = new Set(questions.filter((q) => q.retired).map((q) => q.id));
    const kept = Object.fromEntries(Object.entries(before?.answers ?? {}).filter(([id]) => retiredIds.has(id)));
    const values = {
      recommendation: opts.body.recommendation,
      confidence: opts.body.confidence,
      commentsToAuthors: opts.body.commentsToAuthors,
      commentsToEditor: opts.body.commentsToEditor ?? '',
      submittedAt: new Date(),
      answers: { ...kept, ...cleanAnswers(sent) },
    };
    const [row] = await tx
      .insert(reviews)
      .values({ paperId: opts.paperId, reviewerId: opts.reviewer.id, ...values })
      .onConflictDoUpdate({ target: [reviews.paperId, reviews.reviewerId], set: values })
      .returning();
    // Every save is kept as a numbered version (decision 0034); the reviews row is the newest.
    await tx.insert(reviewVersions).values({
      paperId: opts.paperId,
      reviewerId: opts.reviewer.id,
      ...values,
      answers: row!.answers,
      savedAt: row!.submittedAt,
      version: sql`coalesce((select max(${reviewVersions.version}) from ${reviewVersions} where ${reviewVersions.paperId} = ${opts.paperId} and ${reviewVersions.reviewerId} = ${opts.reviewer.id}), 0) + 1`,
    });
    const review = toReviewJson(row!);
    await recordAudit(tx, {
      actorId: opts.reviewer.id,
      actorRole: 'Reviewer',
      action: 'review.save',
      paperId: opts.paperId,
      ip: opts.reviewer.ip,
      details: { recommendation: review.recommendation, confidence: review.confidence },
    });
    return review;
  });
}

/** The caller's own review of a paper sent to them (403 otherwise). */
export async function findOwnReview(opts: { db: Db; paperId: string; reviewerId: string }): Promise<ReviewJson | null> {
  await checkAssigned(opts);
  const [row] = await opts.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.paperId, opts.paperId), eq(reviews.reviewerId, opts.reviewerId)))
    .limit(1);
  return row ? toReviewJson(row) : null;
}

/** Every review of a paper with its reviewer, for the editor (oldest first), each marked counted or not (declined since); 404 'Paper not found'. */
export async function listReviewsForPaper(opts: { db: Db; paperId: string }): Promise<EditorReviewJson[]> {
  const { db } = opts;
  const { id: paperId } = await getPaper(opts);
  const [rows, questions] = await Promise.all([
    db
      .select({
        r: reviews,
        name: users.name,
        email: users.email,
        counted: reviewCounts,
        versions: sql<number>`(select count(*)::int from ${reviewVersions} v where v.paper_id = ${reviews.paperId} and v.reviewer_id = ${reviews.reviewerId})`,
        rating: { rating: reviewRatings.rating, note: reviewRatings.note, updatedAt: reviewRatings.updatedAt },
      })
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.reviewerId))
      .leftJoin(reviewRatings, and(eq(reviewRatings.paperId, reviews.paperId), eq(reviewRatings.reviewerId, reviews.reviewerId)))
      .where(eq(reviews.paperId, paperId))
      .orderBy(asc(reviews.submittedAt)),
    listQuestions({ db, retired: true }),
  ]);
  return rows.map(({ r, name, email, counted, versions, rating }) => ({
    reviewerId: r.reviewerId,
    name,
    email,
    recommendation: r.recommendation,
    confidence: r.confidence,
    commentsToAuthors: r.commentsToAuthors,
    commentsToEditor: r.commentsToEditor,
    submittedAt: r.submittedAt.toISOString(),
    counted,
    answers: labelAnswers(questions, r.answers),
    versions,
    rating: rating?.rating ? { rating: rating.rating, note: rating.note, updatedAt: rating.updatedAt.toISOString() } : null,
  }));
}
