import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { newId } from '../../core/ids';
import { Id } from '../../core/schemas/common';
import { requireCaller } from '../auth/caller';
import { keynoteSpeakers, newsItems } from '../db/schema';
import { AppError } from '../errors';
import { discardFileIfUnused } from '../services/discard-file';
import { readMultipart, storeUpload } from '../services/upload';
import { photoUrl } from '../services/user-json';
import { imageType } from '../storage/sniff';

const text = (label: string, max: number, required = false) => {
  const s = z.string().trim().max(max, `${label} is too long (at most ${max} characters)`);
  return required ? s.min(1, `${label} is required`) : s.default('');
};
const SpeakerFields = z.object({ name: text('Name', 120, true), designation: text('Designation', 200), position: text('Current position', 200) });
const NewsFields = z.object({ name: text('Name', 200, true), description: text('Description', 2000) });

/** Keynote speakers and news items that editors add on /keynote-admin, shown on the public pages. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  app.get('/keynote-speakers', async () => {
    const rows = await db.select().from(keynoteSpeakers).orderBy(asc(keynoteSpeakers.id));
    return rows.map((s) => ({ _id: s.id, name: s.name, designation: s.designation, position: s.position, photo: photoUrl(s.photoKey) }));
  });

  app.post('/keynote-speakers', async (req, reply) => {
    await requireCaller(req, 'Editor');
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
      return reply.code(201).send({ message: 'Keynote speaker added', speaker: { _id: row!.id, ...f, photo: photoUrl(row!.photoKey) } });
    } catch (err) {
      if (photoKey) await discardFileIfUnused(db, app.files, photoKey);
      throw err;
    }
  });

  app.delete<{ Params: { id: string } }>('/keynote-speakers/:id', async (req) => {
    await requireCaller(req, 'Editor');
    const id = Id.parse(req.params.id);
    const [row] = await db.delete(keynoteSpeakers).where(eq(keynoteSpeakers.id, id)).returning();
    if (!row) throw new AppError('not_found', 'Keynote speaker not found');
    if (row.photoKey) await discardFileIfUnused(db, app.files, row.photoKey);
    return { message: 'Keynote speaker removed' };
  });

  app.get('/news', async () => {
    const rows = await db.select().from(newsItems).orderBy(asc(newsItems.id));
    return rows.map((n) => ({ _id: n.id, name: n.name, description: n.description }));
  });

  app.post('/news', async (req, reply) => {
    await requireCaller(req, 'Editor');
    const f = NewsFields.parse(req.body ?? {});
    const [row] = await db.insert(newsItems).values({ id: newId(), ...f }).returning();
    return reply.code(201).send({ message: 'News item added', item: { _id: row!.id, ...f } });
  });

  app.delete<{ Params: { id: string } }>('/news/:id', async (req) => {
    await requireCaller(req, 'Editor');
    const id = Id.parse(req.params.id);
    const [row] = await db.delete(newsItems).where(eq(newsItems.id, id)).returning();
    if (!row) throw new AppError('not_found', 'News item not found');
    return { message: 'News item removed' };
  });
};

export default routes;
