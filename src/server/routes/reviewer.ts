import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES, paperResponded } from '../../core/messages';
import { Id, PaperId } from '../../core/schemas/common';
import { AddCommentBody, RespondBody } from '../../core/schemas/review';
import { deny, requireCaller } from '../auth/caller';
import { canReadAssignedList, canRespondAs } from '../permissions';
import { addComment } from '../services/submissions/add-comment';
import { listAssignedPapers } from '../services/submissions/assigned-papers';
import { respondToPaper } from '../services/submissions/review-status';
import { CONTRACT } from './contract';

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  app.get<{ Params: { reviewerId: string } }>('/reviewer/assigned-papers/:reviewerId', CONTRACT.assignedPapers, async (req, reply) => {
    const caller = await requireCaller(req, 'Reviewer');
    const reviewerId = Id.parse(req.params.reviewerId);
    deny(canReadAssignedList(caller, reviewerId));
    const json = await app.listCache.get(`assigned:${reviewerId}`, () => listAssignedPapers({ db, secret: app.config.JWT_SECRET, reviewerId }));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.post<{ Params: { paperId: string } }>('/reviewer/add-comment/:paperId', CONTRACT.addComment, async (req, reply) => {
    const caller = await requireCaller(req, 'Reviewer');
    const paperId = PaperId.parse(req.params.paperId);
    const body = AddCommentBody.parse(req.body ?? {});
    deny(canReadAssignedList(caller, body.reviewerId));
    await addComment({ db, paperId, reviewer: { id: caller.id, ip: req.ip }, text: body.text });
    return reply.code(201).send({ message: MESSAGES.commentSaved });
  });

  app.post('/reviewer/respond', CONTRACT.respond, async (req) => {
    const caller = await requireCaller(req, 'Reviewer');
    const body = RespondBody.parse(req.body ?? {});
    deny(canRespondAs(caller, body.email));
    await respondToPaper({ db, paperId: body.paperId, reviewer: { id: caller.id, ip: req.ip }, status: body.status });
    return { message: paperResponded(body.status) };
  });
};

export default routes;
