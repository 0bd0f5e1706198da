import type { FastifyPluginAsync } from 'fastify';
import { EDITOR_DESK } from '../../core/api/editor-desk';
import { MAIL_NOT_CONFIGURED } from '../../core/messages';
import { defineRoute } from '../http/route';

/** Tells the editor's screens whether mail is delivered or only kept in the outbox (issue 18 §3). */
const routes: FastifyPluginAsync = async (app) => {
  defineRoute(app, EDITOR_DESK.getMailStatus, {
    access: ['Editor'],
    handler: () => {
      const configured = app.mailer.configured;
      return { configured, message: configured ? null : MAIL_NOT_CONFIGURED };
    },
  });
};

export default routes;
