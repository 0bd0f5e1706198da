import { and, asc, eq, exists, inArray, notExists } from 'drizzle-orm';
import type { EditorVisaLetterJson, VisaLettersJson } from '../../../core/schemas/visa-letter';
import { AppError } from '../../errors';
import type { Db } from '../../db/connect';
import { registrations, visaLetters } from '../../db/schema';
import type { Caller } from '../../permissions';
import { ownedBy, VISA_TEXT } from './request-visa-letter';
import { findLetterRecords, toEditorVisaLetterJson, toVisaLetterJson, type LetterRecord } from './visa-letter-json';

const ownRegistration = (db: Db, caller: Caller) =>
  exists(
    db
      .select({ one: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.id, visaLetters.registrationId), ownedBy(caller))),
  );

/**
 * The caller's letters (newest first) and the paid registrations they may ask one for: those without a letter waiting
 * or approved. Nothing until the address is verified.
 */
export async function listMyVisaLetters({ db, caller }: { db: Db; caller: Caller }): Promise<VisaLettersJson> {
  if (!caller.emailVerified) return { letters: [], registrations: [], waitingForVerification: true };
  const open = db
    .select({ one: visaLetters.id })
    .from(visaLetters)
    .where(and(eq(visaLetters.registrationId, registrations.id), inArray(visaLetters.status, ['requested', 'approved'])));
  const [records, paid] = await Promise.all([
    findLetterRecords({ db, where: ownRegistration(db, caller) }),
    db
      .select({ id: registrations.id, name: registrations.name, category: registrations.category, paperId: registrations.paperId })
      .from(registrations)
      .where(and(ownedBy(caller), eq(registrations.status, 'paid'), notExists(open)))
      .orderBy(asc(registrations.createdAt), asc(registrations.id)),
  ]);
  return { letters: records.map(toVisaLetterJson), registrations: paid, waitingForVerification: false };
}

/** One of the caller's letters, or 404 as if it did not exist. */
export async function findOwnVisaLetter({ db, caller, letterId }: { db: Db; caller: Caller; letterId: string }): Promise<LetterRecord> {
  if (!caller.emailVerified) throw new AppError('not_found', VISA_TEXT.letterNotFound);
  const [record] = await findLetterRecords({ db, where: and(eq(visaLetters.id, letterId), ownRegistration(db, caller)) });
  if (!record) throw new AppError('not_found', VISA_TEXT.letterNotFound);
  return record;
}

/** Every request, newest first, with the passport details: the editor's alone. */
export async function listVisaLetters(db: Db): Promise<{ letters: EditorVisaLetterJson[] }> {
  return { letters: (await findLetterRecords({ db, where: undefined })).map(toEditorVisaLetterJson) };
}
