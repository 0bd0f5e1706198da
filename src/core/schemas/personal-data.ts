import { z } from '../zod';

/** Decision 0071: a person's data, downloaded or erased. */
export const DATA_EXPORT_LINK_BAD =
  'This download link does not work: it was used already, it has expired, or it belongs to another account. Ask for a new download on the Your data page.';
export const ERASE_PASSWORD_WRONG = 'That is not your password: nothing was erased';
export const DATA_EXPORT_QUEUED = 'We are gathering your data. We will mail you a link to download it when it is ready.';
export const DATA_EXPORT_PENDING = 'Your data is already being gathered. We will mail you a link when it is ready.';
export const ACCOUNT_ERASED = 'Your account has been erased.';

export const DataExportQueuedJson = z.object({ message: z.string(), queued: z.boolean() });

export const DataExportQuery = z.object({
  token: z.string({ message: DATA_EXPORT_LINK_BAD }).regex(/^[A-Za-z0-9_-]{43}$/, DATA_EXPORT_LINK_BAD),
});

/** What erasure keeps, anonymised, and what it deletes: shown before the person confirms. */
export const ErasurePreviewJson = z.object({
  kept: z.array(z.string()),
  deleted: z.array(z.string()),
  /** Said when other accounts share the address: they stay. */
  otherAccounts: z.string().nullable(),
});
export type ErasurePreviewJson = z.infer<typeof ErasurePreviewJson>;

export const EraseBody = z.object({
  password: z.string({ message: 'Type your password to confirm' }).min(1, 'Type your password to confirm').max(200),
});
export type EraseBody = z.infer<typeof EraseBody>;

export const ErasedJson = z.object({ message: z.string(), kept: z.array(z.string()) });
