import type { FastifyPluginAsync } from 'fastify';
import { ASSIGNMENT } from '../../core/api/assignment';
import { defineRoute } from '../http/route';
import { autoAssign } from '../services/assignment/auto-assign';

/** Automatic assignment of reviewers to papers: a preview, or applied with `apply`. */
const routes: FastifyPluginAsync = async (app) => {
  const { db, pool } = app.database;

  defineRoute(app, ASSIGNMENT.autoAssign, {
    access: ['Editor'],
    handler: ({ req, caller, body }) => {
      const { apply, ...limits } = body;
      return autoAssign({ pool, ...limits, apply: apply ? { db, mailer: app.mailer, publicUrl: app.config.publicUrl, editor: { id: caller.id, ip: req.ip } } : undefined });
    },
  });
};

export default routes;
