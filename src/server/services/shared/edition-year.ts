import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';

/**
 * The year of the edition this transaction acts on (decision 0060): the current one, or the one `inEdition` set.
 * The awards of an edition are its year's awards.
 */
export async function editionYear({ db }: { db: Pick<Db, 'execute'> }): Promise<number> {
  const { rows } = (await db.execute(sql`select year from editions where id = current_edition()`)) as unknown as {
    rows: Array<{ year: number }>;
  };
  if (!rows[0]) throw new Error('No current edition: the database is not migrated');
  return rows[0].year;
}
