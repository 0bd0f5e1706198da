import { EditorStatsJson } from '../schemas/editor-stats';
import { MailIdParams, MailRetryJson, MailStatusJson } from '../schemas/mail';
import { AuditPageJson, AuditQuery, EXPORTS, ExportParams } from '../schemas/records';
import { endpoints, fileAnswer } from './endpoint';

/** The editor's desk: the mail queue and its status, the dashboard's statistics, the audit log and the CSV exports. */
export const EDITOR_DESK = endpoints('editor desk', {
  retryMail: {
    method: 'POST', path: '/editor/mails/:mailId/retry', summary: 'Queue a mail that failed for good once more',
    params: MailIdParams, response: MailRetryJson, errors: [409],
  },
  getMailStatus: {
    method: 'GET', path: '/editor/mail-status', summary: 'Whether e-mails are delivered or only kept in the outbox',
    description: 'Without SMTP_URL mails stay in the outbox: `configured` is false and `message` is the banner text the editor\'s pages show.',
    response: MailStatusJson,
  },
  listAuditEntries: {
    method: 'GET', path: '/editor/audit', summary: 'Who did what, newest first, one page at a time',
    description: 'Filters by action (a prefix ending in "." matches a family), actor, paper and time; the next page\'s cursor is `nextCursor`. Nothing in the log can be changed.',
    query: AuditQuery, response: AuditPageJson, errors: [503],
  },
  downloadExport: {
    method: 'GET', path: '/editor/exports/:file', summary: 'Download one of the editor\'s CSV exports',
    description: `UTF-8 with a byte order mark, cells guarded against formulas, streamed: ${EXPORTS.map((e) => `${e}.csv`).join(', ')}.`,
    params: ExportParams, response: fileAnswer('text/csv', 'The CSV file'), errors: [503],
  },
  getEditorStats: {
    method: 'GET', path: '/editor/stats', summary: 'The editor dashboard\'s chart data: submissions per day, reviews done, recommendations',
    response: EditorStatsJson,
  },
});
