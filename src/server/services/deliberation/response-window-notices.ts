import { and, asc, eq, exists, isNull, notExists, sql } from 'drizzle-orm';
import { conferenceTitle, type ConferenceFacts } from '../../../core/conference-facts';
import { formatDeadline } from '../../../core/format';
import { isResponseWindowOpen } from '../../../core/review-window';
import type { Db } from '../../db/connect';
import { paperCoAuthors, papers, responseWindowNotices, reviews, users } from '../../db/schema';
import type { Mailer } from '../../mail/send';
import { reviewCounts } from '../shared/counted-reviews';
import { getSettingsRow, type StoredSettings } from '../shared/settings';

/** The response window's values in the responseWindowOpened mail ({closes}, {words}): one place for the mail and its preview. */
export function responseWindowValues(opts: {
  settings: Pick<StoredSettings, 'responseCloses' | 'responseWordLimit'> | undefined;
  conference: Pick<ConferenceFacts, 'timeZone' | 'startDate'>;
}): { closes: string; words: string } {
  const { settings: s, conference } = opts;
  return {
    closes: s?.responseCloses ? formatDeadline(s.responseCloses, conference) : 'the editors close the window',
    words: String(s?.responseWordLimit ?? 500),
  };
}

/**
 * Decision 0038: once the authors' response window has opened (and while it is open), tell the submitter and the
 * co-authors of each paper that has counted reviews and no decision that they may respond, once per paper. The
 * paper's notice row and its mails commit together, and the row is inserted with `on conflict do nothing`:
 * two instances running this job at once mail each paper once. A paper whose reviews arrive later is told then.
 * Returns how many papers were told.
 */
export async function sendResponseWindowNotices(opts: { db: Db; mailer: Mailer; publicUrl: string; now?: Date }): Promise<number> {
  const { db } = opts;
  const now = opts.now ?? new Date();
  const s = await getSettingsRow({ db });
  if (!s || !isResponseWindowOpen({ responseOpens: s.responseOpens, responseCloses: s.responseCloses }, now)) return 0;
  const due = await db
    .select({ id: papers.id, title: papers.title, authorName: users.name, authorEmail: users.email })
    .from(papers)
    .innerJoin(users, eq(users.id, papers.authorId))
    .where(
      and(
        isNull(papers.decision),
        isNull(papers.withdrawnAt),
        exists(
          db
            .select({ one: sql`1` })
            .from(reviews)
            .where(and(eq(reviews.paperId, papers.id), reviewCounts)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(responseWindowNotices)
            .where(eq(responseWindowNotices.paperId, papers.id)),
        ),
      ),
    )
    .orderBy(asc(papers.id));
  const window = responseWindowValues({ settings: s, conference: opts.mailer.conference() });
  let told = 0;
  for (const paper of due) {
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx.insert(responseWindowNotices).values({ paperId: paper.id }).onConflictDoNothing().returning();
      // Another instance told this paper's authors since the list was read.
      if (!claimed) return false;
      const coAuthors = await tx
        .select({ name: paperCoAuthors.name, email: paperCoAuthors.email })
        .from(paperCoAuthors)
        .where(eq(paperCoAuthors.paperId, paper.id))
        .orderBy(asc(paperCoAuthors.position));
      const recipients = [{ name: paper.authorName, email: paper.authorEmail }, ...coAuthors].filter(
        (r, i, all) => all.findIndex((o) => o.email.toLowerCase() === r.email.toLowerCase()) === i,
      );
      await opts.mailer.sendMany(
        recipients.map((r) => ({
          to: r.email,
          template: 'responseWindowOpened' as const,
          values: {
            name: r.name,
            paperTitle: paper.title,
            paperId: paper.id,
            conference: conferenceTitle(opts.mailer.conference()),
            ...window,
            loginUrl: `${opts.publicUrl}/login`,
          },
        })),
        tx,
      );
      return true;
    });
    if (sent) told += 1;
  }
  return told;
}
