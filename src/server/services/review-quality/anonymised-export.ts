import { createHmac } from 'node:crypto';
import { and, asc, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { AnonymisedExportJson } from '../../../core/schemas/review-quality';
import type { Db } from '../../db/connect';
import { authorResponses, metaReviews, papers, reviewQuestions, reviews, tracks } from '../../db/schema';
import { reviewCounts } from '../shared/counted-reviews';
import { csvCell } from '../shared/export-csv';

/** What a chair's export holds: their tracks' papers less the conflicted ones; undefined for the editor (everything). */
export type ExportScope = { trackIds: string[]; excludedPaperIds: string[] } | undefined;

/**
 * A reviewer's pseudonym in the anonymised export (decision 0034): "R-" and the first 12 hexadecimal digits
 * of HMAC-SHA256(reviewer id) under a key derived from the server's JWT secret. The same in every export while
 * the secret stays; without the secret it can be neither guessed nor reversed from a list of ids.
 */
export function pseudonymFor(secret: string): (reviewerId: string) => string {
  const key = createHmac('sha256', secret).update('imse/anonymised-review-export/pseudonym/v1').digest();
  return (reviewerId) => `R-${createHmac('sha256', key).update(reviewerId).digest('hex').slice(0, 12)}`;
}

/**
 * Every counted review (decision 0034) with reviewers as pseudonyms, grouped by paper, with the paper's track,
 * decision, meta-review and author response; papers with none of these are left out. Nothing names a person:
 * no names, addresses or user ids (the meta-review's and the response's writers are left out too).
 */
export async function buildAnonymisedExport(opts: { db: Db; secret: string; scope: ExportScope }): Promise<AnonymisedExportJson> {
  const { db, scope } = opts;
  const inScope: SQL | undefined = scope
    ? and(
        inArray(papers.trackId, scope.trackIds.length ? scope.trackIds : ['']),
        scope.excludedPaperIds.length ? notInArray(papers.id, scope.excludedPaperIds) : undefined,
      )
    : undefined;
  const [paperRows, reviewRows, metaRows, responseRows, questions] = await Promise.all([
    db
      .select({ id: papers.id, track: tracks.name, decision: papers.decision })
      .from(papers)
      .innerJoin(tracks, eq(tracks.id, papers.trackId))
      .where(inScope)
      .orderBy(asc(papers.id)),
    db
      .select({
        paperId: reviews.paperId,
        reviewerId: reviews.reviewerId,
        recommendation: reviews.recommendation,
        confidence: reviews.confidence,
        commentsToAuthors: reviews.commentsToAuthors,
        commentsToEditor: reviews.commentsToEditor,
        answers: reviews.answers,
      })
      .from(reviews)
      .innerJoin(papers, eq(papers.id, reviews.paperId))
      .where(and(reviewCounts, inScope)),
    db
      .select({
        paperId: metaReviews.paperId,
        recommendation: metaReviews.recommendation,
        toAuthors: metaReviews.toAuthors,
        toCommittee: metaReviews.toCommittee,
      })
      .from(metaReviews)
      .innerJoin(papers, eq(papers.id, metaReviews.paperId))
      .where(inScope),
    db
      .select({ paperId: authorResponses.paperId, words: authorResponses.words, text: authorResponses.text })
      .from(authorResponses)
      .innerJoin(papers, eq(papers.id, authorResponses.paperId))
      .where(inScope),
    db.select({ id: reviewQuestions.id, label: reviewQuestions.label }).from(reviewQuestions).orderBy(asc(reviewQuestions.position)),
  ]);
  const pseudonym = pseudonymFor(opts.secret);
  const byPaper = new Map<string, AnonymisedExportJson['papers'][number]['reviews']>();
  for (const r of reviewRows) {
    const list = byPaper.get(r.paperId) ?? [];
    list.push({
      reviewer: pseudonym(r.reviewerId),
      recommendation: r.recommendation,
      confidence: r.confidence,
      commentsToAuthors: r.commentsToAuthors,
      commentsToEditor: r.commentsToEditor,
      answers: r.answers,
    });
    byPaper.set(r.paperId, list);
  }
  const metas = new Map(metaRows.map(({ paperId, ...m }) => [paperId, m]));
  const responses = new Map(responseRows.map(({ paperId, ...a }) => [paperId, a]));
  const out: AnonymisedExportJson['papers'] = [];
  for (const p of paperRows) {
    const list = (byPaper.get(p.id) ?? []).sort((a, b) => a.reviewer.localeCompare(b.reviewer));
    const metaReview = metas.get(p.id) ?? null;
    const authorResponse = responses.get(p.id) ?? null;
    if (list.length === 0 && !metaReview && !authorResponse) continue;
    out.push({ paperId: p.id, track: p.track, decision: p.decision, reviews: list, metaReview, authorResponse });
  }
  return { generatedAt: new Date().toISOString(), questions, papers: out };
}

/**
 * The anonymised export as CSV (UTF-8 with a byte-order mark, CRLF, every cell through csvCell: quoted and
 * guarded against formulas): one row per counted review, one column per form question (its label and id in the
 * header), then the paper's meta-review and author response; a paper with a meta-review or response but no
 * counted review gets one row with the review's columns empty.
 */
export function toAnonymisedCsv(data: AnonymisedExportJson): string {
  const header = [
    'paper_id',
    'track',
    'decision',
    'reviewer',
    'recommendation',
    'confidence',
    'comments_to_authors',
    'comments_to_editor',
    ...data.questions.map((q) => `${q.label} [${q.id}]`),
    'meta_review_recommendation',
    'meta_review_to_authors',
    'meta_review_to_committee',
    'author_response_words',
    'author_response',
  ];
  let text = `\uFEFF${header.map(csvCell).join(',')}\r\n`;
  for (const p of data.papers) {
    const tail = [
      p.metaReview?.recommendation,
      p.metaReview?.toAuthors,
      p.metaReview?.toCommittee,
      p.authorResponse?.words,
      p.authorResponse?.text,
    ];
    const rows = p.reviews.length ? p.reviews : [null];
    for (const r of rows) {
      const cells = [
        p.paperId,
        p.track,
        p.decision,
        r?.reviewer,
        r?.recommendation,
        r?.confidence,
        r?.commentsToAuthors,
        r?.commentsToEditor,
        ...data.questions.map((q) => r?.answers[q.id]),
        ...tail,
      ];
      text += `${cells.map(csvCell).join(',')}\r\n`;
    }
  }
  return text;
}
