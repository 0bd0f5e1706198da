import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { EditorWorkshopsJson, WorkshopSeatsJson } from '../../../core/schemas/workshop';
import type { Db } from '../../db/connect';
import { registrations, workshopWaitlist } from '../../db/schema';
import { getWorkshopDetails, listWorkshopCourses } from './workshop-courses';
import { countWorkshopSeats } from './workshop-seats';
import { countOutstandingOffers, registeredFor, SEAT_OFFER_HOURS } from './workshop-waitlist';

/** Public: each course with its seats, the seats left and whether it is full (decision 0045). */
export async function listWorkshopSeats(db: Db): Promise<WorkshopSeatsJson[]> {
  const courses = await listWorkshopCourses(db);
  return Promise.all(
    courses.map(async (c) => {
      const { seats, left } = await countWorkshopSeats({ db, courseId: c.id });
      return { id: c.id, title: c.title, seats, left, full: left === 0 };
    }),
  );
}

/** The editor's workshops page: per course the counts, the paid participants and the waiting list in order. */
export async function listEditorWorkshops(db: Db): Promise<EditorWorkshopsJson> {
  const list = await listWorkshopCourses(db);
  const categories = list.map((c) => `workshop-${c.id}`);
  const [participants, waiting, details] = await Promise.all([
    db
      .select({
        id: registrations.id,
        category: registrations.category,
        name: registrations.name,
        affiliation: registrations.affiliation,
        email: registrations.email,
        paidAt: registrations.paidAt,
      })
      .from(registrations)
      .where(and(inArray(registrations.category, categories), eq(registrations.status, 'paid')))
      .orderBy(asc(registrations.paidAt), asc(registrations.id)),
    db
      .select({
        id: workshopWaitlist.id,
        courseId: workshopWaitlist.courseId,
        name: workshopWaitlist.name,
        email: workshopWaitlist.email,
        createdAt: workshopWaitlist.createdAt,
        notifiedAt: workshopWaitlist.notifiedAt,
        registered: sql<boolean>`${registeredFor(workshopWaitlist)}`,
      })
      .from(workshopWaitlist)
      .orderBy(asc(workshopWaitlist.createdAt), asc(workshopWaitlist.id)),
    getWorkshopDetails(db),
  ]);
  const courses = await Promise.all(
    list.map(async (c) => {
      const [count, outstanding] = await Promise.all([
        countWorkshopSeats({ db, courseId: c.id }),
        countOutstandingOffers({ db, courseId: c.id }),
      ]);
      return {
        id: c.id,
        title: c.title,
        date: c.date,
        feeUsdMinor: c.feeUsdMinor,
        ...count,
        offerable: Math.max(0, count.left - outstanding),
        participants: participants
          .filter((p) => p.category === `workshop-${c.id}`)
          .map((p) => ({
            registrationId: p.id,
            name: p.name,
            affiliation: p.affiliation,
            email: p.email,
            paidAt: p.paidAt?.toISOString() ?? null,
          })),
        waiting: waiting
          .filter((w) => w.courseId === c.id)
          .map((w) => ({
            id: w.id,
            name: w.name,
            email: w.email,
            joinedAt: w.createdAt.toISOString(),
            offeredAt: w.notifiedAt?.toISOString() ?? null,
            registered: w.registered,
          })),
      };
    }),
  );
  return { courses, offerHours: SEAT_OFFER_HOURS, details };
}
