import { eq } from 'drizzle-orm';
import { conferenceTitle } from '../../../core/conference-facts';
import { VERIFY_PAGE_PREFIX } from '../../../core/routes';
import type { EditorVisaLetterJson } from '../../../core/schemas/visa-letter';
import { newDocumentCode } from '../../documents/codes';
import { AppError } from '../../errors';
import type { Db } from '../../db/connect';
import { visaLetters } from '../../db/schema';
import type { Mailer } from '../../mail/send';
import { recordAudit, type Actor } from '../shared/audit';
import { VISA_TEXT } from './request-visa-letter';
import { findLetterRecords, toEditorVisaLetterJson } from './visa-letter-json';

export const ACCOUNT_LETTERS_PATH = '/account/visa-letters';

/**
 * Decision 0046: an editor approves a requested letter (it gets its verification code) or refuses it with a reason.
 * The decision, its audit row and the requester's mail commit together; a decided letter stays decided (409).
 */
export async function decideVisaLetter(opts: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  editor: Actor;
  letterId: string;
  decision: { approve: true } | { approve: false; reason: string };
  now?: Date;
}): Promise<EditorVisaLetterJson> {
  const { db, decision } = opts;
  const now = opts.now ?? new Date();
  await db.transaction(async (tx) => {
    const [letter] = await tx.select().from(visaLetters).where(eq(visaLetters.id, opts.letterId)).for('update').limit(1);
    if (!letter) throw new AppError('not_found', VISA_TEXT.letterNotFound);
    if (letter.status !== 'requested')
      throw new AppError('conflict', `This letter was already ${letter.status === 'approved' ? 'approved' : 'refused'}.`);
    const code = decision.approve ? newDocumentCode() : null;
    await tx
      .update(visaLetters)
      .set({
        status: decision.approve ? 'approved' : 'rejected',
        code,
        reason: decision.approve ? null : decision.reason,
        decidedBy: opts.editor.id,
        decidedAt: now,
      })
      .where(eq(visaLetters.id, letter.id));
    await recordAudit(tx, {
      actorId: opts.editor.id,
      actorRole: 'Editor',
      action: decision.approve ? 'visa-letter.approve' : 'visa-letter.reject',
      ip: opts.editor.ip,
      details: {
        letterId: letter.id,
        registrationId: letter.registrationId,
        ...(decision.approve ? { code: code! } : { reason: decision.reason }),
      },
    });
    const [record] = await findLetterRecords({ db: tx as unknown as Db, where: eq(visaLetters.id, letter.id) });
    const lettersUrl = `${opts.publicUrl}${ACCOUNT_LETTERS_PATH}`;
    await opts.mailer.send(
      decision.approve
        ? {
            tx,
            to: record!.registration.email,
            template: 'visaLetterApproved',
            values: {
              name: record!.registration.name,
              conference: conferenceTitle(opts.mailer.conference()),
              country: opts.mailer.conference().venue.country,
              passportName: letter.passportName,
              arrivalDate: letter.arrivalDate,
              departureDate: letter.departureDate,
              code: code!,
              lettersUrl,
              verifyUrl: `${opts.publicUrl}${VERIFY_PAGE_PREFIX}${code!}`,
            },
          }
        : {
            tx,
            to: record!.registration.email,
            template: 'visaLetterRejected',
            values: {
              name: record!.registration.name,
              conference: conferenceTitle(opts.mailer.conference()),
              reason: decision.reason,
              lettersUrl,
            },
          },
    );
  });
  const [record] = await findLetterRecords({ db, where: eq(visaLetters.id, opts.letterId) });
  return toEditorVisaLetterJson(record!);
}
