import { and, desc, eq } from 'drizzle-orm';
import {
  YEARLY_AWARD_NAMES,
  YOUNG_SCIENTIST_AWARD,
  nominationDeadline,
  nominationDeadlineText,
  nominationsOpen,
} from '../../../core/awards-programme';
import { newId } from '../../../core/ids';
import type { MyNominationJson, MyNominationsJson, NominationFields } from '../../../core/schemas/award';
import type { Mailer } from '../../mail/send';
import type { Db } from '../../db/connect';
import { awardNominations } from '../../db/schema';
import { AppError } from '../../errors';
import type { Caller } from '../../permissions';
import { recordAudit } from '../shared/audit';
import { editionYear } from '../shared/edition-year';
import { nominationJson } from './nomination-json';

/**
 * Why nominations are refused now (after 20 December of the edition's year, 23:59 Bangkok time), else nothing. The
 * year is the current edition's (decision 0060); the clock is the caller's for tests.
 */
export async function checkNominationsOpen({ db, now = new Date() }: { db: Db; now?: Date }): Promise<void> {
  const year = await editionYear({ db });
  if (!nominationsOpen(year, now)) {
    throw new AppError('forbidden', `Nominations for the ${year} awards closed on ${nominationDeadlineText(year)}.`);
  }
}

/**
 * A nomination for the current year's awards, by a signed-in person (any role) for themselves or a colleague.
 * The CV (a PDF) and the photo (an image) are already stored and checked by their bytes; the Young Scientist
 * rule was checked with the fields. Audited.
 */
export async function createNomination(opts: {
  db: Db;
  caller: Caller;
  ip: string;
  fields: NominationFields;
  cvKey: string;
  photoKey: string | null;
  now?: Date;
  /** The nominee and the nominator are mailed in the nomination's transaction (decision 0077). */
  notify?: { mailer: Mailer; publicUrl: string };
}): Promise<MyNominationJson> {
  await checkNominationsOpen({ db: opts.db, now: opts.now });
  const year = await editionYear({ db: opts.db });
  const { fields } = opts;
  const young = fields.category === YOUNG_SCIENTIST_AWARD;
  const row = await opts.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(awardNominations)
      .values({
        id: newId(),
        year,
        category: fields.category,
        nomineeName: fields.nomineeName,
        nomineeEmail: fields.nomineeEmail.toLowerCase(),
        designation: fields.designation,
        affiliation: fields.affiliation,
        statement: fields.statement,
        cvKey: opts.cvKey,
        photoKey: opts.photoKey,
        age: young ? (fields.age ?? null) : null,
        studentStatus: young ? (fields.studentStatus ?? null) : null,
        nominatedBy: opts.caller.id,
      })
      .returning();
    await recordAudit(tx, {
      actorId: opts.caller.id,
      actorRole: opts.caller.role,
      action: 'award.nominate',
      ip: opts.ip,
      details: { nominationId: inserted!.id, year, category: fields.category },
    });
    if (opts.notify) {
      const common = { award: fields.category, year: String(year) };
      const self = inserted!.nomineeEmail === opts.caller.email.toLowerCase();
      const mails: { to: string; template: 'nominationReceivedNominator' | 'nominationReceivedNominee'; values: Record<string, string> }[] =
        [
          {
            to: opts.caller.email,
            template: 'nominationReceivedNominator',
            values: {
              ...common,
              name: opts.caller.name,
              nominee: fields.nomineeName,
              nominationsUrl: `${opts.notify.publicUrl}/account/nominations`,
            },
          },
        ];
      // Someone who nominates themselves is told once.
      if (!self)
        mails.push({
          to: inserted!.nomineeEmail,
          template: 'nominationReceivedNominee',
          values: { ...common, name: fields.nomineeName, nominator: opts.caller.name },
        });
      await opts.notify.mailer.sendMany(mails, tx);
    }
    return inserted!;
  });
  return nominationJson(row);
}

/** The caller's own nominations (newest first), with the current year's categories and deadline for the form. */
export async function listMyNominations(opts: { db: Db; caller: Caller; now?: Date }): Promise<MyNominationsJson> {
  const rows = await opts.db
    .select()
    .from(awardNominations)
    .where(eq(awardNominations.nominatedBy, opts.caller.id))
    .orderBy(desc(awardNominations.createdAt), desc(awardNominations.id));
  const year = await editionYear({ db: opts.db });
  return {
    year,
    open: nominationsOpen(year, opts.now ?? new Date()),
    deadline: nominationDeadline(year).toISOString(),
    categories: [...YEARLY_AWARD_NAMES],
    nominations: rows.map(nominationJson),
  };
}

/** One of the caller's own nominations; anyone else's is answered as not existing. */
export async function getMyNomination(opts: { db: Db; caller: Caller; id: string }): Promise<MyNominationJson> {
  const [row] = await opts.db
    .select()
    .from(awardNominations)
    .where(and(eq(awardNominations.id, opts.id), eq(awardNominations.nominatedBy, opts.caller.id)))
    .limit(1);
  if (!row) throw new AppError('not_found', 'Nomination not found');
  return nominationJson(row);
}
