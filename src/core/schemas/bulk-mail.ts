import { z } from '../zod';
import { MAIL_BODY_MAX, MAIL_SUBJECT_MAX, COMMON_PLACEHOLDERS, placeholdersIn } from '../mail-templates';
import { Id } from './common';
import { noBidiControls } from './text';
import { TrackId } from './tracks';

/**
 * A mail an editor (or a track chair, within their tracks) writes to a group (decision 0040). The group is resolved
 * when the mail is sent, one mail per address (lower-cased); each mail's {placeholders} are filled for its recipient.
 */

/** The placeholders a mail to a group may use: who it is for, their papers in the group, and the site's. */
export const BULK_MAIL_PLACEHOLDERS = ['name', 'email', 'papers', ...COMMON_PLACEHOLDERS, 'loginUrl'] as const;
export type BulkMailPlaceholder = (typeof BULK_MAIL_PLACEHOLDERS)[number];

export const BULK_MAIL_PLACEHOLDER_HELP: Record<BulkMailPlaceholder, string> = {
  name: 'the recipient\u2019s name',
  email: 'the recipient\u2019s address',
  papers: 'their papers in the group, one a line: "Title" (Paper ID: …)',
  conference: 'the conference\u2019s name',
  siteUrl: 'the site\u2019s address',
  loginUrl: 'the login page',
};

const list = (names: readonly string[]) => names.map((p) => `{${p}}`).join(', ');

/**
 * Why a mail to a group cannot be sent as written, or null: an empty, multi-line or over-long subject, an empty
 * or over-long body, or a placeholder the group's mails cannot fill.
 */
export function checkBulkMail(subject: string, body: string): string | null {
  if (!subject.trim()) return 'The subject must not be empty';
  if (!body.trim()) return 'The body must not be empty';
  if (/[\r\n]/.test(subject)) return 'The subject must be one line';
  if (subject.length > MAIL_SUBJECT_MAX) return `The subject must be at most ${MAIL_SUBJECT_MAX} characters`;
  if (body.length > MAIL_BODY_MAX) return `The body must be at most ${MAIL_BODY_MAX} characters`;
  const unknown = placeholdersIn(`${subject}\n${body}`).filter((p) => !(BULK_MAIL_PLACEHOLDERS as readonly string[]).includes(p));
  if (unknown.length) return `Unknown placeholder ${list(unknown)}: a mail to a group can use ${list(BULK_MAIL_PLACEHOLDERS)}`;
  return null;
}

/** Decisions as the authors were told them ('none': no decision sent yet; 'any': every paper not withdrawn). */
export const BULK_DECISIONS = ['any', 'Accepted', 'Rejected', 'Revision', 'none'] as const;
export const BULK_DECISION_LABELS: Record<(typeof BULK_DECISIONS)[number], string> = {
  any: 'Any decision or none',
  Accepted: 'Accepted',
  Rejected: 'Rejected',
  Revision: 'Revision',
  none: 'No decision sent yet',
};

/** A track's id, or null for every track (the editor's alone). */
const TrackOrAll = TrackId.nullable().default(null);

export const BULK_GROUPS = ['authors', 'missingReviews', 'reviewers', 'attendees', 'unregistered'] as const;
export type BulkGroup = (typeof BULK_GROUPS)[number];
export const BULK_GROUP_LABELS: Record<BulkGroup, string> = {
  authors: 'Authors of papers',
  missingReviews: 'Reviewers with missing reviews',
  reviewers: 'Reviewers of a track',
  attendees: 'Registered attendees',
  unregistered: 'Authors of accepted papers not registered',
};

const GROUP_MESSAGE = `group must be one of ${BULK_GROUPS.join(', ')}`;
/** Who a bulk mail goes to. Every group but the attendees may be narrowed to one track. */
export const BulkAudience = z.discriminatedUnion(
  'group',
  [
    z
      .object({
        group: z.literal('authors'),
        trackId: TrackOrAll,
        decision: z.enum(BULK_DECISIONS, { message: `decision must be one of ${BULK_DECISIONS.join(', ')}` }).default('any'),
        coAuthors: z.boolean({ message: 'coAuthors must be true or false' }).default(false),
      })
      .strict(),
    /** Reviewers who owe a review: assigned, not declined, the paper not withdrawn, no review saved. */
    z.object({ group: z.literal('missingReviews'), trackId: TrackOrAll }).strict(),
    /** Reviewers assigned a paper of the track who have not declined it (papers not withdrawn). */
    z.object({ group: z.literal('reviewers'), trackId: TrackOrAll }).strict(),
    /** People with a paid registration, by the name and address on it (a payment alone makes nobody an attendee). */
    z.object({ group: z.literal('attendees') }).strict(),
    /** Authors of accepted papers (the decision they were told) that no paid registration by one of their authors names yet. */
    z
      .object({
        group: z.literal('unregistered'),
        trackId: TrackOrAll,
        coAuthors: z.boolean({ message: 'coAuthors must be true or false' }).default(false),
      })
      .strict(),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? GROUP_MESSAGE : undefined) },
);
export type BulkAudience = z.infer<typeof BulkAudience>;

const Subject = z
  .string({ message: 'subject is required' })
  .max(MAIL_SUBJECT_MAX, `The subject must be at most ${MAIL_SUBJECT_MAX} characters`)
  .refine(...noBidiControls('The subject'));
const Body = z
  .string({ message: 'body is required' })
  .max(MAIL_BODY_MAX, `The body must be at most ${MAIL_BODY_MAX} characters`)
  .refine(...noBidiControls('The body'));

export const BulkMailPreviewBody = z
  .object(
    {
      audience: BulkAudience,
      subject: Subject,
      body: Body,
    },
    { message: 'Send {audience, subject, body}' },
  )
  .strict();
export type BulkMailPreviewBody = z.infer<typeof BulkMailPreviewBody>;

/** The client makes one key per composed mail: a second POST with the same key (a double click) sends nothing more. */
export const BulkMailKey = z
  .string({ message: 'key is required: one per composed mail' })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, 'key must be 16 to 64 letters, digits, - or _');

export const SendBulkMailBody = BulkMailPreviewBody.extend({ key: BulkMailKey }).strict();
export type SendBulkMailBody = z.infer<typeof SendBulkMailBody>;

export const PreviewMailJson = z.object({ to: z.string(), subject: z.string(), text: z.string() });
export const BulkMailPreviewJson = z.object({
  /** How many mails the group gets now (one per address). */
  count: z.number().int(),
  /** The first few mails as written for their recipients. */
  mails: z.array(PreviewMailJson),
});
export type BulkMailPreviewJson = z.infer<typeof BulkMailPreviewJson>;

/** Where a bulk mail's mails are: the queue's states, and those held for a daily digest or not sent (turned off). */
export const BulkProgressJson = z.object({
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Kept in the outbox: no mail server is configured. */
  outbox: z.number().int(),
  /** Recipients who chose a daily digest of announcements, or turned them off. */
  held: z.number().int(),
});
export type BulkProgressJson = z.infer<typeof BulkProgressJson>;

export const BulkMailJson = z.object({
  _id: z.string(),
  key: z.string(),
  audience: BulkAudience,
  /** What the group was, in words ("Authors of accepted papers, co-authors included, Track X"). */
  audienceLabel: z.string(),
  subject: z.string(),
  body: z.string(),
  recipients: z.number().int(),
  createdBy: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  progress: BulkProgressJson,
  /** Nothing left to deliver: no mail queued or being sent. */
  done: z.boolean(),
});
export type BulkMailJson = z.infer<typeof BulkMailJson>;

export const BulkMailsJson = z.object({ bulkMails: z.array(BulkMailJson) });
export type BulkMailsJson = z.infer<typeof BulkMailsJson>;

export const BulkFailureJson = z.object({
  to: z.string(),
  error: z.string().nullable(),
  smtpResponse: z.string().nullable(),
  attempts: z.number().int(),
});
export const BulkMailDetailJson = BulkMailJson.extend({
  /** The mails that failed for good, with the reason (at most 200). */
  failures: z.array(BulkFailureJson),
});
export type BulkMailDetailJson = z.infer<typeof BulkMailDetailJson>;

export const BulkMailParams = z.object({ bulkId: Id });

/** The group in words, for the list of bulk mails and the confirmation ("Authors of accepted papers and their co-authors in Track X"). */
export function describeAudience(audience: BulkAudience, trackName?: string | null): string {
  const where = 'trackId' in audience ? (audience.trackId ? ` in ${trackName ?? audience.trackId}` : ' in every track') : '';
  switch (audience.group) {
    case 'authors': {
      const which =
        audience.decision === 'any'
          ? 'papers'
          : audience.decision === 'none'
            ? 'papers with no decision sent'
            : `${audience.decision.toLowerCase()} papers`;
      return `Authors of ${which}${audience.coAuthors ? ' and their co-authors' : ' (submitting authors)'}${where}`;
    }
    case 'missingReviews':
      return `Reviewers with missing reviews${where}`;
    case 'reviewers':
      return `Reviewers${where}`;
    case 'attendees':
      return 'Registered attendees';
    case 'unregistered':
      return `Authors of accepted papers not registered${audience.coAuthors ? ', co-authors included' : ''}${where}`;
  }
}
