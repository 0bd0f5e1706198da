import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { CONFERENCE_FACTS_DEFAULTS, type ConferenceFacts } from '../../../core/conference-facts';
import type { Db } from '../../db/connect';
import { awardNominations, settings } from '../../db/schema';
import { inEdition } from '../shared/in-edition';
import { findEditionOfYear } from './editions';

/** One winner as the public awards page shows them: never an address, a CV, a score or a nominator. */
export interface AwardWinner {
  name: string;
  designation: string;
  affiliation: string;
  award: string;
  awardId: string;
}

export interface AwardsRecord {
  year: number;
  isCurrent: boolean;
  facts: ConferenceFacts;
  winners: AwardWinner[];
}

/**
 * The award winners of the edition of `year` (decision 0066), read inside that edition (read-only); null when there
 * is no such edition or it has no winner yet. A winner is a nomination the editor decided "awarded": that decision
 * takes its award id and mails the nominee in one transaction (decision 0044), so it is released when it exists; a
 * nomination still before the panel, or not awarded, is never read here.
 */
export async function findAwardsRecord(opts: { db: Db; year: number }): Promise<AwardsRecord | null> {
  const edition = await findEditionOfYear({ db: opts.db, year: opts.year });
  if (!edition) return null;
  return inEdition({ db: opts.db, editionId: edition.id }, async (tx) => {
    const winners = await tx
      .select({
        name: awardNominations.nomineeName,
        designation: awardNominations.designation,
        affiliation: awardNominations.affiliation,
        award: awardNominations.category,
        awardId: awardNominations.awardId,
      })
      .from(awardNominations)
      .where(and(eq(awardNominations.year, opts.year), eq(awardNominations.status, 'awarded'), isNotNull(awardNominations.awardId)))
      .orderBy(asc(awardNominations.decidedAt), asc(awardNominations.id));
    if (!winners.length) return null;
    const [row] = await tx.select({ conference: settings.conference }).from(settings).where(eq(settings.id, 1)).limit(1);
    return {
      year: opts.year,
      isCurrent: edition.isCurrent,
      facts: { ...CONFERENCE_FACTS_DEFAULTS, ...(row?.conference ?? {}) },
      winners: winners.map((w) => ({ ...w, awardId: w.awardId! })),
    };
  });
}
