import type { FastifyPluginAsync } from 'fastify';
import { PHASE } from '../../core/api/phase';
import { currentPhase } from '../../core/conference-phase';
import { defineRoute } from '../http/route';
import { getSettings } from '../services/shared/settings';

/** The conference's phase (issue 23.8): every signed-in role sees it; the server's clock decides. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  defineRoute(app, PHASE.getPhase, {
    access: ['Author', 'Editor', 'Reviewer', 'Chair'],
    handler: async () => currentPhase(await getSettings(db), new Date()),
  });
};

export default routes;
