import type { FastifyPluginAsync } from 'fastify';
import { EDITIONS } from '../../core/api/editions';
import { defineRoute } from '../http/route';
import { listEditions, openEdition } from '../services/editions/editions';

/** The conference's editions (decision 0060): everyone sees the list; the editor opens the next one. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  defineRoute(app, EDITIONS.listEditions, { access: 'public', handler: () => listEditions({ db }) });
  defineRoute(app, EDITIONS.openEdition, {
    access: ['Editor'],
    handler: async ({ req, caller, body }) => {
      const opened = await openEdition({ db, body, editor: { id: caller.id, ip: req.ip } });
      // Every instance reads the new edition's facts on its next poll; this one at once (the public pages re-render).
      await app.conference.refresh(db);
      // The organiser's pages are the edition's own (decision 0064): the old edition's leave the site and its menu now.
      await app.sitePages.refresh(db);
      return opened;
    },
  });
};

export default routes;
