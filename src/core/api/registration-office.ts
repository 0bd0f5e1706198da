import {
  ETicketLinkQuery,
  HoldParams,
  MatchedPaymentJson,
  MatchPaymentBody,
  MatchPaymentParams,
  RegistrationOfficeBody,
  RegistrationOfficeJson,
  ReleasedHoldJson,
  RevenueJson,
  SeatHoldsJson,
} from '../schemas/registration-office';
import { endpoints, fileAnswer } from './endpoint';

/** Decision 0077: the registration office: seat holds, badge pick-up, reconciling payments, revenue, e-tickets. */
export const REGISTRATION_OFFICE = endpoints('payments', {
  getRegistrationOffice: {
    method: 'GET',
    path: '/editor/registration-office',
    summary: 'The seat hold time, badge pick-up, and when check-in starts to mark attendance',
    response: RegistrationOfficeJson,
  },
  updateRegistrationOffice: {
    method: 'PUT',
    path: '/editor/registration-office',
    summary: 'Change the seat hold time or open badge pick-up before the first day',
    body: RegistrationOfficeBody,
    response: RegistrationOfficeJson,
  },
  listSeatHolds: {
    method: 'GET',
    path: '/editor/registration-holds',
    summary: 'Who holds a limited seat with an unpaid registration, since when and until when',
    response: SeatHoldsJson,
  },
  releaseSeatHold: {
    method: 'POST',
    path: '/editor/registration-holds/:id/release',
    summary: 'Release a hold: the unpaid registration is cancelled and its seat freed',
    description: '409 when the registration is paid or cancelled already.',
    params: HoldParams,
    response: ReleasedHoldJson,
    errors: [409],
  },
  matchPayment: {
    method: 'POST',
    path: '/editor/payments/:id/match',
    summary: 'Match a payment that names no registration to a registration, by its code',
    description:
      '400 for a currency that differs or an amount below what the registration still owes; 409 when the payment has a registration already, is not paid, or the registration is paid or cancelled.',
    params: MatchPaymentParams,
    body: MatchPaymentBody,
    response: MatchedPaymentJson,
    errors: [409],
  },
  getRevenue: {
    method: 'GET',
    path: '/editor/revenue',
    summary: 'Revenue by registration category and currency: paid and pending, and payments not yet matched',
    response: RevenueJson,
  },
  exportRevenue: {
    method: 'GET',
    path: '/editor/revenue.csv',
    summary: 'Revenue by category and currency as a CSV file',
    response: fileAnswer('text/csv', 'Revenue by category and currency (CSV, UTF-8)'),
  },
  getETicket: {
    method: 'GET',
    path: '/account/registrations/:id/e-ticket.pdf',
    summary: "The caller's e-ticket (PDF): the registration code and its QR code, the one the badge and check-in use",
    description: "404 for a registration that is not the caller's; 409 until it is paid.",
    params: HoldParams,
    response: fileAnswer('application/pdf', 'The e-ticket'),
    errors: [409],
  },
  getETicketByLink: {
    method: 'GET',
    path: '/e-tickets/:id.pdf',
    summary: 'The e-ticket through the signed link of the confirmation mail (no login)',
    description: 'A changed id or signature answers 404; 409 until the registration is paid.',
    params: HoldParams,
    query: ETicketLinkQuery,
    response: fileAnswer('application/pdf', 'The e-ticket'),
    errors: [409],
  },
});
