import { fileAnswer, endpoints } from './endpoint';
import { DataExportQuery, DataExportQueuedJson, EraseBody, ErasedJson, ErasurePreviewJson } from '../schemas/personal-data';

/** Decision 0071: a person downloads everything held about them, or erases their account (GDPR articles 15, 17, 20). */
export const PERSONAL_DATA = endpoints('accounts', {
  requestDataExport: {
    method: 'POST',
    path: '/account/data-export',
    summary: 'Ask for a download of everything held about the signed-in account; a link is mailed when it is ready',
    description: 'Made in the background. While one is being made, asking again changes nothing. At most 3 an hour.',
    status: 202,
    response: DataExportQueuedJson,
  },
  downloadDataExport: {
    method: 'GET',
    path: '/account/data-export/download',
    summary: 'Download the zip of the mailed link: once, by the account it was made for, within 24 hours',
    description: 'Any other use of the token (another account, a second time, after 24 hours) is the same 404.',
    query: DataExportQuery,
    response: fileAnswer('application/zip', 'JSON documents of everything held about the account, and its files'),
  },
  previewErasure: {
    method: 'GET',
    path: '/account/erasure',
    summary: 'What erasing the signed-in account would keep (anonymised) and delete',
    response: ErasurePreviewJson,
  },
  eraseAccount: {
    method: 'POST',
    path: '/account/erasure',
    summary: 'Erase the signed-in account, confirmed with its password',
    description:
      'What the conference record or the law needs is kept under a pseudonym; the rest is deleted, and the account can no longer sign in. A wrong password is 403 and counts as a failed login.',
    body: EraseBody,
    response: ErasedJson,
  },
});
