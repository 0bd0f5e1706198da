import type { FastifyPluginAsync } from 'fastify';
import { MESSAGES, paperResponded } from '../../core/messages';
import { Id, PaperId } from '../../core/schemas/common';
import { AddCommentBody, RespondBody } from '../../core/schemas/review';
import { newId } from '../../core/ids';
import { deny, requireCaller } from '../auth/caller';
import { comments } from '../db/schema';
import { canReadAssignedList, canRespondAs, canReviewerReadPaper } from '../permissions';
import { toPaperJson } from '../services/paper-json';
import { getSettingsRow } from '../services/settings';
import { findPapersForReviewer, isAssigned, recordResponse } from '../services/review-status';
import { CONTRACT } from './contract';
import { recordAudit } from '../services/audit';

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  app.get<{ Params: { reviewerId: string } }>('/reviewer/assigned-papers/:reviewerId', CONTRACT.assignedPapers, async (req, reply) => {
    const caller = await requireCaller(req, 'Reviewer');
    const reviewerId = Id.parse(req.params.reviewerId);
    deny(canReadAssignedList(caller, reviewerId));
    const json = await app.listCache.get(`assigned:${reviewerId}`,
      async () => toPaperJson(db, app.config.JWT_SECRET, await findPapersForReviewer(db, reviewerId), { blind: (await getSettingsRow(db))?.blindReview, reviewerViewerId: reviewerId }));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.post<{ Params: { paperId: string } }>('/reviewer/add-comment/:paperId', CONTRACT.addComment, async (req, reply) => {
    const caller = await requireCaller(req, 'Reviewer');
    const paperId = PaperId.parse(req.params.paperId);
    const body = AddCommentBody.parse(req.body ?? {});
    deny(canReadAssignedList(caller, body.reviewerId));
    deny(canReviewerReadPaper(await isAssigned(db, paperId, caller.id)));
    await db.insert(comments).values({ id: newId(), paperId, reviewerId: caller.id, text: body.text });
    await recordAudit(db, { actorId: caller.id, actorRole: 'Reviewer', action: 'review.comment', paperId, ip: req.ip });
    return reply.code(201).send({ message: MESSAGES.commentSaved });
  });

  app.post('/reviewer/respond', CONTRACT.respond, async (req) => {
    const caller = await requireCaller(req, 'Reviewer');
    const body = RespondBody.parse(req.body ?? {});
    deny(canRespondAs(caller, body.email));
    deny(canReviewerReadPaper(await isAssigned(db, body.paperId, caller.id)));
    await recordResponse(db, { paperId: body.paperId, reviewerId: caller.id, status: body.status });
    await recordAudit(db, { actorId: caller.id, actorRole: 'Reviewer', action: 'review.respond', paperId: body.paperId, ip: req.ip, details: { status: body.status } });
    return { message: paperResponded(body.status) };
  });
};

export default routes;
