import { eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { MessageJson, PaperId } from '../../core/schemas/common';
import { ConflictedReviewerJson } from '../../core/schemas/editor-stats';
import { requireCaller } from '../auth/caller';
import { papers, users } from '../db/schema';
import { AppError } from '../errors';
import { findConflicts } from '../services/conflicts';

/**
 * The conflicts of interest on a paper with the reviewers' names and e-mail addresses (issue 12), for the
 * editor's paper page: GET /api/editor/papers/:paperId/conflicts answers ids only. Editor only.
 */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  app.get('/editor/papers/:paperId/conflicted-reviewers', {
    schema: {
      tags: ['review cycle'],
      response: { 200: z.array(ConflictedReviewerJson), 400: MessageJson, 401: MessageJson, 403: MessageJson, 404: MessageJson },
    },
  }, async (req) => {
    await requireCaller(req, 'Editor');
    const paperId = PaperId.parse((req.params as { paperId: string }).paperId);
    const [paper] = await db.select({ id: papers.id }).from(papers).where(eq(papers.id, paperId)).limit(1);
    if (!paper) throw new AppError('not_found', 'Paper not found');
    const conflicts = await findConflicts(db, paperId);
    if (conflicts.length === 0) return [];
    const people = await db.select({ id: users.id, name: users.name, email: users.email }).from(users)
      .where(inArray(users.id, [...new Set(conflicts.map((c) => c.reviewerId))]));
    const byId = new Map(people.map((p) => [p.id, p]));
    return conflicts.map((c) => ({ ...c, name: byId.get(c.reviewerId)?.name ?? '', email: byId.get(c.reviewerId)?.email ?? '' }));
  });
};

export default routes;
