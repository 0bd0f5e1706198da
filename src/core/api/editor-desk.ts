import { EditorStatsJson } from '../schemas/editor-stats';
import { FirstStepsJson } from '../schemas/first-steps';
import { z } from '../zod';
import { PaperId } from '../schemas/common';
import {
  InvitationMailsJson,
  MailDetailJson,
  MailIdParams,
  MailListJson,
  MailListQuery,
  MailRetryJson,
  MailStatusJson,
} from '../schemas/mail';
import { AuditPageJson, AuditQuery, EXPORTS, ExportParams } from '../schemas/records';
import { endpoints, fileAnswer } from './endpoint';

const PaperParams = z.object({ paperId: PaperId });

/** The editor's desk: the mail queue and its status, the dashboard's statistics, the audit log and the CSV exports. */
export const EDITOR_DESK = endpoints('editor desk', {
  retryMail: {
    method: 'POST',
    path: '/editor/mails/:mailId/retry',
    summary: 'Queue a mail that failed for good once more',
    params: MailIdParams,
    response: MailRetryJson,
    errors: [409],
  },
  listMails: {
    method: 'GET',
    path: '/editor/mails',
    summary: 'The mail log filtered: what reached one address, in one state, of some templates',
    description:
      '`to` matches the address in any case; `template` takes one or more names separated by commas. The newest `limit` (200 unless said, at most 500), ' +
      'the number that match, and the counts per state of the mails to that address and of those templates. The editor only.',
    query: MailListQuery,
    response: MailListJson,
  },
  getMail: {
    method: 'GET',
    path: '/editor/mails/:mailId',
    summary: 'One mail whole: recipient, subject, body, links, state, attempts, the SMTP answer',
    description:
      'Without SMTP (the mail kept in the outbox) the body is whole, so an organiser can open a reset or verification link on a laptop. ' +
      "When mail is configured, the link in a password reset, one-time login or verification mail is hidden (`masked`) in every field, the subject, error and SMTP answer as well as the body (and so in the list): it is the recipient's alone. The editor only.",
    params: MailIdParams,
    response: MailDetailJson,
  },
  listInvitationMails: {
    method: 'GET',
    path: '/editor/papers/:paperId/invitation-mails',
    summary: 'What became of the newest Send Mail invitation to each reviewer of a paper',
    description:
      "Queued, sending, sent, failed, or kept in the outbox (no SMTP): the reviewer badge follows it. The editor, or a track chair of the paper's track.",
    params: PaperParams,
    response: InvitationMailsJson,
  },
  getMailStatus: {
    method: 'GET',
    path: '/editor/mail-status',
    summary: 'Whether e-mails are delivered or only kept in the outbox',
    description:
      "Without SMTP_URL mails stay in the outbox: `configured` is false and `message` is the banner text the editor's pages show.",
    response: MailStatusJson,
  },
  listAuditEntries: {
    method: 'GET',
    path: '/editor/audit',
    summary: 'Who did what, newest first, one page at a time',
    description:
      'Filters by action (a prefix ending in "." matches a family), actor, paper and time; the next page\'s cursor is `nextCursor`. Nothing in the log can be changed.',
    query: AuditQuery,
    response: AuditPageJson,
    errors: [503],
  },
  downloadExport: {
    method: 'GET',
    path: '/editor/exports/:file',
    summary: "Download one of the editor's CSV exports",
    description: `UTF-8 with a byte order mark, cells guarded against formulas, streamed: ${EXPORTS.map((e) => `${e}.csv`).join(', ')}.`,
    params: ExportParams,
    response: fileAnswer('text/csv', 'The CSV file'),
    errors: [503],
  },
  getEditorStats: {
    method: 'GET',
    path: '/editor/stats',
    summary: "The editor dashboard's chart data: submissions per day, reviews done, recommendations",
    response: EditorStatsJson,
  },
  getFirstSteps: {
    method: 'GET',
    path: '/editor/first-steps',
    summary: 'What this edition still lacks, in the order of its phases: the first steps on the editor dashboard',
    description:
      'Each step (`key`, `label`, `done`, `detail`, `href`: the screen where it is done) is decided from the data: sample conference facts, ' +
      'deadlines not set, open tracks without a chair, no review questions, no early-bird price, papers without a reviewer, ' +
      'decisions not released, the programme and proceedings not published, no award panel. The editor only.',
    response: FirstStepsJson,
  },
});
