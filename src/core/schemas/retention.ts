import { z } from '../zod';

/**
 * Decision 0071: what the organiser may have removed a set time after an edition closes. Each kind: its label, what
 * removal means, and the period the decision suggests (nothing is removed until the organiser sets one).
 */
export const RETENTION_KINDS = {
  'rejected-paper-files': {
    label: 'Rejected papers’ files',
    removes: 'The PDFs (every version) of the papers that were rejected; the papers’ titles and decisions stay in the record.',
    suggestedDays: 365,
  },
  reviews: {
    label: 'Reviews',
    removes: 'Reviews, their earlier versions, ratings, meta-reviews, discussions and authors’ responses.',
    suggestedDays: 1095,
  },
  mails: { label: 'Mails', removes: 'The mails sent and the mail log.', suggestedDays: 730 },
  audit: { label: 'Audit entries', removes: 'The audit log’s entries.', suggestedDays: 1095 },
  'attendee-data': {
    label: 'Attendee data',
    removes:
      'Attendees’ names, addresses, affiliations and billing details on registrations, visa letters and waiting lists. Receipts are kept for the accounts.',
    suggestedDays: 730,
  },
} as const;
export type RetentionKind = keyof typeof RETENTION_KINDS;
export const RETENTION_KIND_NAMES = Object.keys(RETENTION_KINDS) as RetentionKind[];

/** Days: 0 (removed as soon as the edition closes) to 100 years; null keeps the kind. */
const Days = z
  .number({ message: 'Days must be a whole number of days, or empty to keep' })
  .int('Days must be a whole number of days, or empty to keep')
  .min(0, 'Days cannot be negative')
  .max(36_500, 'At most 36500 days (100 years)')
  .nullable();

export const RetentionRuleJson = z.object({
  kind: z.enum(RETENTION_KIND_NAMES as [RetentionKind, ...RetentionKind[]]),
  label: z.string(),
  removes: z.string(),
  days: z.number().int().nullable(),
  suggestedDays: z.number().int(),
});
export const RetentionJson = z.object({
  rules: z.array(RetentionRuleJson),
  /** The closed editions and when each kind of theirs goes (null: kept). */
  editions: z.array(z.object({ year: z.number().int(), closedAt: z.string(), removals: z.record(z.string(), z.string().nullable()) })),
});
export type RetentionJson = z.infer<typeof RetentionJson>;

export const RetentionBody = z.strictObject({
  rules: z
    .record(z.string(), Days)
    .refine((r) => Object.keys(r).every((k) => k in RETENTION_KINDS), { message: `Kinds are ${RETENTION_KIND_NAMES.join(', ')}` }),
});
export type RetentionBody = z.infer<typeof RetentionBody>;

export const RetentionSavedJson = z.object({ message: z.string(), retention: RetentionJson });
