import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '../../core/messages';
import { MessageJson, PaperId } from '../../core/schemas/common';
import { PaperSavedResponse } from '../../core/schemas/paper';
import {
  BidBody, BiddingPaperJson, BidResponse, ConflictJson, ConflictsBody, ConflictsResponse, DecisionBody, DecisionResponse,
  EditorReviewJson, NotifyBody, NotifyResponse, ReviewBody, ReviewJson, SaveReviewResponse,
} from '../../core/schemas/review-cycle';
import { Deadlines, EditorSettings, UpdateSettingsBody } from '../../core/schemas/settings';
import { requireCaller } from '../auth/caller';
import { checkMayBid, listBiddingPapers, placeBid } from '../services/assignment/bids';
import { findAuthorPaper, findPaperForCameraReady, listDeclaredConflicts, submitCameraReady } from '../services/submissions/author-papers';
import { findMetadataWarning } from '../services/shared/blind-pdf';
import { listPaperConflicts, setDeclaredConflicts } from '../services/submissions/conflicts';
import { notifyAuthors, setDecision } from '../services/submissions/decisions';
import { discardOnFailure } from '../services/shared/discard-file';
import { readPdfForm } from '../http/pdf-form';
import { checkAssigned } from '../services/submissions/review-status';
import { findOwnReview, listReviewsForPaper, saveReview } from '../services/submissions/reviews';
import { getSettings, updateSettings } from '../services/shared/settings';

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

  // Settings
  app.get('/editor/settings', doc({ tags: ['review cycle'], response: { 200: EditorSettings } }), async (req) => {
    await requireCaller(req, 'Editor');
    return getSettings(db);
  });
  app.put('/editor/settings', doc({ tags: ['review cycle'], body: UpdateSettingsBody, response: { 200: EditorSettings } }), async (req) => {
    const caller = await requireCaller(req, 'Editor');
    const patch = UpdateSettingsBody.parse(req.body ?? {});
    return updateSettings({ db, patch, editor: { id: caller.id, ip: req.ip } });
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
    // A reviewer the paper was not sent to hears 403 whatever they send.
    await checkAssigned({ db, paperId, reviewerId: caller.id });
    const body = ReviewBody.parse(req.body ?? {});
    const review = await saveReview({ db, paperId, reviewer: { id: caller.id, ip: req.ip }, body });
    return { message: MESSAGES.reviewSaved, review };
  });
  app.get<{ Params: { paperId: string } }>('/reviewer/review/:paperId', doc({ tags: ['review cycle'], params: PaperParams, response: { 200: ReviewJson } }), async (req) => {
    const caller = await requireCaller(req, 'Reviewer');
    return findOwnReview({ db, paperId: PaperId.parse(req.params.paperId), reviewerId: caller.id });
  });
  app.get<{ Params: { paperId: string } }>('/editor/papers/:paperId/reviews', doc({ tags: ['review cycle'], params: PaperParams, response: { 200: z.array(EditorReviewJson) } }), async (req) => {
    await requireCaller(req, 'Editor');
    return listReviewsForPaper({ db, paperId: PaperId.parse(req.params.paperId) });
  });

  // Conflicts of interest
  app.get<{ Params: { paperId: string } }>('/editor/papers/:paperId/conflicts', doc({ tags: ['review cycle'], params: PaperParams, response: { 200: z.array(ConflictJson) } }), async (req) => {
    await requireCaller(req, 'Editor');
    return listPaperConflicts({ db, paperId: PaperId.parse(req.params.paperId) });
  });
  app.get<{ Params: { id: string } }>('/author/paper/:id/conflicts', doc({ tags: ['review cycle'], params: IdParams, response: { 200: ConflictsResponse } }), async (req) => {
    const caller = await requireCaller(req, 'Author');
    return { emails: await listDeclaredConflicts({ db, caller, paperId: PaperId.parse(req.params.id) }) };
  });
  app.put<{ Params: { id: string } }>('/author/paper/:id/conflicts', doc({ tags: ['review cycle'], params: IdParams, body: ConflictsBody, response: { 200: ConflictsResponse } }), async (req) => {
    const caller = await requireCaller(req, 'Author');
    // Whose paper it is comes before the body is read.
    const { paper } = await findAuthorPaper({ db, caller, paperId: PaperId.parse(req.params.id), submitterOnly: true });
    const { emails } = ConflictsBody.parse(req.body ?? {});
    return { emails: await setDeclaredConflicts({ db, paperId: paper.id, emails, author: { id: caller.id, ip: req.ip } }) };
  });

  // Bids
  app.get('/reviewer/bidding', doc({ tags: ['review cycle'], response: { 200: z.array(BiddingPaperJson) } }), async (req) => {
    const caller = await requireCaller(req, 'Reviewer');
    return listBiddingPapers({ db, reviewer: caller });
  });
  app.put<{ Params: { paperId: string } }>('/reviewer/bid/:paperId', doc({ tags: ['review cycle'], params: PaperParams, body: BidBody, response: { 200: BidResponse } }), async (req) => {
    const caller = await requireCaller(req, 'Reviewer');
    // Whether this account may bid at all comes before the paper id and the body are read (issue 27.4).
    await checkMayBid(db, caller.id);
    const paperId = PaperId.parse(req.params.paperId);
    const { bid } = BidBody.parse(req.body ?? {});
    return placeBid({ db, reviewer: { id: caller.id, email: caller.email, ip: req.ip }, paperId, bid });
  });

  // Decisions and notification
  app.put<{ Params: { paperId: string } }>('/editor/papers/:paperId/decision', doc({ tags: ['review cycle'], params: PaperParams, body: DecisionBody, response: { 200: DecisionResponse } }), async (req) => {
    const caller = await requireCaller(req, 'Editor');
    const paperId = PaperId.parse(req.params.paperId);
    const { decision } = DecisionBody.parse(req.body ?? {});
    return setDecision({ db, paperId, decision, editor: { id: caller.id, ip: req.ip } });
  });
  app.post('/editor/notify', doc({ tags: ['review cycle'], body: NotifyBody, response: { 200: NotifyResponse } }), async (req) => {
    const caller = await requireCaller(req, 'Editor');
    const body = NotifyBody.parse(req.body ?? {});
    return notifyAuthors({ db, mailer: app.mailer, publicUrl: app.config.publicUrl, paperIds: body.paperIds, dryRun: body.dryRun, editor: { id: caller.id, ip: req.ip } });
  });

  // Camera-ready
  app.post<{ Params: { id: string } }>('/author/paper/:id/camera-ready', doc({
    tags: ['review cycle'], params: IdParams, consumes: ['multipart/form-data'],
    response: { 201: PaperSavedResponse },
  }), async (req, reply) => {
    const caller = await requireCaller(req, 'Author');
    // Whose paper it is, and whether it may take a camera-ready version now, come before the upload is read.
    const paper = await findPaperForCameraReady({ db, caller, paperId: PaperId.parse(req.params.id) });
    const { file } = await readPdfForm(app, req);
    const { json, metadataWarning } = await discardOnFailure({ db, store: app.files, key: file?.key }, async () => {
      const warning = await findMetadataWarning({ files: app.files, key: file?.key, person: caller });
      return { json: await submitCameraReady({ db, secret, author: { id: caller.id, ip: req.ip }, paper, file }), metadataWarning: warning };
    });
    return reply.code(201).send({ message: 'Camera-ready version uploaded', paper: json, ...(metadataWarning ? { metadataWarning } : {}) });
  });
};

export default routes;
