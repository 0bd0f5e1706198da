import { desc } from 'drizzle-orm';
import type { PublishedSession } from '../../../core/program';
import type { Db } from '../../db/connect';
import { programPublications } from '../../db/schema';

export interface PublishedProgram {
  /** In time order, papers in their order, presenters' e-mails and online links included (never send as is to the public). */
  sessions: PublishedSession[];
  /** ISO instant of the publication. */
  publishedAt: string;
}

/**
 * The programme as last published (decision 0052): the newest row of program_publications, or null when the editor
 * has never published. The public /program, its calendars and documents read this, never the draft.
 */
export async function findPublishedProgram(db: Db): Promise<PublishedProgram | null> {
  const [row] = await db
    .select({ sessions: programPublications.sessions, publishedAt: programPublications.publishedAt })
    .from(programPublications)
    .orderBy(desc(programPublications.id))
    .limit(1);
  if (!row) return null;
  const sessions = [...row.sessions].sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a._id.localeCompare(b._id));
  return { sessions, publishedAt: row.publishedAt.toISOString() };
}
