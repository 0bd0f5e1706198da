import { and, asc, eq } from 'drizzle-orm';
import { conferenceTitle } from '../../../core/conference-facts';
import { formatDeadline } from '../../../core/format';
import { REVISION_MESSAGES } from '../../../core/messages';
import { isResponseWindowOpen, responseWindowRefusal } from '../../../core/review-window';
import type { AuthorResponsePage } from '../../../core/schemas/deliberation';
import { countWords, overWordLimit } from '../../../core/word-count';
import type { Db } from '../../db/connect';
import { authorResponses, papers, reviews, reviewStatuses } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/send';
import type { Caller } from '../../permissions';
import { recordAudit } from '../shared/audit';
import { reviewCounts } from '../shared/counted-reviews';
import { getSettingsRow } from '../shared/settings';
import { findAuthorPaper } from '../submissions/author-papers';
import { reviewerLabels } from '../submissions/review-cycle-json';
import { listPaperParticipants } from '../review/paper-participants';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The author's response page (decision 0033), for the submitter or a co-author (404 otherwise): the window, the word
 * limit, the counted reviews' comments to the authors once the window has opened (as "Reviewer n", nothing for the
 * committee), and the response saved.
 */
export async function findAuthorResponsePage(opts: { db: Db; caller: Caller; paperId: string; now?: Date }): Promise<AuthorResponsePage> {
  const { db } = opts;
  const { paper } = await findAuthorPaper({ db, caller: opts.caller, paperId: opts.paperId });
  const now = opts.now ?? new Date();
  const s = await getSettingsRow({ db });
  const dates = { responseOpens: s?.responseOpens ?? null, responseCloses: s?.responseCloses ?? null };
  const opened = dates.responseOpens !== null && now.getTime() >= dates.responseOpens.getTime();
  const [list, order, [response]] = await Promise.all([
    opened
      ? db
          .select({ reviewerId: reviews.reviewerId, commentsToAuthors: reviews.commentsToAuthors })
          .from(reviews)
          .where(and(eq(reviews.paperId, paper.id), reviewCounts))
          .orderBy(asc(reviews.submittedAt))
      : [],
    opened
      ? db
          .select({ paperId: reviewStatuses.paperId, reviewerId: reviewStatuses.reviewerId })
          .from(reviewStatuses)
          .where(eq(reviewStatuses.paperId, paper.id))
          .orderBy(asc(reviewStatuses.sentAt), asc(reviewStatuses.reviewerId))
      : [],
    db.select().from(authorResponses).where(eq(authorResponses.paperId, paper.id)).limit(1),
  ]);
  const labels = reviewerLabels(order);
  return {
    window: { opens: iso(dates.responseOpens), closes: iso(dates.responseCloses), open: isResponseWindowOpen(dates, now) },
    wordLimit: s?.responseWordLimit ?? 500,
    reviews: list.map((r) => ({
      reviewer: labels.get(`${paper.id}:${r.reviewerId}`) ?? 'Reviewer',
      commentsToAuthors: r.commentsToAuthors,
    })),
    response: response ? { text: response.text, words: response.words, updatedAt: response.updatedAt.toISOString() } : null,
  };
}

/**
 * Save (replace) the paper's one response, by its submitter or a co-author: refused outside the window (403, saying
 * when it opens or that it closed), over the word limit (400, naming the count), on a withdrawn paper (409).
 * The response, its audit row and the mails to the paper's reviewers (not declined) and its track's chairs (verified,
 * not conflicted: listPaperParticipants) commit together. The mails never name the authors (under blind review the
 * reviewers must not learn them, and the chairs read them on the paper's page).
 */
export async function saveAuthorResponse(opts: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  caller: Caller;
  ip: string;
  paperId: string;
  text: string;
  now?: Date;
}) {
  const { db } = opts;
  const { paper } = await findAuthorPaper({ db, caller: opts.caller, paperId: opts.paperId });
  if (paper.withdrawnAt) throw new AppError('conflict', REVISION_MESSAGES.withdrawnPaper);
  const now = opts.now ?? new Date();
  const s = await getSettingsRow({ db });
  const refusal = responseWindowRefusal({ responseOpens: s?.responseOpens ?? null, responseCloses: s?.responseCloses ?? null }, now, (d) =>
    formatDeadline(d, opts.mailer.conference()),
  );
  if (refusal) throw new AppError('forbidden', refusal);
  const words = countWords(opts.text);
  const limit = s?.responseWordLimit ?? 500;
  if (words > limit) throw new AppError('bad_request', overWordLimit(words, limit));
  if (words === 0) throw new AppError('bad_request', 'Please write your response before saving');
  // Told: whom the paper's screens let read the response (its reviewers, its track's chairs), by the same rule.
  const participants = await listPaperParticipants({ db, paperId: paper.id });
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ paperId: papers.id }).from(papers).where(eq(papers.id, paper.id)).for('update').limit(1);
    if (!existing) throw new AppError('not_found', 'Paper not found');
    const values = { authorId: opts.caller.id, text: opts.text, words, updatedAt: now };
    const [row] = await tx
      .insert(authorResponses)
      .values({ paperId: paper.id, ...values })
      .onConflictDoUpdate({ target: authorResponses.paperId, set: values })
      .returning();
    await recordAudit(tx, {
      actorId: opts.caller.id,
      actorRole: 'Author',
      action: 'response.save',
      paperId: paper.id,
      ip: opts.ip,
      details: { words },
    });
    const reviewers = participants.filter((p) => p.role === 'reviewer');
    const chairs = participants.filter((p) => p.chairOfTrack);
    const common = {
      paperTitle: paper.title,
      paperId: paper.id,
      conference: conferenceTitle(opts.mailer.conference()),
      response: opts.text,
      words: String(words),
      loginUrl: `${opts.publicUrl}/login`,
    };
    const mails = [
      ...reviewers.map((r) => ({ to: r.email, template: 'authorResponseToReviewer' as const, values: { ...common, name: r.name } })),
      ...chairs.map((c) => ({ to: c.email, template: 'authorResponseToChair' as const, values: { ...common, name: c.name } })),
    ];
    if (mails.length) await opts.mailer.sendMany(mails, tx);
    return {
      message: 'Your response is saved. The reviewers and the track chairs were told.',
      response: { text: row!.text, words: row!.words, updatedAt: row!.updatedAt.toISOString() },
    };
  });
}
