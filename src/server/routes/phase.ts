import type { FastifyPluginAsync } from 'fastify';
import { PHASE } from '../../core/api/phase';
import { defineRoute } from '../http/route';
import { findPhase } from '../services/phase/find-phase';

/** The conference's phase (decision 0035): every signed-in role sees it. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  defineRoute(app, PHASE.getPhase, {
    access: ['Author', 'Editor', 'Reviewer', 'Chair'],
    handler: () => findPhase({ db }),
  });
};

export default routes;
