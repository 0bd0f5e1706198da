import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DISCUSSION } from '../../core/api/discussion';
import { defineRoute } from '../http/route';
import type { Caller } from '../permissions';
import { addDiscussionPost, checkDiscussionParticipant, editDiscussionPost, listDiscussion } from '../services/discussion/discussion';
import { listOtherReviews } from '../services/discussion/other-reviews';
import { checkMayReview } from '../services/submissions/review-status';

/** A paper's discussion is its committee's: reviewers, track chairs and the editor; an author's account is refused by role. */
const COMMITTEE = ['Editor', 'Chair', 'Reviewer'] as const;

/** Deliberation (decision 0032): the other reviews a reviewer may read, and each paper's discussion thread. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  /** Whether the caller takes part, before a body is read: a stranger hears 403/404 whatever they send. */
  const participantGuard = (params: z.ZodType<{ paperId: string }>) => async (req: FastifyRequest, caller: Caller) => {
    await checkDiscussionParticipant({ db, caller, paperId: params.parse(req.params).paperId });
  };

  defineRoute(app, DISCUSSION.listOtherReviews, {
    access: ['Reviewer'],
    guard: async (req, caller) => {
      const { paperId } = DISCUSSION.listOtherReviews.params.parse(req.params);
      await checkMayReview({ db, paperId, reviewerId: caller.id });
    },
    handler: ({ caller, params }) => listOtherReviews({ db, paperId: params.paperId, reviewerId: caller.id }),
  });

  defineRoute(app, DISCUSSION.listDiscussion, {
    access: COMMITTEE,
    handler: ({ caller, params }) => listDiscussion({ db, caller, paperId: params.paperId }),
  });
  defineRoute(app, DISCUSSION.addDiscussionPost, {
    access: COMMITTEE,
    guard: participantGuard(DISCUSSION.addDiscussionPost.params),
    handler: ({ req, caller, params, body }) =>
      addDiscussionPost({
        db,
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
        caller,
        ip: req.ip,
        paperId: params.paperId,
        body: body.body,
      }),
  });
  defineRoute(app, DISCUSSION.editDiscussionPost, {
    access: COMMITTEE,
    guard: participantGuard(DISCUSSION.editDiscussionPost.params),
    handler: ({ req, caller, params, body }) =>
      editDiscussionPost({
        db,
        caller,
        ip: req.ip,
        paperId: params.paperId,
        postId: params.postId,
        body: body.body,
      }),
  });
};

export default routes;
