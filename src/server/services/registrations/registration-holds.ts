import { and, asc, eq, like, sql } from 'drizzle-orm';
import { courseIdOfCategory } from '../../../core/registration';
import type { SeatHoldsJson } from '../../../core/schemas/registration-office';
import type { Db } from '../../db/connect';
import { registrations } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/send';
import { recordAudit } from '../shared/audit';
import { categoryLabeller } from '../shared/category-labels';
import { readRegistrationOffice } from '../shared/registration-office';
import { seatHoldMinutesSql } from '../workshops/workshop-seats';
import { cancelRegistration } from './cancel-registration';

export const HOLD_NOT_FOUND = 'No unpaid registration holds a seat with this id';
export const HOLD_GONE = 'This registration holds no seat any more: it is paid or cancelled.';

/**
 * Who holds a limited seat (a workshop course's) with an unpaid registration younger than the organiser's hold time
 * (decision 0077), oldest first: the seats countWorkshopSeats counts as held.
 */
export async function listSeatHolds({ db }: { db: Db }): Promise<SeatHoldsJson> {
  const [office, label, rows] = await Promise.all([
    readRegistrationOffice(db),
    categoryLabeller(db),
    db
      .select({
        r: registrations,
        expires: sql<Date>`${registrations.createdAt} + make_interval(mins => ${seatHoldMinutesSql})`.mapWith((v: string | Date) =>
          v instanceof Date ? v : new Date(v),
        ),
      })
      .from(registrations)
      .where(
        and(
          eq(registrations.status, 'pending'),
          like(registrations.category, 'workshop-%'),
          sql`${registrations.createdAt} > now() - make_interval(mins => ${seatHoldMinutesSql})`,
        ),
      )
      .orderBy(asc(registrations.createdAt), asc(registrations.id)),
  ]);
  return {
    seatHoldMinutes: office.seatHoldMinutes,
    holds: rows.map(({ r, expires }) => ({
      registrationId: r.id,
      code: r.code,
      name: r.name,
      email: r.email,
      category: r.category,
      categoryLabel: label(r.category),
      amountMinor: r.amountMinor,
      currency: r.currency,
      since: r.createdAt.toISOString(),
      expires: expires.toISOString(),
    })),
  };
}

/**
 * The organiser releases a hold (decision 0077): the unpaid registration is cancelled as its holder would cancel it
 * (coupon use given back, the seat offered to the waiting list), the release audited beside the cancellation and the
 * holder mailed, all in one transaction. A paid or cancelled registration holds nothing: 409.
 */
export async function releaseSeatHold(input: {
  db: Db;
  registrationId: string;
  actor: { id: string; role: string; ip: string };
  mailer: Mailer;
  publicUrl: string;
}): Promise<{ released: true; registrationId: string }> {
  return input.db.transaction(async (tx) => {
    const [found] = await tx.select().from(registrations).where(eq(registrations.id, input.registrationId)).for('update');
    if (!found || courseIdOfCategory(found.category) === null) throw new AppError('not_found', HOLD_NOT_FOUND);
    if (found.status !== 'pending') throw new AppError('conflict', HOLD_GONE);
    const cancelled = await cancelRegistration({
      db: tx,
      registration: found,
      actor: input.actor,
      seatOffer: { mailer: input.mailer, publicUrl: input.publicUrl },
      cancelledBy: 'the organisers (the seat it held was released)',
    });
    await recordAudit(tx, {
      actorId: input.actor.id,
      actorRole: input.actor.role,
      ip: input.actor.ip,
      action: 'registration.release-hold',
      paperId: cancelled.paperId,
      details: { registrationId: cancelled.id, category: cancelled.category, email: cancelled.email },
    });
    return { released: true as const, registrationId: cancelled.id };
  });
}
