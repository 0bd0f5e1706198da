import { z } from '../zod';
import { COURSE_ID_MAX, COURSE_ID_PATTERN } from '../workshop-courses';
import { plainLine } from './text';

/** A course id in the path; an unknown one is the service's 404, not a 400. */
export const WorkshopCourseParams = z.object({ courseId: z.string().max(100, 'No such workshop course') });

/** One course's seats as anyone may see them (decision 0045). */
export const WorkshopSeatsJson = z.object({
  id: z.string(),
  title: z.string(),
  seats: z.number().int(),
  left: z.number().int(),
  full: z.boolean(),
});
export const WorkshopSeatsListJson = z.array(WorkshopSeatsJson);
export type WorkshopSeatsJson = z.infer<typeof WorkshopSeatsJson>;

/** The caller's place on a course's waiting list. */
export const MyWaitingPlaceJson = z.object({
  courseId: z.string(),
  title: z.string(),
  /** 1 = the next to be offered a seat; 0 once they registered for the course. */
  position: z.number().int(),
  joinedAt: z.string(),
  /** When a free seat was offered to them by mail, if it was. */
  offeredAt: z.string().nullable(),
});
export const MyWaitingListJson = z.array(MyWaitingPlaceJson);
export type MyWaitingPlaceJson = z.infer<typeof MyWaitingPlaceJson>;

export const WorkshopParticipantJson = z.object({
  registrationId: z.string(),
  name: z.string(),
  affiliation: z.string(),
  email: z.string(),
  paidAt: z.string().nullable(),
});
export const WaitingPersonJson = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  joinedAt: z.string(),
  offeredAt: z.string().nullable(),
  /** They have since registered for the course (pending or paid): no longer waiting. */
  registered: z.boolean(),
});

/** The editor's view of one course: its seats, who holds them, and who waits. */
export const EditorWorkshopJson = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  /** US cents. */
  feeUsdMinor: z.number().int(),
  seats: z.number().int(),
  paid: z.number().int(),
  held: z.number().int(),
  left: z.number().int(),
  /** Seats free and not already offered to someone on the waiting list (an offer holds for SEAT_OFFER_HOURS). */
  offerable: z.number().int(),
  participants: z.array(WorkshopParticipantJson),
  waiting: z.array(WaitingPersonJson),
});
export const WorkshopDetailsJson = z.object({ firstDay: z.string(), lastDay: z.string(), venue: z.string().nullable() });
export const EditorWorkshopsJson = z.object({
  courses: z.array(EditorWorkshopJson),
  offerHours: z.number().int(),
  details: WorkshopDetailsJson,
});
export type EditorWorkshopJson = z.infer<typeof EditorWorkshopJson>;
export type EditorWorkshopsJson = z.infer<typeof EditorWorkshopsJson>;

export const SeatOfferJson = z.object({ courseId: z.string(), name: z.string(), email: z.string(), offeredAt: z.string() });

/** "2023-02-30" is not a day; a string that is no date at all (the regex's 400 already) must not throw here either. */
const isCalendarDay = (v: string): boolean => {
  const at = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(v);
};

const CalendarDay = (field: string) =>
  z
    .string({ message: `${field} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine(isCalendarDay, `${field} must be a real calendar date (YYYY-MM-DD)`);

const COURSE_ID_MESSAGE = `A course id is lower-case letters and digits joined by '-', at most ${COURSE_ID_MAX}`;

/** A course as the editor writes it (decision 0045): its title, date, seats and fee in US cents. */
export const WorkshopCourseBody = z.object({
  title: z
    .string({ message: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(120, 'A title is at most 120 characters')
    .refine(...plainLine('Title')),
  date: CalendarDay('Date'),
  seats: z
    .number({ message: 'Seats must be a whole number' })
    .int('Seats must be a whole number')
    .min(0, 'Seats cannot be negative')
    .max(10_000, 'At most 10000 seats'),
  feeUsdMinor: z
    .number({ message: 'The fee must be a whole number of US cents' })
    .int('The fee must be a whole number of US cents')
    .min(0, 'The fee cannot be negative')
    .max(100_000_000, 'The fee is too large'),
});
export type WorkshopCourseBody = z.infer<typeof WorkshopCourseBody>;

/** A new course: its id (kept for good: registrations name it) and the rest. */
export const NewWorkshopCourseBody = WorkshopCourseBody.extend({
  id: z.string({ message: COURSE_ID_MESSAGE }).trim().max(COURSE_ID_MAX, COURSE_ID_MESSAGE).regex(COURSE_ID_PATTERN, COURSE_ID_MESSAGE),
});
export type NewWorkshopCourseBody = z.infer<typeof NewWorkshopCourseBody>;

export const WorkshopCourseJson = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  seats: z.number().int(),
  feeUsdMinor: z.number().int(),
});
export type WorkshopCourseJson = z.infer<typeof WorkshopCourseJson>;

/** The workshop's days and venue (empty venue: the conference's). */
export const WorkshopDetailsBody = z
  .object({
    firstDay: CalendarDay('First day'),
    lastDay: CalendarDay('Last day'),
    venue: z
      .string()
      .trim()
      .max(200, 'A venue is at most 200 characters')
      .refine(...plainLine('Venue'))
      .nullable()
      .default(null)
      .transform((v) => (v ? v : null)),
  })
  .refine((d) => d.lastDay >= d.firstDay, { message: 'The last day cannot be before the first day', path: ['lastDay'] });
export type WorkshopDetailsJson = z.infer<typeof WorkshopDetailsJson>;
