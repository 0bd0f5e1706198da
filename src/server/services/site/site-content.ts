import { asc, eq, sql } from 'drizzle-orm';
import { newId } from '../../../core/ids';
import type { z } from 'zod';
import type {
  KeynoteSpeakerJson,
  ListedSpeakerJson,
  MoveBody,
  NewsEdit,
  NewsFields,
  NewsItemJson,
  SpeakerEdit,
  SpeakerFields,
} from '../../../core/schemas/content';
import type { Db } from '../../db/connect';
import { keynoteSpeakers, newsItems, type KeynoteSpeakerRow, type NewsItemRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { FileStore } from '../../storage/file-store';
import { recordAudit } from '../shared/audit';
import { discardFileIfUnused } from '../shared/discard-file';
import { photoUrl } from '../shared/user-json';

/** Who changes the site's content, for the audit log. */
export interface ContentEditor {
  id: string;
  ip: string;
}

const toSpeakerJson = (s: KeynoteSpeakerRow): KeynoteSpeakerJson => ({
  _id: s.id,
  name: s.name,
  designation: s.designation,
  position: s.position,
  photo: photoUrl(s.photoKey),
  ...(s.biography ? { biography: s.biography } : {}),
});
const toListedJson = (s: KeynoteSpeakerRow): ListedSpeakerJson => ({ ...toSpeakerJson(s), biography: s.biography, shipped: s.shipped });
/** A textarea's CR LF line breaks stored as LF. */
const lf = <T extends { biography?: string }>(f: T): T =>
  f.biography === undefined ? f : { ...f, biography: f.biography.replace(/\r\n?/g, '\n') };
const speakerOrder = [asc(keynoteSpeakers.sortOrder), asc(keynoteSpeakers.createdAt), asc(keynoteSpeakers.id)];
const newsOrder = [asc(newsItems.sortOrder), asc(newsItems.createdAt), asc(newsItems.id)];
const toNewsJson = (n: NewsItemRow): NewsItemJson => ({ _id: n.id, name: n.name, description: n.description });

/** The speakers editors added, in the page's order (the shipped seven are in listAllKeynoteSpeakers). */
export async function listKeynoteSpeakers(db: Db): Promise<KeynoteSpeakerJson[]> {
  return (
    await db
      .select()
      .from(keynoteSpeakers)
      .where(eq(keynoteSpeakers.shipped, false))
      .orderBy(...speakerOrder)
  ).map(toSpeakerJson);
}

/** Every speaker of /keynote in its order, the shipped seven included unless removed (decision 0026). */
export async function listAllKeynoteSpeakers(db: Db): Promise<ListedSpeakerJson[]> {
  return (
    await db
      .select()
      .from(keynoteSpeakers)
      .orderBy(...speakerOrder)
  ).map(toListedJson);
}

/** Add a speaker (its picture already stored under `photoKey`), audited with it; the picture is discarded if the row is not written. */
/** The speaker and its audit row, together; the caller discards the stored picture if this fails. */
export async function addKeynoteSpeaker(opts: {
  db: Db;
  fields: z.infer<typeof SpeakerFields>;
  photoKey: string | null;
  editor: ContentEditor;
}): Promise<KeynoteSpeakerJson> {
  const { db, fields, photoKey, editor } = opts;
  const row = await db.transaction(async (tx) => {
    const sortOrder = sql<number>`(select coalesce(max(${keynoteSpeakers.sortOrder}), 0) + 1 from ${keynoteSpeakers})`;
    const [r] = await tx
      .insert(keynoteSpeakers)
      .values({ id: newId(), ...lf(fields), photoKey, sortOrder })
      .returning();
    await recordAudit(tx, {
      actorId: editor.id,
      actorRole: 'Editor',
      action: 'keynote.add',
      ip: editor.ip,
      details: { id: r!.id, name: fields.name },
    });
    return r!;
  });
  return toSpeakerJson(row);
}

/**
 * Change a speaker's fields (only those given) and, when `photoKey` is given, its picture, audited with it. The
 * replaced picture is discarded after the commit; the caller discards the new one if this fails.
 */
export async function editKeynoteSpeaker(opts: {
  db: Db;
  files: FileStore;
  id: string;
  fields: z.infer<typeof SpeakerEdit>;
  photoKey: string | null;
  editor: ContentEditor;
}): Promise<ListedSpeakerJson> {
  const { db, id, fields, photoKey, editor } = opts;
  const { row, oldPhoto } = await db.transaction(async (tx) => {
    const [old] = await tx.select().from(keynoteSpeakers).where(eq(keynoteSpeakers.id, id)).for('update');
    if (!old) throw new AppError('not_found', 'Keynote speaker not found');
    const changes = { ...lf(fields), ...(photoKey ? { photoKey } : {}) };
    const [r] = Object.keys(changes).length
      ? await tx.update(keynoteSpeakers).set(changes).where(eq(keynoteSpeakers.id, id)).returning()
      : [old];
    await recordAudit(tx, {
      actorId: editor.id,
      actorRole: 'Editor',
      action: 'keynote.edit',
      ip: editor.ip,
      details: { id, name: r!.name, fields: Object.keys(fields), photo: !!photoKey, shipped: old.shipped },
    });
    return { row: r!, oldPhoto: photoKey && old.photoKey !== photoKey ? old.photoKey : null };
  });
  if (oldPhoto) await discardFileIfUnused({ db, store: opts.files, key: oldPhoto });
  return toListedJson(row);
}

/** Swap a speaker with its neighbour above or below (nothing to do at either end), audited. */
export async function moveKeynoteSpeaker(opts: {
  db: Db;
  id: string;
  direction: z.infer<typeof MoveBody>['direction'];
  editor: ContentEditor;
}): Promise<void> {
  const { db, id, direction, editor } = opts;
  await db.transaction(async (tx) => {
    // One list at a time: the whole list is renumbered 1..n in its order, then the two places swapped.
    await tx.execute(sql`select 1 from ${keynoteSpeakers} for update`);
    const rows = await tx
      .select({ id: keynoteSpeakers.id, name: keynoteSpeakers.name })
      .from(keynoteSpeakers)
      .orderBy(...speakerOrder);
    const order = swapped(rows, id, direction, 'Keynote speaker not found');
    for (const [i, r] of order.entries())
      await tx
        .update(keynoteSpeakers)
        .set({ sortOrder: i + 1 })
        .where(eq(keynoteSpeakers.id, r.id));
    await recordAudit(tx, {
      actorId: editor.id,
      actorRole: 'Editor',
      action: 'keynote.move',
      ip: editor.ip,
      details: { id, name: rows.find((r) => r.id === id)!.name, direction },
    });
  });
}

/** The list with `id` one place up or down (unchanged at either end); not_found when absent. */
export function swapped<T extends { id: string }>(rows: T[], id: string, direction: 'up' | 'down', missing: string): T[] {
  const i = rows.findIndex((r) => r.id === id);
  if (i < 0) throw new AppError('not_found', missing);
  const j = direction === 'up' ? i - 1 : i + 1;
  if (j < 0 || j >= rows.length) return rows;
  const out = [...rows];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

export async function removeKeynoteSpeaker(opts: { db: Db; files: FileStore; id: string; editor: ContentEditor }): Promise<void> {
  const { db, id, editor } = opts;
  const row = await db.transaction(async (tx) => {
    const [r] = await tx.delete(keynoteSpeakers).where(eq(keynoteSpeakers.id, id)).returning();
    if (!r) throw new AppError('not_found', 'Keynote speaker not found');
    await recordAudit(tx, {
      actorId: editor.id,
      actorRole: 'Editor',
      action: 'keynote.remove',
      ip: editor.ip,
      details: { id, name: r.name },
    });
    return r;
  });
  if (row.photoKey) await discardFileIfUnused({ db, store: opts.files, key: row.photoKey });
}

export async function listNews(db: Db): Promise<NewsItemJson[]> {
  return (
    await db
      .select()
      .from(newsItems)
      .orderBy(...newsOrder)
  ).map(toNewsJson);
}

export async function addNews(opts: { db: Db; fields: z.infer<typeof NewsFields>; editor: ContentEditor }): Promise<NewsItemJson> {
  const { fields, editor } = opts;
  const row = await opts.db.transaction(async (tx) => {
    const sortOrder = sql<number>`(select coalesce(max(${newsItems.sortOrder}), 0) + 1 from ${newsItems})`;
    const [r] = await tx
      .insert(newsItems)
      .values({ id: newId(), ...fields, sortOrder })
      .returning();
    await recordAudit(tx, {
      actorId: editor.id,
      actorRole: 'Editor',
      action: 'news.add',
      ip: editor.ip,
      details: { id: r!.id, name: fields.name },
    });
    return r!;
  });
  return toNewsJson(row);
}

/** Change a news item's fields (only those given), audited. */
export async function editNews(opts: {
  db: Db;
  id: string;
  fields: z.infer<typeof NewsEdit>;
  editor: ContentEditor;
}): Promise<NewsItemJson> {
  const { id, fields, editor } = opts;
  const row = await opts.db.transaction(async (tx) => {
    const [r] = Object.keys(fields).length
      ? await tx.update(newsItems).set(fields).where(eq(newsItems.id, id)).returning()
      : await tx.select().from(newsItems).where(eq(newsItems.id, id));
    if (!r) throw new AppError('not_found', 'News item not found');
    await recordAudit(tx, {
      actorId: editor.id,
      actorRole: 'Editor',
      action: 'news.edit',
      ip: editor.ip,
      details: { id, name: r.name, fields: Object.keys(fields) },
    });
    return r;
  });
  return toNewsJson(row);
}

/** Swap a news item with its neighbour above or below (nothing to do at either end), audited. */
export async function moveNews(opts: {
  db: Db;
  id: string;
  direction: z.infer<typeof MoveBody>['direction'];
  editor: ContentEditor;
}): Promise<void> {
  const { db, id, direction, editor } = opts;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${newsItems} for update`);
    const rows = await tx
      .select({ id: newsItems.id, name: newsItems.name })
      .from(newsItems)
      .orderBy(...newsOrder);
    const order = swapped(rows, id, direction, 'News item not found');
    for (const [i, r] of order.entries())
      await tx
        .update(newsItems)
        .set({ sortOrder: i + 1 })
        .where(eq(newsItems.id, r.id));
    await recordAudit(tx, {
      actorId: editor.id,
      actorRole: 'Editor',
      action: 'news.move',
      ip: editor.ip,
      details: { id, name: rows.find((r) => r.id === id)!.name, direction },
    });
  });
}

export async function removeNews(opts: { db: Db; id: string; editor: ContentEditor }): Promise<void> {
  const { id, editor } = opts;
  await opts.db.transaction(async (tx) => {
    const [r] = await tx.delete(newsItems).where(eq(newsItems.id, id)).returning();
    if (!r) throw new AppError('not_found', 'News item not found');
    await recordAudit(tx, { actorId: editor.id, actorRole: 'Editor', action: 'news.remove', ip: editor.ip, details: { id, name: r.name } });
  });
}
