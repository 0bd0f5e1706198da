import { eq, sql } from 'drizzle-orm';
import { awardIdOf, nominationDeadlineText } from '../../../core/awards-programme';
import { conferenceTitle } from '../../../core/conference-facts';
import type { DecisionBody, PanelNominationJson } from '../../../core/schemas/award';
import type { Db } from '../../db/connect';
import { awardNominations, certificates, documentCounters, users } from '../../db/schema';
import { newDocumentCode } from '../../documents/codes';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/send';
import type { Caller } from '../../permissions';
import { recordAudit } from '../shared/audit';
import { panelNominations } from './panel';

/**
 * The editor decides a nomination (decision 0044), once: a second decision is a 409. Awarded takes the year's next
 * award number from document_counters (kind 'award'; the UPDATE locks the row, so two awards at once get two
 * numbers) inside the transaction that records the decision, so an id is given once and never reused, and adds
 * the award certificate (kind 'award', subject the nomination id, a new verification code). The decision mail
 * goes to the nominee and the nominator at once, committed with the decision.
 */
export async function decideNomination(opts: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  caller: Caller;
  ip: string;
  id: string;
  body: DecisionBody;
  now?: Date;
}): Promise<{ nomination: PanelNominationJson; certificateCode: string | null }> {
  const now = opts.now ?? new Date();
  const { row, certificateCode } = await opts.db.transaction(async (tx) => {
    const [current] = await tx.select().from(awardNominations).where(eq(awardNominations.id, opts.id)).for('update').limit(1);
    if (!current) throw new AppError('not_found', 'Nomination not found');
    if (current.status !== 'submitted')
      throw new AppError(
        'conflict',
        `This nomination has already been decided (${current.status === 'awarded' ? 'awarded' : 'not awarded'}).`,
      );
    const awarded = opts.body.decision === 'awarded';
    let awardId: string | null = null;
    if (awarded) {
      const [counter] = await tx
        .insert(documentCounters)
        .values({ kind: 'award', year: current.year, last: 1 })
        .onConflictDoUpdate({ target: [documentCounters.kind, documentCounters.year], set: { last: sql`${documentCounters.last} + 1` } })
        .returning({ last: documentCounters.last });
      awardId = awardIdOf(current.year, counter!.last);
    }
    const [updated] = await tx
      .update(awardNominations)
      .set({ status: opts.body.decision, awardId, decidedBy: opts.caller.id, decidedAt: now })
      .where(eq(awardNominations.id, current.id))
      .returning();
    let code: string | null = null;
    if (awarded) {
      code = newDocumentCode();
      await tx
        .insert(certificates)
        .values({ code, kind: 'award', subject: current.id, name: current.nomineeName, email: current.nomineeEmail });
    }
    const [nominator] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, current.nominatedBy))
      .limit(1);
    const recipients = [{ name: current.nomineeName, email: current.nomineeEmail }, ...(nominator ? [nominator] : [])].filter(
      (r, i, all) => all.findIndex((o) => o.email.toLowerCase() === r.email.toLowerCase()) === i,
    );
    const values = {
      nomineeName: current.nomineeName,
      category: current.category,
      year: String(current.year),
      conference: conferenceTitle(opts.mailer.conference()),
      awardId: awardId ?? '',
      verifyUrl: code ? `${opts.publicUrl}/verify/${code}` : '',
      deadline: nominationDeadlineText(current.year),
      registrationUrl: `${opts.publicUrl}/account/registrations`,
    };
    await opts.mailer.sendMany(
      recipients.map((r) => ({
        to: r.email,
        template: awarded ? ('awardDecisionAwarded' as const) : ('awardDecisionNotAwarded' as const),
        values: { ...values, name: r.name },
      })),
      tx,
    );
    await recordAudit(tx, {
      actorId: opts.caller.id,
      actorRole: opts.caller.role,
      action: 'award.decide',
      ip: opts.ip,
      details: { nominationId: current.id, decision: opts.body.decision, ...(awardId ? { awardId } : {}) },
    });
    return { row: updated!, certificateCode: code };
  });
  const [nomination] = await panelNominations({ db: opts.db, nominations: [row], caller: opts.caller, now });
  return { nomination: nomination!, certificateCode };
}
