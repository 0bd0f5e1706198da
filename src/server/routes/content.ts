import type { FastifyPluginAsync } from 'fastify';
import { SITE } from '../../core/api/site';
import { SpeakerFields } from '../../core/schemas/content';
import { defineRoute } from '../http/route';
import { readMultipart, storeUpload } from '../http/upload';
import { discardFileIfUnused, discardOnFailure } from '../services/shared/discard-file';
import { addKeynoteSpeaker, addNews, listKeynoteSpeakers, listNews, removeKeynoteSpeaker, removeNews } from '../services/site/site-content';
import { imageType } from '../storage/sniff';

const EDITOR = ['Editor'] as const;

/**
 * Keynote speakers and news items that editors add on /keynote-admin, shown on the public pages.
 * The worked example of a slice (docs/decisions/0018-slice-shape.md): who is asking, parse, one service, reply.
 */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const photo = { maxBytes: 2 * 1024 * 1024, tooLarge: 'The picture is too large (at most 2 MB)', check: (head: Buffer) => (imageType(head) ? null : 'The picture must be a JPEG, PNG or WebP image') };

  defineRoute(app, SITE.listKeynoteSpeakers, { access: 'public', handler: () => listKeynoteSpeakers(db) });

  defineRoute(app, SITE.addKeynoteSpeaker, {
    access: EDITOR,
    // JSON or multipart: the handler reads either, the photo streamed to storage as it arrives.
    handler: async ({ req, caller }) => {
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
      return { message: 'Keynote speaker added', speaker };
    },
  });

  defineRoute(app, SITE.removeKeynoteSpeaker, {
    access: EDITOR,
    handler: async ({ req, caller, params }) => {
      await removeKeynoteSpeaker({ db, files: app.files, id: params.id, editor: { id: caller.id, ip: req.ip } });
      return { message: 'Keynote speaker removed' };
    },
  });

  defineRoute(app, SITE.listNews, { access: 'public', handler: () => listNews(db) });

  defineRoute(app, SITE.addNews, {
    access: EDITOR,
    handler: async ({ req, caller, body }) => ({ message: 'News item added', item: await addNews({ db, fields: body, editor: { id: caller.id, ip: req.ip } }) }),
  });

  defineRoute(app, SITE.removeNews, {
    access: EDITOR,
    handler: async ({ req, caller, params }) => {
      await removeNews({ db, id: params.id, editor: { id: caller.id, ip: req.ip } });
      return { message: 'News item removed' };
    },
  });
};

export default routes;
