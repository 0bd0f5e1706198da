import type { FastifyPluginAsync } from 'fastify';
import { RETENTION } from '../../core/api/retention';
import { defineRoute } from '../http/route';
import { applyRetention, getRetention, saveRetention } from '../services/retention/retention';

const EDITOR = ['Editor'] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Decision 0071: the organiser's retention periods, applied by a daily job. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  defineRoute(app, RETENTION.getRetention, { access: EDITOR, handler: () => getRetention({ db }) });

  defineRoute(app, RETENTION.saveRetention, {
    access: EDITOR,
    handler: async ({ req, caller, body }) => ({
      message: 'Retention saved',
      retention: await saveRetention({ db, actorId: caller.id, actorRole: caller.role, ip: req.ip, body }),
    }),
  });

  // Daily, in the mail worker's loop as the digests are; one instance at a time (an advisory lock).
  app.mailer.addJob({
    name: 'retention',
    everyMs: DAY_MS,
    run: () =>
      applyRetention({ db, files: app.files }).then((done) => {
        if (done?.length) app.log.info({ done }, 'retention applied');
      }),
  });
};

export default routes;
