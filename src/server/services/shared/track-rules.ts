import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../../core/messages';
import { TAGS } from '../../../core/tags';
import type { TrackJson } from '../../../core/schemas/tracks';
import { topicKey } from '../../../core/tracks';
import type { Db } from '../../db/connect';
import { settings, tracks } from '../../db/schema';
import { AppError } from '../../errors';

/** Which track a paper goes to and which topics it and a reviewer may carry (decision 0023): read by submissions, accounts and tracks. */

/**
 * The track of a new or edited paper: the one named (it must exist, and be open unless the paper is already
 * in it), or without one the default the editor names (the original new-paper call has no track field: docs/product.md#the-api).
 */
export async function resolveTrack(opts: { db: Pick<Db, 'select'>; trackId: string | undefined; current?: string }): Promise<TrackJson> {
  const { db, current } = opts;
  let id = opts.trackId;
  if (!id) {
    const [setting] = await db.select({ id: settings.defaultTrackId }).from(settings).where(eq(settings.id, 1));
    id = setting?.id ?? 'track-2';
  }
  const [track] = await db
    .select({
      id: tracks.id,
      name: tracks.name,
      description: tracks.description,
      topics: tracks.topics,
      open: tracks.open,
      position: tracks.position,
    })
    .from(tracks)
    .where(eq(tracks.id, id))
    .limit(1);
  if (!track) throw new AppError('bad_request', MESSAGES.trackNotFound);
  if (!track.open && track.id !== current) throw new AppError('bad_request', MESSAGES.trackClosed);
  return track;
}

/**
 * A paper's topics must be its track's, or the 50 tags of docs/product.md#the-data (valid everywhere); returned as the list spells
 * them. 400 'Unknown tag…' otherwise.
 */
export function checkPaperTopics({ track, topics }: { track: Pick<TrackJson, 'topics'>; topics: readonly string[] }): string[] {
  const known = new Map([...TAGS, ...track.topics].map((t) => [topicKey(t), t]));
  return [
    ...new Set(
      topics.map((t) => {
        const found = known.get(topicKey(t));
        if (!found) throw new AppError('bad_request', MESSAGES.unknownTopic);
        return found;
      }),
    ),
  ];
}

/** A reviewer's topics may come from every track (decision 0023); returned as the lists spell them. */
export async function checkReviewerTopics({ db, topics }: { db: Pick<Db, 'select'>; topics: readonly string[] }): Promise<string[]> {
  if (topics.length === 0) return [];
  const rows = await db.select({ topics: tracks.topics }).from(tracks);
  const known = new Map([...TAGS, ...rows.flatMap((r) => r.topics)].map((t) => [topicKey(t), t]));
  return [
    ...new Set(
      topics.map((t) => {
        const found = known.get(topicKey(t));
        if (!found) throw new AppError('bad_request', MESSAGES.unknownTopic);
        return found;
      }),
    ),
  ];
}
