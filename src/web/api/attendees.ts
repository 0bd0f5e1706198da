import { ATTENDEES } from '../../core/api/attendees';
import type { AttendeeFilters, CheckInJson, CheckInPersonJson } from '../../core/schemas/attendee';
import { ApiError, call, expiredSession, saveDownload, session, type QueryOf } from './client';

/** The filters as the screen holds them (from the address); the server checks each. */
export interface AttendeeFilterInput {
  category?: string;
  status?: string;
  country?: string;
  q?: string;
}

/** One page of attendees (by name) matching the filters, after `cursor`. */
export const getAttendees = (query: AttendeeFilterInput & { limit?: number; cursor?: string }) =>
  call(ATTENDEES.listAttendees, { query: query as QueryOf<typeof ATTENDEES.listAttendees> });

const today = () => new Date().toISOString().slice(0, 10);

/** The attendees matching the filters as a CSV file, saved as `attendees-<date>.csv`. */
export const saveAttendeesCsv = (query: AttendeeFilterInput): Promise<void> =>
  saveDownload(ATTENDEES.exportAttendees, { query: query as AttendeeFilters, fileName: `attendees-${today()}.csv` });

/** Badges to print for the attendees matching the filters (paid ones unless a status is chosen), saved as `badges-<date>.pdf`. */
export const saveBadgesPdf = (query: AttendeeFilterInput): Promise<void> =>
  saveDownload(ATTENDEES.printBadges, { query: query as AttendeeFilters, fileName: `badges-${today()}.pdf` });

export type CheckInOutcome =
  { kind: 'checked-in'; answer: CheckInJson } | { kind: 'not-paid'; message: string; registration: CheckInPersonJson };

/**
 * Mark an arrival by a typed or scanned code. The server's 409 carries who it is (so the desk can send them to
 * pay): that answer is an outcome here, not an error. Any other refusal is an ApiError with the server's message.
 */
export async function checkInAttendee(code: string): Promise<CheckInOutcome> {
  const token = session.token();
  let res: Response;
  try {
    res = await fetch(`/api${ATTENDEES.checkIn.path}`, {
      method: 'POST',
      body: JSON.stringify({ code }),
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError(0, 'Network error: please check your connection', undefined);
  }
  const data = (await res.json().catch(() => undefined)) as { message?: string; registration?: CheckInPersonJson } | undefined;
  if (res.ok) return { kind: 'checked-in', answer: data as CheckInJson };
  if (res.status === 409 && data?.registration)
    return { kind: 'not-paid', message: data.message ?? 'Not paid yet', registration: data.registration };
  const said = typeof data?.message === 'string' ? data.message : undefined;
  throw expiredSession(res.status, said, Boolean(token)) ?? new ApiError(res.status, said ?? `Request failed (${res.status})`, said);
}
