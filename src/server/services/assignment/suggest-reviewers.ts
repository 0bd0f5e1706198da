import { and, asc, eq, sql } from 'drizzle-orm';
import { suggestReviewers as applyRule } from '../../../core/matching';
import type { ReviewerSuggestionJson } from '../../../core/schemas/review';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { pgArray } from '../../db/pg-array';
import { approvedIfRequired, verifiedIfRequired } from './reviewer-checks';

const columns = {
  _id: users.id,
  name: users.name,
  email: users.email,
  tags: users.tags,
  verified: sql<boolean>`${users.emailVerifiedAt} is not null`.as('verified'),
};

export async function listReviewers({ db }: { db: Db }): Promise<ReviewerSuggestionJson[]> {
  const rows = await db
    .select(columns)
    .from(users)
    .where(and(eq(users.role, 'Reviewer'), approvedIfRequired))
    .orderBy(asc(users.id));
  return rows.map((r) => ({ ...r, role: 'Reviewer' as const }));
}

/**
 * The suggested reviewers of a paper (docs/product.md#validation-and-messages). Stored tags are the canonical spellings of the 50 (checked
 * at signup and submission, deduplicated), so the database can compare them exactly: it counts, for the
 * reviewers sharing any tag (`&&`), the tags they share, and returns only those with the highest count.
 * The count is taken among the eligible: the settings' checks and `excluding` (the reviewers conflicted
 * with the paper, services/submissions/conflicts.ts) leave the pool before the maximum is taken, so a
 * conflicted best match never empties the list (decision 0025). The rule of src/core/matching.ts (trimmed,
 * lowercased) is then applied to that short list; a property test checks that both agree on random pools.
 */
export async function suggestReviewersForPaper(opts: {
  db: Db;
  paperTags: string[];
  excluding?: readonly string[];
}): Promise<ReviewerSuggestionJson[]> {
  const { db, paperTags } = opts;
  const wanted = [...new Set(paperTags)];
  if (wanted.length === 0) return [];
  const wantedArray = pgArray(wanted);
  const excludedArray = pgArray([...new Set(opts.excluding ?? [])]);
  const result = await db.execute(sql`
    with scored as (
      select ${users.id} as "_id", ${users.name} as name, ${users.email} as email, ${users.tags} as tags,
        (${users.emailVerifiedAt} is not null) as verified,
        cardinality(array(select unnest(${users.tags}) intersect select unnest(${wantedArray}::text[]))) as shared
      from ${users}
      where ${users.role} = 'Reviewer' and ${users.tags} && ${wantedArray}::text[] and ${verifiedIfRequired} and ${approvedIfRequired}
        and not (${users.id} = any(${excludedArray}::text[]))
    )
    select "_id", name, email, tags, verified from scored
    where shared = (select max(shared) from scored)
    order by "_id"`);
  const rows = (result as unknown as { rows: Array<{ _id: string; name: string; email: string; tags: string[]; verified: boolean }> }).rows;
  return applyRule(paperTags, rows).map((r) => ({ ...r, role: 'Reviewer' as const }));
}
