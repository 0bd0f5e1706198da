import { and, isNotNull, sql } from 'drizzle-orm';
import { CONFERENCE_FACTS_DEFAULTS, conferenceWindowOf, type ConferenceFacts } from '../../../core/conference-facts';
import type { Db } from '../../db/connect';
import { visaLetters } from '../../db/schema';
import { recordAudit } from '../shared/audit';
import { getSettingsRow } from '../shared/settings';

/** When the conference is over: the midnight after its last day, in its time zone (from the current facts). */
export const conferenceOver = (f: Pick<ConferenceFacts, 'startDate' | 'endDate' | 'timeZone'>): Date => conferenceWindowOf(f).to;

/**
 * Decision 0046: passport numbers are kept only as long as a visa may still be asked for with the letter:
 * `passport_retention_days` after the conference's last day — or after the request, for one made later than
 * that (decision 0046), so an editor always has the number of a request in front of them. Each removal is
 * dated; the audit row counts them. Runs in the mail worker's loop; returns how many numbers it removed.
 */
export async function purgePassportNumbers(opts: { db: Db; now?: Date; conference?: ConferenceFacts }): Promise<number> {
  const now = opts.now ?? new Date();
  const over = conferenceOver(opts.conference ?? CONFERENCE_FACTS_DEFAULTS);
  const days = (await getSettingsRow({ db: opts.db }))?.passportRetentionDays ?? 30;
  const removed = await opts.db.transaction(async (tx) => {
    const rows = await tx
      .update(visaLetters)
      .set({ passportNumber: null, passportRemovedAt: now })
      .where(
        and(
          isNotNull(visaLetters.passportNumber),
          sql`greatest(${over.toISOString()}::timestamptz, ${visaLetters.createdAt}) + make_interval(days => ${days}) <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: visaLetters.id });
    if (rows.length)
      await recordAudit(tx, {
        actorId: null,
        actorRole: null,
        action: 'visa-letter.passport-purge',
        details: { removed: rows.length, retentionDays: days },
      });
    return rows.length;
  });
  return removed;
}
