import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MessageJson, PaperId } from '../../core/schemas/common';
import { ConflictedReviewerJson } from '../../core/schemas/editor-stats';
import { requireCaller } from '../auth/caller';
import { listConflictedReviewers } from '../services/submissions/conflicts';

/**
 * The conflicts of interest on a paper with the reviewers' names and e-mail addresses (issue 12), for the
 * editor's paper page: GET /api/editor/papers/:paperId/conflicts answers ids only. Editor only.
 */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  app.get('/editor/papers/:paperId/conflicted-reviewers', {
    schema: {
      tags: ['review cycle'],
      response: { 200: z.array(ConflictedReviewerJson), 400: MessageJson, 401: MessageJson, 403: MessageJson, 404: MessageJson },
    },
  }, async (req) => {
    await requireCaller(req, 'Editor');
    return listConflictedReviewers({ db, paperId: PaperId.parse((req.params as { paperId: string }).paperId) });
  });
};

export default routes;
