import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { committeeMembers, keynoteSpeakers, paperFiles, sponsors, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { FileStore } from '../../storage/file-store';
import type { PdfVariant } from '../../storage/signed-url';
import { imageType } from '../../storage/sniff';
import { ensureBlindCopy } from './blind-pdf';
import { getSettingsRow } from './settings';

/**
 * A stored PDF version (the signed link was checked by the route): its key, size (unknown for a made copy) and
 * the name to show; 404 when gone. A reviewer's link, under blind review, gets the copy without the PDF's
 * metadata and what else may name the authors (blind-pdf.ts), whenever the link was handed out.
 */
export async function findPaperPdf(opts: {
  db: Db;
  files: FileStore;
  fileId: string;
  variant?: PdfVariant;
}): Promise<{ storageKey: string; size?: number; fileName: string }> {
  const [file] = await opts.db.select().from(paperFiles).where(eq(paperFiles.id, opts.fileId)).limit(1);
  if (!file || !(await opts.files.exists(file.storageKey))) throw new AppError('not_found', 'PDF not found');
  // Under blind review the author's own file name (often their name) is not passed on.
  const blind = (await getSettingsRow({ db: opts.db }))?.blindReview;
  if (blind && opts.variant === 'reviewer') {
    return {
      storageKey: await ensureBlindCopy({ db: opts.db, files: opts.files, paperId: file.paperId, storageKey: file.storageKey }),
      fileName: `paper-${file.paperId}-v${file.version}.pdf`,
    };
  }
  const fileName = blind
    ? `paper-${file.paperId}-v${file.version}.pdf`
    : (
        file.fileName
          .replace(/[^A-Za-z0-9._ -]+/g, '_')
          .replace(/^\.+/, '')
          .slice(0, 100) || 'paper'
      ).replace(/(\.pdf)?$/i, '.pdf');
  return { storageKey: file.storageKey, size: file.size, fileName };
}

/** A photo by its content hash, only if some user or keynote speaker has it as photo: its image type; 404 otherwise. */
export async function findPhoto(opts: { db: Db; files: FileStore; key: string }): Promise<{ type: string }> {
  const { db, key } = opts;
  if (!/^[0-9a-f]{64}$/.test(key)) throw new AppError('not_found', 'Photo not found');
  const [user] = await db.select({ k: users.photoKey }).from(users).where(eq(users.photoKey, key)).limit(1);
  const [speaker] = user
    ? [user]
    : await db.select({ k: keynoteSpeakers.photoKey }).from(keynoteSpeakers).where(eq(keynoteSpeakers.photoKey, key)).limit(1);
  // A committee member's photo or a sponsor's logo (decision 0062) is served the same way.
  const [listed] = speaker
    ? [speaker]
    : await db
        .select({ k: committeeMembers.photoKey })
        .from(committeeMembers)
        .where(eq(committeeMembers.photoKey, key))
        .union(db.select({ k: sponsors.logoKey }).from(sponsors).where(eq(sponsors.logoKey, key)))
        .limit(1);
  if (!listed || !(await opts.files.exists(key))) throw new AppError('not_found', 'Photo not found');
  const type = imageType(await opts.files.head(key, 16));
  if (!type) throw new AppError('not_found', 'Photo not found');
  return { type };
}
