import { asc, eq, sql } from 'drizzle-orm';
import { normalizeTag, suggestReviewers as applyRule } from '../../core/matching';
import type { ReviewerSuggestionJson } from '../../core/schemas/review';
import type { Db } from '../db/connect';
import { users } from '../db/schema';

const columns = { _id: users.id, name: users.name, email: users.email, tags: users.tags };

export async function listReviewers(db: Db): Promise<ReviewerSuggestionJson[]> {
  const rows = await db.select(columns).from(users).where(eq(users.role, 'Reviewer')).orderBy(asc(users.id));
  return rows.map((r) => ({ ...r, role: 'Reviewer' as const }));
}

/**
 * The reviewers SPEC §5 suggests for a paper. The database counts, per reviewer, the distinct tags shared
 * with the paper (trimmed, lowercased) and returns only those with the highest count, at least one, so
 * a large pool is not sent to the server to be thrown away; the rule of src/core/matching.ts is then
 * applied to that short list (it keeps them all: a test checks that both agree on random pools).
 */
export async function suggestReviewersForPaper(db: Db, paperTags: string[]): Promise<ReviewerSuggestionJson[]> {
  const wanted = [...new Set(paperTags.map(normalizeTag))];
  if (wanted.length === 0) return [];
  // One array parameter (drizzle would spread a JS array into a list of parameters).
  const wantedArray = `{${wanted.map((t) => `"${t.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  const result = await db.execute(sql`
    with scored as (
      select ${users.id} as "_id", ${users.name} as name, ${users.email} as email, ${users.tags} as tags,
        (select count(distinct lower(btrim(t))) from unnest(${users.tags}) as t where lower(btrim(t)) = any(${wantedArray}::text[]))::int as shared
      from ${users}
      where ${users.role} = 'Reviewer'
    )
    select "_id", name, email, tags from scored
    where shared > 0 and shared = (select max(shared) from scored)
    order by "_id"`);
  const rows = (result as unknown as { rows: Array<{ _id: string; name: string; email: string; tags: string[] }> }).rows;
  return applyRule(paperTags, rows).map((r) => ({ ...r, role: 'Reviewer' as const }));
}
