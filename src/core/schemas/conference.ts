import { z } from '../zod';
import { DEADLINE_KEYS, isTimeZone, type ConferenceFacts as Facts } from '../conference-facts';
import { isCalendarDay } from '../important-dates';
import { isCountryCode } from '../proceedings';
import { controlCharsMessage, isPlainLine } from './text';

/** The conference's facts (decision 0051): what the editor sends, checked field by field with messages naming the field. */
const line = (field: string, max: number) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} is too long (at most ${max} characters)`)
    .refine(isPlainLine, controlCharsMessage(field));
const optionalLine = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(max, `${field} is too long (at most ${max} characters)`)
    .refine(isPlainLine, controlCharsMessage(field));

/** A calendar date "2026-12-27" that exists. */
const CalendarDate = (field: string) =>
  z
    .string({ message: `${field} must be a date such as 2026-12-27` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date such as 2026-12-27`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${field} is not a date that exists`);

/**
 * An important date as the editor saves it (decision 0065): it follows one of the settings' deadlines
 * (`deadline`), or is a calendar day of its own (`date`, "2026-10-31"); never free text.
 */
export const ImportantDate = z
  .object({
    label: line("The important date's label", 120),
    deadline: z.enum(DEADLINE_KEYS, { message: `An important date follows one of the deadlines: ${DEADLINE_KEYS.join(', ')}` }).optional(),
    date: z.string({ message: 'The important date must be a date such as 2026-10-31' }).trim().optional(),
  })
  .strict()
  .superRefine((d, ctx) => {
    if (d.deadline !== undefined && d.date !== undefined)
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'An important date follows a deadline or has a date of its own, not both' });
    else if (d.deadline === undefined && d.date === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['date'],
        message: 'The important date needs a date (such as 2026-10-31) or a deadline to follow',
      });
    else if (d.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(d.date))
      ctx.addIssue({
        code: 'custom',
        path: ['date'],
        message: `The important date "${d.date.slice(0, 40)}" is not a date: give a day such as 2026-10-31, or make it follow a deadline`,
      });
    else if (d.date !== undefined && !isCalendarDay(d.date))
      ctx.addIssue({ code: 'custom', path: ['date'], message: `The important date ${d.date} is not a date that exists` });
  })
  .transform((d) => (d.deadline !== undefined ? { label: d.label, deadline: d.deadline } : { label: d.label, date: d.date! }));

/** An important date as stored and answered: also the free text kept from before decision 0065 (`text`). */
export const ImportantDateJson = z.union([
  z.object({ label: z.string(), deadline: z.enum(DEADLINE_KEYS) }).strict(),
  z.object({ label: z.string(), date: z.string() }).strict(),
  z.object({ label: z.string(), text: z.string() }).strict(),
]);

export const ConferenceVenue = z
  .object({
    /** Where, as the hero and the VENUE heading name it: "Sample Beach Resort, Pattaya". */
    resort: line('The venue', 200),
    city: line('The city', 100),
    country: line('The country', 100),
    /** ISO 3166-1 alpha-2, for search engines and the Crossref deposit. */
    countryCode: z
      .string({ message: 'The country code must be two letters such as TH' })
      .trim()
      .transform((v) => v.toUpperCase())
      .refine(isCountryCode, 'The country code must be a two-letter ISO 3166-1 code such as TH'),
    address: line('The address', 400),
  })
  .strict();

const FactsFields = z
  .object({
    /** "5th": printed before the name in the title. */
    edition: optionalLine('The edition', 40),
    name: line('The conference name', 300),
    /** "IMSE 2025": the short name in page titles and the footer. */
    shortName: line('The short name', 60),
    startDate: CalendarDate('The first day'),
    endDate: CalendarDate('The last day'),
    /** The dates as the home page's hero writes them (free text: the default "December 28-27 2023" is kept as written). */
    datesText: line('The dates as shown on the home page', 120),
    /** The dates as the submissions page writes them. */
    submissionsDatesText: line('The dates as shown on the submissions page', 120),
    timeZone: z
      .string({ message: 'The time zone must be an IANA name such as Asia/Bangkok' })
      .trim()
      .refine(isTimeZone, 'The time zone does not exist: use an IANA name such as Asia/Bangkok or Europe/Paris'),
    venue: ConferenceVenue,
    contactEmail: z
      .string({ message: 'The contact e-mail is required' })
      .trim()
      .max(254, 'The contact e-mail is too long')
      .email('The contact e-mail must be an e-mail address such as info@example.org'),
    /** "+66 00 000 0000": the digits make the chat and phone links. */
    contactPhone: z
      .string({ message: 'The contact phone is required' })
      .trim()
      .regex(
        /^\+?[0-9][0-9 ()-]{5,30}$/,
        'The contact phone must be a number such as +66 38 000 000 (digits, spaces, brackets and dashes)',
      ),
    importantDates: z.array(ImportantDate, { message: 'The important dates must be a list' }).max(12, 'At most 12 important dates'),
  })
  .strict();

const datesInOrder = (f: { startDate?: string; endDate?: string }) => !f.startDate || !f.endDate || f.endDate >= f.startDate;
const DATES_ORDER = { message: 'The last day must be on or after the first day', path: ['endDate'] };

/** The facts as stored and as PUT /api/editor/conference takes them (all fields: the form sends the whole set). */
export const ConferenceFacts = FactsFields.refine(datesInOrder, DATES_ORDER);
// The schema and the interface of ../conference-facts describe the same object.
const _same: Facts = {} as z.infer<typeof ConferenceFacts>;
void _same;

/** The facts as stored and answered: the important dates may hold a text kept from before decision 0065. */
export const StoredConferenceFacts = FactsFields.extend({ importantDates: z.array(ImportantDateJson) });

/**
 * GET /api/conference (public): the facts the pages show, whether a logo is uploaded, and the important dates as the
 * pages print them now (`shownImportantDates`: the linked deadlines' days, decision 0065).
 */
export const PublicConferenceJson = StoredConferenceFacts.and(
  z.object({
    title: z.string(),
    zoneLabel: z.string(),
    hasLogo: z.boolean(),
    shownImportantDates: z.array(z.object({ label: z.string(), date: z.string() })),
  }),
);
export type PublicConferenceJson = z.infer<typeof PublicConferenceJson>;

/** GET /api/editor/conference: the facts with the organiser who signs documents. */
export const EditorConferenceJson = z.object({
  facts: StoredConferenceFacts,
  /** The settings' deadlines an important date can follow, as ISO instants (null: not set), for the form's hints. */
  deadlines: z.object({
    submission: z.string().nullable(),
    bidding: z.string().nullable(),
    review: z.string().nullable(),
    discussion: z.string().nullable(),
    cameraReady: z.string().nullable(),
  }),
  organiserName: z.string(),
  organiserTitle: z.string(),
  hasSignature: z.boolean(),
  hasLogo: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type EditorConferenceJson = z.infer<typeof EditorConferenceJson>;

/** PUT /api/editor/conference: the whole set of facts (and, optionally, who signs). */
export const UpdateConferenceBody = FactsFields.extend({
  organiserName: line("The organiser's name", 200).optional(),
  organiserTitle: line("The organiser's title", 200).optional(),
})
  .strict()
  .refine(datesInOrder, DATES_ORDER);
export type UpdateConferenceBody = z.infer<typeof UpdateConferenceBody>;
