import type { BodyOf } from '../../core/api/endpoint';
import { WORKSHOPS } from '../../core/api/workshops';
import { call } from './client';

/** Each course's seats, seats left and whether it is full. */
export const listWorkshopSeats = () => call(WORKSHOPS.listWorkshopSeats);
/** Join a full course's waiting list with the caller's verified address. */
export const joinWaitingList = (courseId: string) => call(WORKSHOPS.joinWaitingList, { params: { courseId } });
/** The waiting lists the caller is on, with their place. */
export const listMyWaitingPlaces = () => call(WORKSHOPS.listMyWaitingPlaces);
/** The editor's view: per course seats, paid, held, left, participants and the waiting list. */
export const listEditorWorkshops = () => call(WORKSHOPS.listEditorWorkshops);
/** Mail the first on the course's waiting list that a seat is free. */
export const offerWorkshopSeat = (courseId: string) => call(WORKSHOPS.offerWorkshopSeat, { params: { courseId } });
/** Save the workshop's first and last day and its venue. */
export const updateWorkshopDetails = (body: BodyOf<typeof WORKSHOPS.updateWorkshopDetails>) =>
  call(WORKSHOPS.updateWorkshopDetails, { body });
/** Add a course. */
export const createWorkshopCourse = (body: BodyOf<typeof WORKSHOPS.createWorkshopCourse>) => call(WORKSHOPS.createWorkshopCourse, { body });
/** Change a course's title, date, seats or fee. */
export const updateWorkshopCourse = (courseId: string, body: BodyOf<typeof WORKSHOPS.updateWorkshopCourse>) =>
  call(WORKSHOPS.updateWorkshopCourse, { params: { courseId }, body });
/** Remove a course nobody registered for. */
export const deleteWorkshopCourse = (courseId: string) => call(WORKSHOPS.deleteWorkshopCourse, { params: { courseId } });
