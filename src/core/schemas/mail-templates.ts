import { z } from '../zod';
import { MAIL_BODY_MAX, MAIL_CATEGORIES, MAIL_SUBJECT_MAX, type TemplateName } from '../mail-templates';
import { Id, PaperId } from './common';
import { noBidiControls } from './text';

/**
 * The editor's mail templates (decision 0038): every mail the product sends, its wording in force, the default, and
 * a preview filled from a real paper or person. checkTemplate (src/core/mail-templates.ts) is the rule for saving,
 * in the browser as on the server; these schemas only bound what arrives.
 */

/** Who a template is written to, for the editor's list (grouped in this order). */
export const MAIL_AUDIENCES = ['authors', 'reviewers', 'chairs', 'everyone'] as const;
export type MailAudience = (typeof MAIL_AUDIENCES)[number];
export const MAIL_AUDIENCE_LABELS: Record<MailAudience, string> = {
  authors: 'To authors',
  reviewers: 'To reviewers',
  chairs: 'To track chairs and editors',
  everyone: 'To everyone',
};

export const TEMPLATE_AUDIENCE: Record<TemplateName, MailAudience> = {
  decisionAccepted: 'authors',
  decisionRejected: 'authors',
  decisionRevision: 'authors',
  paperReceived: 'authors',
  paperWithdrawnCoAuthor: 'authors',
  registrationReminder: 'authors',
  programmeSlot: 'authors',
  responseWindowOpened: 'authors',
  reviewInvitation: 'reviewers',
  reviewAssigned: 'reviewers',
  reviewUnassigned: 'reviewers',
  paperWithdrawn: 'reviewers',
  reviewReminder: 'reviewers',
  reviewReminderByEditor: 'reviewers',
  authorResponseToReviewer: 'reviewers',
  discussionPosts: 'reviewers',
  trackChairNamed: 'chairs',
  authorResponseToChair: 'chairs',
  passwordReset: 'everyone',
  loginLink: 'everyone',
  verifyEmail: 'everyone',
  dataExportReady: 'everyone',
  dailyDigest: 'everyone',
  bulkMail: 'everyone',
  workshopSeatOpen: 'everyone',
  awardDecisionAwarded: 'everyone',
  awardDecisionNotAwarded: 'everyone',
  awardPanelReminder: 'chairs',
  visaLetterApproved: 'everyone',
  visaLetterRejected: 'everyone',
  registrationConfirmed: 'everyone',
  registrationReceived: 'everyone',
  registrationCancelled: 'everyone',
  nominationReceivedNominee: 'everyone',
  nominationReceivedNominator: 'everyone',
  certificateIssued: 'everyone',
  awardPanelAdded: 'everyone',
};

/** The template's name in the path; an unknown name is a 404 (the service's), not a 400. */
export const MailTemplateParams = z.object({ name: z.string().max(100, 'No such mail template') });

/** Generous bounds: checkTemplate gives the exact limits and the reasons. */
export const SaveMailTemplateBody = z.object({
  subject: z
    .string({ message: 'subject must be text' })
    .max(MAIL_SUBJECT_MAX * 10, `The subject must be at most ${MAIL_SUBJECT_MAX} characters`)
    .refine(...noBidiControls('The subject')),
  body: z
    .string({ message: 'body must be text' })
    .max(MAIL_BODY_MAX * 2, `The body must be at most ${MAIL_BODY_MAX} characters`)
    .refine(...noBidiControls('The body')),
});
export type SaveMailTemplateBody = z.infer<typeof SaveMailTemplateBody>;

export const PreviewMailTemplateBody = SaveMailTemplateBody.extend({
  /** Fill the paper's placeholders (title, id, track, topics, co-authors, its submitter's name) from this paper. */
  paperId: PaperId.optional(),
  /** Fill the person's placeholders (name, role) from this account. */
  userId: Id.optional(),
});
export type PreviewMailTemplateBody = z.infer<typeof PreviewMailTemplateBody>;

const TemplateWording = z.object({ subject: z.string(), body: z.string() });

export const MailTemplateJson = z.object({
  name: z.string(),
  label: z.string(),
  when: z.string(),
  category: z.enum(MAIL_CATEGORIES).nullable(),
  audience: z.enum(MAIL_AUDIENCES),
  /** The {placeholders} this template may use. */
  placeholders: z.array(z.string()),
  /** The wording in force: the editor's, or the default. */
  subject: z.string(),
  body: z.string(),
  customised: z.boolean(),
  updatedAt: z.string().nullable(),
  defaults: TemplateWording,
});
export type MailTemplateJson = z.infer<typeof MailTemplateJson>;

export const MailTemplatesJson = z.object({
  templates: z.array(MailTemplateJson),
  /** Papers and people the preview may be filled from, newest first. */
  previewChoices: z.object({
    papers: z.array(z.object({ id: z.string(), title: z.string() })),
    people: z.array(z.object({ id: z.string(), name: z.string(), role: z.string() })),
  }),
});
export type MailTemplatesJson = z.infer<typeof MailTemplatesJson>;

export const SavedMailTemplateJson = z.object({ message: z.string(), template: MailTemplateJson });
export type SavedMailTemplateJson = z.infer<typeof SavedMailTemplateJson>;

/** Where a preview's value came from: the paper or person chosen, the conference's settings, or an example. */
export const PREVIEW_SOURCES = ['paper', 'person', 'conference', 'example'] as const;
export const MailPreviewJson = z.object({
  subject: z.string(),
  text: z.string(),
  /** The HTML part as it will be sent (made from the text, everything escaped). */
  html: z.string(),
  values: z.array(z.object({ name: z.string(), value: z.string(), source: z.enum(PREVIEW_SOURCES) })),
});
export type MailPreviewJson = z.infer<typeof MailPreviewJson>;
