import { eq, sql } from 'drizzle-orm';
import { newId } from '../../../core/ids';
import type { Db } from '../../db/connect';
import { paperFiles, papers } from '../../db/schema';
import type { PaperRow } from '../../db/schema';

/** A new abstract and/or a new PDF version; earlier versions are kept. */
export async function updatePaper(db: Db, input: { paperId: string; abstract?: string; file?: { key: string; size: number; fileName: string } }): Promise<PaperRow> {
  return db.transaction(async (tx) => {
    const set: Partial<typeof papers.$inferInsert> = { updatedAt: new Date() };
    if (input.abstract !== undefined) set.abstract = input.abstract;
    const [paper] = await tx.update(papers).set(set).where(eq(papers.id, input.paperId)).returning();
    if (input.file) {
      const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${paperFiles.version}), 0)::int + 1` })
        .from(paperFiles).where(eq(paperFiles.paperId, input.paperId)) as [{ next: number }];
      await tx.insert(paperFiles).values({
        id: newId(), paperId: input.paperId, version: next, storageKey: input.file.key, size: input.file.size, fileName: input.file.fileName,
      });
    }
    return paper as PaperRow;
  });
}
