import type { FastifyPluginAsync } from 'fastify';
import { Id } from '../../core/schemas/common';
import { NewsFields, SpeakerFields } from '../../core/schemas/content';
import { requireCaller } from '../auth/caller';
import { discardFileIfUnused, discardOnFailure } from '../services/shared/discard-file';
import { addKeynoteSpeaker, addNews, listKeynoteSpeakers, listNews, removeKeynoteSpeaker, removeNews } from '../services/site/site-content';
import { readMultipart, storeUpload } from '../http/upload';
import { imageType } from '../storage/sniff';
import { CONTRACT } from './contract';

/**
 * Keynote speakers and news items that editors add on /keynote-admin, shown on the public pages.
 * The worked example of a slice (docs/decisions/0018-slice-shape.md): who is asking, parse, one service, reply.
 */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const photo = { maxBytes: 2 * 1024 * 1024, tooLarge: 'The picture is too large (at most 2 MB)', check: (head: Buffer) => (imageType(head) ? null : 'The picture must be a JPEG, PNG or WebP image') };

  app.get('/keynote-speakers', CONTRACT.keynoteSpeakers, async () => listKeynoteSpeakers(db));

  app.post('/keynote-speakers', CONTRACT.addKeynoteSpeaker, async (req, reply) => {
    const caller = await requireCaller(req, 'Editor');
    let fields: Record<string, unknown> = (req.body ?? {}) as Record<string, unknown>;
    let photoKey: string | null = null;
    if (req.isMultipart()) {
      const parsed = await readMultipart(req.parts({ limits: { fileSize: photo.maxBytes + 1 } }), (part) => storeUpload(app.files, part, photo),
        (key) => discardFileIfUnused(db, app.files, key), req.raw);
      fields = Object.fromEntries(Object.entries(parsed.fields).map(([k, v]) => [k, v[0]]));
      photoKey = parsed.file?.key ?? null;
    }
    // The picture is kept only if the speaker is: refused fields or a failed insert discard it.
    const speaker = await discardOnFailure({ db, store: app.files, key: photoKey }, () =>
      addKeynoteSpeaker({ db, fields: SpeakerFields.parse(fields), photoKey, editor: { id: caller.id, ip: req.ip } }));
    return reply.code(201).send({ message: 'Keynote speaker added', speaker });
  });

  app.delete<{ Params: { id: string } }>('/keynote-speakers/:id', CONTRACT.removeKeynoteSpeaker, async (req) => {
    const caller = await requireCaller(req, 'Editor');
    await removeKeynoteSpeaker({ db, files: app.files, id: Id.parse(req.params.id), editor: { id: caller.id, ip: req.ip } });
    return { message: 'Keynote speaker removed' };
  });

  app.get('/news', CONTRACT.news, async () => listNews(db));

  app.post('/news', CONTRACT.addNews, async (req, reply) => {
    const caller = await requireCaller(req, 'Editor');
    const item = await addNews({ db, fields: NewsFields.parse(req.body ?? {}), editor: { id: caller.id, ip: req.ip } });
    return reply.code(201).send({ message: 'News item added', item });
  });

  app.delete<{ Params: { id: string } }>('/news/:id', CONTRACT.removeNews, async (req) => {
    const caller = await requireCaller(req, 'Editor');
    await removeNews({ db, id: Id.parse(req.params.id), editor: { id: caller.id, ip: req.ip } });
    return { message: 'News item removed' };
  });
};

export default routes;
