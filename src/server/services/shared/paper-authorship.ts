import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

type Operand = SQLWrapper | string | null;

/**
 * Whether a person is an author of a paper now (decision 0056): the account that submitted it, or anyone whose address
 * is the submitter's or one of the co-authors' the paper lists. Read from the data each time, so a co-author taken off
 * the paper stops being one everywhere a role is stated (registrations, visa letters, /verify).
 */
export function isPaperAuthor(p: { paperId: Operand; userId: Operand; email: Operand }): SQL {
  return sql`(exists (select 1 from papers pa join users pu on pu.id = pa.author_id
      where pa.id = ${p.paperId} and (pa.author_id = ${p.userId} or lower(pu.email) = lower(${p.email}::text)))
    or exists (select 1 from paper_co_authors pc where pc.paper_id = ${p.paperId} and lower(pc.email) = lower(${p.email}::text)))`;
}
