import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { newId } from '../../core/ids';
import { Id } from '../../core/schemas/common';
import { NewsFields, SpeakerFields } from '../../core/schemas/content';
import { requireCaller } from '../auth/caller';
import { keynoteSpeakers, newsItems } from '../db/schema';
import { AppError } from '../errors';
import { recordAudit } from '../services/audit';
import { discardFileIfUnused } from '../services/discard-file';
import { readMultipart, storeUpload } from '../services/upload';
import { photoUrl } from '../services/user-json';
import { imageType } from '../storage/sniff';
import { CONTRACT } from './contract';

/** Keynote speakers and news items that editors add on /keynote-admin, shown on the public pages. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  app.get('/keynote-speakers', CONTRACT.keynoteSpeakers, async () => {
    const rows = await db.select().from(keynoteSpeakers).orderBy(asc(keynoteSpeakers.id));
    return rows.map((s) => ({ _id: s.id, name: s.name, designation: s.designation, position: s.position, photo: photoUrl(s.photoKey) }));
  });

  app.post('/keynote-speakers', CONTRACT.addKeynoteSpeaker, async (req, reply) => {
    const caller = await requireCaller(req, 'Editor');
    let fields: Record<string, unknown> = (req.body ?? {}) as Record<string, unknown>;
    let photoKey: string | undefined;
    if (req.isMultipart()) {
      const parsed = await readMultipart(req.parts({ limits: { fileSize: 2 * 1024 * 1024 + 1 } }), (part) =>
        storeUpload(app.files, part, {
          maxBytes: 2 * 1024 * 1024,
          tooLarge: 'The picture is too large (at most 2 MB)',
          check: (head) => (imageType(head) ? null : 'The picture must be a JPEG, PNG or WebP image'),
        }), (key) => discardFileIfUnused(db, app.files, key), req.raw);
      fields = Object.fromEntries(Object.entries(parsed.fields).map(([k, v]) => [k, v[0]]));
      photoKey = parsed.file?.key;
    }
    try {
      const f = SpeakerFields.parse(fields);
      const [row] = await db.insert(keynoteSpeakers).values({ id: newId(), ...f, photoKey: photoKey ?? null }).returning();
      await recordAudit(db, { actorId: caller.id, actorRole: 'Editor', action: 'keynote.add', ip: req.ip, details: { id: row!.id, name: f.name } });
      return reply.code(201).send({ message: 'Keynote speaker added', speaker: { _id: row!.id, ...f, photo: photoUrl(row!.photoKey) } });
    } catch (err) {
      if (photoKey) await discardFileIfUnused(db, app.files, photoKey);
      throw err;
    }
  });

  app.delete<{ Params: { id: string } }>('/keynote-speakers/:id', CONTRACT.removeKeynoteSpeaker, async (req) => {
    const caller = await requireCaller(req, 'Editor');
    const id = Id.parse(req.params.id);
    const [row] = await db.delete(keynoteSpeakers).where(eq(keynoteSpeakers.id, id)).returning();
    if (!row) throw new AppError('not_found', 'Keynote speaker not found');
    if (row.photoKey) await discardFileIfUnused(db, app.files, row.photoKey);
    await recordAudit(db, { actorId: caller.id, actorRole: 'Editor', action: 'keynote.remove', ip: req.ip, details: { id, name: row.name } });
    return { message: 'Keynote speaker removed' };
  });

  app.get('/news', CONTRACT.news, async () => {
    const rows = await db.select().from(newsItems).orderBy(asc(newsItems.id));
    return rows.map((n) => ({ _id: n.id, name: n.name, description: n.description }));
  });

  app.post('/news', CONTRACT.addNews, async (req, reply) => {
    const caller = await requireCaller(req, 'Editor');
    const f = NewsFields.parse(req.body ?? {});
    const [row] = await db.insert(newsItems).values({ id: newId(), ...f }).returning();
    await recordAudit(db, { actorId: caller.id, actorRole: 'Editor', action: 'news.add', ip: req.ip, details: { id: row!.id, name: f.name } });
    return reply.code(201).send({ message: 'News item added', item: { _id: row!.id, ...f } });
  });

  app.delete<{ Params: { id: string } }>('/news/:id', CONTRACT.removeNews, async (req) => {
    const caller = await requireCaller(req, 'Editor');
    const id = Id.parse(req.params.id);
    const [row] = await db.delete(newsItems).where(eq(newsItems.id, id)).returning();
    if (!row) throw new AppError('not_found', 'News item not found');
    await recordAudit(db, { actorId: caller.id, actorRole: 'Editor', action: 'news.remove', ip: req.ip, details: { id, name: row.name } });
    return { message: 'News item removed' };
  });
};

export default routes;
