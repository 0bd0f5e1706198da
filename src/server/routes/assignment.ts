import type { FastifyPluginAsync } from 'fastify';
import { ASSIGNMENT } from '../../core/api/assignment';
import { defineRoute } from '../http/route';
import { autoAssign } from '../services/assignment/auto-assign';
import { checkEditorPapers, scopedPaperIds } from '../services/tracks/chairs';
import { EDITOR_OR_CHAIR } from './chair-access';

/** Automatic assignment of reviewers to papers: a preview, or applied with `apply`. */
const routes: FastifyPluginAsync = async (app) => {
  const { db, pool } = app.database;

  defineRoute(app, ASSIGNMENT.autoAssign, {
    access: EDITOR_OR_CHAIR,
    handler: async ({ req, caller, body }) => {
      const { apply, ...limits } = body;
      // A track chair assigns within their tracks, never on a paper they are conflicted with (issue 22.2).
      if (limits.paperIds) await checkEditorPapers(db, caller, limits.paperIds);
      else limits.paperIds = await scopedPaperIds(db, caller);
      return autoAssign({ pool, ...limits, apply: apply ? { db, mailer: app.mailer, publicUrl: app.config.publicUrl, editor: { id: caller.id, ip: req.ip } } : undefined });
    },
  });
};

export default routes;
