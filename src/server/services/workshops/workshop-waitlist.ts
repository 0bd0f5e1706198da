import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { formatLongDate } from '../../../core/format';
import type { MyWaitingPlaceJson } from '../../../core/schemas/workshop';
import { newId } from '../../../core/ids';
import type { Db } from '../../db/connect';
import { registrations, workshopWaitlist } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/send';
import type { Caller } from '../../permissions';
import { recordAudit } from '../shared/audit';
import { findWorkshopCourse, listWorkshopCourses } from './workshop-courses';
import { countWorkshopSeats } from './workshop-seats';

/**
 * An offered seat is the offered person's for this long: the next free seat goes to the next person waiting,
 * but a seat already offered is not offered again to someone else until the offer lapses
 * (decision 0045).
 */
export const SEAT_OFFER_HOURS = 24;

const COURSE_FULL = 'This course still has free seats: register for it instead of waiting.';

/**
 * Whether the waiting person (a row of workshop_waitlist in the query) has since registered for the course
 * (pending or paid, by address): they are no longer waiting.
 */
export const registeredFor = (w: typeof workshopWaitlist) => sql`exists (select 1 from ${registrations}
  where ${registrations.category} = 'workshop-' || ${w.courseId} and lower(${registrations.email}) = lower(${w.email})
  and ${registrations.status} in ('pending', 'paid'))`;

const isRegistered = (email: string, courseId: string) => sql`exists (select 1 from ${registrations}
  where ${registrations.category} = ${`workshop-${courseId}`} and lower(${registrations.email}) = lower(${email})
  and ${registrations.status} in ('pending', 'paid'))`;

/** Offers made within SEAT_OFFER_HOURS to people who have not registered yet: those seats are spoken for. */
export async function countOutstandingOffers({
  db,
  courseId,
  now = new Date(),
}: {
  db: Db;
  courseId: string;
  now?: Date;
}): Promise<number> {
  const since = new Date(now.getTime() - SEAT_OFFER_HOURS * 3_600_000);
  return db.$count(
    workshopWaitlist,
    and(eq(workshopWaitlist.courseId, courseId), gt(workshopWaitlist.notifiedAt, since), sql`not ${registeredFor(workshopWaitlist)}`),
  );
}

/** The caller's place in each course's waiting list they joined (0 once they registered for the course). */
export async function listMyWaitingPlaces({ db, caller }: { db: Db; caller: Caller }): Promise<MyWaitingPlaceJson[]> {
  const mine = await db
    .select()
    .from(workshopWaitlist)
    .where(sql`lower(${workshopWaitlist.email}) = lower(${caller.email})`)
    .orderBy(asc(workshopWaitlist.createdAt));
  const courses = new Map((await listWorkshopCourses(db)).map((c) => [c.id, c]));
  return Promise.all(
    mine.map(async (w) => ({
      courseId: w.courseId,
      title: courses.get(w.courseId)?.title ?? w.courseId,
      position: await placeOf(db, w),
      joinedAt: w.createdAt.toISOString(),
      offeredAt: w.notifiedAt?.toISOString() ?? null,
    })),
  );
}

/** 1 + the people still waiting ahead of `w`; 0 when `w` has registered. */
async function placeOf(db: Db, w: typeof workshopWaitlist.$inferSelect): Promise<number> {
  const [row] = await db
    .select({
      registered: sql<boolean>`${isRegistered(w.email, w.courseId)}`,
      ahead: sql<number>`(select count(*)::int from ${workshopWaitlist} where ${workshopWaitlist.courseId} = ${w.courseId}
      and (${workshopWaitlist.createdAt}, ${workshopWaitlist.id}) < (${w.createdAt.toISOString()}::timestamptz, ${w.id})
      and not ${registeredFor(workshopWaitlist)})`,
    })
    .from(sql`(select 1) as one`);
  return row!.registered ? 0 : row!.ahead + 1;
}

/**
 * Put the caller on a full course's waiting list (decision 0045), under their verified address: only when the course
 * is full, once per address, not when they are registered for it already.
 */
export async function joinWaitingList(input: { db: Db; caller: Caller; courseId: string; ip: string }): Promise<MyWaitingPlaceJson> {
  const { db, caller } = input;
  const course = await findWorkshopCourse(db, input.courseId);
  if (!course) throw new AppError('not_found', 'No such workshop course');
  if (!caller.emailVerified) {
    throw new AppError('forbidden', 'Confirm your email address first: the waiting list mails that address when a seat comes free.');
  }
  const row = await db.transaction(async (tx) => {
    const [already] = await tx.select({ registered: sql<boolean>`${isRegistered(caller.email, course.id)}` }).from(sql`(select 1) as one`);
    if (already!.registered) throw new AppError('conflict', 'You are registered for this course already.');
    const { left } = await countWorkshopSeats({ db: tx, courseId: course.id });
    if (left > 0) throw new AppError('conflict', COURSE_FULL);
    const [inserted] = await tx
      .insert(workshopWaitlist)
      .values({ id: newId(), courseId: course.id, name: caller.name, email: caller.email, userId: caller.id })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw new AppError('conflict', "You are on this course's waiting list already.");
    await recordAudit(tx, {
      actorId: caller.id,
      actorRole: caller.role,
      action: 'workshop.waitlist-join',
      ip: input.ip,
      details: { courseId: course.id },
    });
    return inserted;
  });
  return {
    courseId: course.id,
    title: course.title,
    position: await placeOf(db, row),
    joinedAt: row.createdAt.toISOString(),
    offeredAt: null,
  };
}

export interface OfferInput {
  /** The transaction of the change that freed the seat (a cancelled registration): the mail commits with it. */
  tx: Db;
  mailer: Mailer;
  publicUrl: string;
  courseId: string;
  now?: Date;
  /** Who offered it: the editor; null for the automatic offer (a cancellation, a lapsed hold). */
  actor?: { id: string; role: string; ip: string } | null;
}

/**
 * When a seat of `courseId` is free and not already offered, mail the first person still waiting
 * (template 'workshopSeatOpen') and mark them offered. Returns who was offered, or null (no free seat, nobody
 * waiting). Call it in the transaction that frees a seat (REG's cancelRegistration does); the worker calls it
 * for lapsed holds (offerFreeWorkshopSeats).
 */
export async function offerFreedSeat(input: OfferInput): Promise<{ name: string; email: string; offeredAt: Date } | null> {
  const { tx, courseId } = input;
  const course = await findWorkshopCourse(tx, courseId);
  if (!course) return null;
  const now = input.now ?? new Date();
  // One offer at a time per course: two cancellations at once must not both offer the same seat, or skip one.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`workshop-offer:${courseId}`}))`);
  const [{ left }, outstanding] = await Promise.all([
    countWorkshopSeats({ db: tx, courseId }),
    countOutstandingOffers({ db: tx, courseId, now }),
  ]);
  if (left - outstanding <= 0) return null;
  const [first] = await tx
    .select()
    .from(workshopWaitlist)
    .where(and(eq(workshopWaitlist.courseId, courseId), isNull(workshopWaitlist.notifiedAt), sql`not ${registeredFor(workshopWaitlist)}`))
    .orderBy(asc(workshopWaitlist.createdAt), asc(workshopWaitlist.id))
    .limit(1);
  if (!first) return null;
  await tx.update(workshopWaitlist).set({ notifiedAt: now }).where(eq(workshopWaitlist.id, first.id));
  await input.mailer.send({
    tx,
    to: first.email,
    template: 'workshopSeatOpen',
    values: {
      name: first.name,
      course: course.title,
      courseDate: formatLongDate(course.date, input.mailer.conference().timeZone),
      hours: String(SEAT_OFFER_HOURS),
      registrationUrl: `${input.publicUrl}/account/registrations`,
    },
  });
  await recordAudit(tx, {
    actorId: input.actor?.id ?? null,
    actorRole: input.actor?.role ?? null,
    action: 'workshop.seat-offer',
    ip: input.actor?.ip ?? null,
    details: { courseId, waitlistId: first.id },
  });
  return { name: first.name, email: first.email, offeredAt: now };
}

/** The editor's "Offer the seat": as offerFreedSeat, with the reason when there is nothing to offer (409). */
export async function offerSeatByEditor(input: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  courseId: string;
  caller: Caller;
  ip: string;
}) {
  const course = await findWorkshopCourse(input.db, input.courseId);
  if (!course) throw new AppError('not_found', 'No such workshop course');
  return input.db.transaction(async (tx) => {
    const offered = await offerFreedSeat({
      tx,
      mailer: input.mailer,
      publicUrl: input.publicUrl,
      courseId: course.id,
      actor: { id: input.caller.id, role: input.caller.role, ip: input.ip },
    });
    if (offered) return { courseId: course.id, name: offered.name, email: offered.email, offeredAt: offered.offeredAt.toISOString() };
    const { left } = await countWorkshopSeats({ db: tx, courseId: course.id });
    if (left === 0) throw new AppError('conflict', 'No seat is free in this course.');
    const waiting = await tx.$count(
      workshopWaitlist,
      and(eq(workshopWaitlist.courseId, course.id), isNull(workshopWaitlist.notifiedAt), sql`not ${registeredFor(workshopWaitlist)}`),
    );
    if (waiting === 0) throw new AppError('conflict', "Nobody on this course's waiting list is left to offer a seat to.");
    throw new AppError(
      'conflict',
      `Each free seat is already offered to someone on the waiting list (an offer holds for ${SEAT_OFFER_HOURS} hours).`,
    );
  });
}

/**
 * The worker's job: a pending registration's hold lapses without a cancellation, so nothing else notices the seat
 * came free. Offers every free, unoffered seat of every course to the people waiting, in order.
 */
export async function offerFreeWorkshopSeats(input: { db: Db; mailer: Mailer; publicUrl: string; now?: Date }): Promise<number> {
  let offered = 0;
  for (const course of await listWorkshopCourses(input.db)) {
    // Cheap check first: most of the time nobody waits.
    const waiting = await input.db.$count(
      workshopWaitlist,
      and(
        eq(workshopWaitlist.courseId, course.id),
        isNull(workshopWaitlist.notifiedAt),
        lte(workshopWaitlist.createdAt, input.now ?? new Date()),
      ),
    );
    if (waiting === 0) continue;
    for (let i = 0; i < course.seats; i++) {
      const one = await input.db.transaction((tx) =>
        offerFreedSeat({ tx, mailer: input.mailer, publicUrl: input.publicUrl, courseId: course.id, now: input.now }),
      );
      if (!one) break;
      offered += 1;
    }
  }
  return offered;
}
