import { asc, eq } from 'drizzle-orm';
import { newId } from '../../../core/ids';
import type { z } from 'zod';
import type { KeynoteSpeakerJson, NewsFields, NewsItemJson, SpeakerFields } from '../../../core/schemas/content';
import type { Db } from '../../db/connect';
import { keynoteSpeakers, newsItems, type KeynoteSpeakerRow, type NewsItemRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { FileStore } from '../../storage/file-store';
import { recordAudit } from '../shared/audit';
import { discardFileIfUnused } from '../shared/discard-file';
import { photoUrl } from '../shared/user-json';

/** Who changes the site's content, for the audit log. */
export interface ContentEditor { id: string; ip: string }

const toSpeakerJson = (s: KeynoteSpeakerRow): KeynoteSpeakerJson =>
  ({ _id: s.id, name: s.name, designation: s.designation, position: s.position, photo: photoUrl(s.photoKey) });
const toNewsJson = (n: NewsItemRow): NewsItemJson => ({ _id: n.id, name: n.name, description: n.description });

export async function listKeynoteSpeakers(db: Db): Promise<KeynoteSpeakerJson[]> {
  return (await db.select().from(keynoteSpeakers).orderBy(asc(keynoteSpeakers.id))).map(toSpeakerJson);
}

/** Add a speaker (its picture already stored under `photoKey`), audited with it; the picture is discarded if the row is not written. */
/** The speaker and its audit row, together; the caller discards the stored picture if this fails. */
export async function addKeynoteSpeaker(opts: { db: Db; fields: z.infer<typeof SpeakerFields>; photoKey: string | null; editor: ContentEditor }): Promise<KeynoteSpeakerJson> {
  const { db, fields, photoKey, editor } = opts;
  const row = await db.transaction(async (tx) => {
    const [r] = await tx.insert(keynoteSpeakers).values({ id: newId(), ...fields, photoKey }).returning();
    await recordAudit(tx, { actorId: editor.id, actorRole: 'Editor', action: 'keynote.add', ip: editor.ip, details: { id: r!.id, name: fields.name } });
    return r!;
  });
  return toSpeakerJson(row);
}

export async function removeKeynoteSpeaker(opts: { db: Db; files: FileStore; id: string; editor: ContentEditor }): Promise<void> {
  const { db, id, editor } = opts;
  const row = await db.transaction(async (tx) => {
    const [r] = await tx.delete(keynoteSpeakers).where(eq(keynoteSpeakers.id, id)).returning();
    if (!r) throw new AppError('not_found', 'Keynote speaker not found');
    await recordAudit(tx, { actorId: editor.id, actorRole: 'Editor', action: 'keynote.remove', ip: editor.ip, details: { id, name: r.name } });
    return r;
  });
  if (row.photoKey) await discardFileIfUnused(db, opts.files, row.photoKey);
}

export async function listNews(db: Db): Promise<NewsItemJson[]> {
  return (await db.select().from(newsItems).orderBy(asc(newsItems.id))).map(toNewsJson);
}

export async function addNews(opts: { db: Db; fields: z.infer<typeof NewsFields>; editor: ContentEditor }): Promise<NewsItemJson> {
  const { fields, editor } = opts;
  const row = await opts.db.transaction(async (tx) => {
    const [r] = await tx.insert(newsItems).values({ id: newId(), ...fields }).returning();
    await recordAudit(tx, { actorId: editor.id, actorRole: 'Editor', action: 'news.add', ip: editor.ip, details: { id: r!.id, name: fields.name } });
    return r!;
  });
  return toNewsJson(row);
}

export async function removeNews(opts: { db: Db; id: string; editor: ContentEditor }): Promise<void> {
  const { id, editor } = opts;
  await opts.db.transaction(async (tx) => {
    const [r] = await tx.delete(newsItems).where(eq(newsItems.id, id)).returning();
    if (!r) throw new AppError('not_found', 'News item not found');
    await recordAudit(tx, { actorId: editor.id, actorRole: 'Editor', action: 'news.remove', ip: editor.ip, details: { id, name: r.name } });
  });
}
