import { z } from '../zod';
import {
  EditorWorkshopsJson,
  NewWorkshopCourseBody,
  WorkshopCourseBody,
  WorkshopCourseJson,
  WorkshopDetailsBody,
  WorkshopDetailsJson,
  MyWaitingListJson,
  MyWaitingPlaceJson,
  SeatOfferJson,
  WorkshopCourseParams,
  WorkshopSeatsListJson,
} from '../schemas/workshop';
import { endpoints } from './endpoint';

/**
 * Workshop seats and the waiting list (decision 0045): a course's seat counts when its registration is paid, and a
 * pending one holds a seat for an hour; a full course takes a waiting list, whose first person is mailed when a
 * seat comes free.
 */
export const WORKSHOPS = endpoints('payments', {
  listWorkshopSeats: {
    method: 'GET',
    path: '/workshops',
    summary: 'Each technical workshop course with its seats, the seats left and whether it is full',
    response: WorkshopSeatsListJson,
  },
  joinWaitingList: {
    method: 'POST',
    path: '/workshops/:courseId/waiting-list',
    summary: "Join a full course's waiting list with the caller's verified address",
    description:
      '409 when the course still has seats (register instead), when the caller is registered for it, or is already waiting; ' +
      "403 until the caller's address is verified. The first on the list is mailed when a seat comes free.",
    params: WorkshopCourseParams,
    status: 201,
    response: MyWaitingPlaceJson,
    errors: [409],
  },
  listMyWaitingPlaces: {
    method: 'GET',
    path: '/account/workshop-waiting-list',
    summary: 'The courses whose waiting list the caller is on, with their place',
    response: MyWaitingListJson,
  },
  listEditorWorkshops: {
    method: 'GET',
    path: '/editor/workshops',
    summary: 'Each course: seats, paid, held, left, the participants and the waiting list',
    response: EditorWorkshopsJson,
  },
  offerWorkshopSeat: {
    method: 'POST',
    path: '/editor/workshops/:courseId/offer',
    summary: 'Mail the first person on the waiting list that a seat is free',
    description: '409 when no seat is free (or each free seat is already offered), or nobody is waiting.',
    params: WorkshopCourseParams,
    response: SeatOfferJson,
    errors: [409],
  },
  updateWorkshopDetails: {
    method: 'PUT',
    path: '/editor/workshops/details',
    summary: "The workshop's first and last day and its venue (empty: the conference's venue)",
    body: WorkshopDetailsBody,
    response: WorkshopDetailsJson,
  },
  createWorkshopCourse: {
    method: 'POST',
    path: '/editor/workshops/courses',
    summary: 'Add a course: its id, title, date, seats and fee in US cents',
    description: '409 when a course of that id exists already.',
    body: NewWorkshopCourseBody,
    status: 201,
    response: WorkshopCourseJson,
    errors: [409],
  },
  updateWorkshopCourse: {
    method: 'PUT',
    path: '/editor/workshops/courses/:courseId',
    summary: "Change a course's title, date, seats or fee (registrations made keep their price)",
    params: WorkshopCourseParams,
    body: WorkshopCourseBody,
    response: WorkshopCourseJson,
  },
  deleteWorkshopCourse: {
    method: 'DELETE',
    path: '/editor/workshops/courses/:courseId',
    summary: 'Remove a course nobody registered for',
    description: '409 when the course has registrations or a waiting list.',
    params: WorkshopCourseParams,
    response: z.object({ deleted: z.literal(true) }),
    errors: [409],
  },
});
