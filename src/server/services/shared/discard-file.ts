import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { awardNominations, cameraReady, keynoteSpeakers, paperFiles, settings, users } from '../../db/schema';
import type { FileStore } from '../../storage/file-store';

/** Files are shared by content hash: remove one only when no row refers to it. */
export async function discardFileIfUnused({ db, store, key }: { db: Db; store: FileStore; key: string }): Promise<void> {
  const [a] = await db.select({ k: paperFiles.storageKey }).from(paperFiles).where(eq(paperFiles.storageKey, key)).limit(1);
  const [b] = await db.select({ k: users.photoKey }).from(users).where(eq(users.photoKey, key)).limit(1);
  const [c] = await db.select({ k: keynoteSpeakers.photoKey }).from(keynoteSpeakers).where(eq(keynoteSpeakers.photoKey, key)).limit(1);
  const [d] = await db.select({ k: cameraReady.storageKey }).from(cameraReady).where(eq(cameraReady.storageKey, key)).limit(1);
  // An award nomination's CV or photo (decision 0044).
  const [n] = await db
    .select({ k: awardNominations.id })
    .from(awardNominations)
    .where(or(eq(awardNominations.cvKey, key), eq(awardNominations.photoKey, key)))
    .limit(1);
  if (n) return;
  // The organiser's signature and the conference's logo (decisions 0046 and 0051).
  const [e] = await db
    .select({ k: settings.id })
    .from(settings)
    .where(or(eq(settings.signatureKey, key), eq(settings.logoKey, key)))
    .limit(1);
  // The store itself keeps a file another request has just stored and not yet committed (storage/holds.ts).
  if (!a && !b && !c && !d && !e) await store.delete(key);
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
