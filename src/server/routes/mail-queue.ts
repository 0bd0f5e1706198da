import type { FastifyPluginAsync } from 'fastify';
import { EDITOR_DESK } from '../../core/api/editor-desk';
import { MAIL_RETRY_QUEUED } from '../../core/schemas/mail';
import { defineRoute } from '../http/route';
import { retryMail } from '../services/editor-desk/retry-mail';

/** The editor's messages page: a mail that failed for good can be queued once more. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  defineRoute(app, EDITOR_DESK.retryMail, {
    access: ['Editor'],
    handler: async ({ req, caller, params }) => {
      const mail = await retryMail(db, { mailer: app.mailer, mailId: params.mailId, editorId: caller.id, ip: req.ip });
      return { message: MAIL_RETRY_QUEUED, mail };
    },
  });
};

export default routes;
