import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { papers, type PaperRow } from '../../db/schema';
import { AppError } from '../../errors';

/** The paper, or 404 'Paper not found'. */
export async function getPaper(opts: { db: Db; paperId: string }): Promise<PaperRow> {
  const [paper] = await opts.db.select().from(papers).where(eq(papers.id, opts.paperId)).limit(1);
  if (!paper) throw new AppError('not_found', 'Paper not found');
  return paper;
}
