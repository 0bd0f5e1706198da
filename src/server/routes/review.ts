import type { FastifyPluginAsync, FastifyInstance } from 'fastify';
import { REVIEW } from '../../core/api/review';
import { MESSAGES, paperResponded } from '../../core/messages';
import { deny } from '../auth/caller';
import { defineRoute } from '../http/route';
import { canReadAssignedList, canRespondAs } from '../permissions';
import { checkMayBid, listBiddingPapers, placeBid } from '../services/assignment/bids';
import { getSettings, updateSettings } from '../services/shared/settings';
import { addComment } from '../services/review/add-comment';
import { listAssignedPapers } from '../services/review/assigned-papers';
import { findAuthorPaper, listDeclaredConflicts } from '../services/submissions/author-papers';
import { listPaperConflicts, setDeclaredConflicts } from '../services/submissions/conflicts';
import { notifyAuthors, setDecision } from '../services/review/decisions';
import { checkMayReview, respondToPaper } from '../services/submissions/review-status';
import { findOwnReview, listReviewsForPaper, saveReview } from '../services/review/reviews';
import { checkEditorPapers, scopedPaperIds } from '../services/tracks/chairs';
import { chairPaperGuard, EDITOR_OR_CHAIR } from './chair-access';

const EDITOR = ['Editor'] as const;
const AUTHOR = ['Author'] as const;
const REVIEWER = ['Reviewer'] as const;

/**
 * The review cycle to a decision (docs/product.md#the-review-cycle): settings and deadlines, structured reviews, conflicts of
 * interest, bids, decisions and notification, camera-ready. Checks that come before a body error (docs/product.md#the-api)
 * (a paper not sent to the reviewer, whose paper it is, whether this account may bid) are guards: they run
 * before the body is read, and parse the path themselves, which is not validated yet there.
 */
async function reviewCycleRoutes(app: FastifyInstance) {
  const { db } = app.database;

  // Settings
  defineRoute(app, REVIEW.getSettings, { access: EDITOR, handler: () => getSettings({ db }) });
  defineRoute(app, REVIEW.updateSettings, {
    access: EDITOR,
    handler: async ({ req, caller, body }) => {
      const saved = await updateSettings({ db, patch: body, editor: { id: caller.id, ip: req.ip } });
      // The public pages print the deadlines the important dates follow (decision 0065): this instance renders them
      // now; the others see the change within their store's poll. The save stands if this read fails.
      await app.conference.refresh(db).catch((err: unknown) => req.log.warn({ err }, 'deadlines not reloaded after a save'));
      return saved;
    },
  });
  /** The deadlines every signed-in user may see (the reviewer's form and the author's pages show them). */
  defineRoute(app, REVIEW.getDeadlines, {
    access: ['Author', 'Editor', 'Reviewer'],
    handler: async () => {
      const { submissionDeadline, reviewDeadline, cameraReadyDeadline } = await getSettings({ db });
      return { submissionDeadline, reviewDeadline, cameraReadyDeadline };
    },
  });

  // Reviews
  defineRoute(app, REVIEW.saveReview, {
    access: REVIEWER,
    // A reviewer the paper was not sent to, or who declined it (docs/product.md#assignments-declines-and-withdrawals), hears 403 whatever they send.
    guard: async (req, caller) => {
      const { paperId } = REVIEW.saveReview.params.parse(req.params);
      await checkMayReview({ db, paperId, reviewerId: caller.id });
    },
    handler: async ({ req, caller, params, body }) => {
      const review = await saveReview({ db, paperId: params.paperId, reviewer: { id: caller.id, ip: req.ip }, body });
      return { message: MESSAGES.reviewSaved, review };
    },
  });
  defineRoute(app, REVIEW.getMyReview, {
    access: REVIEWER,
    handler: ({ caller, params }) => findOwnReview({ db, paperId: params.paperId, reviewerId: caller.id }),
  });
  defineRoute(app, REVIEW.listPaperReviews, {
    access: EDITOR_OR_CHAIR,
    guard: chairPaperGuard(db, REVIEW.listPaperReviews.params, { seesReviewers: true }),
    handler: ({ params }) => listReviewsForPaper({ db, paperId: params.paperId }),
  });

  // Conflicts of interest
  defineRoute(app, REVIEW.listPaperConflicts, {
    access: EDITOR_OR_CHAIR,
    guard: chairPaperGuard(db, REVIEW.listPaperConflicts.params, { seesReviewers: true }),
    handler: ({ params }) => listPaperConflicts({ db, paperId: params.paperId }),
  });
  defineRoute(app, REVIEW.listDeclaredConflicts, {
    access: AUTHOR,
    handler: async ({ caller, params }) => ({ emails: await listDeclaredConflicts({ db, caller, paperId: params.id }) }),
  });
  defineRoute(app, REVIEW.setDeclaredConflicts, {
    access: AUTHOR,
    // Whose paper it is comes before the body is read.
    guard: async (req, caller) => {
      const { id } = REVIEW.setDeclaredConflicts.params.parse(req.params);
      await findAuthorPaper({ db, caller, paperId: id, submitterOnly: true });
    },
    handler: async ({ req, caller, params, body }) => ({
      emails: await setDeclaredConflicts({ db, paperId: params.id, emails: body.emails, author: { id: caller.id, ip: req.ip } }),
    }),
  });

  // Bids
  defineRoute(app, REVIEW.listBiddingPapers, { access: REVIEWER, handler: ({ caller }) => listBiddingPapers({ db, reviewer: caller }) });
  defineRoute(app, REVIEW.placeBid, {
    access: REVIEWER,
    // Whether this account may bid at all comes before the paper id and the body are read (docs/product.md#who-sees-whom).
    guard: (_req, caller) => checkMayBid({ db, reviewerId: caller.id }),
    handler: ({ req, caller, params, body }) =>
      placeBid({ db, reviewer: { id: caller.id, email: caller.email, ip: req.ip }, paperId: params.paperId, bid: body.bid }),
  });

  // Decisions and notification
  defineRoute(app, REVIEW.setDecision, {
    access: EDITOR_OR_CHAIR,
    guard: chairPaperGuard(db, REVIEW.setDecision.params, { seesReviewers: true }),
    handler: ({ req, caller, params, body }) =>
      setDecision({ db, paperId: params.paperId, decision: body.decision, editor: { id: caller.id, ip: req.ip } }),
  });
  defineRoute(app, REVIEW.notifyAuthors, {
    access: EDITOR_OR_CHAIR,
    handler: async ({ req, caller, body }) => {
      // A track chair notifies within their tracks, never on a paper they are conflicted with (decision 0023).
      if (body.paperIds) await checkEditorPapers({ db, caller, paperIds: body.paperIds });
      const paperIds = body.paperIds ?? (await scopedPaperIds({ db, caller }));
      const told = await notifyAuthors({
        db,
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
        paperIds,
        dryRun: body.dryRun,
        editor: { id: caller.id, ip: req.ip },
      });
      // Decision mails are essential (never held nor turned off): queued, or kept without SMTP (decision 0041).
      return body.dryRun ? told : { ...told, mail: app.mailer.configured ? ('queued' as const) : ('outbox' as const) };
    },
  });
}

/** What a reviewer is sent: the list, a comment on a paper, and the answer to a paper sent (accept or decline). */
async function reviewerRoutes(app: FastifyInstance) {
  const { db } = app.database;

  defineRoute(app, REVIEW.listAssignedPapers, {
    access: REVIEWER,
    handler: async ({ caller, params, reply }) => {
      const { reviewerId } = params;
      deny(canReadAssignedList(caller, reviewerId));
      const json = await app.listCache.get(`assigned:${reviewerId}`, () =>
        listAssignedPapers({ db, secret: app.config.JWT_SECRET, reviewerId }),
      );
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
}

const routes: FastifyPluginAsync = async (app) => {
  await reviewCycleRoutes(app);
  await reviewerRoutes(app);
};

export default routes;
