import type { FastifyPluginAsync } from 'fastify';
import { TRACKS } from '../../core/api/tracks';
import { CHAIR_MAIL_KEPT } from '../../core/mail-states';
import { defineRoute } from '../http/route';
import { setTrackChairs } from '../services/tracks/chairs';
import { createTrack, listEditorTracks, listTracks, updateTrack } from '../services/tracks/tracks';

const EDITOR = ['Editor'] as const;

/** Tracks (decision 0023): everyone reads them; the editor (not a track chair) shapes them and names their chairs. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  defineRoute(app, TRACKS.listTracks, { access: 'public', handler: () => listTracks({ db }) });
  defineRoute(app, TRACKS.listEditorTracks, { access: EDITOR, handler: () => listEditorTracks({ db }) });
  defineRoute(app, TRACKS.createTrack, {
    access: EDITOR,
    handler: ({ req, caller, body }) => createTrack({ db, body, editor: { id: caller.id, ip: req.ip } }),
  });
  defineRoute(app, TRACKS.updateTrack, {
    access: EDITOR,
    handler: ({ req, caller, params, body }) => updateTrack({ db, trackId: params.trackId, body, editor: { id: caller.id, ip: req.ip } }),
  });
  defineRoute(app, TRACKS.setTrackChairs, {
    access: EDITOR,
    handler: async ({ req, caller, params, body }) => {
      const emails = await setTrackChairs({
        db,
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
        trackId: params.trackId,
        emails: body.emails,
        editor: { id: caller.id, ip: req.ip },
      });
      const saved = emails.length ? `Chairs saved: ${emails.join(', ')}` : 'This track has no chairs now';
      // Newly named chairs are mailed; without SMTP that mail is only kept (decision 0041).
      return { emails, message: emails.length && !app.mailer.configured ? `${saved}. ${CHAIR_MAIL_KEPT}` : saved };
    },
  });
};

export default routes;
