import type { FastifyPluginAsync } from 'fastify';
import { ASSIGNMENT } from '../../core/api/assignment';
import { defineRoute } from '../http/route';
import { listReviewersForEditor, setReviewerApproval } from '../services/assignment/reviewer-approval';

const EDITOR = ['Editor'] as const;

/** The editor's Reviewers page (issue 16.6): every reviewer with load, tags, verification and approval. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  defineRoute(app, ASSIGNMENT.listReviewers, { access: EDITOR, handler: ({ query }) => listReviewersForEditor(db, query) });
  defineRoute(app, ASSIGNMENT.setReviewerApproval, {
    access: EDITOR,
    // Cached lists are invalidated by every write request itself (app.ts), awaited before the answer.
    handler: ({ req, caller, params, body }) => setReviewerApproval({ db, reviewerId: params.id, approved: body.approved, editor: { id: caller.id, ip: req.ip } }),
  });
};

export default routes;
