import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { papers, reviewReminders, reviews, reviewStatuses, users } from '../../db/schema';
import type { Mailer } from '../../mail/send';
import { conferenceTitle } from '../../../core/conference-facts';
import { formatUtcDateTime } from '../../../core/format';
import { getSettingsRow } from '../shared/settings';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The (paper, reviewer) pairs with work left and no reminder yet: assigned and unanswered, or accepted and no review saved. */
async function findPendingReviews(db: Db) {
  return db
    .select({
      paperId: reviewStatuses.paperId,
      reviewerId: reviewStatuses.reviewerId,
      title: papers.title,
      name: users.name,
      email: users.email,
    })
    .from(reviewStatuses)
    .innerJoin(papers, eq(papers.id, reviewStatuses.paperId))
    .innerJoin(users, eq(users.id, reviewStatuses.reviewerId))
    .leftJoin(reviews, and(eq(reviews.paperId, reviewStatuses.paperId), eq(reviews.reviewerId, reviewStatuses.reviewerId)))
    .leftJoin(
      reviewReminders,
      and(eq(reviewReminders.paperId, reviewStatuses.paperId), eq(reviewReminders.reviewerId, reviewStatuses.reviewerId)),
    )
    .where(
      and(
        eq(reviewStatuses.assigned, true),
        or(eq(reviewStatuses.status, 'Sent'), and(eq(reviewStatuses.status, 'Accepted'), isNull(reviews.paperId))),
        isNull(reviewReminders.paperId),
        // A withdrawn paper needs no review (docs/product.md#assignments-declines-and-withdrawals).
        isNull(papers.withdrawnAt),
      ),
    )
    .orderBy(reviewStatuses.reviewerId, reviewStatuses.paperId);
}

/**
 * From `reminderDaysBefore` days before the review deadline until the deadline, queue one reminder per
 * reviewer listing their papers with work left. Each (paper, reviewer) is reminded once: its
 * review_reminders row (primary key) commits with the mail, so a second pass, a restart or another instance
 * running the same job finds the key taken and queues nothing. Returns how many reminders it queued.
 */
export async function sendReviewReminders(opts: { db: Db; mailer: Mailer; publicUrl: string; now?: Date }): Promise<number> {
  const { db, mailer } = opts;
  const now = opts.now ?? new Date();
  const settings = await getSettingsRow({ db });
  const deadline = settings?.reviewDeadline ?? null;
  const days = settings?.reminderDaysBefore ?? null;
  if (!deadline || days === null) return 0;
  if (now.getTime() > deadline.getTime() || now.getTime() < deadline.getTime() - days * DAY_MS) return 0;

  const byReviewer = new Map<string, Awaited<ReturnType<typeof findPendingReviews>>>();
  for (const row of await findPendingReviews(db)) {
    const list = byReviewer.get(row.reviewerId) ?? [];
    list.push(row);
    byReviewer.set(row.reviewerId, list);
  }
  let queued = 0;
  for (const [reviewerId, rows] of byReviewer) {
    const sent = await db.transaction(async (tx) => {
      // Take the keys first: a concurrent pass waits on them, then finds them taken.
      const taken = await tx
        .insert(reviewReminders)
        .values(rows.map((r) => ({ paperId: r.paperId, reviewerId })))
        .onConflictDoNothing()
        .returning({ paperId: reviewReminders.paperId });
      if (taken.length === 0) return false;
      const mine = new Set(taken.map((r) => r.paperId));
      const list = rows.filter((r) => mine.has(r.paperId));
      const mail = await mailer.send({
        tx,
        to: list[0]!.email,
        template: 'reviewReminder',
        values: {
          name: list[0]!.name,
          conference: conferenceTitle(mailer.conference()),
          deadline: formatUtcDateTime(deadline),
          papers: list.map((r) => `  - "${r.title}" (Paper ID: ${r.paperId})`).join('\n'),
          loginUrl: `${opts.publicUrl}/login`,
        },
      });
      await tx
        .update(reviewReminders)
        .set({ mailId: mail.id })
        .where(and(eq(reviewReminders.reviewerId, reviewerId), isNull(reviewReminders.mailId)));
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}
