import type { FastifyPluginAsync } from 'fastify';
import { REVIEW_QUALITY } from '../../core/api/review-quality';
import { defineRoute } from '../http/route';
import { buildAnonymisedExport, toAnonymisedCsv } from '../services/review-quality/anonymised-export';
import { listReviewVersions } from '../services/review-quality/review-history';
import { rateReview } from '../services/review-quality/review-ratings';
import { exportScopeFor } from '../services/tracks/chairs';
import { chairPaperGuard, EDITOR_OR_CHAIR } from './chair-access';

/**
 * A review's history and rating (decision 0034 and docs/product.md#deliberation) for the editor and the paper's chair (a conflicted chair is
 * refused, another track's chair told it does not exist), and the anonymised review export (23.9), which a
 * chair downloads for their tracks as the other review exports.
 */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const secret = app.config.JWT_SECRET;
  const day = () => new Date().toISOString().slice(0, 10);

  defineRoute(app, REVIEW_QUALITY.listReviewVersions, {
    access: EDITOR_OR_CHAIR,
    guard: chairPaperGuard(db, REVIEW_QUALITY.listReviewVersions.params, { seesReviewers: true }),
    handler: ({ params }) => listReviewVersions({ db, paperId: params.paperId, reviewerId: params.reviewerId }),
  });
  defineRoute(app, REVIEW_QUALITY.rateReview, {
    access: EDITOR_OR_CHAIR,
    guard: chairPaperGuard(db, REVIEW_QUALITY.rateReview.params, { seesReviewers: true }),
    handler: ({ req, caller, params, body }) =>
      rateReview({
        db,
        paperId: params.paperId,
        reviewerId: params.reviewerId,
        rating: body.rating,
        note: body.note,
        rater: { id: caller.id, ip: req.ip, role: caller.chairOnly ? 'Chair' : 'Editor' },
      }),
  });

  defineRoute(app, REVIEW_QUALITY.exportAnonymisedCsv, {
    access: EDITOR_OR_CHAIR,
    handler: async ({ caller, reply }) => {
      const data = await buildAnonymisedExport({ db, secret, scope: await exportScopeFor({ db, caller, scopedExport: true }) });
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="reviews-anonymised-${day()}.csv"`)
        .send(toAnonymisedCsv(data));
    },
  });
  defineRoute(app, REVIEW_QUALITY.exportAnonymisedJson, {
    access: EDITOR_OR_CHAIR,
    handler: async ({ caller, reply }) => {
      const data = await buildAnonymisedExport({ db, secret, scope: await exportScopeFor({ db, caller, scopedExport: true }) });
      reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="reviews-anonymised-${day()}.json"`);
      return data;
    },
  });
};

export default routes;
