import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { registrations } from '../../db/schema';
import { AppError } from '../../errors';
import type { Caller } from '../../permissions';
import { findPublishedProgram } from './published-program';

export const LINKS_REFUSED = 'Session links are for registered participants';

/**
 * The published sessions' online links (decision 0052), by session id, for the conference's editor and for a caller whose
 * verified address has a paid registration; anyone else is refused (403). An address only counts once its account
 * proved it reads it: anyone can sign up with a registered participant's address.
 */
export async function findProgramLinks(input: { db: Db; caller: Caller }): Promise<{ links: Record<string, string> }> {
  const { db, caller } = input;
  const editor = caller.role === 'Editor' && !caller.chairOnly;
  if (!editor) {
    if (!caller.emailVerified) throw new AppError('forbidden', LINKS_REFUSED);
    const [paid] = await db
      .select({ id: registrations.id })
      .from(registrations)
      .where(and(eq(registrations.status, 'paid'), sql`lower(${registrations.email}) = ${caller.email.toLowerCase()}`))
      .limit(1);
    if (!paid) throw new AppError('forbidden', LINKS_REFUSED);
  }
  const published = await findPublishedProgram(db);
  return { links: Object.fromEntries((published?.sessions ?? []).filter((s) => s.link).map((s) => [s._id, s.link])) };
}
