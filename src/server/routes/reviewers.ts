import type { FastifyPluginAsync } from 'fastify';
import { Id, MessageJson } from '../../core/schemas/common';
import { ApprovalBody, ReviewerAdminJson, ReviewerListJson, ReviewerListQuery } from '../../core/schemas/reviewers';
import { requireCaller } from '../auth/caller';
import { listReviewersForEditor, setReviewerApproval } from '../services/assignment/reviewer-approval';

const errors = {
  400: MessageJson, 401: MessageJson, 403: MessageJson, 404: MessageJson, 409: MessageJson, 413: MessageJson, 429: MessageJson, 500: MessageJson, 503: MessageJson,
};
// The handlers parse their input after deciding who is asking (a 401/403 comes before a 400).
const handlerParses = { validatorCompiler: () => (data: unknown) => ({ value: data }) };

/** The editor's Reviewers page (issue 16.6): every reviewer with load, tags, verification and approval. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  app.get('/editor/reviewers', {
    schema: { tags: ['review cycle'], security: [{ bearer: [] }], response: { 200: ReviewerListJson, ...errors } },
  }, async (req) => {
    await requireCaller(req, 'Editor');
    return listReviewersForEditor(db, ReviewerListQuery.parse(req.query ?? {}));
  });

  app.put<{ Params: { id: string } }>('/editor/reviewers/:id/approval', {
    schema: { tags: ['review cycle'], security: [{ bearer: [] }], body: ApprovalBody, response: { 200: ReviewerAdminJson, ...errors } },
    ...handlerParses,
  }, async (req) => {
    const caller = await requireCaller(req, 'Editor');
    const id = Id.parse(req.params.id);
    const { approved } = ApprovalBody.parse(req.body ?? {});
    const json = await setReviewerApproval({ db, reviewerId: id, approved, editor: { id: caller.id, ip: req.ip } });
    app.listCache.invalidate();
    return json;
  });
};

export default routes;
