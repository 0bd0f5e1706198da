import { eq } from 'drizzle-orm';
import { paperPagePath } from '../../../core/routes';
import type { PaperSlidesJson } from '../../../core/schemas/proceedings';
import type { Db } from '../../db/connect';
import { paperSlides } from '../../db/schema';
import { AppError } from '../../errors';
import type { Caller } from '../../permissions';
import type { FileStore } from '../../storage/file-store';
import { recordAudit, type Actor } from '../shared/audit';
import { discardFileIfUnused } from '../shared/discard-file';
import { findAuthorPaper } from './author-papers';
import type { Paper } from './papers';

type SlidesRow = typeof paperSlides.$inferSelect;

const toSlidesJson = (row: SlidesRow | undefined): PaperSlidesJson | null =>
  row
    ? {
        url: `${paperPagePath(row.paperId)}/slides.pdf`,
        size: row.size,
        fileName: row.fileName,
        uploadedAt: row.uploadedAt.toISOString(),
      }
    : null;

async function findSlides(db: Db, paperId: string): Promise<SlidesRow | undefined> {
  const [row] = await db.select().from(paperSlides).where(eq(paperSlides.paperId, paperId)).limit(1);
  return row;
}

/**
 * The caller's paper, if it may take slides now (decision 0066): an author of it (the submitter or a co-author), its
 * acceptance sent to the authors, not withdrawn. Asked before the upload is read.
 */
export async function findPaperForSlides(opts: { db: Db; caller: Caller; paperId: string }): Promise<Paper> {
  const { paper } = await findAuthorPaper(opts);
  if (paper.notifiedDecision !== 'Accepted')
    throw new AppError('forbidden', 'Slides can be uploaded once the acceptance of the paper has been sent to its authors');
  if (paper.withdrawnAt) throw new AppError('conflict', 'This paper has been withdrawn');
  return paper;
}

/** The slides of one of the caller's papers, as its authors see them. */
export async function getPaperSlides(opts: { db: Db; caller: Caller; paperId: string }): Promise<PaperSlidesJson | null> {
  const { paper } = await findAuthorPaper(opts);
  return toSlidesJson(await findSlides(opts.db, paper.id));
}

/**
 * The slides (already stored and checked as a PDF) become the paper's, replacing earlier ones, audited in the same
 * transaction; the earlier file is discarded once no row of any edition names it (storage/file-references.ts).
 */
export async function saveSlides(opts: {
  db: Db;
  files: FileStore;
  author: Actor;
  paper: Paper;
  file: { key: string; size: number; fileName: string } | undefined;
}): Promise<PaperSlidesJson> {
  const { db, author, paper, file } = opts;
  if (!file) throw new AppError('bad_request', 'Please attach the slides as a PDF file');
  const { row, previous } = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(paperSlides).where(eq(paperSlides.paperId, paper.id)).for('update').limit(1);
    const values = { storageKey: file.key, size: file.size, fileName: file.fileName, uploadedBy: author.id, uploadedAt: new Date() };
    const [saved] = await tx
      .insert(paperSlides)
      .values({ paperId: paper.id, ...values })
      .onConflictDoUpdate({ target: paperSlides.paperId, set: values })
      .returning();
    await recordAudit(tx, {
      actorId: author.id,
      actorRole: 'Author',
      action: 'paper.slides',
      paperId: paper.id,
      ip: author.ip,
      details: { size: file.size },
    });
    return { row: saved!, previous: before?.storageKey };
  });
  if (previous && previous !== file.key) await discardFileIfUnused({ db, store: opts.files, key: previous });
  return toSlidesJson(row)!;
}

/** A paper's slides for the editor (decision 0066); null when it has none. */
export async function findPaperSlides(opts: { db: Db; paperId: string }): Promise<PaperSlidesJson | null> {
  return toSlidesJson(await findSlides(opts.db, opts.paperId));
}

/** The editor takes a paper's slides off its page (decision 0066), audited; 404 when it has none. */
export async function removePaperSlides(opts: { db: Db; files: FileStore; editor: Actor; paperId: string }): Promise<void> {
  const key = await opts.db.transaction(async (tx) => {
    const [row] = await tx.delete(paperSlides).where(eq(paperSlides.paperId, opts.paperId)).returning();
    if (!row) throw new AppError('not_found', 'This paper has no slides');
    await recordAudit(tx, {
      actorId: opts.editor.id,
      actorRole: 'Editor',
      action: 'paper.slides-remove',
      paperId: row.paperId,
      ip: opts.editor.ip,
      details: { key: row.storageKey },
    });
    return row.storageKey;
  });
  await discardFileIfUnused({ db: opts.db, store: opts.files, key });
}
