import {
  BulkMailDetailJson,
  BulkMailJson,
  BulkMailParams,
  BulkMailPreviewBody,
  BulkMailPreviewJson,
  BulkMailsJson,
  SendBulkMailBody,
} from '../schemas/bulk-mail';
import { endpoints } from './endpoint';

/**
 * Mail to a group (decision 0040): the editor writes to authors, reviewers or attendees; a track chair to groups
 * within their tracks. One mail per recipient through the mail queue, at the rate the mail server accepts.
 */
export const BULK_MAIL = endpoints('editor desk', {
  previewBulkMail: {
    method: 'POST',
    path: '/editor/bulk-mails/preview',
    summary: 'How many the group is now, and its first three mails as written for their recipients',
    description:
      'Sends nothing. 400 with the reason for an unknown placeholder or an empty subject or body; 403 for a track chair naming a track they do not chair, every track, or the attendees.',
    body: BulkMailPreviewBody,
    response: BulkMailPreviewJson,
  },
  sendBulkMail: {
    method: 'POST',
    path: '/editor/bulk-mails',
    summary: 'Send a mail to a group: one mail per recipient, queued in one transaction',
    description:
      "The group is resolved now, one mail per address (lower-cased). `key` is the client's, one per composed mail: a second POST " +
      'with the same key (a double click) answers 200 with the first bulk mail and sends nothing; 201 when it is new. 409 when the key was used ' +
      'for another mail, or the group is empty. Recipients who turned announcements off get nothing; those who chose a daily digest get it there.',
    body: SendBulkMailBody,
    status: 201,
    response: BulkMailJson,
    also: { 200: BulkMailJson },
    errors: [409],
  },
  listBulkMails: {
    method: 'GET',
    path: '/editor/bulk-mails',
    summary: 'The bulk mails, newest first, each with where its mails are (queued, sending, sent, failed, kept, held)',
    description: 'The editor sees every bulk mail; a track chair their own. At most the 50 newest.',
    response: BulkMailsJson,
  },
  getBulkMail: {
    method: 'GET',
    path: '/editor/bulk-mails/:bulkId',
    summary: "One bulk mail: its progress and the mails that failed, with the mail server's reason",
    params: BulkMailParams,
    response: BulkMailDetailJson,
  },
});
