import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  courseIdOfCategory,
  FEE_CATEGORIES,
  registrationCategories,
  workshopCategory,
  type RegistrationCategory,
} from '../../../core/registration';
import { WORKSHOP_DETAILS_DEFAULTS, type WorkshopCourse, type WorkshopDetails } from '../../../core/workshop-courses';
import type { NewWorkshopCourseBody, WorkshopCourseBody, WorkshopCourseJson, WorkshopDetailsJson } from '../../../core/schemas/workshop';
import type { Db } from '../../db/connect';
import { registrations, settings, workshopCourses, workshopWaitlist } from '../../db/schema';
import { AppError, sqlState } from '../../errors';
import type { Caller } from '../../permissions';
import { recordAudit } from '../shared/audit';

type Reader = Pick<Db, 'select'>;

/** As save-conference.ts: a version later than the last, so that every instance re-renders the public pages. */
const nextVersion = sql`greatest(now(), coalesce(${settings.conferenceUpdatedAt}, now()) + interval '1 millisecond')`;

/** The public pages print the workshop (decision 0050): moving the facts' version makes every instance render them again. */
async function touchPublicPages(tx: Pick<Db, 'insert'>): Promise<void> {
  await tx
    .insert(settings)
    .values({ id: 1, conferenceUpdatedAt: sql`now()` })
    .onConflictDoUpdate({ target: [settings.editionId, settings.id], set: { conferenceUpdatedAt: nextVersion } });
}

const COURSE_TAKEN = (id: string) => `A course with the id ${id} exists already.`;
const COURSE_HAS_REGISTRATIONS =
  'This course has registrations (or people on its waiting list): it cannot be removed. Set its seats to 0 to close it instead.';

const courseColumns = {
  id: workshopCourses.id,
  title: workshopCourses.title,
  date: workshopCourses.date,
  seats: workshopCourses.seats,
  feeUsdMinor: workshopCourses.feeUsdMinor,
};

/** The edition's workshop courses (decision 0045), in the organiser's order. */
export async function listWorkshopCourses(db: Reader): Promise<WorkshopCourse[]> {
  return db.select(courseColumns).from(workshopCourses).orderBy(asc(workshopCourses.position), asc(workshopCourses.createdAt));
}

export async function findWorkshopCourse(db: Reader, courseId: string): Promise<WorkshopCourse | undefined> {
  const [row] = await db.select(courseColumns).from(workshopCourses).where(eq(workshopCourses.id, courseId));
  return row;
}

/** The course of a path's id, or 404. */
export async function requireWorkshopCourse(db: Reader, courseId: string): Promise<WorkshopCourse> {
  const course = await findWorkshopCourse(db, courseId);
  if (!course) throw new AppError('not_found', 'No such workshop course');
  return course;
}

/** A registration category: a fee row, or one of the edition's workshop courses at its fee (the server prices from these). */
export async function findRegistrationCategory(db: Reader, key: string): Promise<RegistrationCategory | undefined> {
  const courseId = courseIdOfCategory(key);
  if (courseId === null) return FEE_CATEGORIES.find((c) => c.key === key);
  const course = await findWorkshopCourse(db, courseId);
  return course ? workshopCategory(course) : undefined;
}

/** Every category of this edition: the fee rows and the edition's courses. */
export async function listRegistrationCategories(db: Reader): Promise<RegistrationCategory[]> {
  return registrationCategories(await listWorkshopCourses(db));
}

/** The workshop's days and venue (the defaults until the editor saves them). */
export async function getWorkshopDetails(db: Reader): Promise<WorkshopDetails> {
  const [row] = await db
    .select({ firstDay: settings.workshopFirstDay, lastDay: settings.workshopLastDay, venue: settings.workshopVenue })
    .from(settings)
    .where(eq(settings.id, 1));
  return row ?? WORKSHOP_DETAILS_DEFAULTS;
}

/** Save the workshop's days and venue, audited; the public pages re-render (they print them). */
export async function updateWorkshopDetails(input: {
  db: Db;
  caller: Caller;
  ip: string;
  details: WorkshopDetails;
}): Promise<WorkshopDetailsJson> {
  const { firstDay, lastDay, venue } = input.details;
  const set = { workshopFirstDay: firstDay, workshopLastDay: lastDay, workshopVenue: venue };
  return input.db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ id: 1, ...set })
      .onConflictDoUpdate({ target: [settings.editionId, settings.id], set: { ...set, updatedAt: new Date() } });
    await touchPublicPages(tx);
    await recordAudit(tx, {
      actorId: input.caller.id,
      actorRole: input.caller.role,
      action: 'workshop.details-update',
      ip: input.ip,
      details: { firstDay, lastDay, venue },
    });
    return { firstDay, lastDay, venue };
  });
}

/** Add a course to the edition's workshop, audited. */
export async function createWorkshopCourse(input: {
  db: Db;
  caller: Caller;
  ip: string;
  course: NewWorkshopCourseBody;
}): Promise<WorkshopCourseJson> {
  const { course } = input;
  return input.db.transaction(async (tx) => {
    const [last] = await tx.select({ position: sql<number>`coalesce(max(${workshopCourses.position}), 0)::int` }).from(workshopCourses);
    const [row] = await tx
      .insert(workshopCourses)
      .values({ ...course, position: (last?.position ?? 0) + 1 })
      .returning(courseColumns)
      .catch((e: unknown) => {
        if (sqlState(e) === '23505') throw new AppError('conflict', COURSE_TAKEN(course.id));
        throw e;
      });
    await recordAudit(tx, {
      actorId: input.caller.id,
      actorRole: input.caller.role,
      action: 'workshop.course-create',
      ip: input.ip,
      details: { courseId: row!.id, title: row!.title, date: row!.date, seats: row!.seats, feeUsdMinor: row!.feeUsdMinor },
    });
    await touchPublicPages(tx);
    return row!;
  });
}

/**
 * Change a course's title, date, seats or fee, audited. A new fee prices registrations made from now on; the ones
 * already made keep the price they were given. Fewer seats than are taken closes the course to new registrations.
 */
export async function updateWorkshopCourse(input: {
  db: Db;
  caller: Caller;
  ip: string;
  courseId: string;
  course: WorkshopCourseBody;
}): Promise<WorkshopCourseJson> {
  return input.db.transaction(async (tx) => {
    const [row] = await tx.update(workshopCourses).set(input.course).where(eq(workshopCourses.id, input.courseId)).returning(courseColumns);
    if (!row) throw new AppError('not_found', 'No such workshop course');
    await recordAudit(tx, {
      actorId: input.caller.id,
      actorRole: input.caller.role,
      action: 'workshop.course-update',
      ip: input.ip,
      details: { courseId: row.id, title: row.title, date: row.date, seats: row.seats, feeUsdMinor: row.feeUsdMinor },
    });
    await touchPublicPages(tx);
    return row;
  });
}

/** Remove a course nobody registered for or waits for (409 otherwise: its registrations name it), audited. */
export async function deleteWorkshopCourse(input: { db: Db; caller: Caller; ip: string; courseId: string }): Promise<void> {
  await input.db.transaction(async (tx) => {
    const [course] = await tx
      .select({ id: workshopCourses.id })
      .from(workshopCourses)
      .where(eq(workshopCourses.id, input.courseId))
      .for('update');
    if (!course) throw new AppError('not_found', 'No such workshop course');
    // The seat lock of createRegistration: no registration for it can start while it is removed.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`workshop-seat:${course.id}`}))`);
    const [registered, waiting] = await Promise.all([
      tx.$count(
        registrations,
        and(eq(registrations.category, `workshop-${course.id}`), inArray(registrations.status, ['pending', 'paid', 'cancelled'])),
      ),
      tx.$count(workshopWaitlist, eq(workshopWaitlist.courseId, course.id)),
    ]);
    if (registered + waiting > 0) throw new AppError('conflict', COURSE_HAS_REGISTRATIONS);
    await tx.delete(workshopCourses).where(eq(workshopCourses.id, course.id));
    await recordAudit(tx, {
      actorId: input.caller.id,
      actorRole: input.caller.role,
      action: 'workshop.course-delete',
      ip: input.ip,
      details: { courseId: course.id },
    });
    await touchPublicPages(tx);
  });
}
