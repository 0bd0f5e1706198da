import { and, eq, sql } from 'drizzle-orm';
import { formatMoney } from '../../../core/format';
import { courseIdOfCategory } from '../../../core/registration';
import type { Db } from '../../db/connect';
import { registrations } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/send';
import { recordAudit } from '../shared/audit';
import { categoryLabeller } from '../shared/category-labels';
import { giveCouponBack } from './coupons';
import { offerFreedSeat } from '../workshops/workshop-waitlist';
import type { Registration } from './create-registration';

export const NON_REFUNDABLE = 'The registration fee is non-refundable.';
export const ALREADY_CANCELLED = 'This registration is cancelled already.';

/**
 * Cancel a pending registration (decision 0043): its coupon use is given back and its workshop seat freed. A paid one
 * stays paid (docs/product.md#fees-and-fixed-figures: non-refundable): 409. `registration` was found for the caller (ownership checked before).
 */
export async function cancelRegistration(input: {
  db: Db;
  registration: Registration;
  actor: { id: string; role: string; ip: string };
  now?: Date;
  /** A workshop seat freed goes to the first on the course's waiting list, mailed in this transaction (decision 0045). */
  seatOffer?: { mailer: Mailer; publicUrl: string };
  /** Who cancelled, as the "registration cancelled" mail says it (decision 0077); the mail goes with seatOffer's mailer. */
  cancelledBy?: string;
}): Promise<Registration> {
  const now = input.now ?? new Date();
  return input.db.transaction(async (tx) => {
    const [row] = await tx
      .update(registrations)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: sql`now()` })
      .where(and(eq(registrations.id, input.registration.id), eq(registrations.status, 'pending')))
      .returning();
    if (!row) {
      const [current] = await tx
        .select({ status: registrations.status })
        .from(registrations)
        .where(eq(registrations.id, input.registration.id));
      throw new AppError('conflict', current?.status === 'cancelled' ? ALREADY_CANCELLED : NON_REFUNDABLE);
    }
    if (row.couponCode) await giveCouponBack({ tx, code: row.couponCode });
    const courseId = courseIdOfCategory(row.category);
    if (courseId && input.seatOffer) await offerFreedSeat({ tx, ...input.seatOffer, courseId, now });
    await recordAudit(tx, {
      actorId: input.actor.id,
      actorRole: input.actor.role,
      ip: input.actor.ip,
      action: 'registration.cancel',
      paperId: row.paperId,
      details: { registrationId: row.id, category: row.category, coupon: row.couponCode },
    });
    if (input.seatOffer)
      await mailRegistrationCancelled({ tx, ...input.seatOffer, registration: row, cancelledBy: input.cancelledBy ?? 'you' });
    return row;
  });
}

/** The "registration cancelled" mail (decision 0077), queued in the cancelling transaction. */
export async function mailRegistrationCancelled(input: {
  tx: Db;
  mailer: Mailer;
  publicUrl: string;
  registration: Pick<Registration, 'name' | 'email' | 'category' | 'code' | 'amountMinor' | 'currency'>;
  cancelledBy: string;
}): Promise<void> {
  const { registration: r } = input;
  const label = await categoryLabeller(input.tx);
  await input.mailer.send({
    tx: input.tx,
    to: r.email,
    template: 'registrationCancelled',
    values: {
      name: r.name,
      category: label(r.category),
      registrationCode: r.code,
      amount: formatMoney(r.amountMinor, r.currency),
      cancelledBy: input.cancelledBy,
      accountUrl: `${input.publicUrl}/account/registrations`,
    },
  });
}
