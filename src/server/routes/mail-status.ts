import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAIL_NOT_CONFIGURED } from '../../core/messages';
import { MessageJson } from '../../core/schemas/common';
import { MailStatusJson } from '../../core/schemas/mail';
import { requireCaller } from '../auth/caller';

/** Tells the editor's screens whether mail is delivered or only kept in the outbox (issue 18 §3). */
const routes: FastifyPluginAsync = async (app) => {
  app.withTypeProvider<ZodTypeProvider>().get('/editor/mail-status', {
    schema: {
      description: 'Whether e-mails are delivered over SMTP or only kept in the outbox (no SMTP_URL); `message` is the banner text then.',
      response: { 200: MailStatusJson, 401: MessageJson, 403: MessageJson },
    },
  }, async (req) => {
    await requireCaller(req, 'Editor');
    const configured = app.mailer.configured;
    return { configured, message: configured ? null : MAIL_NOT_CONFIGURED };
  });
};

export default routes;
