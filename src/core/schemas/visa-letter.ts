import { z } from '../zod';
import { CONFERENCE_DATES } from '../conference';
import { isCountryCode } from '../proceedings';
import { Id } from './common';
import { plainLine, plainText } from './text';

/**
 * Visa invitation letters (decision 0046). The stay must touch the conference: arrival at most VISA_STAY_MARGIN_DAYS
 * before its first day and not after its last, departure not before its first day and at most that many days after
 * its last (a letter for a holiday a month away is not the conference's to sign).
 */
export const VISA_STAY_MARGIN_DAYS = 30;

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoDay = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
/** The conference's first and last days (calendar dates): the current facts' startDate and endDate. */
export interface ConferenceDays {
  start: string;
  end: string;
}

/** The earliest arrival and the latest departure a letter may name (calendar dates) for a conference on these days. */
export function visaStayBounds(days: ConferenceDays = CONFERENCE_DATES): { earliestArrival: string; latestDeparture: string } {
  return {
    earliestArrival: isoDay(dayNumber(days.start) - VISA_STAY_MARGIN_DAYS),
    latestDeparture: isoDay(dayNumber(days.end) + VISA_STAY_MARGIN_DAYS),
  };
}
/** The bounds for the default dates. */
export const VISA_STAY_BOUNDS = visaStayBounds();

/**
 * Why the stay's dates cannot go on a letter for a conference on `days` (the current facts: decision 0051), or null.
 * Dates are YYYY-MM-DD.
 */
export function stayDatesProblem(arrival: string, departure: string, days: ConferenceDays = CONFERENCE_DATES): string | null {
  const a = dayNumber(arrival);
  const d = dayNumber(departure);
  if (d < a) return 'The departure date must not be before the arrival date';
  const bounds = visaStayBounds(days);
  if (a < dayNumber(bounds.earliestArrival) || a > dayNumber(days.end)) {
    return `The arrival date must be from ${bounds.earliestArrival} to ${days.end} (the conference is ${days.start} to ${days.end})`;
  }
  if (d < dayNumber(days.start) || d > dayNumber(bounds.latestDeparture)) {
    return `The departure date must be from ${days.start} to ${bounds.latestDeparture} (the conference is ${days.start} to ${days.end})`;
  }
  return null;
}

const CalendarDate = (field: string) =>
  z
    .string({ message: `${field} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      `${field} must be a real calendar date (YYYY-MM-DD)`,
    );

const NATIONALITY = 'The nationality must be a two-letter ISO 3166-1 country code such as IN';
const PASSPORT_NUMBER = 'The passport number must be 5 to 20 letters and digits, as printed in the passport';

/** What the registrant sends: the names and numbers as in the passport, and the stay. */
export const VisaLetterRequestBody = z
  .object({
    passportName: z
      .string({ message: 'Please give your name as written in your passport' })
      .trim()
      .min(1, 'Please give your name as written in your passport')
      .max(120, 'The name must be at most 120 characters')
      .refine(...plainLine('The name')),
    nationality: z
      .string({ message: NATIONALITY })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine(isCountryCode, NATIONALITY),
    passportNumber: z
      .string({ message: PASSPORT_NUMBER })
      .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
      .refine((v) => /^[A-Z0-9]{5,20}$/.test(v), PASSPORT_NUMBER),
    arrivalDate: CalendarDate('The arrival date'),
    departureDate: CalendarDate('The departure date'),
  })
  .strict()
  .superRefine((b, ctx) => {
    // The dates' order here; their distance from the conference's days (which the editor may change) in the service.
    if (b.arrivalDate && b.departureDate && b.departureDate < b.arrivalDate) {
      ctx.addIssue({ code: 'custom', message: 'The departure date must not be before the arrival date', path: ['arrivalDate'] });
    }
  });
export type VisaLetterRequestBody = z.input<typeof VisaLetterRequestBody>;
/** The request as the server keeps it (trimmed, upper-cased). */
export type VisaLetterRequest = z.output<typeof VisaLetterRequestBody>;

export const VISA_LETTER_STATUSES = ['requested', 'approved', 'rejected'] as const;
export const VISA_LETTER_STATUS_LABELS = { requested: 'Waiting for the editors', approved: 'Approved', rejected: 'Not approved' } as const;

/** A letter as its requester sees it: never the passport number (the page and the mail are not the place for it). */
export const VisaLetterJson = z.object({
  id: z.string(),
  registrationId: z.string(),
  passportName: z.string(),
  nationality: z.string(),
  arrivalDate: z.string(),
  departureDate: z.string(),
  status: z.enum(VISA_LETTER_STATUSES),
  reason: z.string().nullable(),
  /** The verification code, once approved. */
  code: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The role the letter names: 'author of paper "…" (id)' or 'attendee'. */
  role: z.string(),
});
export type VisaLetterJson = z.infer<typeof VisaLetterJson>;
export const VisaLettersJson = z.object({
  letters: z.array(VisaLetterJson),
  /** The caller's paid registrations a letter may be asked for: none waiting or approved (none until the address is verified). */
  registrations: z.array(z.object({ id: z.string(), name: z.string(), category: z.string(), paperId: z.string().nullable() })),
  waitingForVerification: z.boolean(),
});
export type VisaLettersJson = z.infer<typeof VisaLettersJson>;
export const VisaLetterCreatedJson = z.object({ message: z.string(), letter: VisaLetterJson });

/** What an editor sees: the passport number too (null once removed after the conference), and whose registration it is. */
export const EditorVisaLetterJson = VisaLetterJson.extend({
  passportNumber: z.string().nullable(),
  passportRemovedAt: z.string().nullable(),
  registrantName: z.string(),
  registrantEmail: z.string(),
  category: z.string(),
});
export type EditorVisaLetterJson = z.infer<typeof EditorVisaLetterJson>;
export const EditorVisaLettersJson = z.object({ letters: z.array(EditorVisaLetterJson) });
export const EditorVisaLetterDecidedJson = z.object({ message: z.string(), letter: EditorVisaLetterJson });

export const RejectVisaLetterBody = z
  .object({
    reason: z
      .string({ message: 'Please give the reason, for the requester' })
      .trim()
      .min(1, 'Please give the reason, for the requester')
      .max(1000, 'The reason must be at most 1000 characters')
      .refine(...plainText('The reason')),
  })
  .strict();
export type RejectVisaLetterBody = z.input<typeof RejectVisaLetterBody>;

export const RegistrationIdParams = z.object({ id: Id });
export const VisaLetterIdParams = z.object({ id: Id });

/** The organiser's signature image on letters and certificates: PNG or JPEG, told by its bytes. */
export const SIGNATURE_MAX_BYTES = 512 * 1024;
export const SIGNATURE_TEXT = {
  tooLarge: 'The signature image is too large (at most 512 KB)',
  wrongType: 'The signature must be a PNG or JPEG image',
  saved: 'Signature saved',
  removed: 'Signature removed',
} as const;
export const SignatureForm = z.object({ signature: z.string().describe('The image file (PNG or JPEG, at most 512 KB)') });
