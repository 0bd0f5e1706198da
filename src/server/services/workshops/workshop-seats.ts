import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { registrations, settings } from '../../db/schema';
import { findWorkshopCourse } from './workshop-courses';

/** A pending workshop registration holds its seat this long unless the organiser set another time (decision 0077). */
export const SEAT_HOLD_MINUTES = 60;

/** The organiser's hold time in minutes, read in the same statement as the seats (decision 0077). */
export const seatHoldMinutesSql = sql<number>`coalesce((select ${settings.seatHoldMinutes} from ${settings} where ${settings.id} = 1), ${SEAT_HOLD_MINUTES})`;

/**
 * Seats of a workshop course: paid registrations, plus pending ones younger than the organiser's hold time
 * (a seat counts when paid; a payer on the way holds one for the time PayU or Stripe needs).
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
      held: sql<number>`count(*) filter (where ${registrations.status} = 'pending' and ${registrations.createdAt} > now() - make_interval(mins => ${seatHoldMinutesSql}))::int`,
    })
    .from(registrations)
    .where(and(eq(registrations.category, `workshop-${courseId}`)));
  const paid = row?.paid ?? 0;
  const held = row?.held ?? 0;
  return { seats: course.seats, paid, held, left: Math.max(0, course.seats - paid - held) };
}
