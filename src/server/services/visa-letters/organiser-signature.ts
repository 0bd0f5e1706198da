import { sql } from 'drizzle-orm';
import { SIGNATURE_TEXT } from '../../../core/schemas/visa-letter';
import { AppError } from '../../errors';
import type { Db } from '../../db/connect';
import { settings } from '../../db/schema';
import type { FileStore } from '../../storage/file-store';
import { recordAudit, type Actor } from '../shared/audit';
import { discardFileIfUnused } from '../shared/discard-file';
import { imageType } from '../shared/organiser';
import { getSettingsRow } from '../shared/settings';

/** PNG or JPEG by their first bytes (a WebP or an SVG cannot go into a PDF as it is): the documents' own test. */
export const signatureType = (head: Buffer): 'png' | 'jpeg' | null => imageType(head);

/** The stored signature file becomes the organiser's; the one it replaces is discarded unless something else holds it. */
export async function saveSignature(opts: { db: Db; store: FileStore; key: string; editor: Actor }): Promise<void> {
  const previous = await opts.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ key: settings.signatureKey })
      .from(settings)
      .where(sql`${settings.id} = 1`)
      .for('update')
      .limit(1);
    await tx
      .insert(settings)
      .values({ id: 1, signatureKey: opts.key })
      .onConflictDoUpdate({ target: [settings.editionId, settings.id], set: { signatureKey: opts.key, updatedAt: new Date() } });
    await recordAudit(tx, {
      actorId: opts.editor.id,
      actorRole: 'Editor',
      action: 'settings.signature',
      ip: opts.editor.ip,
      details: { key: opts.key },
    });
    return before?.key ?? null;
  });
  if (previous && previous !== opts.key) await discardFileIfUnused({ db: opts.db, store: opts.store, key: previous });
}

export async function removeSignature(opts: { db: Db; store: FileStore; editor: Actor }): Promise<void> {
  const previous = await opts.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ key: settings.signatureKey })
      .from(settings)
      .where(sql`${settings.id} = 1`)
      .for('update')
      .limit(1);
    if (!before?.key) return null;
    await tx
      .update(settings)
      .set({ signatureKey: null, updatedAt: new Date() })
      .where(sql`${settings.id} = 1`);
    await recordAudit(tx, {
      actorId: opts.editor.id,
      actorRole: 'Editor',
      action: 'settings.signature-remove',
      ip: opts.editor.ip,
      details: { key: before.key },
    });
    return before.key;
  });
  if (previous) await discardFileIfUnused({ db: opts.db, store: opts.store, key: previous });
}

/** The signature's key and type, or 404 when none is uploaded. */
export async function findSignature({ db, store }: { db: Db; store: FileStore }): Promise<{ key: string; type: 'png' | 'jpeg' }> {
  const key = (await getSettingsRow({ db }))?.signatureKey;
  const type = key ? signatureType(await store.head(key, 16)) : null;
  if (!key || !type) throw new AppError('not_found', 'No signature image is uploaded');
  return { key, type };
}

export { SIGNATURE_TEXT };
