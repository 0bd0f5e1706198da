import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageJson } from '../../core/schemas/common';
import { MAIL_RETRY_QUEUED, MailIdParams, MailRetryJson } from '../../core/schemas/mail';
import { requireCaller } from '../auth/caller';
import { retryMail } from '../services/editor-desk/retry-mail';

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  app.withTypeProvider<ZodTypeProvider>().post('/editor/mails/:mailId/retry', {
    schema: {
      description: 'Queue a mail that failed for good once more (the editor\'s messages page).',
      params: MailIdParams,
      response: { 200: MailRetryJson, 400: MessageJson, 401: MessageJson, 403: MessageJson, 404: MessageJson, 409: MessageJson },
    },
  }, async (req) => {
    const caller = await requireCaller(req, 'Editor');
    const mail = await retryMail(db, { mailer: app.mailer, mailId: req.params.mailId, editorId: caller.id, ip: req.ip });
    return { message: MAIL_RETRY_QUEUED, mail };
  });
};

export default routes;
