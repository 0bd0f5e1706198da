import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { NOMINATION_REMINDER_DAYS } from '../../../core/awards-programme';
import { conferenceTitle } from '../../../core/conference-facts';
import { dayKey } from '../../../core/format';
import type { Db } from '../../db/connect';
import { awardNominations, awardPanelMembers, users } from '../../db/schema';
import type { Mailer } from '../../mail/send';

/**
 * The worker's job (decision 0044): nominations waiting more than 7 days for a decision are sent to the panel in one
 * mail per panel address (the editors, and the named members whose address is verified), each nomination once.
 * The nominations are claimed (reminded_at set where still null) in the transaction that queues the mails, so two
 * instances running the job at once remind each nomination once. Returns how many nominations were reminded.
 */
export async function sendPanelReminders(opts: { db: Db; mailer: Mailer; publicUrl: string; now?: Date }): Promise<number> {
  const now = opts.now ?? new Date();
  const before = new Date(now.getTime() - NOMINATION_REMINDER_DAYS * 24 * 60 * 60 * 1000);
  return opts.db.transaction(async (tx) => {
    const claimed = await tx
      .update(awardNominations)
      .set({ remindedAt: now })
      .where(and(eq(awardNominations.status, 'submitted'), isNull(awardNominations.remindedAt), lt(awardNominations.createdAt, before)))
      .returning();
    if (!claimed.length) return 0;
    const years = [...new Set(claimed.map((n) => n.year))];
    const editors = await tx
      .select({ name: users.name, email: users.email, year: sql<number | null>`null` })
      .from(users)
      .where(and(eq(users.role, 'Editor'), eq(users.chairOnly, false)));
    const named = await tx
      .select({ name: users.name, email: users.email, year: awardPanelMembers.year })
      .from(awardPanelMembers)
      .innerJoin(users, eq(users.id, awardPanelMembers.userId))
      .where(and(inArray(awardPanelMembers.year, years), isNotNull(users.emailVerifiedAt)));
    for (const year of years) {
      const waiting = claimed.filter((n) => n.year === year).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      const list = waiting.map((n) => `- ${n.nomineeName}, ${n.category} (nominated ${dayKey(n.createdAt, 'UTC')})`).join('\n');
      const panel = [...editors, ...named.filter((m) => m.year === year)].filter(
        (r, i, all) => all.findIndex((o) => o.email.toLowerCase() === r.email.toLowerCase()) === i,
      );
      if (!panel.length) continue;
      await opts.mailer.sendMany(
        panel.map((p) => ({
          to: p.email,
          template: 'awardPanelReminder' as const,
          values: {
            name: p.name,
            count: String(waiting.length),
            year: String(year),
            nominations: list,
            conference: conferenceTitle(opts.mailer.conference()),
            panelUrl: `${opts.publicUrl}/award-panel`,
          },
        })),
        tx,
      );
    }
    return claimed.length;
  });
}
