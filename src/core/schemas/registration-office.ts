import { z } from '../zod';
import { CurrencyCode } from './registration';

/** Decision 0077: the organiser's registration office settings and what follows from the conference's dates. */
export const SEAT_HOLD_LIMITS = { min: 5, max: 24 * 60 } as const;

export const RegistrationOfficeJson = z.object({
  /** How long an unpaid registration holds a limited seat (a workshop course's). */
  seatHoldMinutes: z.number().int(),
  /** Before the first day, the desk hands out badges without marking attendance. */
  badgePickupOpen: z.boolean(),
  /** The conference's first day (YYYY-MM-DD) in its time zone, from the conference facts. */
  firstDay: z.string(),
  timeZone: z.string(),
  /** When check-in starts to mark attendance (ISO instant: the first day's midnight in the conference's zone). */
  attendanceOpensAt: z.string(),
  conferenceStarted: z.boolean(),
});
export type RegistrationOfficeJson = z.infer<typeof RegistrationOfficeJson>;

export const RegistrationOfficeBody = z
  .object({
    seatHoldMinutes: z
      .number({ message: 'The hold time must be a number of minutes' })
      .int('The hold time must be a whole number of minutes')
      .min(SEAT_HOLD_LIMITS.min, `A seat is held at least ${SEAT_HOLD_LIMITS.min} minutes`)
      .max(SEAT_HOLD_LIMITS.max, `A seat is held at most ${SEAT_HOLD_LIMITS.max} minutes (a day)`)
      .optional(),
    badgePickupOpen: z.boolean({ message: 'Badge pick-up is open or not (true or false)' }).optional(),
  })
  .strict();
export type RegistrationOfficeBody = z.infer<typeof RegistrationOfficeBody>;

/** Who holds a limited seat with an unpaid registration, and until when. */
export const SeatHoldJson = z.object({
  registrationId: z.string(),
  code: z.string(),
  name: z.string(),
  email: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  amountMinor: z.number().int(),
  currency: CurrencyCode,
  /** ISO instants: when the hold started and when it lapses. */
  since: z.string(),
  expires: z.string(),
});
export type SeatHoldJson = z.infer<typeof SeatHoldJson>;
export const SeatHoldsJson = z.object({ seatHoldMinutes: z.number().int(), holds: z.array(SeatHoldJson) });
export type SeatHoldsJson = z.infer<typeof SeatHoldsJson>;

export const HoldParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'Invalid ID format') });
export const ReleasedHoldJson = z.object({ released: z.literal(true), registrationId: z.string() });

/** The organiser matches a payment that names no registration to one, by the registration's code. */
export const MatchPaymentParams = z.object({ id: z.string().min(1).max(64) });
export const MatchPaymentBody = z
  .object({
    registrationCode: z
      .string({ message: 'Type the registration code' })
      .trim()
      .min(1, 'Type the registration code')
      .max(40, 'That is not a registration code'),
  })
  .strict();
export type MatchPaymentBody = z.infer<typeof MatchPaymentBody>;
export const MatchedPaymentJson = z.object({
  paymentId: z.string(),
  registrationId: z.string(),
  registrationCode: z.string(),
  registrationStatus: z.enum(['pending', 'paid', 'cancelled']),
  receiptNumber: z.string().nullable(),
});
export type MatchedPaymentJson = z.infer<typeof MatchedPaymentJson>;

/** Revenue by category (ticket type) and currency: paid and pending registrations, and payments matched to none. */
export const RevenueRowJson = z.object({
  category: z.string(),
  categoryLabel: z.string(),
  currency: CurrencyCode,
  paidCount: z.number().int(),
  paidMinor: z.number().int(),
  pendingCount: z.number().int(),
  pendingMinor: z.number().int(),
});
export type RevenueRowJson = z.infer<typeof RevenueRowJson>;
export const RevenueJson = z.object({
  rows: z.array(RevenueRowJson),
  totals: z.array(z.object({ currency: CurrencyCode, paidMinor: z.number().int(), pendingMinor: z.number().int() })),
  /** Paid payments that name no registration (the public Pay Now form), per currency: to be matched. */
  unmatched: z.array(z.object({ currency: z.string(), count: z.number().int(), amountMinor: z.number().int() })),
});
export type RevenueJson = z.infer<typeof RevenueJson>;

export const ETicketLinkQuery = z.object({
  sig: z
    .string({ message: 'This e-ticket link is incomplete: open the link from the mail as it is' })
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'This e-ticket link is not valid'),
});
