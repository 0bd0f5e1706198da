import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';

/**
 * Run `work` on another edition's rows (decision 0060): in one transaction whose `app.edition` names it, so every
 * edition-scoped view shows that edition instead of the current one. Read-only unless `write` is said (a maintenance
 * job such as the passport purge): PostgreSQL itself refuses a write then, so a past edition cannot be changed by a
 * service that forgot where it was.
 */
export async function inEdition<T>(opts: { db: Db; editionId: string; write?: boolean }, work: (tx: Db) => Promise<T>): Promise<T> {
  return opts.db.transaction(
    async (tx) => {
      await tx.execute(sql`select set_config('app.edition', ${opts.editionId}, true)`);
      return work(tx as unknown as Db);
    },
    opts.write ? undefined : { accessMode: 'read only' },
  );
}
