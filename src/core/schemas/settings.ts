import { z } from '../zod';
import { DOI_PATTERN_DEFAULT } from '../proceedings';
import { DoiPattern, DoiPrefix } from './proceedings';
import { plainLine } from './text';

/** An ISO 8601 instant ("2026-12-01T23:59:00Z", with an offset or Z) or null (no deadline). */
const Deadline = (field: string) =>
  z
    .string({ message: `${field} must be an ISO 8601 date and time, or null` })
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)),
      `${field} must be an ISO 8601 date and time with a time zone (e.g. 2026-12-01T23:59:00Z), or null`,
    )
    .nullable();

/** The editor's settings of the review cycle (docs/product.md#the-review-cycle); one line per field, so others can add theirs. */
export const EditorSettings = z.object({
  submissionDeadline: z.string().nullable(),
  reviewDeadline: z.string().nullable(),
  cameraReadyDeadline: z.string().nullable(),
  reviewersPerPaper: z.number().int(),
  maxPapersPerReviewer: z.number().int(),
  blindReview: z.boolean(),
  /** Under blind review, which annotations keep their text in the reviewers' copy of a PDF (decision 0021). */
  blindAnnotationText: z.enum(['keep-unless-naming-author', 'remove']),
  /** Days before the review deadline when reviewers with work left get one reminder; null: no reminders. */
  reminderDaysBefore: z.number().int().nullable(),
  /** docs/product.md#the-review-cycle: new reviewers wait for an editor's approval before they receive papers. */
  reviewerApproval: z.boolean(),
  /** Decision 0016: only reviewers who verified their e-mail address are suggested, sent or auto-assigned. */
  requireVerifiedEmail: z.boolean(),
  /** Decision 0032: when a reviewer sees the other reviews of a paper. */
  reviewVisibility: z.enum(['after-own-review', 'after-deadline', 'never']),
  /** Decision 0035: the dates of the phases between the deadlines above (each null when not set). */
  biddingDeadline: z.string().nullable(),
  responseOpens: z.string().nullable(),
  responseCloses: z.string().nullable(),
  discussionDeadline: z.string().nullable(),
  notificationDate: z.string().nullable(),
  /** Decision 0033: the most words an author response may have. */
  responseWordLimit: z.number().int(),
  /** Decision 0042: the publisher's DOI prefix (null: none yet) and the pattern of each paper's DOI suffix. */
  doiPrefix: z.string().nullable(),
  doiPattern: z.string(),
  /** Decision 0046: who signs the conference's letters and certificates, whether a signature image is uploaded, and how long passport numbers are kept after the conference. */
  organiserName: z.string(),
  organiserTitle: z.string(),
  hasSignature: z.boolean(),
  passportRetentionDays: z.number().int(),
});
export type EditorSettings = z.infer<typeof EditorSettings>;

/** The settings until the editor saves any: the one place their defaults are written. */
export const SETTINGS_DEFAULTS: EditorSettings = {
  submissionDeadline: null,
  reviewDeadline: null,
  cameraReadyDeadline: null,
  reviewersPerPaper: 3,
  maxPapersPerReviewer: 10,
  blindReview: false,
  blindAnnotationText: 'keep-unless-naming-author',
  reminderDaysBefore: null,
  reviewerApproval: false,
  requireVerifiedEmail: false,
  reviewVisibility: 'after-own-review',
  biddingDeadline: null,
  responseOpens: null,
  responseCloses: null,
  discussionDeadline: null,
  notificationDate: null,
  responseWordLimit: 500,
  doiPrefix: null,
  doiPattern: DOI_PATTERN_DEFAULT,
  organiserName: 'Organising Secretary',
  organiserTitle: 'Organising Committee',
  hasSignature: false,
  passportRetentionDays: 30,
};
/** The choices for annotations' text in the reviewers' copy, as the settings form words them. */
export const BLIND_ANNOTATION_TEXT = {
  'keep-unless-naming-author': 'Kept where it names no author',
  remove: 'Removed from every comment',
} as const;
export const REVIEW_VISIBILITY = {
  'after-own-review': 'After saving their own review',
  'after-deadline': 'After the review deadline',
  never: 'Never',
} as const;

export const Deadlines = EditorSettings.pick({ submissionDeadline: true, reviewDeadline: true, cameraReadyDeadline: true });
export type Deadlines = z.infer<typeof Deadlines>;

/**
 * Each setting as the settings form labels it, with its limits (docs/product.md#settings): messages name the field by its
 * label, and the form's inputs carry the same limits.
 */
export const SETTINGS_FIELDS = {
  submissionDeadline: { label: 'Submission deadline' },
  reviewDeadline: { label: 'Review deadline' },
  cameraReadyDeadline: { label: 'Camera-ready deadline' },
  reviewersPerPaper: { label: 'Reviewers per paper', min: 1, max: 20 },
  maxPapersPerReviewer: { label: 'Most papers per reviewer', min: 1, max: 500 },
  blindReview: { label: 'Blind review' },
  blindAnnotationText: { label: 'Text of comments in the reviewers\u2019 PDF' },
  requireVerifiedEmail: { label: 'Require a verified e-mail address' },
  reviewerApproval: { label: 'Reviewers need approval' },
  reminderDaysBefore: { label: 'Reminder, days before the review deadline', min: 1, max: 60 },
  reviewVisibility: { label: 'Reviewers see the other reviews' },
  biddingDeadline: { label: 'Bidding deadline' },
  responseOpens: { label: 'Author response opens' },
  responseCloses: { label: 'Author response closes' },
  discussionDeadline: { label: 'Discussion deadline' },
  notificationDate: { label: 'Notification date' },
  responseWordLimit: { label: 'Author response word limit', min: 50, max: 5000 },
  doiPrefix: { label: 'DOI prefix' },
  doiPattern: { label: 'DOI pattern' },
  organiserName: { label: 'Organiser\u2019s name (signs letters)' },
  organiserTitle: { label: 'Organiser\u2019s title' },
  passportRetentionDays: { label: 'Keep passport numbers, days after the conference', min: 1, max: 365 },
} as const;
const F = SETTINGS_FIELDS;

const wholeNumber = (key: 'reviewersPerPaper' | 'maxPapersPerReviewer' | 'responseWordLimit' | 'passportRetentionDays') => {
  const msg = `${F[key].label} must be a whole number from ${F[key].min} to ${F[key].max}`;
  return z.number({ message: msg }).int(msg).min(F[key].min, msg).max(F[key].max, msg);
};
const onOff = (key: 'blindReview' | 'reviewerApproval' | 'requireVerifiedEmail') =>
  z.boolean({ message: `${F[key].label} must be on or off (true or false)` });
const signatory = (key: 'organiserName' | 'organiserTitle') =>
  z
    .string({ message: `${F[key].label} must be text` })
    .trim()
    .min(1, `${F[key].label} must not be empty`)
    .max(120, `${F[key].label} must be at most 120 characters`)
    .refine(...plainLine(F[key].label));
const reminderMsg = `${F.reminderDaysBefore.label} must be a whole number of days from 1 to 60, or empty (null) for no reminders`;

export const UpdateSettingsBody = z
  .object({
    submissionDeadline: Deadline(F.submissionDeadline.label).optional(),
    reviewDeadline: Deadline(F.reviewDeadline.label).optional(),
    cameraReadyDeadline: Deadline(F.cameraReadyDeadline.label).optional(),
    reviewersPerPaper: wholeNumber('reviewersPerPaper').optional(),
    maxPapersPerReviewer: wholeNumber('maxPapersPerReviewer').optional(),
    blindReview: onOff('blindReview').optional(),
    blindAnnotationText: z
      .enum(['keep-unless-naming-author', 'remove'], {
        message: `${F.blindAnnotationText.label} must be keep-unless-naming-author or remove`,
      })
      .optional(),
    reviewerApproval: onOff('reviewerApproval').optional(),
    requireVerifiedEmail: onOff('requireVerifiedEmail').optional(),
    reminderDaysBefore: z.number({ message: reminderMsg }).int(reminderMsg).min(1, reminderMsg).max(60, reminderMsg).nullable().optional(),
    reviewVisibility: z
      .enum(['after-own-review', 'after-deadline', 'never'], {
        message: `${F.reviewVisibility.label} must be after-own-review, after-deadline or never`,
      })
      .optional(),
    biddingDeadline: Deadline(F.biddingDeadline.label).optional(),
    responseOpens: Deadline(F.responseOpens.label).optional(),
    responseCloses: Deadline(F.responseCloses.label).optional(),
    discussionDeadline: Deadline(F.discussionDeadline.label).optional(),
    notificationDate: Deadline(F.notificationDate.label).optional(),
    responseWordLimit: wholeNumber('responseWordLimit').optional(),
    /** null or '' clears it (no DOIs). */
    doiPrefix: DoiPrefix.nullable()
      .transform((v) => v || null)
      .optional(),
    doiPattern: DoiPattern.optional(),
    organiserName: signatory('organiserName').optional(),
    organiserTitle: signatory('organiserTitle').optional(),
    passportRetentionDays: wholeNumber('passportRetentionDays').optional(),
  })
  .strict();

/** The dated settings in the order the conference's phases run (decision 0035): each must come after the ones before it. */
export const DATE_KEYS = [
  'submissionDeadline',
  'biddingDeadline',
  'reviewDeadline',
  'responseOpens',
  'responseCloses',
  'discussionDeadline',
  'notificationDate',
  'cameraReadyDeadline',
] as const;
type DeadlineKey = (typeof DATE_KEYS)[number];
/**
 * The deadlines must come in their order (docs/product.md#settings): submission, then review, then camera-ready, each pair
 * only when both are set. Returns the message naming the two, or null.
 */
export function deadlineOrderProblem(d: Record<DeadlineKey, string | null>): string | null {
  const order: readonly DeadlineKey[] = DATE_KEYS;
  for (let i = 0; i < order.length; i++) {
    for (let j = i + 1; j < order.length; j++) {
      const a = d[order[i]!];
      const b = d[order[j]!];
      if (a && b && Date.parse(b) <= Date.parse(a)) {
        return `The ${F[order[j]!].label.toLowerCase()} must be after the ${F[order[i]!].label.toLowerCase()}`;
      }
    }
  }
  return null;
}
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBody>;
