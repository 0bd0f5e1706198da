import type { FastifyPluginAsync } from 'fastify';
import { DELIBERATION } from '../../core/api/deliberation';
import { defineRoute } from '../http/route';
import { findAuthorResponsePage, saveAuthorResponse } from '../services/deliberation/author-response';
import { findMetaReview, saveMetaReview } from '../services/deliberation/meta-review';
import { findAuthorPaper } from '../services/submissions/author-papers';
import { chairPaperGuard, EDITOR_OR_CHAIR } from './chair-access';

const AUTHOR = ['Author'] as const;

/**
 * Deliberation (decision 0033): the meta-review, for the editor and the paper's track chair (not conflicted);
 * the authors' response, for the paper's submitter or a co-author.
 */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  defineRoute(app, DELIBERATION.getMetaReview, {
    access: EDITOR_OR_CHAIR,
    guard: chairPaperGuard(db, DELIBERATION.getMetaReview.params, { seesReviewers: true }),
    handler: ({ params }) => findMetaReview({ db, paperId: params.paperId }),
  });
  defineRoute(app, DELIBERATION.saveMetaReview, {
    access: EDITOR_OR_CHAIR,
    guard: chairPaperGuard(db, DELIBERATION.saveMetaReview.params, { seesReviewers: true }),
    handler: ({ req, caller, params, body }) =>
      saveMetaReview({ db, paperId: params.paperId, body, editor: { id: caller.id, ip: req.ip } }),
  });

  defineRoute(app, DELIBERATION.getAuthorResponse, {
    access: AUTHOR,
    handler: ({ caller, params }) => findAuthorResponsePage({ db, caller, paperId: params.id }),
  });
  defineRoute(app, DELIBERATION.saveAuthorResponse, {
    access: AUTHOR,
    // Whose paper it is comes before the body is read: another author hears 404 whatever they send.
    guard: async (req, caller) => {
      const { id } = DELIBERATION.saveAuthorResponse.params.parse(req.params);
      await findAuthorPaper({ db, caller, paperId: id });
    },
    handler: ({ req, caller, params, body }) =>
      saveAuthorResponse({
        db,
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
        caller,
        ip: req.ip,
        paperId: params.id,
        text: body.text,
      }),
  });
};

export default routes;
