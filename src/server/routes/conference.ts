import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CONFERENCE, LOGO_MAX_BYTES, LOGO_TEXT } from '../../core/api/conference';
import { defineRoute } from '../http/route';
import { readMultipart, storeUpload } from '../http/upload';
import { AppError } from '../errors';
import {
  discardUnlessLogo,
  findConferenceLogo,
  getEditorConference,
  logoProblem,
  publicConference,
  removeConferenceLogo,
  saveConferenceFacts,
  saveConferenceLogo,
  splitConferenceBody,
} from '../services/conference/save-conference';

const EDITOR = ['Editor'] as const;

/**
 * The conference's facts and logo (decision 0051). After each write this instance reloads its facts at once, so its
 * pages, mails and documents show the new ones on the next request; other instances follow within the store's poll.
 */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const actor = (caller: { id: string }, ip: string) => ({ id: caller.id, ip });
  /**
   * This instance's facts read again after a committed write. The write stands even if this read fails (the
   * database restarting): the answer is still the save's, and the store's poll catches up within 5 s.
   */
  const reload = (req: FastifyRequest) =>
    app.conference.refresh(db).catch((err: unknown) => {
      req.log.warn({ err }, 'conference facts not reloaded after a save');
    });

  defineRoute(app, CONFERENCE.getConference, {
    access: 'public',
    handler: async ({ reply }) => {
      reply.header('cache-control', 'no-cache');
      return publicConference({ db, facts: app.conference.current(), deadlines: app.conference.pageData().deadlines });
    },
  });
  defineRoute(app, CONFERENCE.getEditorConference, { access: EDITOR, handler: () => getEditorConference(db) });
  defineRoute(app, CONFERENCE.updateConference, {
    access: EDITOR,
    handler: async ({ req, caller, body }) => {
      const { facts, organiser } = splitConferenceBody(body);
      const saved = await saveConferenceFacts({ db, facts, organiser, editor: actor(caller, req.ip) });
      await reload(req);
      return saved;
    },
  });

  const logo = { maxBytes: LOGO_MAX_BYTES, tooLarge: LOGO_TEXT.tooLarge, check: logoProblem };
  defineRoute(app, CONFERENCE.uploadLogo, {
    access: EDITOR,
    handler: async ({ req, caller }) => {
      if (!req.isMultipart()) throw new AppError('bad_request', LOGO_TEXT.notMultipart);
      const discard = (key: string) => discardUnlessLogo({ db, store: app.files, key });
      const { file } = await readMultipart(
        req.parts({ limits: { fileSize: LOGO_MAX_BYTES + 1 } }),
        (part) => storeUpload(app.files, part, logo),
        discard,
        req.raw,
      );
      if (!file) throw new AppError('bad_request', LOGO_TEXT.missing);
      try {
        await saveConferenceLogo({ db, store: app.files, key: file.key, editor: actor(caller, req.ip) });
      } catch (err) {
        await discard(file.key).catch(() => {});
        throw err;
      }
      await reload(req);
      return { message: LOGO_TEXT.saved };
    },
  });
  defineRoute(app, CONFERENCE.getLogo, {
    access: EDITOR,
    handler: async ({ reply }) => {
      const { key, type } = await findConferenceLogo({ db, store: app.files });
      return reply.type(`image/${type}`).header('cache-control', 'private, no-store').send(app.files.get(key));
    },
  });
  defineRoute(app, CONFERENCE.removeLogo, {
    access: EDITOR,
    handler: async ({ req, caller }) => {
      await removeConferenceLogo({ db, store: app.files, editor: actor(caller, req.ip) });
      await reload(req);
      return { message: LOGO_TEXT.removed };
    },
  });
};

export default routes;
