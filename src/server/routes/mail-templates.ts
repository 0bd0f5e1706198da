import type { FastifyPluginAsync } from 'fastify';
import { MAIL_TEMPLATES_API } from '../../core/api/mail-templates';
import { defineRoute } from '../http/route';
import { listMailTemplates, resetMailTemplate, saveMailTemplate } from '../services/mail-templates/mail-templates';
import { previewMailTemplate } from '../services/mail-templates/preview-mail-template';

/** The editor's mail templates (decision 0038): the conference editor's alone; a track chair is refused. */
const EDITOR = ['Editor'] as const;

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  defineRoute(app, MAIL_TEMPLATES_API.listMailTemplates, {
    access: EDITOR,
    handler: () => listMailTemplates({ db }),
  });
  defineRoute(app, MAIL_TEMPLATES_API.saveMailTemplate, {
    access: EDITOR,
    handler: ({ req, caller, params, body }) => saveMailTemplate({ db, editor: { id: caller.id, ip: req.ip }, name: params.name, body }),
  });
  defineRoute(app, MAIL_TEMPLATES_API.resetMailTemplate, {
    access: EDITOR,
    handler: ({ req, caller, params }) => resetMailTemplate({ db, editor: { id: caller.id, ip: req.ip }, name: params.name }),
  });
  defineRoute(app, MAIL_TEMPLATES_API.previewMailTemplate, {
    access: EDITOR,
    handler: ({ params, body }) =>
      previewMailTemplate({ db, publicUrl: app.config.publicUrl, conference: app.conference.current(), name: params.name, body }),
  });
};

export default routes;
