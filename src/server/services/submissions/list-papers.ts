import { and, desc, eq, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { papers } from '../../db/schema';
import type { Paper } from './papers';

/** All papers (or a track chair's tracks'), newest first; `q` searches title, id, topics and free keywords; with `limit`, one page at a time after `cursor` (the last id of the previous page). */
export async function listPapers(opts: {
  db: Db;
  limit?: number;
  cursor?: string;
  q?: string;
  trackIds?: readonly string[];
}): Promise<{ rows: Paper[]; nextCursor: string | null }> {
  const { db } = opts;
  const q = opts.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, '\\$&')}%` : '';
  const search = q
    ? or(
        ilike(papers.title, pattern),
        eq(papers.id, q.toLowerCase()),
        sql`exists (select 1 from unnest(${papers.keywords}) k where k ilike ${pattern})`,
        sql`exists (select 1 from unnest(${papers.freeKeywords}) k where k ilike ${pattern})`,
      )
    : undefined;
  // A track chair's lists hold their tracks' papers only (decision 0023); [] (no track yet) holds none.
  const inTracks = opts.trackIds ? (opts.trackIds.length ? inArray(papers.trackId, [...opts.trackIds]) : sql`false`) : undefined;
  const base = db
    .select()
    .from(papers)
    .where(and(opts.cursor ? lt(papers.id, opts.cursor) : undefined, search, inTracks))
    .orderBy(desc(papers.id));
  if (!opts.limit) return { rows: await base, nextCursor: null };
  const rows = await base.limit(opts.limit + 1);
  const more = rows.length > opts.limit;
  const page = more ? rows.slice(0, opts.limit) : rows;
  return { rows: page, nextCursor: more ? page[page.length - 1]!.id : null };
}
