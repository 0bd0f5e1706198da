import { and, asc, eq, sql } from 'drizzle-orm';
import { suggestReviewers as applyRule } from '../../core/matching';
import type { ReviewerSuggestionJson } from '../../core/schemas/review';
import type { Db } from '../db/connect';
import { users } from '../db/schema';

const columns = { _id: users.id, name: users.name, email: users.email, tags: users.tags };

export async function listReviewers(db: Db): Promise<ReviewerSuggestionJson[]> {
  const rows = await db.select(columns).from(users).where(eq(users.role, 'Reviewer')).orderBy(asc(users.id));
  return rows.map((r) => ({ ...r, role: 'Reviewer' as const }));
}

/**
 * The reviewers SPEC §5 suggests for a paper. The database narrows to reviewers sharing at least one
 * tag (stored tags are the canonical spellings of the 50, checked at signup and submission); the rule
 * itself — most shared tags after trimming and lowercasing, ties kept — is the one in src/core/matching.ts.
 */
export async function suggestReviewersForPaper(db: Db, paperTags: string[]): Promise<ReviewerSuggestionJson[]> {
  if (paperTags.length === 0) return [];
  const tagArray = sql`${`{${paperTags.map((t) => `"${t.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;
  const rows = await db.select(columns).from(users)
    .where(and(eq(users.role, 'Reviewer'), sql`${users.tags} && ${tagArray}`))
    .orderBy(asc(users.id));
  return applyRule(paperTags, rows).map((r) => ({ ...r, role: 'Reviewer' as const }));
}
