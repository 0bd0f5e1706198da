/**
 * What the screens say about a mail, following its real state (decisions 0041 and 0037): the
 * 'sent' texts only for a mail the SMTP server took; without SMTP (status 'outbox') the mail is said to be kept.
 */
export type MailStateName = 'queued' | 'sending' | 'sent' | 'failed' | 'outbox';

/** The mail log's words for each state. */
export const MAIL_STATE_LABELS: Record<MailStateName, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  outbox: 'Kept in the outbox (mail is not configured)',
};

/**
 * The reviewer badge on the editor's paper page. The stored status stays 'Mail Sent' (the API's
 * reviewResponses); the badge says 'Mail Sent' only once the SMTP server accepted the invitation, and
 * otherwise what became of it: 'Mail Kept' (no SMTP), 'Mail Queued' (not taken yet), 'Mail Failed' (refused
 * or given up). Those are grey, as any other value is (docs/product.md#statuses). Any other status is shown as stored.
 */
export function reviewerBadge(status: string, invitationMail: MailStateName | null | undefined): string {
  if (status !== 'Mail Sent' || !invitationMail) return status;
  switch (invitationMail) {
    case 'sent':
      return 'Mail Sent';
    case 'outbox':
      return 'Mail Kept';
    case 'failed':
      return 'Mail Failed';
    case 'queued':
    case 'sending':
      return 'Mail Queued';
  }
}

/** Without SMTP: the forgot-password answer (the same whether or not the account exists). */
export const FORGOT_ANSWER_KEPT =
  'If an account with this email and role exists, a link to choose a new password has been written, ' +
  'but mail is not configured on this server, so it was kept in the site\u2019s outbox and not sent. The conference organisers can read it ' +
  'on their messages page. The link works once, within one hour.';
/** Without SMTP: the answer to "Verify email" (send the link again). */
export const VERIFY_KEPT =
  'Mail is not configured on this server: your new verification link was kept in the site\u2019s outbox and not sent. ' +
  'The conference organisers can read it on their messages page.';
/** With SMTP, the verification mail not taken by the mail server within the wait. */
export const VERIFY_QUEUED = 'Your new verification link is queued: the mail server has not taken it yet, it will be sent when it does.';
/** With SMTP, the verification mail refused for good. */
export const VERIFY_FAILED = 'The verification mail could not be sent. Please try again later.';

/** The track-chairs answer's note when mail is not configured and chairs were named. */
export const CHAIR_MAIL_KEPT = 'Mail is not configured: the e-mails to newly named chairs are kept in the outbox, nothing was sent.';

/** Registration reminders (the decisions page): honest about the mail. */
export function registrationReminded(count: number, configured: boolean): string {
  const who = count === 1 ? '1 author' : `${count} authors`;
  if (!configured)
    return `Mail is not configured: the ${count === 1 ? 'reminder' : 'reminders'} to ${who} ${count === 1 ? 'is' : 'are'} kept in the outbox, nothing was sent`;
  return `${count === 1 ? 'Reminder' : 'Reminders'} to ${who} queued: the mail queue sends ${count === 1 ? 'it' : 'them'} now`;
}

export type MailCounts = Record<MailStateName, number>;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 sent · 1 queued · 2 kept in the outbox · 1 failed": the states present, in that order. */
export function describeMailCounts(c: MailCounts): string {
  const parts = [
    c.sent ? `${c.sent} sent` : '',
    c.queued + c.sending ? `${c.queued + c.sending} queued` : '',
    c.outbox ? `${c.outbox} kept in the outbox` : '',
    c.failed ? `${c.failed} failed` : '',
  ].filter(Boolean);
  return parts.join(' · ');
}

/**
 * The decisions page's line once every decision has been passed on, from the state of the decision mails
 * (`counts`; null when the reader cannot see the mail log, a track chair).
 */
export function decisionsToldLine(counts: MailCounts | null): string {
  if (!counts)
    return 'Every decision has been passed to the mail queue; the editor\u2019s messages page shows whether each e-mail reached its author.';
  const total = counts.sent + counts.queued + counts.sending + counts.outbox + counts.failed;
  if (total === 0 || counts.sent === total) return 'Every decision has been sent to the authors.';
  if (counts.outbox === total)
    return `Every decision is recorded as told, but mail is not configured: the ${plural(total, 'decision e-mail is', 'decision e-mails are')} kept in the outbox, nothing was sent.`;
  return `Every decision has been passed on. Its e-mails: ${describeMailCounts(counts)}.`;
}

/** The answer once the decisions are passed on: the decisions of `papers` papers, their mails queued or kept (no SMTP). */
export function decisionsPassedOn(opts: { papers: number; skipped: number; mail: 'queued' | 'outbox' | undefined }): string {
  const papers = plural(opts.papers, 'paper', 'papers');
  const skipped = `skipped ${opts.skipped}`;
  if (opts.papers === 0) return `Nothing to send, ${skipped}`;
  if (opts.mail === 'outbox')
    return `Mail is not configured: the decisions of ${papers} are recorded as told, their e-mails kept in the outbox and not sent; ${skipped}`;
  return `The decision e-mails of ${papers} are queued: the mail queue sends them now; ${skipped}`;
}
