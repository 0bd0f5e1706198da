import type { FastifyPluginAsync, FastifyInstance } from 'fastify';
import { ASSIGNMENT } from '../../core/api/assignment';
import { reviewerUnassigned } from '../../core/assignment/messages';
import { mailFailed, mailKeptInOutbox, mailQueued, mailSent, paperSentTo } from '../../core/messages';
import { defineRoute } from '../http/route';
import { autoAssign } from '../services/assignment/auto-assign';
import { getEditorPaper, listEditorPapers, sendPaperToReviewer, suggestReviewers } from '../services/assignment/editor-papers';
import { rankReviewersForPaper } from '../services/assignment/ranked-reviewers';
import { listReviewersForEditor, setReviewerApproval } from '../services/assignment/reviewer-approval';
import { sendReviewInvitation } from '../services/assignment/send-review-invitation';
import { unassignReviewer } from '../services/assignment/unassign-reviewer';
import { listEditorMessages } from '../services/editor-desk/list-messages';
import { listConflictedReviewers } from '../services/submissions/conflicts';
import { listReviewStatuses } from '../services/submissions/review-status';
import { checkEditorPapers, scopedPaperIds, checkEditorPaper, findEditorScope, scopeTrackIds } from '../services/tracks/chairs';
import { EDITOR_OR_CHAIR, chairPaperGuard } from './chair-access';

const EDITOR = ['Editor'] as const;

/** Automatic assignment of reviewers to papers: a preview, or applied with `apply`. */
async function autoAssignRoutes(app: FastifyInstance) {
  const { db, pool } = app.database;

  defineRoute(app, ASSIGNMENT.autoAssign, {
    access: EDITOR_OR_CHAIR,
    handler: async ({ req, caller, body }) => {
      const { apply, ...limits } = body;
      // A track chair assigns within their tracks, never on a paper they are conflicted with (decision 0023).
      if (limits.paperIds) await checkEditorPapers({ db, caller, paperIds: limits.paperIds });
      else limits.paperIds = await scopedPaperIds({ db, caller });
      return autoAssign({
        pool,
        ...limits,
        apply: apply ? { db, mailer: app.mailer, publicUrl: app.config.publicUrl, editor: { id: caller.id, ip: req.ip } } : undefined,
      });
    },
  });
}

/** The editor's papers, reviewer suggestions and the ranked list, invitations, Send Paper and unassigning, and the mail log. */
async function editorPaperRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const secret = app.config.JWT_SECRET;

  defineRoute(app, ASSIGNMENT.listEditorPapers, {
    access: EDITOR_OR_CHAIR,
    handler: async ({ query, reply, caller }) => {
      const scope = await findEditorScope({ db, caller });
      const { papers, nextCursor } = await listEditorPapers({
        db,
        secret,
        query,
        trackIds: scopeTrackIds(scope),
        chairEmail: caller.chairOnly ? caller.email : undefined,
      });
      if (nextCursor) reply.header('x-next-cursor', nextCursor);
      return papers;
    },
  });
  defineRoute(app, ASSIGNMENT.getEditorPaper, {
    access: EDITOR_OR_CHAIR,
    // A conflicted chair sees the paper, not its reviews (HotCRP's rule).
    guard: chairPaperGuard(db, ASSIGNMENT.getEditorPaper.params, { seesReviewers: false }),
    handler: ({ params, guarded }) => getEditorPaper({ db, secret, paperId: params.paperId, conflicted: guarded.conflicted }),
  });
  defineRoute(app, ASSIGNMENT.suggestReviewers, {
    access: EDITOR_OR_CHAIR,
    handler: async ({ query, caller }) => {
      if (query.paperId) await checkEditorPaper({ db, caller, paperId: query.paperId, seesReviewers: true });
      return suggestReviewers({ db, paperId: query.paperId });
    },
  });
  defineRoute(app, ASSIGNMENT.listReviewerStatuses, {
    access: EDITOR_OR_CHAIR,
    guard: chairPaperGuard(db, ASSIGNMENT.listReviewerStatuses.params, { seesReviewers: true }),
    handler: ({ params }) => listReviewStatuses({ db, paperId: params.paperId }),
  });
  defineRoute(app, ASSIGNMENT.sendReviewInvitation, {
    access: EDITOR_OR_CHAIR,
    handler: async ({ req, reply, caller, params, body }) => {
      await checkEditorPaper({ db, caller, paperId: body.paperId, seesReviewers: true });
      const sent = await sendReviewInvitation({
        db,
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
        editorId: caller.id,
        ip: req.ip,
        reviewerEmail: params.reviewerEmail,
        reviewerId: body.reviewerId,
        paperId: body.paperId,
        waitMs: 5000,
      });
      if (sent.result === 'failed') return reply.code(502).send({ message: mailFailed(sent.email) });
      if (sent.result === 'queued' || sent.result === 'sending')
        return reply.code(202).send({ message: mailQueued(sent.email), result: 'queued' });
      if (sent.result === 'outbox') return { message: mailKeptInOutbox(sent.email), result: 'outbox' };
      return { message: mailSent(sent.email), result: sent.result };
    },
  });
  defineRoute(app, ASSIGNMENT.sendPaper, {
    access: EDITOR_OR_CHAIR,
    handler: async ({ req, caller, body }) => {
      await checkEditorPaper({ db, caller, paperId: body.paperId, seesReviewers: true });
      const { reviewerName } = await sendPaperToReviewer({
        db,
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
        editor: { id: caller.id, ip: req.ip },
        paperId: body.paperId,
        reviewerId: body.reviewerId,
        override: body.override,
      });
      return { message: paperSentTo(reviewerName) };
    },
  });
  defineRoute(app, ASSIGNMENT.rankReviewers, {
    access: EDITOR_OR_CHAIR,
    guard: chairPaperGuard(db, ASSIGNMENT.rankReviewers.params, { seesReviewers: true }),
    handler: ({ params, query }) => rankReviewersForPaper({ db, paperId: params.paperId, query }),
  });
  defineRoute(app, ASSIGNMENT.unassignReviewer, {
    access: EDITOR_OR_CHAIR,
    guard: chairPaperGuard(db, ASSIGNMENT.unassignReviewer.params, { seesReviewers: true }),
    handler: async ({ req, caller, params }) => {
      const { reviewerName } = await unassignReviewer({
        db,
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
        editor: { id: caller.id, ip: req.ip },
        paperId: params.paperId,
        reviewerId: params.reviewerId,
      });
      return { message: reviewerUnassigned(reviewerName) };
    },
  });
  defineRoute(app, ASSIGNMENT.listEditorMessages, {
    access: EDITOR,
    handler: () => listEditorMessages({ db, configured: app.mailer.configured }),
  });
}

/**
 * The conflicts of interest on a paper with the reviewers' names and e-mail addresses (docs/product.md#the-review-cycle), for the
 * editor's paper page: GET /api/editor/papers/:paperId/conflicts answers ids only. Editor only.
 */
async function conflictRoutes(app: FastifyInstance) {
  const { db } = app.database;
  defineRoute(app, ASSIGNMENT.listConflictedReviewers, {
    access: EDITOR_OR_CHAIR,
    guard: chairPaperGuard(db, ASSIGNMENT.listConflictedReviewers.params, { seesReviewers: true }),
    handler: ({ params }) => listConflictedReviewers({ db, paperId: params.paperId }),
  });
}

/** The editor's Reviewers page (docs/product.md#the-review-cycle): every reviewer with load, tags, verification and approval. */
async function reviewerApprovalRoutes(app: FastifyInstance) {
  const { db } = app.database;

  defineRoute(app, ASSIGNMENT.listReviewers, { access: EDITOR, handler: ({ query }) => listReviewersForEditor({ db, query }) });
  defineRoute(app, ASSIGNMENT.setReviewerApproval, {
    access: EDITOR,
    // Cached lists are invalidated by every write request itself (app.ts), awaited before the answer.
    handler: ({ req, caller, params, body }) =>
      setReviewerApproval({ db, reviewerId: params.id, approved: body.approved, editor: { id: caller.id, ip: req.ip } }),
  });
}

const routes: FastifyPluginAsync = async (app) => {
  await autoAssignRoutes(app);
  await editorPaperRoutes(app);
  await conflictRoutes(app);
  await reviewerApprovalRoutes(app);
};

export default routes;
