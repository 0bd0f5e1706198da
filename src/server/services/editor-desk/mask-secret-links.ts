import { LINK_HIDDEN_DELIVERED, LINK_HIDDEN_PENDING, SECRET_TEMPLATES } from '../../../core/schemas/mail';
import type { MailQueueRow } from '../../db/schema';

export const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/g;

/** The http(s) addresses in a mail's text, in order, a trailing full stop or comma left out. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(URL_PATTERN)].map((m) => m[0].replace(/[.,;:!?]+$/, ''));
}

/**
 * A mail as the editor may read it: whole, except that when mail is configured every link in a password reset, a
 * one-time login or a verification mail is hidden, in every field the log returns (subject, body, the last error,
 * the SMTP answer), so that reading the log cannot take over an account. Applied when read, whatever wording the
 * mail was written from (an old one may have put the link in the subject). Without SMTP nothing was delivered and
 * the editor is the only way to the link (an organiser on a laptop). `masked`: something was hidden.
 */
export function maskSecretLinks({ mail, configured }: { mail: MailQueueRow; configured: boolean }): {
  mail: MailQueueRow;
  masked: boolean;
} {
  if (!configured || !(SECRET_TEMPLATES as string[]).includes(mail.template)) return { mail, masked: false };
  const hidden = mail.status === 'sent' ? LINK_HIDDEN_DELIVERED : LINK_HIDDEN_PENDING;
  const hide = <T extends string | null>(text: T): T => (text === null ? text : (text.replace(URL_PATTERN, hidden) as T));
  const masked = {
    ...mail,
    subject: hide(mail.subject),
    body: hide(mail.body),
    lastError: hide(mail.lastError),
    smtpResponse: hide(mail.smtpResponse),
  };
  const changed =
    masked.subject !== mail.subject ||
    masked.body !== mail.body ||
    masked.lastError !== mail.lastError ||
    masked.smtpResponse !== mail.smtpResponse;
  return { mail: masked, masked: changed };
}
