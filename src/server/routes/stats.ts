import type { FastifyPluginAsync } from 'fastify';
import { MessageJson } from '../../core/schemas/common';
import { EditorStatsJson } from '../../core/schemas/editor-stats';
import { requireCaller } from '../auth/caller';
import { editorStats } from '../services/editor-desk/editor-stats';

/** The editor dashboard's chart data (issue 12): Editor only. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  app.get('/editor/stats', {
    schema: { tags: ['review cycle'], response: { 200: EditorStatsJson, 401: MessageJson, 403: MessageJson } },
  }, async (req) => {
    await requireCaller(req, 'Editor');
    return editorStats(db);
  });
};

export default routes;
