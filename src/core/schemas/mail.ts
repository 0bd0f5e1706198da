import { z } from '../zod';
import { SECRET_PLACEHOLDERS, TEMPLATE_NAMES, type TemplateName } from '../mail-templates';
import { Id } from './common';

export const MAIL_STATES = ['queued', 'sending', 'sent', 'failed', 'outbox'] as const;
export const MailState = z.enum(MAIL_STATES);

/** One e-mail of the queue as the editor's messages page shows it. `result` is its state (kept under its old name). */
export const MailJson = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  result: MailState,
  /** The last delivery error (null when none). */
  error: z.string().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  /** The kind of notification (null: essential, always sent). */
  category: z.string().nullable(),
  /** The SMTP server's last answer, as it came: its acceptance ("250 …") or its refusal (decision 0037). */
  smtpResponse: z.string().nullable(),
});
export type MailJson = z.infer<typeof MailJson>;

/** Mails that carry a secret link (a password reset, a one-time login, a verification): those with SECRET_PLACEHOLDERS. */
export const SECRET_TEMPLATES = Object.keys(SECRET_PLACEHOLDERS) as TemplateName[];
/** What replaces such a link in the body the editor reads when mail is configured (the link goes to the recipient only). */
export const LINK_HIDDEN_DELIVERED = '[link hidden: it was delivered to the recipient]';
export const LINK_HIDDEN_PENDING = '[link hidden: it goes to the recipient only]';

/** One mail whole (decision 0041): its body, with the links in it, and its delivery record. */
export const MailDetailJson = MailJson.extend({
  body: z.string(),
  /** The http(s) addresses in the body, in order (after any masking). */
  links: z.array(z.string()),
  /** True when a secret link was hidden, in the body or any other field (mail is configured: the link is the recipient's alone). */
  masked: z.boolean(),
  /** The template's name for people (TEMPLATE_INFO). */
  templateLabel: z.string(),
  bulkId: z.string().nullable(),
  listUnsubscribe: z.string().nullable(),
});
export type MailDetailJson = z.infer<typeof MailDetailJson>;

const TEMPLATES_MESSAGE = 'template must be one or more template names separated by commas';
/** The mail log filtered: to one address (any case), in one state, of one or more templates (comma-separated). */
export const MailListQuery = z.object({
  to: z.string().trim().min(1, 'to must be an e-mail address').max(320, 'to is too long').optional(),
  status: z.enum(MAIL_STATES, { message: `status must be one of ${MAIL_STATES.join(', ')}` }).optional(),
  template: z
    .string()
    .max(1000, TEMPLATES_MESSAGE)
    .refine((v) => v.split(',').every((t) => (TEMPLATE_NAMES as string[]).includes(t)), TEMPLATES_MESSAGE)
    .optional(),
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 500').max(500, 'limit must be 1 to 500').optional(),
});
export type MailListQuery = z.infer<typeof MailListQuery>;

export const MailCountsJson = z.object({
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  outbox: z.number().int(),
});
/** The newest matching mails (`limit`, 200 unless said), how many match in all, and the counts per state of the mails to that address and template whatever their state. */
export const MailListJson = z.object({ mails: z.array(MailJson), total: z.number().int(), counts: MailCountsJson });
export type MailListJson = z.infer<typeof MailListJson>;

export const ContactMessageJson = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ContactMessageJson = z.infer<typeof ContactMessageJson>;

export const EditorMessagesJson = z.object({ messages: z.array(ContactMessageJson), mails: z.array(MailJson) });
export type EditorMessagesJson = z.infer<typeof EditorMessagesJson>;

export const MailIdParams = z.object({ mailId: Id });

export const SendMailJson = z.object({ message: z.string(), result: MailState });
export type SendMailJson = z.infer<typeof SendMailJson>;

export const MailRetryJson = z.object({ message: z.string(), mail: MailJson });
export const MAIL_RETRY_QUEUED = 'The mail is queued again';

/** Whether the server delivers mail (SMTP_URL set) or only keeps it in the outbox: the editor's banner (docs/product.md#mail). */
export const MailStatusJson = z.object({ configured: z.boolean(), message: z.string().nullable() });
export type MailStatusJson = z.infer<typeof MailStatusJson>;

/** The state of the newest invitation mail (Send Mail) to each reviewer of a paper: the badge follows it (core/mail-states.ts). */
export const InvitationMailsJson = z.object({
  invitations: z.array(z.object({ reviewerId: z.string(), mailId: z.string(), state: MailState })),
});
export type InvitationMailsJson = z.infer<typeof InvitationMailsJson>;
