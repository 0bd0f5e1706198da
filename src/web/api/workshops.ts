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
