import { AttendeeFilters, AttendeesPageJson, AttendeesQuery, CheckInBody, CheckInJson, CheckInRefusedJson } from '../schemas/attendee';
import { endpoints, fileAnswer } from './endpoint';

/**
 * The registration desk (decision 0047): the editor's attendee list (filters, pages, CSV), the badges to print, and
 * checking people in at the door. The editor's alone: a track chair is refused.
 */
export const ATTENDEES = endpoints('payments', {
  listAttendees: {
    method: 'GET',
    path: '/editor/attendees',
    summary: 'Registrations as attendees, by name, filtered, a page at a time',
    description:
      'Filters: category (a fee row key or `unspecified`), status (pending, paid, cancelled, checked-in, not-checked-in), country ' +
      '(ISO alpha-2), q (words in the name, e-mail, affiliation or code). `limit` 1-200 (default 50); `nextCursor` gives the next page.',
    query: AttendeesQuery,
    response: AttendeesPageJson,
  },
  exportAttendees: {
    method: 'GET',
    path: '/editor/attendees.csv',
    summary: 'The attendees matching the same filters as a CSV file',
    query: AttendeeFilters,
    response: fileAnswer('text/csv', 'Attendees (CSV, UTF-8; cells that a spreadsheet would run as formulas are neutralised)'),
  },
  printBadges: {
    method: 'GET',
    path: '/editor/badges.pdf',
    summary: 'Badges to print: A4 pages of eight, with crop marks',
    description:
      'The same filters as the list (default: every paid registration). Each badge: name, affiliation, category, a QR code of the registration code and the code itself.',
    query: AttendeeFilters,
    response: fileAnswer('application/pdf', 'The badges (A4, eight a page, crop marks)'),
  },
  checkIn: {
    method: 'POST',
    path: '/editor/check-in',
    summary: 'Mark a registration as arrived, by its code (typed or scanned)',
    description:
      "Once: a second scan answers 200 with `firstArrival: false` and the first arrival's time. 404 for an unknown code; " +
      '409 `Not paid yet` with who it is when the registration is not paid.',
    body: CheckInBody,
    response: CheckInJson,
    also: { 409: CheckInRefusedJson },
  },
});
