import { z } from 'zod';

/** An ISO 8601 instant ("2026-12-01T23:59:00Z", with an offset or Z) or null (no deadline). */
const Deadline = (field: string) => z.string({ message: `${field} must be an ISO 8601 date and time, or null` })
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)),
    `${field} must be an ISO 8601 date and time with a time zone (e.g. 2026-12-01T23:59:00Z), or null`)
  .nullable();

/** The editor's settings of the review cycle (issue 12); one line per field, so others can add theirs. */
export const EditorSettings = z.object({
  submissionDeadline: z.string().nullable(),
  reviewDeadline: z.string().nullable(),
  cameraReadyDeadline: z.string().nullable(),
  reviewersPerPaper: z.number().int(),
  maxPapersPerReviewer: z.number().int(),
  blindReview: z.boolean(),
  /** Days before the review deadline when reviewers with work left get one reminder; null: no reminders. */
  reminderDaysBefore: z.number().int().nullable(),
  /** Issue 16.6: new reviewers wait for an editor's approval before they receive papers. */
  reviewerApproval: z.boolean(),
  /** Issue 17: only reviewers who verified their e-mail address are suggested, sent or auto-assigned. */
  requireVerifiedEmail: z.boolean(),
});
export type EditorSettings = z.infer<typeof EditorSettings>;

/** The settings until the editor saves any: the one place their defaults are written (issue 29 §1.5). */
export const SETTINGS_DEFAULTS: EditorSettings = {
  submissionDeadline: null, reviewDeadline: null, cameraReadyDeadline: null,
  reviewersPerPaper: 3, maxPapersPerReviewer: 10, blindReview: false, reminderDaysBefore: null,
  reviewerApproval: false, requireVerifiedEmail: false,
};

export const Deadlines = EditorSettings.pick({ submissionDeadline: true, reviewDeadline: true, cameraReadyDeadline: true });
export type Deadlines = z.infer<typeof Deadlines>;

export const UpdateSettingsBody = z.object({
  submissionDeadline: Deadline('submissionDeadline').optional(),
  reviewDeadline: Deadline('reviewDeadline').optional(),
  cameraReadyDeadline: Deadline('cameraReadyDeadline').optional(),
  reviewersPerPaper: z.number({ message: 'reviewersPerPaper must be a whole number from 1 to 20' })
    .int('reviewersPerPaper must be a whole number from 1 to 20').min(1, 'reviewersPerPaper must be a whole number from 1 to 20')
    .max(20, 'reviewersPerPaper must be a whole number from 1 to 20').optional(),
  maxPapersPerReviewer: z.number({ message: 'maxPapersPerReviewer must be a whole number from 1 to 500' })
    .int('maxPapersPerReviewer must be a whole number from 1 to 500').min(1, 'maxPapersPerReviewer must be a whole number from 1 to 500')
    .max(500, 'maxPapersPerReviewer must be a whole number from 1 to 500').optional(),
  blindReview: z.boolean({ message: 'blindReview must be true or false' }).optional(),
  reviewerApproval: z.boolean({ message: 'reviewerApproval must be true or false' }).optional(),
  requireVerifiedEmail: z.boolean({ message: 'requireVerifiedEmail must be true or false' }).optional(),
  reminderDaysBefore: z.number({ message: 'reminderDaysBefore must be a whole number of days from 1 to 60, or null' })
    .int('reminderDaysBefore must be a whole number of days from 1 to 60, or null').min(1, 'reminderDaysBefore must be a whole number of days from 1 to 60, or null')
    .max(60, 'reminderDaysBefore must be a whole number of days from 1 to 60, or null').nullable().optional(),
}).strict();
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBody>;
