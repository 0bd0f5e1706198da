import { z } from '../zod';

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
  seats: z.number().int(),
  paid: z.number().int(),
  held: z.number().int(),
  left: z.number().int(),
  /** Seats free and not already offered to someone on the waiting list (an offer holds for SEAT_OFFER_HOURS). */
  offerable: z.number().int(),
  participants: z.array(WorkshopParticipantJson),
  waiting: z.array(WaitingPersonJson),
});
export const EditorWorkshopsJson = z.object({ courses: z.array(EditorWorkshopJson), offerHours: z.number().int() });
export type EditorWorkshopJson = z.infer<typeof EditorWorkshopJson>;

export const SeatOfferJson = z.object({ courseId: z.string(), name: z.string(), email: z.string(), offeredAt: z.string() });
