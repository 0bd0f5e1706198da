import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { mailFailed, mailKeptInOutbox, mailQueued, mailSent, paperSentTo } from '../../core/messages';
import { Email, Id, PaperId } from '../../core/schemas/common';
import { SendMailBody, SendPaperBody } from '../../core/schemas/review';
import { requireCaller } from '../auth/caller';
import { papers, reviewStatuses, users } from '../db/schema';
import { AppError } from '../errors';
import { listEditorMessages } from '../services/list-messages';
import { listPapers } from '../services/list-papers';
import { toPaperJson } from '../services/paper-json';
import { recordEditorAction } from '../services/review-status';
import { conflictBetween, findConflicts, refuseConflict, withoutConflicted } from '../services/conflicts';
import { sendReviewInvitation } from '../services/send-review-invitation';
import { listReviewers, suggestReviewersForPaper } from '../services/suggest-reviewers';
import { CONTRACT } from './contract';
import { recordAudit } from '../services/audit';
import { isWaitingForApproval, NOT_APPROVED } from '../services/reviewer-checks';

const PageQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 200').max(200, 'limit must be 1 to 200').optional(),
  cursor: Id.optional(),
  q: z.string().max(200, 'Search text is too long').optional(),
});

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const mailer = app.mailer;

  const findPaper = async (id: string) => {
    const [paper] = await db.select().from(papers).where(eq(papers.id, id)).limit(1);
    if (!paper) throw new AppError('not_found', 'Paper not found');
    return paper;
  };
  const findReviewer = async (id: string) => {
    const [reviewer] = await db.select().from(users).where(and(eq(users.id, id), eq(users.role, 'Reviewer'))).limit(1);
    if (!reviewer) throw new AppError('not_found', 'Reviewer not found');
    return reviewer;
  };

  app.get('/editor/papers', CONTRACT.editorPapers, async (req, reply) => {
    await requireCaller(req, 'Editor');
    const q = PageQuery.parse(req.query ?? {});
    const { rows, nextCursor } = await listPapers(db, q);
    if (nextCursor) reply.header('x-next-cursor', nextCursor);
    return toPaperJson(db, app.config.JWT_SECRET, rows, { coAuthors: true, editor: true });
  });

  app.get<{ Params: { paperId: string } }>('/editor/papers/:paperId', CONTRACT.editorPaper, async (req) => {
    await requireCaller(req, 'Editor');
    const paper = await findPaper(PaperId.parse(req.params.paperId));
    const [json] = await toPaperJson(db, app.config.JWT_SECRET, [paper], { coAuthors: true, editor: true });
    return json;
  });

  app.get('/editor/suggested-reviewers', CONTRACT.suggestedReviewers, async (req) => {
    await requireCaller(req, 'Editor');
    const { paperId } = z.object({ paperId: PaperId.optional() }).parse(req.query ?? {});
    if (!paperId) return listReviewers(db);
    const paper = await findPaper(paperId);
    return withoutConflicted(await suggestReviewersForPaper(db, paper.keywords), await findConflicts(db, paper.id));
  });

  app.get<{ Params: { paperId: string } }>('/reviewer/status/:paperId', CONTRACT.reviewerStatus, async (req) => {
    await requireCaller(req, 'Editor');
    const paperId = PaperId.parse(req.params.paperId);
    return db.select({ reviewerId: reviewStatuses.reviewerId, status: reviewStatuses.status })
      .from(reviewStatuses).where(eq(reviewStatuses.paperId, paperId));
  });

  app.post<{ Params: { reviewerEmail: string } }>('/send-mail/:reviewerEmail', CONTRACT.sendMail, async (req, reply) => {
    const caller = await requireCaller(req, 'Editor');
    const email = Email.parse(req.params.reviewerEmail);
    const body = SendMailBody.parse(req.body ?? {});
    // Issue 16.6: an invitation names the paper; a reviewer waiting for approval gets none.
    if (await isWaitingForApproval(db, body.reviewerId)) throw new AppError('conflict', NOT_APPROVED);
    const sent = await sendReviewInvitation(db, {
      mailer, publicUrl: app.config.publicUrl, editorId: caller.id, ip: req.ip,
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
    const reviewer = await findReviewer(body.reviewerId);
    const paper = await findPaper(body.paperId);
    refuseConflict(await conflictBetween(db, paper.id, reviewer.id));
    await recordEditorAction(db, { paperId: paper.id, reviewerId: reviewer.id, status: 'Sent', assign: true });
    await recordAudit(db, { actorId: caller.id, actorRole: 'Editor', action: 'review.assign', paperId: paper.id, ip: req.ip, details: { reviewerId: reviewer.id } });
    return { message: paperSentTo(reviewer.name) };
  });

  app.get('/editor/messages', CONTRACT.editorMessages, async (req) => {
    await requireCaller(req, 'Editor');
    return listEditorMessages(db);
  });
};

export default routes;
