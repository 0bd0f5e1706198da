import { eq, sql } from 'drizzle-orm';
import { newId } from '../../../core/ids';
import type { Db } from '../../db/connect';
import { paperFiles, papers } from '../../db/schema';
import type { Paper } from './papers';

/** What an author's revision may set on the paper row (docs/product.md#assignments-declines-and-withdrawals): each field left undefined stays as it is. */
export interface PaperChanges {
  title?: string;
  abstract?: string;
  keywords?: string[];
  trackId?: string;
  freeKeywords?: string[];
}

/** New metadata and/or a new PDF version; earlier versions are kept. */
export async function updatePaper(input: {
  db: Db;
  paperId: string;
  changes?: PaperChanges;
  file?: { key: string; size: number; fileName: string };
}): Promise<Paper> {
  return input.db.transaction(async (tx) => {
    const c = input.changes ?? {};
    const set: Partial<typeof papers.$inferInsert> = { updatedAt: new Date() };
    if (c.title !== undefined) set.title = c.title;
    if (c.abstract !== undefined) set.abstract = c.abstract;
    if (c.keywords !== undefined) set.keywords = [...new Set(c.keywords)];
    if (c.trackId !== undefined) set.trackId = c.trackId;
    if (c.freeKeywords !== undefined) set.freeKeywords = [...new Set(c.freeKeywords)];
    const [paper] = await tx.update(papers).set(set).where(eq(papers.id, input.paperId)).returning();
    if (input.file) {
      const [{ next }] = (await tx
        .select({ next: sql<number>`coalesce(max(${paperFiles.version}), 0)::int + 1` })
        .from(paperFiles)
        .where(eq(paperFiles.paperId, input.paperId))) as [{ next: number }];
      await tx.insert(paperFiles).values({
        id: newId(),
        paperId: input.paperId,
        version: next,
        storageKey: input.file.key,
        size: input.file.size,
        fileName: input.file.fileName,
      });
    }
    return paper!;
  });
}
