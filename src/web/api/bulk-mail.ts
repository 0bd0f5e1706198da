import type { BodyOf } from '../../core/api/endpoint';
import { BULK_MAIL } from '../../core/api/bulk-mail';
import { call } from './client';

/** How many the group is now and its first mails as written for their recipients; sends nothing. */
export const previewBulkMail = (body: BodyOf<typeof BULK_MAIL.previewBulkMail>) => call(BULK_MAIL.previewBulkMail, { body });
/** Send a mail to a group; the same `key` again (a double click) answers the first bulk mail and sends nothing. */
export const sendBulkMail = (body: BodyOf<typeof BULK_MAIL.sendBulkMail>) => call(BULK_MAIL.sendBulkMail, { body });
/** The newest bulk mails with where their mails are. */
export const listBulkMails = () => call(BULK_MAIL.listBulkMails);
/** One bulk mail with its failed mails and their reasons. */
export const getBulkMail = (bulkId: string) => call(BULK_MAIL.getBulkMail, { params: { bulkId } });
