import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AutoAssignBody, AutoAssignJson } from '../../core/schemas/assignment';
import { MessageJson } from '../../core/schemas/common';
import { requireCaller } from '../auth/caller';
import { autoAssign } from '../services/assignment/auto-assign';

const errors = { 400: MessageJson, 401: MessageJson, 403: MessageJson };

const routes: FastifyPluginAsync = async (app) => {
  const { db, pool } = app.database;

  app.withTypeProvider<ZodTypeProvider>().post('/editor/auto-assign',
    { schema: { body: AutoAssignBody, response: { 200: AutoAssignJson, ...errors } } },
    async (req) => {
      const caller = await requireCaller(req, 'Editor');
      const { apply, ...limits } = req.body;
      return autoAssign({ pool, ...limits, apply: apply ? { db, editor: { id: caller.id, ip: req.ip } } : undefined });
    });
};

export default routes;
