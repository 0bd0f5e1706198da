import type { FastifyPluginAsync } from 'fastify';
import { REVIEW } from '../../core/api/review';
import { MESSAGES, paperResponded } from '../../core/messages';
import { deny } from '../auth/caller';
import { defineRoute } from '../http/route';
import { canReadAssignedList, canRespondAs } from '../permissions';
import { addComment } from '../services/submissions/add-comment';
import { listAssignedPapers } from '../services/submissions/assigned-papers';
import { respondToPaper } from '../services/submissions/review-status';

const REVIEWER = ['Reviewer'] as const;

/** What a reviewer is sent: the list, a comment on a paper, and the answer to a paper sent (accept or decline). */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  defineRoute(app, REVIEW.listAssignedPapers, {
    access: REVIEWER,
    handler: async ({ caller, params, reply }) => {
      const { reviewerId } = params;
      deny(canReadAssignedList(caller, reviewerId));
      const json = await app.listCache.get(`assigned:${reviewerId}`, () => listAssignedPapers({ db, secret: app.config.JWT_SECRET, reviewerId }));
      return reply.type('application/json; charset=utf-8').send(json);
    },
  });

  defineRoute(app, REVIEW.addComment, {
    access: REVIEWER,
    handler: async ({ req, caller, params, body }) => {
      deny(canReadAssignedList(caller, body.reviewerId));
      await addComment({ db, paperId: params.paperId, reviewer: { id: caller.id, ip: req.ip }, text: body.text });
      return { message: MESSAGES.commentSaved };
    },
  });

  defineRoute(app, REVIEW.respondToPaper, {
    access: REVIEWER,
    handler: async ({ req, caller, body }) => {
      deny(canRespondAs(caller, body.email));
      await respondToPaper({ db, paperId: body.paperId, reviewer: { id: caller.id, ip: req.ip }, status: body.status });
      return { message: paperResponded(body.status) };
    },
  });
};

export default routes;
