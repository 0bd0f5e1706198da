import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AutoAssignBody, AutoAssignJson } from '../../core/schemas/assignment';
import { MessageJson } from '../../core/schemas/common';
import { requireCaller } from '../auth/caller';
import { autoAssign } from '../services/auto-assign';

const errors = { 400: MessageJson, 401: MessageJson, 403: MessageJson };

const routes: FastifyPluginAsync = async (app) => {
  const { pool } = app.database;

  app.withTypeProvider<ZodTypeProvider>().post('/editor/auto-assign',
    { schema: { body: AutoAssignBody, response: { 200: AutoAssignJson, ...errors } } },
    async (req) => {
      await requireCaller(req, 'Editor');
      const result = await autoAssign({ pool, ...req.body });
      if (result.stats.assigned > 0 && req.body.apply) app.listCache.invalidate();
      return result;
    });
};

export default routes;
