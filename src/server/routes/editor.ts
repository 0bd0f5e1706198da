import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { mailFailed, mailSent, paperSentTo } from '../../core/messages';
import { Email, Id, PaperId } from '../../core/schemas/common';
import { SendMailBody, SendPaperBody } from '../../core/schemas/review';
import { requireCaller } from '../auth/caller';
import { contactMessages, mailLog, papers, reviewStatuses, users } from '../db/schema';
import { AppError } from '../errors';
import { createMailer } from '../mail/send';
import { listPapers } from '../services/list-papers';
import { toPaperJson } from '../services/paper-json';
import { recordEditorAction } from '../services/review-status';
import { listReviewers, suggestReviewersForPaper } from '../services/suggest-reviewers';

const PageQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 200').max(200, 'limit must be 1 to 200').optional(),
  cursor: Id.optional(),
  q: z.string().max(200, 'Search text is too long').optional(),
});

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const mailer = createMailer({ smtpUrl: app.config.SMTP_URL, from: app.config.MAIL_FROM, db, log: app.log });
  app.addHook('onClose', async () => mailer.close());

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

  app.get('/editor/papers', async (req, reply) => {
    await requireCaller(req, 'Editor');
    const q = PageQuery.parse(req.query ?? {});
    const { rows, nextCursor } = await listPapers(db, q);
    if (nextCursor) reply.header('x-next-cursor', nextCursor);
    return toPaperJson(db, app.config.JWT_SECRET, rows);
  });

  app.get<{ Params: { paperId: string } }>('/editor/papers/:paperId', async (req) => {
    await requireCaller(req, 'Editor');
    const paper = await findPaper(PaperId.parse(req.params.paperId));
    const [json] = await toPaperJson(db, app.config.JWT_SECRET, [paper]);
    return json;
  });

  app.get('/editor/suggested-reviewers', async (req) => {
    await requireCaller(req, 'Editor');
    const { paperId } = z.object({ paperId: PaperId.optional() }).parse(req.query ?? {});
    if (!paperId) return listReviewers(db);
    const paper = await findPaper(paperId);
    return suggestReviewersForPaper(db, paper.keywords);
  });

  app.get<{ Params: { paperId: string } }>('/reviewer/status/:paperId', async (req) => {
    await requireCaller(req, 'Editor');
    const paperId = PaperId.parse(req.params.paperId);
    return db.select({ reviewerId: reviewStatuses.reviewerId, status: reviewStatuses.status })
      .from(reviewStatuses).where(eq(reviewStatuses.paperId, paperId));
  });

  app.post<{ Params: { reviewerEmail: string } }>('/send-mail/:reviewerEmail', async (req, reply) => {
    await requireCaller(req, 'Editor');
    const email = Email.parse(req.params.reviewerEmail);
    const body = SendMailBody.parse(req.body ?? {});
    const reviewer = await findReviewer(body.reviewerId);
    if (reviewer.email.toLowerCase() !== email.toLowerCase()) throw new AppError('bad_request', 'The email is not this reviewer\'s email');
    const paper = await findPaper(body.paperId);
    const sent = await mailer.send({
      to: reviewer.email,
      template: 'reviewInvitation',
      values: {
        name: reviewer.name, paperTitle: paper.title, paperId: paper.id,
        conference: 'World Conference on Innovations in Management, Science and Engineering',
        loginUrl: `${app.config.publicUrl}/login`,
      },
    });
    if (!sent.ok) return reply.code(502).send({ message: mailFailed(reviewer.email) });
    await recordEditorAction(db, { paperId: paper.id, reviewerId: reviewer.id, status: 'Mail Sent', assign: false });
    return { message: mailSent(reviewer.email), result: sent.result };
  });

  app.post('/editor/send-paper', async (req) => {
    await requireCaller(req, 'Editor');
    const body = SendPaperBody.parse(req.body ?? {});
    const reviewer = await findReviewer(body.reviewerId);
    const paper = await findPaper(body.paperId);
    await recordEditorAction(db, { paperId: paper.id, reviewerId: reviewer.id, status: 'Sent', assign: true });
    return { message: paperSentTo(reviewer.name) };
  });

  app.get('/editor/messages', async (req) => {
    await requireCaller(req, 'Editor');
    const [messages, mails] = await Promise.all([
      db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(500),
      db.select().from(mailLog).orderBy(desc(mailLog.id)).limit(500),
    ]);
    return {
      messages: messages.map((m) => ({ _id: m.id, name: m.name, email: m.email, phone: m.phone, subject: m.subject, message: m.message, createdAt: m.createdAt.toISOString() })),
      mails: mails.map((m) => ({ _id: m.id, to: m.to, subject: m.subject, template: m.template, result: m.result, error: m.error, createdAt: m.createdAt.toISOString() })),
    };
  });
};

export default routes;
