import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/connect';
import type { Caller } from '../permissions';
import { checkEditorPaper } from '../services/tracks/chairs';

/** Routes the editor and track chairs share (decision 0023): a chair acts only on their tracks' papers. */
export const EDITOR_OR_CHAIR = ['Editor', 'Chair'] as const;

/**
 * A guard for a route about one paper (its id in the path as `paperId`): for a track chair, 404 outside their
 * tracks and, when they are conflicted with it, 403 unless the route only shows the paper itself. Runs before
 * the body is read; parses the path itself (it is not validated yet there).
 */
export function chairPaperGuard(db: Db, params: z.ZodType<{ paperId: string }>, opts: { seesReviewers: boolean }) {
  return async (req: FastifyRequest, caller: Caller) => {
    const { paperId } = params.parse(req.params);
    return checkEditorPaper({ db, caller, paperId, seesReviewers: opts.seesReviewers });
  };
}
