import type { FastifyPluginAsync } from 'fastify';
import { EDITOR_DESK } from '../../core/api/editor-desk';
import { MAIL_RETRY_QUEUED } from '../../core/schemas/mail';
import { defineRoute } from '../http/route';
import { getMailForEditor, listInvitationMails, listMails } from '../services/editor-desk/find-mails';
import { retryMail } from '../services/editor-desk/retry-mail';
import { chairPaperGuard, EDITOR_OR_CHAIR } from './chair-access';

/** The editor's mail log: a failed mail queued once more, the log filtered per recipient, one mail whole; the invitations' states. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  defineRoute(app, EDITOR_DESK.retryMail, {
    access: ['Editor'],
    handler: async ({ req, caller, params }) => {
      const mail = await retryMail(db, { mailer: app.mailer, mailId: params.mailId, editorId: caller.id, ip: req.ip });
      return { message: MAIL_RETRY_QUEUED, mail };
    },
  });
  defineRoute(app, EDITOR_DESK.listMails, { access: ['Editor'], handler: ({ query }) => listMails(db, { query, configured: app.mailer.configured }) });
  defineRoute(app, EDITOR_DESK.getMail, {
    access: ['Editor'],
    handler: ({ params }) => getMailForEditor(db, { mailId: params.mailId, configured: app.mailer.configured }),
  });
  defineRoute(app, EDITOR_DESK.listInvitationMails, {
    access: EDITOR_OR_CHAIR,
    guard: chairPaperGuard(db, EDITOR_DESK.listInvitationMails.params, { seesReviewers: true }),
    handler: ({ params }) => listInvitationMails(db, params.paperId),
  });
};

export default routes;
