import type { FastifyPluginAsync } from 'fastify';
import { SITE } from '../../core/api/site';
import { defineRoute } from '../http/route';

/** GET /api/health: up, and its database answering (a load balancer's check; 503 while the database is not). */
const routes: FastifyPluginAsync = async (app) => {
  defineRoute(app, SITE.getHealth, {
    access: 'public',
    handler: async ({ reply }) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable', message: 'Database is not answering' });
      }
    },
  });
};

export default routes;
