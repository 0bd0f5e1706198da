import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { registrations } from '../../db/schema';
import { findWorkshopCourse } from './workshop-courses';

/** A pending workshop registration holds its seat this long, so two payers cannot both pay for the last one. */
export const SEAT_HOLD_MINUTES = 60;

/**
 * Seats of a workshop course: paid registrations, plus pending ones younger than SEAT_HOLD_MINUTES
 * (a seat counts when paid; a payer on the way holds one for the hour PayU or Stripe needs).
 */
export async function countWorkshopSeats({
  db,
  courseId,
}: {
  db: Db;
  courseId: string;
}): Promise<{ seats: number; paid: number; held: number; left: number }> {
  const course = await findWorkshopCourse(db, courseId);
  if (!course) throw new Error(`Unknown workshop course ${courseId}`);
  const [row] = await db
    .select({
      paid: sql<number>`count(*) filter (where ${registrations.status} = 'paid')::int`,
      held: sql<number>`count(*) filter (where ${registrations.status} = 'pending' and ${registrations.createdAt} > now() - make_interval(mins => ${SEAT_HOLD_MINUTES}))::int`,
    })
    .from(registrations)
    .where(and(eq(registrations.category, `workshop-${courseId}`)));
  const paid = row?.paid ?? 0;
  const held = row?.held ?? 0;
  return { seats: course.seats, paid, held, left: Math.max(0, course.seats - paid - held) };
}
