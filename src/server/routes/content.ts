import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { SITE } from '../../core/api/site';
import { SpeakerEdit, SpeakerFields } from '../../core/schemas/content';
import { defineRoute } from '../http/route';
import { readMultipart, storeUpload } from '../http/upload';
import { discardFileIfUnused, discardOnFailure } from '../services/shared/discard-file';
import { addKeynoteSpeaker, addNews, editKeynoteSpeaker, editNews, listAllKeynoteSpeakers, listKeynoteSpeakers, listNews, moveKeynoteSpeaker, moveNews, removeKeynoteSpeaker, removeNews } from '../services/site/site-content';
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

  defineRoute(app, SITE.listAllKeynoteSpeakers, { access: 'public', handler: () => listAllKeynoteSpeakers(db) });

  /** The speaker form's fields and stored photo, from JSON or multipart (the photo streamed to storage as it arrives). */
  const readSpeakerForm = async (req: FastifyRequest): Promise<{ fields: Record<string, unknown>; photoKey: string | null }> => {
    if (!req.isMultipart()) return { fields: (req.body ?? {}) as Record<string, unknown>, photoKey: null };
    const parsed = await readMultipart(req.parts({ limits: { fileSize: photo.maxBytes + 1 } }), (part) => storeUpload(app.files, part, photo),
      (key) => discardFileIfUnused(db, app.files, key), req.raw);
    return { fields: Object.fromEntries(Object.entries(parsed.fields).map(([k, v]) => [k, v[0]])), photoKey: parsed.file?.key ?? null };
  };

  defineRoute(app, SITE.addKeynoteSpeaker, {
    access: EDITOR,
    handler: async ({ req, caller }) => {
      const { fields, photoKey } = await readSpeakerForm(req);
      // The picture is kept only if the speaker is: refused fields or a failed insert discard it.
      const speaker = await discardOnFailure({ db, store: app.files, key: photoKey }, () =>
        addKeynoteSpeaker({ db, fields: SpeakerFields.parse(fields), photoKey, editor: { id: caller.id, ip: req.ip } }));
      return { message: 'Keynote speaker added', speaker };
    },
  });

  defineRoute(app, SITE.editKeynoteSpeaker, {
    access: EDITOR,
    handler: async ({ req, caller, params }) => {
      const { fields, photoKey } = await readSpeakerForm(req);
      // A new picture is kept only if the edit is: refused fields or an unknown speaker discard it.
      const speaker = await discardOnFailure({ db, store: app.files, key: photoKey }, () =>
        editKeynoteSpeaker({ db, files: app.files, id: params.id, fields: SpeakerEdit.parse(fields), photoKey, editor: { id: caller.id, ip: req.ip } }));
      return { message: 'Keynote speaker saved', speaker };
    },
  });

  defineRoute(app, SITE.moveKeynoteSpeaker, {
    access: EDITOR,
    handler: async ({ req, caller, params, body }) => {
      await moveKeynoteSpeaker({ db, id: params.id, direction: body.direction, editor: { id: caller.id, ip: req.ip } });
      return { message: 'Keynote speaker moved' };
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

  defineRoute(app, SITE.editNews, {
    access: EDITOR,
    handler: async ({ req, caller, params, body }) => ({ message: 'News item saved', item: await editNews({ db, id: params.id, fields: body, editor: { id: caller.id, ip: req.ip } }) }),
  });

  defineRoute(app, SITE.moveNews, {
    access: EDITOR,
    handler: async ({ req, caller, params, body }) => {
      await moveNews({ db, id: params.id, direction: body.direction, editor: { id: caller.id, ip: req.ip } });
      return { message: 'News item moved' };
    },
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
