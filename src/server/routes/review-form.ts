import type { FastifyPluginAsync } from 'fastify';
import { REVIEW_FORM } from '../../core/api/review-form';
import { defineRoute } from '../http/route';
import { createQuestion, listAllQuestions, listCurrentQuestions, updateQuestion } from '../services/review-form/review-form';

/** The review form (decision 0031): the committee reads it; only the editor (not a track chair) changes it. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  defineRoute(app, REVIEW_FORM.getReviewForm, { access: ['Editor', 'Chair', 'Reviewer'], handler: () => listCurrentQuestions({ db }) });
  defineRoute(app, REVIEW_FORM.getEditorReviewForm, { access: ['Editor'], handler: () => listAllQuestions({ db }) });
  defineRoute(app, REVIEW_FORM.createQuestion, {
    access: ['Editor'],
    handler: ({ req, caller, body }) => createQuestion({ db, body, editor: { id: caller.id, ip: req.ip } }),
  });
  defineRoute(app, REVIEW_FORM.updateQuestion, {
    access: ['Editor'],
    handler: ({ req, caller, params, body }) =>
      updateQuestion({ db, questionId: params.questionId, body, editor: { id: caller.id, ip: req.ip } }),
  });
};

export default routes;
