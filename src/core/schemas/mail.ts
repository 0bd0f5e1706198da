import { z } from 'zod';
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
});
export type MailJson = z.infer<typeof MailJson>;

export const ContactMessageJson = z.object({
  _id: z.string(), name: z.string(), email: z.string(), phone: z.string(), subject: z.string(), message: z.string(), createdAt: z.string(),
});
export type ContactMessageJson = z.infer<typeof ContactMessageJson>;

export const EditorMessagesJson = z.object({ messages: z.array(ContactMessageJson), mails: z.array(MailJson) });
export type EditorMessagesJson = z.infer<typeof EditorMessagesJson>;

export const MailIdParams = z.object({ mailId: Id });

export const SendMailJson = z.object({ message: z.string(), result: MailState });
export type SendMailJson = z.infer<typeof SendMailJson>;

export const MailRetryJson = z.object({ message: z.string(), mail: MailJson });
export const MAIL_RETRY_QUEUED = 'The mail is queued again';

/** Whether the server delivers mail (SMTP_URL set) or only keeps it in the outbox: the editor's banner (issue 18 §3). */
export const MailStatusJson = z.object({ configured: z.boolean(), message: z.string().nullable() });
export type MailStatusJson = z.infer<typeof MailStatusJson>;
