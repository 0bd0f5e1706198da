import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { RECOMMENDATIONS, type Decision } from '../../../core/schemas/review-cycle';
import { REVISION_MESSAGES } from '../../../core/messages';
import type { Db } from '../../db/connect';
import { pgArray } from '../../db/pg-array';
import { metaReviews, paperCoAuthors, papers, reviews, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/send';
import { renderMail, type TemplateName } from '../../../core/mail-templates';
import { loadWordings } from '../../mail/wording';
import { recordAudit, type Actor } from '../shared/audit';
import { conferenceTitle } from '../../../core/conference-facts';
import { reviewCounts } from '../shared/counted-reviews';
import { answersForMail } from '../../../core/review-form';
import { listQuestions } from '../submissions/review-summaries';

/** Set (or clear) a paper's decision, audited; the authors hear of it only through notifyAuthors. */
export async function setDecision(opts: { db: Db; paperId: string; decision: Decision | null; editor: Actor }) {
  return opts.db.transaction(async (tx) => {
    // A withdrawn paper takes no decision (docs/product.md#assignments-declines-and-withdrawals).
    const [current] = await tx
      .select({ withdrawnAt: papers.withdrawnAt })
      .from(papers)
      .where(eq(papers.id, opts.paperId))
      .for('update')
      .limit(1);
    if (current?.withdrawnAt) throw new AppError('conflict', REVISION_MESSAGES.withdrawnPaper);
    const [row] = await tx
      .update(papers)
      .set({ decision: opts.decision, decidedAt: opts.decision ? new Date() : null })
      .where(eq(papers.id, opts.paperId))
      .returning({ paperId: papers.id, decision: papers.decision, notifiedDecision: papers.notifiedDecision });
    if (!row) throw new AppError('not_found', 'Paper not found');
    await recordAudit(tx, {
      actorId: opts.editor.id,
      actorRole: 'Editor',
      action: 'paper.decision',
      paperId: opts.paperId,
      ip: opts.editor.ip,
      details: { decision: opts.decision },
    });
    return { paperId: row.paperId, decision: row.decision ?? null, notifiedDecision: row.notifiedDecision ?? null };
  });
}

export const DECISION_WORDS: Record<Decision, string> = { Accepted: 'Accepted', Rejected: 'Rejected', Revision: 'Revision requested' };
/** One mail template per outcome (decision 0038). */
export const DECISION_TEMPLATE: Record<Decision, TemplateName> = {
  Accepted: 'decisionAccepted',
  Rejected: 'decisionRejected',
  Revision: 'decisionRevision',
};

/** The reviews as the author reads them: numbered, the recommendation in words, never who wrote them. */
export function reviewsForMail(list: Array<{ recommendation: number; commentsToAuthors: string; answersText?: string }>): string {
  if (list.length === 0) return 'No reviews were written for this paper.';
  return list
    .map((r, i) =>
      [
        `Review ${i + 1} — ${RECOMMENDATIONS[r.recommendation as keyof typeof RECOMMENDATIONS] ?? r.recommendation}`,
        // Decision 0031: the form's authors-visible answers only (answersForMail leaves committee-only ones out).
        ...(r.answersText ? [r.answersText] : []),
        r.commentsToAuthors,
      ].join('\n'),
    )
    .join('\n\n');
}

/** Decision 0033: the meta-review's text to the authors, as a block before the reviews; never its text to the committee nor who wrote it. */
export function metaReviewForMail(toAuthors: string | undefined): string {
  return toAuthors ? `Meta-review\n${toAuthors}\n\n` : '';
}

/**
 * One mail per paper whose decision is set and not yet notified (or changed since), to the submitting author
 * and every co-author; the paper is marked notified in the same transaction as its mails are queued, so a
 * second call sends nothing again. With dryRun nothing changes and the mails are returned.
 */
export async function notifyAuthors(opts: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  paperIds?: string[];
  dryRun?: boolean;
  editor: Actor;
}) {
  const due = await opts.db
    .select({ p: papers, authorName: users.name, authorEmail: users.email })
    .from(papers)
    .innerJoin(users, eq(users.id, papers.authorId))
    .where(
      and(
        isNotNull(papers.decision),
        sql`${papers.decision} is distinct from ${papers.notifiedDecision}`,
        isNull(papers.withdrawnAt),
        opts.paperIds ? sql`${papers.id} = any(${pgArray(opts.paperIds)}::text[])` : undefined,
      ),
    )
    .orderBy(asc(papers.id));
  if (opts.paperIds) {
    const known = await opts.db
      .select({ id: papers.id })
      .from(papers)
      .where(sql`${papers.id} = any(${pgArray(opts.paperIds)}::text[])`);
    if (known.length !== new Set(opts.paperIds).size) throw new AppError('bad_request', 'Unknown paper id in paperIds');
  }
  const total = opts.paperIds ? new Set(opts.paperIds).size : await opts.db.$count(papers);
  const preview: Array<{ to: string; subject: string; text: string }> = [];
  let sent = 0;
  const questions = due.length ? await listQuestions({ db: opts.db, retired: true }) : [];
  const wordings = opts.dryRun ? await loadWordings(opts.db, Object.values(DECISION_TEMPLATE)) : new Map();
  for (const { p, authorName, authorEmail } of due) {
    const list = (
      await opts.db
        .select({ recommendation: reviews.recommendation, commentsToAuthors: reviews.commentsToAuthors, answers: reviews.answers })
        .from(reviews)
        .where(and(eq(reviews.paperId, p.id), reviewCounts))
        .orderBy(asc(reviews.submittedAt))
    ).map(({ answers, ...r }) => ({ ...r, answersText: answersForMail(questions, answers) }));
    const [meta] = await opts.db
      .select({ toAuthors: metaReviews.toAuthors })
      .from(metaReviews)
      .where(eq(metaReviews.paperId, p.id))
      .limit(1);
    const coAuthors = await opts.db
      .select({ name: paperCoAuthors.name, email: paperCoAuthors.email })
      .from(paperCoAuthors)
      .where(eq(paperCoAuthors.paperId, p.id))
      .orderBy(asc(paperCoAuthors.position));
    const recipients = [{ name: authorName, email: authorEmail }, ...coAuthors].filter(
      (r, i, all) => all.findIndex((o) => o.email.toLowerCase() === r.email.toLowerCase()) === i,
    );
    const mails = recipients.map((r) => ({
      to: r.email,
      values: {
        name: r.name,
        paperTitle: p.title,
        paperId: p.id,
        decision: DECISION_WORDS[p.decision!],
        reviews: metaReviewForMail(meta?.toAuthors) + reviewsForMail(list),
        conference: conferenceTitle(opts.mailer.conference()),
        loginUrl: `${opts.publicUrl}/login`,
      },
    }));
    if (opts.dryRun) {
      for (const m of mails)
        preview.push({ to: m.to, ...renderMail(DECISION_TEMPLATE[p.decision!], m.values, wordings.get(DECISION_TEMPLATE[p.decision!])) });
      continue;
    }
    // Each paper's mails, its notified mark and its audit row commit together: a failure part-way through the
    // list leaves every earlier paper notified and recorded, and this one untouched.
    await opts.db.transaction(async (tx) => {
      for (const m of mails) await opts.mailer.send({ to: m.to, template: DECISION_TEMPLATE[p.decision!], values: m.values, tx });
      await tx.update(papers).set({ notifiedDecision: p.decision, notifiedAt: new Date() }).where(eq(papers.id, p.id));
      await recordAudit(tx, {
        actorId: opts.editor.id,
        actorRole: 'Editor',
        action: 'decision.notify',
        paperId: p.id,
        ip: opts.editor.ip,
        details: { decision: p.decision, mails: mails.length },
      });
    });
    sent += 1;
  }
  // skipped: papers asked about (or all papers) with no decision, or whose decision was already notified.
  return { sent, skipped: total - due.length, ...(opts.dryRun ? { preview } : {}) };
}
