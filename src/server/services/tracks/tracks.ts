import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../core/messages';
import { newId } from '../../../core/ids';
import type { CreateTrackBody, EditorTrackJson, TrackJson, UpdateTrackBody } from '../../../core/schemas/tracks';
import type { Db } from '../../db/connect';
import { papers, settings, trackChairs, tracks, users, type TrackRow } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../shared/audit';

const toTrackJson = (t: TrackRow): TrackJson => ({
  id: t.id,
  name: t.name,
  description: t.description,
  topics: t.topics,
  open: t.open,
  position: t.position,
});

/** Every track in the editor's order (decision 0023): what the new-paper form, the reviewer's topics and the filters offer. */
export async function listTracks({ db }: { db: Db }): Promise<TrackJson[]> {
  return (await db.select().from(tracks).orderBy(asc(tracks.position), asc(tracks.name))).map(toTrackJson);
}

/** The tracks with their chairs (a chair is verified once an Editor account proved the address) and paper counts. */
export async function listEditorTracks({ db }: { db: Db }): Promise<EditorTrackJson[]> {
  const [rows, chairs, counts, [setting]] = await Promise.all([
    db.select().from(tracks).orderBy(asc(tracks.position), asc(tracks.name)),
    db
      .select({ trackId: trackChairs.trackId, email: trackChairs.email, name: users.name, verifiedAt: users.emailVerifiedAt })
      .from(trackChairs)
      .leftJoin(
        users,
        and(eq(users.role, 'Editor'), sql`lower(${users.email}) = ${trackChairs.email}`, sql`${users.emailVerifiedAt} is not null`),
      )
      .orderBy(asc(trackChairs.createdAt), asc(trackChairs.email)),
    db
      .select({ trackId: papers.trackId, n: sql<number>`count(*)::int` })
      .from(papers)
      .groupBy(papers.trackId),
    db.select({ id: settings.defaultTrackId }).from(settings).where(eq(settings.id, 1)),
  ]);
  const defaultId = setting?.id ?? 'track-2';
  const count = new Map(counts.map((c) => [c.trackId, c.n]));
  return rows.map((t) => ({
    ...toTrackJson(t),
    chairs: chairs.filter((c) => c.trackId === t.id).map((c) => ({ email: c.email, name: c.name, verified: c.verifiedAt !== null })),
    papers: count.get(t.id) ?? 0,
    isDefault: t.id === defaultId,
  }));
}

async function nameTaken(db: Pick<Db, 'select'>, name: string, except?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(sql`lower(${tracks.name}) = ${name.toLowerCase()}`)
    .limit(1);
  return !!row && row.id !== except;
}

export async function createTrack(opts: { db: Db; body: CreateTrackBody; editor: Actor }): Promise<TrackJson> {
  const { db, body } = opts;
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, body.name)) throw new AppError('conflict', `A track named "${body.name}" already exists`);
    const [{ next }] = (await tx.select({ next: sql<number>`coalesce(max(${tracks.position}), 0)::int + 1` }).from(tracks)) as [
      { next: number },
    ];
    const [row] = await tx
      .insert(tracks)
      .values({ id: newId(), name: body.name, description: body.description, topics: body.topics, open: body.open, position: next })
      .returning();
    await recordAudit(tx, {
      actorId: opts.editor.id,
      actorRole: 'Editor',
      action: 'track.create',
      ip: opts.editor.ip,
      details: { trackId: row!.id, name: body.name },
    });
    return toTrackJson(row!);
  });
}

/**
 * Rename, describe, re-topic, open or close, move, or make the default. A track is never deleted (papers keep
 * theirs): closing it stops new submissions. The default track must stay open.
 */
export async function updateTrack(opts: { db: Db; trackId: string; body: UpdateTrackBody; editor: Actor }): Promise<TrackJson> {
  const { db, trackId, body } = opts;
  return db.transaction(async (tx) => {
    const [track] = await tx.select().from(tracks).where(eq(tracks.id, trackId)).for('update').limit(1);
    if (!track) throw new AppError('not_found', MESSAGES.trackNotFound);
    if (body.name && (await nameTaken(tx, body.name, trackId)))
      throw new AppError('conflict', `A track named "${body.name}" already exists`);
    const [setting] = await tx.select({ id: settings.defaultTrackId }).from(settings).where(eq(settings.id, 1));
    const isDefault = (setting?.id ?? 'track-2') === trackId || body.isDefault === true;
    if (isDefault && (body.open === false || (body.open === undefined && !track.open))) {
      throw new AppError('conflict', 'The default track must stay open: make another track the default first');
    }
    const set: Partial<typeof tracks.$inferInsert> = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.description !== undefined) set.description = body.description;
    if (body.topics !== undefined) set.topics = body.topics;
    if (body.open !== undefined) set.open = body.open;
    if (body.position !== undefined && body.position !== track.position) {
      // Move within the order: the others shift by one.
      const from = track.position;
      const to = body.position;
      if (to < from)
        await tx
          .update(tracks)
          .set({ position: sql`${tracks.position} + 1` })
          .where(and(sql`${tracks.position} >= ${to}`, sql`${tracks.position} < ${from}`));
      else
        await tx
          .update(tracks)
          .set({ position: sql`${tracks.position} - 1` })
          .where(and(sql`${tracks.position} > ${from}`, sql`${tracks.position} <= ${to}`));
      set.position = to;
    }
    const [row] = Object.keys(set).length ? await tx.update(tracks).set(set).where(eq(tracks.id, trackId)).returning() : [track];
    if (body.isDefault) {
      await tx
        .insert(settings)
        .values({ id: 1, defaultTrackId: trackId })
        .onConflictDoUpdate({ target: [settings.editionId, settings.id], set: { defaultTrackId: trackId, updatedAt: new Date() } });
    }
    await recordAudit(tx, {
      actorId: opts.editor.id,
      actorRole: 'Editor',
      action: 'track.update',
      ip: opts.editor.ip,
      details: { trackId, ...body },
    });
    return toTrackJson(row!);
  });
}

/** The ids of tracks that exist among `ids` (a filter naming an unknown track is a 400). */
export async function checkTrackIds({ db, ids }: { db: Db; ids: readonly string[] }): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(inArray(tracks.id, [...ids]));
  if (found.length !== new Set(ids).size) throw new AppError('bad_request', MESSAGES.trackNotFound);
}
