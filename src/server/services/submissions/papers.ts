import { eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import type { Decision } from '../../../core/schemas/review-cycle';
import { papers } from '../../db/schema';
import { AppError } from '../../errors';

/** A paper as the services pass it around (the stored columns, a plain type across the service boundary). */
export interface Paper {
  id: string;
  authorId: string;
  title: string;
  abstract: string;
  keywords: string[];
  submittedAt: Date;
  updatedAt: Date;
  decision: Decision | null;
  decidedAt: Date | null;
  notifiedDecision: Decision | null;
  notifiedAt: Date | null;
  trackId: string;
  freeKeywords: string[];
  withdrawnAt: Date | null;
}

/** The paper, or 404 'Paper not found'. */
export async function getPaper(opts: { db: Db; paperId: string }): Promise<Paper> {
  const [paper] = await opts.db.select().from(papers).where(eq(papers.id, opts.paperId)).limit(1);
  if (!paper) throw new AppError('not_found', 'Paper not found');
  return paper;
}
