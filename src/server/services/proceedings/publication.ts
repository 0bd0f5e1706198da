import { eq } from 'drizzle-orm';
import type { ProceedingsPublicationJson } from '../../../core/schemas/proceedings';
import type { Db } from '../../db/connect';
import { settings } from '../../db/schema';
import { recordAudit, type Actor } from '../shared/audit';

/** Whether this edition's proceedings are published, and since when (decision 0066). */
export async function getProceedingsPublication({ db }: { db: Db }): Promise<ProceedingsPublicationJson> {
  const [row] = await db.select({ at: settings.proceedingsPublishedAt }).from(settings).where(eq(settings.id, 1)).limit(1);
  return { published: Boolean(row?.at), publishedAt: row?.at?.toISOString() ?? null };
}

/**
 * The editor publishes the proceedings (each accepted paper's camera-ready PDF becomes public on its page) or takes
 * them back, audited in the same transaction (decision 0066). Publishing again keeps the first date.
 */
export async function setProceedingsPublication(opts: { db: Db; editor: Actor; published: boolean }): Promise<ProceedingsPublicationJson> {
  return opts.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ at: settings.proceedingsPublishedAt })
      .from(settings)
      .where(eq(settings.id, 1))
      .for('update')
      .limit(1);
    const at = opts.published ? (current?.at ?? new Date()) : null;
    await tx
      .insert(settings)
      .values({ id: 1, proceedingsPublishedAt: at })
      .onConflictDoUpdate({ target: [settings.editionId, settings.id], set: { proceedingsPublishedAt: at, updatedAt: new Date() } });
    await recordAudit(tx, {
      actorId: opts.editor.id,
      actorRole: 'Editor',
      action: 'proceedings.publish',
      ip: opts.editor.ip,
      details: { published: opts.published },
    });
    return { published: at !== null, publishedAt: at?.toISOString() ?? null };
  });
}
