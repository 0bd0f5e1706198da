import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { programPublications } from '../../db/schema';

export interface PublishedSlot {
  session: string;
  /** ISO instants. */
  start: string;
  end: string;
  room: string;
}

/**
 * Where the programme as last published (decision 0052) places one paper: its session's title, times and room, or null
 * when it is not published or does not place the paper. Read inside PostgreSQL, so a paper's page does not load the
 * whole programme; the first session in time order when the editor placed the paper twice.
 */
export async function findPublishedSlot(opts: { db: Db; paperId: string }): Promise<PublishedSlot | null> {
  const placed = JSON.stringify([{ papers: [{ _id: opts.paperId }] }]).slice(1, -1);
  const { rows } = (await opts.db.execute(sql`
    select s->>'title' as session, s->>'start' as start, s->>'end' as "end", coalesce(s->>'room', '') as room
    from (select sessions from ${programPublications} order by id desc limit 1) p, jsonb_array_elements(p.sessions) s
    where s @> ${placed}::jsonb
    order by (s->>'start')::timestamptz, s->>'_id'
    limit 1`)) as unknown as { rows: Array<{ session: string; start: string; end: string; room: string }> };
  const row = rows[0];
  return row
    ? { session: row.session, start: new Date(row.start).toISOString(), end: new Date(row.end).toISOString(), room: row.room }
    : null;
}
