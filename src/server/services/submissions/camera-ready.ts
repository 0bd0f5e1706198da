import { and, desc, eq, sql } from 'drizzle-orm';
import { newId } from '../../../core/ids';
import { MESSAGES } from '../../../core/messages';
import type { Db } from '../../db/connect';
import { pgArray } from '../../db/pg-array';
import { cameraReady, paperFiles, papers } from '../../db/schema';
import { AppError } from '../../errors';
import { signedPdfUrl } from '../../storage/signed-url';
import { getSettingsRow, isPast } from '../shared/settings';
import type { Paper } from './papers';

/** Refused unless the author was told the paper is accepted, and before the camera-ready deadline. */
export async function checkCameraReadyAllowed({ db, paper }: { db: Db; paper: Paper }): Promise<void> {
  if (paper.notifiedDecision !== 'Accepted') throw new AppError('forbidden', MESSAGES.cameraReadyNotAccepted);
  if (isPast((await getSettingsRow({ db }))?.cameraReadyDeadline)) throw new AppError('forbidden', MESSAGES.cameraReadyDeadlinePassed);
}

/**
 * The camera-ready PDF becomes the paper's newest version (so every existing link and view serves it) and is
 * recorded as the camera-ready one, in one transaction.
 */
export async function storeCameraReady(opts: {
  db: Db;
  paper: Paper;
  file: { key: string; size: number; fileName: string };
}): Promise<Paper> {
  return opts.db.transaction(async (tx) => {
    const [last] = await tx
      .select({ v: paperFiles.version })
      .from(paperFiles)
      .where(eq(paperFiles.paperId, opts.paper.id))
      .orderBy(desc(paperFiles.version))
      .limit(1)
      .for('update');
    await tx.insert(paperFiles).values({
      id: newId(),
      paperId: opts.paper.id,
      version: (last?.v ?? 0) + 1,
      storageKey: opts.file.key,
      size: opts.file.size,
      fileName: opts.file.fileName,
    });
    const values = { storageKey: opts.file.key, size: opts.file.size, fileName: opts.file.fileName, uploadedAt: new Date() };
    await tx
      .insert(cameraReady)
      .values({ paperId: opts.paper.id, ...values })
      .onConflictDoUpdate({ target: cameraReady.paperId, set: values });
    const [row] = await tx.update(papers).set({ updatedAt: new Date() }).where(eq(papers.id, opts.paper.id)).returning();
    return row!;
  });
}

/** The camera-ready version of each paper as a signed link, for the editor's paper JSON. */
export async function cameraReadyLinks({
  db,
  secret,
  paperIds,
}: {
  db: Db;
  secret: string;
  paperIds: string[];
}): Promise<Map<string, { pdf: string; uploadedAt: string }>> {
  const out = new Map<string, { pdf: string; uploadedAt: string }>();
  if (paperIds.length === 0) return out;
  const rows = await db
    .selectDistinctOn([paperFiles.paperId], { paperId: paperFiles.paperId, fileId: paperFiles.id, uploadedAt: cameraReady.uploadedAt })
    .from(cameraReady)
    .innerJoin(paperFiles, and(eq(paperFiles.paperId, cameraReady.paperId), eq(paperFiles.storageKey, cameraReady.storageKey)))
    .where(sql`${cameraReady.paperId} = any(${pgArray(paperIds)}::text[])`)
    .orderBy(paperFiles.paperId, desc(paperFiles.version));
  for (const r of rows) out.set(r.paperId, { pdf: signedPdfUrl(secret, r.fileId), uploadedAt: r.uploadedAt.toISOString() });
  return out;
}
