import { and, eq, isNull } from 'drizzle-orm';
import { categoryLabel } from '../../../core/registration';
import {
  CHECK_IN_NOT_YET,
  NO_SUCH_REGISTRATION,
  NOT_PAID_YET,
  type CheckInJson,
  type CheckInPersonJson,
} from '../../../core/schemas/attendee';
import type { Db } from '../../db/connect';
import { registrations, type RegistrationRow } from '../../db/schema';
import { normaliseDocumentCode } from '../../documents/codes';
import { AppError } from '../../errors';
import type { Caller } from '../../permissions';
import { recordAudit } from '../shared/audit';
import { categoryLabeller } from '../shared/category-labels';
import { conferenceHasStarted, readRegistrationOffice } from '../shared/registration-office';
import { formatLongDate } from '../../../core/format';

export function toCheckInPerson(r: RegistrationRow, label: (key: string) => string = categoryLabel): CheckInPersonJson {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    affiliation: r.affiliation,
    country: r.country,
    category: r.category,
    categoryLabel: label(r.category),
    status: r.status,
    paid: r.status === 'paid',
  };
}

/**
 * A refusal that carries who it is (the desk sends them to pay, or tells them when check-in opens): the route answers
 * 409 with both.
 */
export class NotPaidYet extends AppError {
  constructor(
    readonly person: CheckInPersonJson,
    message: string = NOT_PAID_YET,
  ) {
    super('conflict', message);
  }
}

const CODE = /^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/;

/**
 * Mark a paid registration as arrived, by its code as typed or scanned. Once: the conditional UPDATE sets
 * the time only while it is unset, so two desks scanning the same badge at once record one arrival, and the
 * second answer says when the first was. Attendance counts only from the conference's first day in its time zone
 * (decision 0077); before it the desk may hand out badges when the organiser opened badge pick-up, which records the
 * pick-up and not attendance, and otherwise is refused (409).
 */
export async function checkInAttendee(opts: { db: Db; caller: Caller; ip: string; code: string; now?: Date }): Promise<CheckInJson> {
  const code = normaliseDocumentCode(opts.code);
  if (!CODE.test(code)) throw new AppError('not_found', NO_SUCH_REGISTRATION);
  return opts.db.transaction(async (tx) => {
    const [found] = await tx.select().from(registrations).where(eq(registrations.code, code));
    if (!found) throw new AppError('not_found', NO_SUCH_REGISTRATION);
    const label = await categoryLabeller(tx);
    if (found.status !== 'paid') throw new NotPaidYet(toCheckInPerson(found, label));
    const now = opts.now ?? new Date();
    const office = await readRegistrationOffice(tx);
    if (!conferenceHasStarted(office.facts, now)) {
      if (!office.badgePickupOpen)
        throw new NotPaidYet(toCheckInPerson(found, label), CHECK_IN_NOT_YET(formatLongDate(office.facts.startDate, 'UTC')));
      return pickUpBadge({ tx, found, caller: opts.caller, ip: opts.ip, now, label });
    }
    const [marked] = await tx
      .update(registrations)
      .set({ checkedInAt: now, checkedInBy: opts.caller.id, updatedAt: now })
      .where(and(eq(registrations.id, found.id), isNull(registrations.checkedInAt)))
      .returning();
    if (!marked) {
      const [again] = await tx.select().from(registrations).where(eq(registrations.id, found.id));
      return {
        registration: toCheckInPerson(again!, label),
        checkedInAt: again!.checkedInAt!.toISOString(),
        firstArrival: false,
        mode: 'attendance' as const,
      };
    }
    await recordAudit(tx, {
      actorId: opts.caller.id,
      actorRole: opts.caller.role,
      action: 'registration.check-in',
      ip: opts.ip,
      paperId: marked.paperId,
      details: { registrationId: marked.id },
    });
    return {
      registration: toCheckInPerson(marked, label),
      checkedInAt: marked.checkedInAt!.toISOString(),
      firstArrival: true,
      mode: 'attendance' as const,
    };
  });
}

/** A badge handed out before the first day (decision 0077): recorded once, audited, never attendance. */
async function pickUpBadge(opts: {
  tx: Db;
  found: RegistrationRow;
  caller: Caller;
  ip: string;
  now: Date;
  label: (key: string) => string;
}): Promise<CheckInJson> {
  const { tx, found, label } = opts;
  const [marked] = await tx
    .update(registrations)
    .set({ badgePickedUpAt: opts.now, updatedAt: opts.now })
    .where(and(eq(registrations.id, found.id), isNull(registrations.badgePickedUpAt)))
    .returning();
  if (!marked) {
    const [again] = await tx.select().from(registrations).where(eq(registrations.id, found.id));
    return {
      registration: toCheckInPerson(again!, label),
      checkedInAt: again!.badgePickedUpAt!.toISOString(),
      firstArrival: false,
      mode: 'pickup',
    };
  }
  await recordAudit(tx, {
    actorId: opts.caller.id,
    actorRole: opts.caller.role,
    action: 'registration.badge-pickup',
    ip: opts.ip,
    paperId: marked.paperId,
    details: { registrationId: marked.id },
  });
  return {
    registration: toCheckInPerson(marked, label),
    checkedInAt: marked.badgePickedUpAt!.toISOString(),
    firstArrival: true,
    mode: 'pickup',
  };
}
