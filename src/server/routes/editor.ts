import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { mailFailed, mailKeptInOutbox, mailQueued, mailSent, paperSentTo } from '../../core/messages';
import { Email, Id, PaperId } from '../../core/schemas/common';
import { SendMailBody, SendPaperBody } from '../../core/schemas/review';
import { requireCaller } from '../auth/caller';
import { getEditorPaper, listEditorPapers, sendPaperToReviewer, suggestReviewers } from '../services/assignment/editor-papers';
import { listEditorMessages } from '../services/editor-desk/list-messages';
import { listReviewStatuses } from '../services/submissions/review-status';
import { sendReviewInvitation } from '../services/assignment/send-review-invitation';
import { CONTRACT } from './contract';

const PageQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 200').max(200, 'limit must be 1 to 200').optional(),
  cursor: Id.optional(),
  q: z.string().max(200, 'Search text is too long').optional(),
});

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const secret = app.config.JWT_SECRET;

  app.get('/editor/papers', CONTRACT.editorPapers, async (req, reply) => {
    await requireCaller(req, 'Editor');
    const { papers, nextCursor } = await listEditorPapers({ db, secret, query: PageQuery.parse(req.query ?? {}) });
    if (nextCursor) reply.header('x-next-cursor', nextCursor);
    return papers;
  });

  app.get<{ Params: { paperId: string } }>('/editor/papers/:paperId', CONTRACT.editorPaper, async (req) => {
    await requireCaller(req, 'Editor');
    return getEditorPaper({ db, secret, paperId: PaperId.parse(req.params.paperId) });
  });

  app.get('/editor/suggested-reviewers', CONTRACT.suggestedReviewers, async (req) => {
    await requireCaller(req, 'Editor');
    const { paperId } = z.object({ paperId: PaperId.optional() }).parse(req.query ?? {});
    return suggestReviewers({ db, paperId });
  });

  app.get<{ Params: { paperId: string } }>('/reviewer/status/:paperId', CONTRACT.reviewerStatus, async (req) => {
    await requireCaller(req, 'Editor');
    return listReviewStatuses({ db, paperId: PaperId.parse(req.params.paperId) });
  });

  app.post<{ Params: { reviewerEmail: string } }>('/send-mail/:reviewerEmail', CONTRACT.sendMail, async (req, reply) => {
    const caller = await requireCaller(req, 'Editor');
    const email = Email.parse(req.params.reviewerEmail);
    const body = SendMailBody.parse(req.body ?? {});
    const sent = await sendReviewInvitation({
      db, mailer: app.mailer, publicUrl: app.config.publicUrl, editorId: caller.id, ip: req.ip,
      reviewerEmail: email, reviewerId: body.reviewerId, paperId: body.paperId, waitMs: 5000,
    });
    if (sent.result === 'failed') return reply.code(502).send({ message: mailFailed(sent.email) });
    if (sent.result === 'queued' || sent.result === 'sending') return reply.code(202).send({ message: mailQueued(sent.email), result: 'queued' });
    if (sent.result === 'outbox') return { message: mailKeptInOutbox(sent.email), result: 'outbox' };
    return { message: mailSent(sent.email), result: sent.result };
  });

  app.post('/editor/send-paper', CONTRACT.sendPaper, async (req) => {
    const caller = await requireCaller(req, 'Editor');
    const body = SendPaperBody.parse(req.body ?? {});
    const { reviewerName } = await sendPaperToReviewer({ db, editor: { id: caller.id, ip: req.ip }, paperId: body.paperId, reviewerId: body.reviewerId });
    return { message: paperSentTo(reviewerName) };
  });

  app.get('/editor/messages', CONTRACT.editorMessages, async (req) => {
    await requireCaller(req, 'Editor');
    return listEditorMessages(db);
  });
};

export default routes;
