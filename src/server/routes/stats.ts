import type { FastifyPluginAsync } from 'fastify';
import { EDITOR_DESK } from '../../core/api/editor-desk';
import { defineRoute } from '../http/route';
import { editorStats } from '../services/editor-desk/editor-stats';

/** The editor dashboard's chart data (issue 12): Editor only. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  defineRoute(app, EDITOR_DESK.getEditorStats, { access: ['Editor'], handler: () => editorStats(db) });
};

export default routes;
