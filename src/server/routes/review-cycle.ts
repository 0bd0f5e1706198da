import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '../../core/messages';
import { MessageJson, PaperId } from '../../core/schemas/common';
import { PaperJson } from '../../core/schemas/paper';
import {
  BidBody, BiddingPaperJson, BidResponse, ConflictJson, ConflictsBody, ConflictsResponse, DecisionBody, DecisionResponse,
  EditorReviewJson, NotifyBody, NotifyResponse, ReviewBody, ReviewJson, SaveReviewResponse,
} from '../../core/schemas/review-cycle';
import { Deadlines, EditorSettings, UpdateSettingsBody } from '../../core/schemas/settings';
import { deny, requireCaller } from '../auth/caller';
import { papers } from '../db/schema';
import { AppError } from '../errors';
import { canActAsSubmitter, canAuthorReadPaper, canReviewerReadPaper } from '../permissions';
import { recordAudit } from '../services/audit';
import { listBiddingPapers, placeBid } from '../services/bids';
import { checkCameraReadyAllowed, storeCameraReady } from '../services/camera-ready';
import { findPaperForAuthor } from '../services/co-authors';
import { findConflicts, getDeclaredConflicts, setDeclaredConflicts } from '../services/conflicts';
import { notifyAuthors, setDecision } from '../services/decisions';
import { discardFileIfUnused } from '../services/discard-file';
import { toPaperJson } from '../services/paper-json';
import { readPdfForm } from '../services/pdf-form';
import { isAssigned } from '../services/review-status';
import { findOwnReview, listReviewsForPaper, saveReview } from '../services/reviews';
import { getSettings, updateSettings } from '../services/settings';

/**
 * The review cycle to a decision (issue 12): settings and deadlines, structured reviews, conflicts of
 * interest, bids, decisions and notification, camera-ready. Handlers decide who is asking before they parse,
 * so a stranger is told 401/403 whatever they send; the schemas here describe the contract (OpenAPI).
 */
const errors = { 400: MessageJson, 401: MessageJson, 403: MessageJson, 404: MessageJson, 409: MessageJson, 413: MessageJson, 503: MessageJson };
const handlerParses = { validatorCompiler: () => (data: unknown) => ({ value: data }) };
const doc = (schema: Record<string, unknown>) => ({ schema: { ...schema, response: { ...errors, ...(schema.response as object) } }, ...handlerParses });
const PaperParams = z.object({ paperId: PaperId });
const IdParams = z.object({ id: PaperId });

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const secret = app.config.JWT_SECRET;
  const audit = (req: FastifyRequest, caller: { id: string; role: string }, action: string, paperId: string | null, details?: Record<string, unknown>) =>
    recordAudit(db, { actorId: caller.id, actorRole: caller.role, action, paperId, ip: req.ip, details });
  const paperExists = async (paperId: string) => {
    const [p] = await db.select().from(papers).where(eq(papers.id, paperId)).limit(1);
    if (!p) throw new AppError('not_found', 'Paper not found');
    return p;
  };
  const ownPaper = async (req: FastifyRequest<{ Params: { id: string } }>, submitterOnly: boolean) => {
    const caller = await requireCaller(req, 'Author');
    const { paper, coAuthor } = await findPaperForAuthor(db, { paperId: PaperId.parse(req.params.id), caller });
    deny(submitterOnly ? canActAsSubmitter(caller, paper, coAuthor) : canAuthorReadPaper(caller, paper, coAuthor));
    return { caller, paper: paper! };
  };

  // Settings
  app.get('/editor/settings', doc({ tags: ['review cycle'], response: { 200: EditorSettings } }), async (req) => {
    await requireCaller(req, 'Editor');
    return getSettings(db);
  });
  app.put('/editor/settings', doc({ tags: ['review cycle'], body: UpdateSettingsBody, response: { 200: EditorSettings } }), async (req) => {
    const caller = await requireCaller(req, 'Editor');
    const patch = UpdateSettingsBody.parse(req.body ?? {});
    const saved = await updateSettings({ db, patch });
    await audit(req, caller, 'settings.update', null, patch);
    return saved;
  });

  /** The deadlines every signed-in user may see (the reviewer's form and the author's pages show them). */
  app.get('/deadlines', doc({ tags: ['review cycle'], response: { 200: Deadlines } }), async (req) => {
    await requireCaller(req, 'Author', 'Editor', 'Reviewer');
    const { submissionDeadline, reviewDeadline, cameraReadyDeadline } = await getSettings(db);
    return { submissionDeadline, reviewDeadline, cameraReadyDeadline };
  });

  // Reviews
  app.put<{ Params: { paperId: string } }>('/reviewer/review/:paperId', doc({ tags: ['review cycle'], params: PaperParams, body: ReviewBody, response: { 200: SaveReviewResponse } }), async (req) => {
    const caller = await requireCaller(req, 'Reviewer');
    const paperId = PaperId.parse(req.params.paperId);
    deny(canReviewerReadPaper(await isAssigned(db, paperId, caller.id)));
    const body = ReviewBody.parse(req.body ?? {});
    const review = await saveReview({ db, paperId, reviewerId: caller.id, body });
    await audit(req, caller, 'review.save', paperId, { recommendation: review.recommendation, confidence: review.confidence });
    return { message: MESSAGES.reviewSaved, review };
  });
  app.get<{ Params: { paperId: string } }>('/reviewer/review/:paperId', doc({ tags: ['review cycle'], params: PaperParams, response: { 200: ReviewJson } }), async (req) => {
    const caller = await requireCaller(req, 'Reviewer');
    const paperId = PaperId.parse(req.params.paperId);
    deny(canReviewerReadPaper(await isAssigned(db, paperId, caller.id)));
    return findOwnReview({ db, paperId, reviewerId: caller.id });
  });
  app.get<{ Params: { paperId: string } }>('/editor/papers/:paperId/reviews', doc({ tags: ['review cycle'], params: PaperParams, response: { 200: z.array(EditorReviewJson) } }), async (req) => {
    await requireCaller(req, 'Editor');
    const paper = await paperExists(PaperId.parse(req.params.paperId));
    return listReviewsForPaper(db, paper.id);
  });

  // Conflicts of interest
  app.get<{ Params: { paperId: string } }>('/editor/papers/:paperId/conflicts', doc({ tags: ['review cycle'], params: PaperParams, response: { 200: z.array(ConflictJson) } }), async (req) => {
    await requireCaller(req, 'Editor');
    const paper = await paperExists(PaperId.parse(req.params.paperId));
    return findConflicts(db, paper.id);
  });
  app.get<{ Params: { id: string } }>('/author/paper/:id/conflicts', doc({ tags: ['review cycle'], params: IdParams, response: { 200: ConflictsResponse } }), async (req) => {
    const { paper } = await ownPaper(req, false);
    return { emails: await getDeclaredConflicts(db, paper.id) };
  });
  app.put<{ Params: { id: string } }>('/author/paper/:id/conflicts', doc({ tags: ['review cycle'], params: IdParams, body: ConflictsBody, response: { 200: ConflictsResponse } }), async (req) => {
    const { caller, paper } = await ownPaper(req, true);
    const { emails } = ConflictsBody.parse(req.body ?? {});
    const saved = await setDeclaredConflicts({ db, paperId: paper.id, emails });
    await audit(req, caller, 'paper.conflicts', paper.id, { count: saved.length });
    return { emails: saved };
  });

  // Bids
  app.get('/reviewer/bidding', doc({ tags: ['review cycle'], response: { 200: z.array(BiddingPaperJson) } }), async (req) => {
    const caller = await requireCaller(req, 'Reviewer');
    return listBiddingPapers({ db, reviewer: caller });
  });
  app.put<{ Params: { paperId: string } }>('/reviewer/bid/:paperId', doc({ tags: ['review cycle'], params: PaperParams, body: BidBody, response: { 200: BidResponse } }), async (req) => {
    const caller = await requireCaller(req, 'Reviewer');
    const paperId = PaperId.parse(req.params.paperId);
    const { bid } = BidBody.parse(req.body ?? {});
    const saved = await placeBid({ db, reviewer: caller, paperId, bid });
    await audit(req, caller, 'bid.place', paperId, { bid });
    return saved;
  });

  // Decisions and notification
  app.put<{ Params: { paperId: string } }>('/editor/papers/:paperId/decision', doc({ tags: ['review cycle'], params: PaperParams, body: DecisionBody, response: { 200: DecisionResponse } }), async (req) => {
    const caller = await requireCaller(req, 'Editor');
    const paperId = PaperId.parse(req.params.paperId);
    const { decision } = DecisionBody.parse(req.body ?? {});
    const saved = await setDecision({ db, paperId, decision });
    await audit(req, caller, 'paper.decision', paperId, { decision });
    return saved;
  });
  app.post('/editor/notify', doc({ tags: ['review cycle'], body: NotifyBody, response: { 200: NotifyResponse } }), async (req) => {
    const caller = await requireCaller(req, 'Editor');
    const body = NotifyBody.parse(req.body ?? {});
    const result = await notifyAuthors({ db, mailer: app.mailer, publicUrl: app.config.publicUrl, paperIds: body.paperIds, dryRun: body.dryRun });
    if (!body.dryRun) await audit(req, caller, 'decision.notify', null, { sent: result.sent });
    return result;
  });

  // Camera-ready
  app.post<{ Params: { id: string } }>('/author/paper/:id/camera-ready', doc({
    tags: ['review cycle'], params: IdParams, consumes: ['multipart/form-data'],
    response: { 201: z.object({ message: z.string(), paper: PaperJson }) },
  }), async (req, reply) => {
    const { caller, paper } = await ownPaper(req, false);
    await checkCameraReadyAllowed(db, paper);
    const { file } = await readPdfForm(app, req);
    try {
      if (!file) throw new AppError('bad_request', 'Please attach the camera-ready version as a PDF file');
      const updated = await storeCameraReady({ db, paper, file });
      await audit(req, caller, 'paper.camera-ready', paper.id);
      const [json] = await toPaperJson(db, secret, [updated], { versions: true, coAuthors: true, viewerId: caller.id, author: true });
      return reply.code(201).send({ message: 'Camera-ready version uploaded', paper: json });
    } catch (err) {
      if (file) await discardFileIfUnused(db, app.files, file.key);
      throw err;
    }
  });
};

export default routes;
