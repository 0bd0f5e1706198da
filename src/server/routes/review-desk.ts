import type { FastifyPluginAsync } from 'fastify';
import { REVIEW_DESK } from '../../core/api/review-desk';
import { reviewersReminded } from '../../core/messages';
import { defineRoute } from '../http/route';
import { listMissingReviews, remindReviewers } from '../services/review-desk/missing-reviews';
import { EDITOR_OR_CHAIR } from './chair-access';

/** The missing reviews and the reminders about them (docs/product.md#assignments-declines-and-withdrawals): the editor's, and each track chair's for their tracks. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  defineRoute(app, REVIEW_DESK.listMissingReviews, {
    access: EDITOR_OR_CHAIR,
    handler: ({ caller, query }) => listMissingReviews({ db, caller, query }),
  });
  defineRoute(app, REVIEW_DESK.remindReviewers, {
    access: EDITOR_OR_CHAIR,
    handler: async ({ req, reply, caller, body }) => {
      const sent = await remindReviewers({
        db,
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
        caller,
        ip: req.ip,
        reviewerId: body.reviewerId,
        waitMs: 5000,
      });
      const message = reviewersReminded({
        count: sent.reviewers,
        email: sent.email,
        result: sent.result === 'sending' ? 'queued' : sent.result,
      });
      if (sent.result === 'failed') return reply.code(502).send({ message });
      if (sent.result === 'queued' || sent.result === 'sending')
        return reply.code(202).send({ message, reviewers: sent.reviewers, result: 'queued' });
      return { message, reviewers: sent.reviewers, result: sent.result };
    },
  });
};

export default routes;
