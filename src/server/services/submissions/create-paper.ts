import { newId } from '../../../core/ids';
import type { NewPaperFields } from '../../../core/schemas/paper';
import type { Db } from '../../db/connect';
import { paperFiles, papers } from '../../db/schema';
import type { Paper } from './papers';

/** The paper row and its first PDF version, together or not at all. */
export async function createPaper(input: {
  db: Db;
  authorId: string;
  fields: NewPaperFields;
  trackId: string;
  file: { key: string; size: number; fileName: string };
}): Promise<Paper> {
  return input.db.transaction(async (tx) => {
    const [paper] = await tx
      .insert(papers)
      .values({
        id: newId(),
        authorId: input.authorId,
        title: input.fields.title,
        abstract: input.fields.abstract,
        keywords: [...new Set(input.fields.keywords)],
        trackId: input.trackId,
        freeKeywords: [...new Set(input.fields.freeKeywords)],
      })
      .returning();
    await tx.insert(paperFiles).values({
      id: newId(),
      paperId: paper!.id,
      version: 1,
      storageKey: input.file.key,
      size: input.file.size,
      fileName: input.file.fileName,
    });
    return paper!;
  });
}
