import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { stayDatesProblem, type ConferenceDays, type VisaLetterJson, type VisaLetterRequest } from '../../../core/schemas/visa-letter';
import { newId } from '../../../core/ids';
import { AppError } from '../../errors';
import type { Db } from '../../db/connect';
import { registrations, visaLetters } from '../../db/schema';
import type { Caller } from '../../permissions';
import { recordAudit } from '../shared/audit';
import { findLetterRecords, toVisaLetterJson } from './visa-letter-json';

export const VISA_TEXT = {
  notVerified: 'Please confirm your email address first: a visa letter is for a registration under your verified address.',
  notPaid: 'A visa letter needs a paid registration.',
  alreadyAsked: 'A visa letter for this registration was already asked for: see its state below.',
  registrationNotFound: 'Registration not found',
  letterNotFound: 'Visa letter not found',
  requested: 'Your request was sent to the editors. You will get a mail when they have decided.',
} as const;

/** Whose a registration is: the caller's own address (verified) or the account that made it. */
export const ownedBy = (caller: Caller) =>
  or(eq(registrations.userId, caller.id), sql`lower(${registrations.email}) = lower(${caller.email})`);

/** A right tied to an address waits until that address is verified (docs/product.md#accounts-and-verified-addresses). */
export function requireVerified(caller: Caller): void {
  if (!caller.emailVerified) throw new AppError('forbidden', VISA_TEXT.notVerified);
}

/**
 * Decision 0046: the registrant asks for a letter for their paid registration. One waiting or approved letter per
 * registration: a second waits for the first to be refused. The request and its audit row commit together.
 */
export async function requestVisaLetter(opts: {
  db: Db;
  caller: Caller;
  ip: string;
  registrationId: string;
  input: VisaLetterRequest;
  /** The conference's days as the editor last saved them: the stay must touch them. */
  days: ConferenceDays;
}): Promise<VisaLetterJson> {
  const { db, caller } = opts;
  requireVerified(caller);
  const { input } = opts;
  const problem = stayDatesProblem(input.arrivalDate, input.departureDate, opts.days);
  if (problem) throw new AppError('bad_request', problem);
  const id = newId();
  await db.transaction(async (tx) => {
    // The registration row is locked so that two requests at once make one letter.
    const [registration] = await tx
      .select()
      .from(registrations)
      .where(and(eq(registrations.id, opts.registrationId), ownedBy(caller)))
      .for('update')
      .limit(1);
    if (!registration) throw new AppError('not_found', VISA_TEXT.registrationNotFound);
    if (registration.status !== 'paid') throw new AppError('conflict', VISA_TEXT.notPaid);
    const [open] = await tx
      .select({ id: visaLetters.id })
      .from(visaLetters)
      .where(and(eq(visaLetters.registrationId, registration.id), inArray(visaLetters.status, ['requested', 'approved'])))
      .limit(1);
    if (open) throw new AppError('conflict', VISA_TEXT.alreadyAsked);
    await tx.insert(visaLetters).values({
      id,
      registrationId: registration.id,
      requestedBy: caller.id,
      passportName: input.passportName,
      nationality: input.nationality,
      passportNumber: input.passportNumber,
      arrivalDate: input.arrivalDate,
      departureDate: input.departureDate,
    });
    // Never the passport number in the audit log: it is removed after the conference, the log is kept.
    await recordAudit(tx, {
      actorId: caller.id,
      actorRole: caller.role,
      action: 'visa-letter.request',
      ip: opts.ip,
      details: {
        letterId: id,
        registrationId: registration.id,
        nationality: input.nationality,
        arrivalDate: input.arrivalDate,
        departureDate: input.departureDate,
      },
    });
  });
  const [record] = await findLetterRecords({ db, where: eq(visaLetters.id, id) });
  return toVisaLetterJson(record!);
}
