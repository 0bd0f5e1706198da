import type { FastifyPluginAsync } from 'fastify';
import { BULK_MAIL } from '../../core/api/bulk-mail';
import { conferenceTitle } from '../../core/conference-facts';
import { defineRoute } from '../http/route';
import { getBulkMail, listBulkMails, previewBulkMail, sendBulkMail } from '../services/bulk-mail/bulk-mails';
import { EDITOR_OR_CHAIR } from './chair-access';

/** Mail to a group (decision 0040): the editor's, and each track chair's within their tracks. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const publicUrl = app.config.publicUrl;

  defineRoute(app, BULK_MAIL.previewBulkMail, {
    access: EDITOR_OR_CHAIR,
    handler: ({ caller, body }) =>
      previewBulkMail({ db, caller, publicUrl, conference: conferenceTitle(app.conference.current()), ...body }),
  });
  defineRoute(app, BULK_MAIL.sendBulkMail, {
    access: EDITOR_OR_CHAIR,
    handler: async ({ req, reply, caller, body }) => {
      const { created, bulkMail } = await sendBulkMail({ db, mailer: app.mailer, caller, ip: req.ip, publicUrl, input: body });
      return reply.code(created ? 201 : 200).send(bulkMail);
    },
  });
  defineRoute(app, BULK_MAIL.listBulkMails, {
    access: EDITOR_OR_CHAIR,
    handler: ({ caller }) => listBulkMails({ db, caller }),
  });
  defineRoute(app, BULK_MAIL.getBulkMail, {
    access: EDITOR_OR_CHAIR,
    handler: ({ caller, params }) => getBulkMail({ db, caller, bulkId: params.bulkId }),
  });
};

export default routes;
