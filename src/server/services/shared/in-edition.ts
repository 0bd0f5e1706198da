import { sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';

/**
 * Run `work` on another edition's rows (decision 0060): in one transaction whose `app.edition` names it, so every
 * edition-scoped view shows that edition instead of the current one. Read-only unless `write` is said (a maintenance
 * job such as the passport purge, or money that arrives for a past edition's registration): PostgreSQL itself refuses
 * a write then, so a past edition cannot be changed by a service that forgot where it was.
 *
 * Mail is sent from the current edition's queue: what a write queues for the other edition (a late payment's receipt)
 * moves to the current one before the transaction commits, as the queue does when an edition is opened.
 */
export async function inEdition<T>(opts: { db: Db; editionId: string; write?: boolean }, work: (tx: Db) => Promise<T>): Promise<T> {
  return opts.db.transaction(
    async (tx) => {
      await tx.execute(sql`select set_config('app.edition', ${opts.editionId}, true)`);
      const result = await work(tx as unknown as Db);
      if (opts.write) {
        await tx.execute(sql`update mail_queue_all set edition_id = (select id from editions where is_current)
          where edition_id = ${opts.editionId} and status = 'queued' and exists (select 1 from editions where is_current and id <> ${opts.editionId})`);
      }
      return result;
    },
    opts.write ? undefined : { accessMode: 'read only' },
  );
}
