import { createHash } from 'node:crypto';

const BLIND_COPY_SALT = 'blind-pdf-v1:';

/**
 * Where the copy of a stored PDF without its metadata is kept: a key derived from the original's, so that no
 * table has to name it (decision 21). The PostgreSQL store's sweep keeps it while the original is named.
 */
export const blindCopyKey = (storageKey: string): string => createHash('sha256').update(BLIND_COPY_SALT + storageKey).digest('hex');
/** blindCopyKey in SQL, of a column holding the original's key. */
export const blindCopyKeySql = (column: string): string => `encode(sha256(convert_to('${BLIND_COPY_SALT}' || ${column}, 'UTF8')), 'hex')`;
