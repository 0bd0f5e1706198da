import type { FastifyPluginAsync } from 'fastify';
import { ASSIGNMENT } from '../../core/api/assignment';
import { defineRoute } from '../http/route';
import { listConflictedReviewers } from '../services/submissions/conflicts';
import { chairPaperGuard, EDITOR_OR_CHAIR } from './chair-access';

/**
 * The conflicts of interest on a paper with the reviewers' names and e-mail addresses (issue 12), for the
 * editor's paper page: GET /api/editor/papers/:paperId/conflicts answers ids only. Editor only.
 */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  defineRoute(app, ASSIGNMENT.listConflictedReviewers, {
    access: EDITOR_OR_CHAIR,
    guard: chairPaperGuard(db, ASSIGNMENT.listConflictedReviewers.params, { seesReviewers: true }),
    handler: ({ params }) => listConflictedReviewers({ db, paperId: params.paperId }),
  });
};

export default routes;
