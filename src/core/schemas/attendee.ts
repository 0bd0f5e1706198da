import { z } from '../zod';
import { isCategoryKey, UNSPECIFIED_CATEGORY } from '../registration';
import { Id, PageLimit } from './common';

/** What the desk filters the attendees by: a status, or whether they have arrived. */
export const ATTENDEE_STATUSES = ['pending', 'paid', 'cancelled', 'checked-in', 'not-checked-in'] as const;
export type AttendeeStatus = (typeof ATTENDEE_STATUSES)[number];

const Category = z
  .string({ message: 'Unknown category' })
  .max(80, 'Unknown category')
  .refine((k) => k === UNSPECIFIED_CATEGORY || isCategoryKey(k), 'Unknown category');
const Country = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'Country must be a two-letter ISO code')
  .transform((c) => c.toUpperCase());
// An empty filter (an untouched select or field) is no filter.
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** The attendee list's filters, shared by the list, the CSV and the badges. */
export const AttendeeFilters = z.object({
  category: z.preprocess(blankToUndefined, Category.optional()),
  status: z.preprocess(
    blankToUndefined,
    z.enum(ATTENDEE_STATUSES, { message: `status must be one of ${ATTENDEE_STATUSES.join(', ')}` }).optional(),
  ),
  country: z.preprocess(blankToUndefined, Country.optional()),
  q: z.string().trim().max(200, 'Search text is too long').optional(),
});
export type AttendeeFilters = z.infer<typeof AttendeeFilters>;

/** One page of attendees (sorted by name): `limit` (1-200, default 50) and the `cursor` the previous page gave. */
export const AttendeesQuery = AttendeeFilters.extend({ limit: PageLimit, cursor: Id.optional() });
export type AttendeesQuery = z.infer<typeof AttendeesQuery>;

/** One registration as the desk sees it. Money in minor units with its currency. */
export const AttendeeJson = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  email: z.string(),
  affiliation: z.string(),
  country: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  status: z.enum(['pending', 'paid', 'cancelled']),
  amountMinor: z.number().int(),
  currency: z.enum(['USD', 'INR']),
  paperId: z.string().nullable(),
  paidAt: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  registeredAt: z.string(),
});
export type AttendeeJson = z.infer<typeof AttendeeJson>;

export const AttendeesPageJson = z.object({
  attendees: z.array(AttendeeJson),
  /** How many match the filters in all (every page). */
  total: z.number().int(),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AttendeesPageJson = z.infer<typeof AttendeesPageJson>;

/** A typed or scanned registration code; the server normalises it (case, O→0, I/L→1, spaces and dashes). */
export const CheckInBody = z.object({
  code: z
    .string({ message: 'Type the registration code' })
    .trim()
    .min(1, 'Type the registration code')
    .max(100, 'That is not a registration code'),
});

/** Who arrived, as the desk reads it out. */
export const CheckInPersonJson = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  affiliation: z.string(),
  country: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  status: z.enum(['pending', 'paid', 'cancelled']),
  paid: z.boolean(),
});
export type CheckInPersonJson = z.infer<typeof CheckInPersonJson>;

export const CheckInJson = z.object({
  registration: CheckInPersonJson,
  /** When they first arrived, or with mode 'pickup' when their badge was first handed out (ISO instant). */
  checkedInAt: z.string(),
  /** true on the first scan; false when they had checked in (or picked up their badge) already. */
  firstArrival: z.boolean(),
  /** Decision 0077: 'attendance' from the conference's first day; 'pickup' before it, when the organiser opened badge pick-up. */
  mode: z.enum(['attendance', 'pickup']),
});
export type CheckInJson = z.infer<typeof CheckInJson>;

/** 409: the registration is not paid, and who it is, so the desk can send them to pay. */
export const CheckInRefusedJson = z.object({ message: z.string(), registration: CheckInPersonJson });
export type CheckInRefusedJson = z.infer<typeof CheckInRefusedJson>;

export const NOT_PAID_YET = 'Not paid yet';
/** Decision 0077: before the conference's first day the desk does not mark attendance. */
export const CHECK_IN_NOT_YET = (firstDay: string) =>
  `Check-in marks attendance from the conference's first day, ${firstDay}. Before then, open badge pick-up to hand out badges.`;
export const NO_SUCH_REGISTRATION = 'No registration has this code';
