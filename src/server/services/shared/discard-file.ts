import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { FILE_REFERENCES } from '../../storage/file-references';
import { BACKUP_FILES_LOCK } from '../../storage/backup-lock';
import type { FileStore } from '../../storage/file-store';

/** Files are shared by content hash: remove one only when no row of any edition refers to it (storage/file-references.ts). */
export async function discardFileIfUnused({ db, store, key }: { db: Db; store: FileStore; key: string }): Promise<void> {
  const named = FILE_REFERENCES.map(([table, column]) => sql`exists (select 1 from ${sql.raw(table)} where ${sql.raw(column)} = ${key})`);
  const discard = async (q: Db) => {
    const { rows } = (await q.execute(sql`select (${sql.join(named, sql` or `)}) as used`)) as unknown as {
      rows: Array<{ used: boolean }>;
    };
    // The store itself keeps a file another request has just stored and not yet committed (storage/holds.ts).
    if (!rows[0]?.used) await store.delete(key);
  };
  // The PostgreSQL store's files are in the backup's snapshot itself; a disk file stays while a backup copies them (decision 0068).
  if (!store.localPath) return discard(db);
  await db.transaction(async (tx) => {
    const { rows } = (await tx.execute(sql`select pg_try_advisory_xact_lock_shared(${BACKUP_FILES_LOCK}) as free`)) as unknown as {
      rows: Array<{ free: boolean }>;
    };
    if (rows[0]?.free) await discard(tx as unknown as Db);
  });
}

/**
 * Run `work` on a file already stored under `key` (or several; none when the request sent no file): if the
 * work fails for any reason, the stored file is discarded unless a row refers to it, and the failure passed
 * on. The one place for "store, then discard on failure" (decision 0018).
 */
export async function discardOnFailure<T>(opts: {
  db: Db;
  store: FileStore;
  key: string | null | undefined | ReadonlyArray<string | null | undefined>;
  work: () => Promise<T>;
}): Promise<T> {
  try {
    return await opts.work();
  } catch (err) {
    const keys = Array.isArray(opts.key) ? opts.key : [opts.key];
    for (const key of keys) {
      // A failed discard must not hide why the work failed: the file is then only left behind.
      if (key) await discardFileIfUnused({ db: opts.db, store: opts.store, key }).catch(() => {});
    }
    throw err;
  }
}
