import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../../core/messages';
import type { Db } from '../../db/connect';
import { tracks } from '../../db/schema';
import { AppError } from '../../errors';
import type { Caller } from '../../permissions';
import { exportScopeFor } from '../tracks/chairs';

/** What a proceedings export holds: these tracks' papers (null: every track) less the excluded ones. */
export interface ProceedingsScope {
  trackIds: string[] | null;
  excludedPaperIds: string[];
}

export const CHAIR_OTHER_TRACK = 'You chair other tracks: export your own tracks, or ask the editor for this one.';

/**
 * The papers a proceedings export covers (decision 0042), as the other exports treat chairs (decision 0023): the
 * editor every track or `trackId`'s; a track chair their tracks less their conflicted papers, and 403 for a
 * track they do not chair. An unknown `trackId` is 404.
 */
export async function findProceedingsScope(opts: { db: Db; caller: Caller; trackId?: string }): Promise<ProceedingsScope> {
  const { db, caller, trackId } = opts;
  if (trackId !== undefined) {
    const [track] = await db.select({ id: tracks.id }).from(tracks).where(eq(tracks.id, trackId)).limit(1);
    if (!track) throw new AppError('not_found', MESSAGES.trackNotFound);
  }
  const chair = await exportScopeFor({ db, caller, scopedExport: true });
  if (!chair) return { trackIds: trackId ? [trackId] : null, excludedPaperIds: [] };
  if (trackId === undefined) return { trackIds: chair.trackIds, excludedPaperIds: chair.excludedPaperIds };
  if (!chair.trackIds.includes(trackId)) throw new AppError('forbidden', CHAIR_OTHER_TRACK);
  return { trackIds: [trackId], excludedPaperIds: chair.excludedPaperIds };
}
