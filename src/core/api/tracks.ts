import { z } from '../zod';
import { CreateTrackBody, EditorTrackJson, SetChairsBody, TrackJson, UpdateTrackBody } from '../schemas/tracks';
import { endpoints } from './endpoint';

const TrackParams = z.object({ trackId: z.string().trim().min(1).max(64) });

/** The call for papers' tracks and their chairs (decision 0023). */
export const TRACKS = endpoints('tracks', {
  listTracks: {
    method: 'GET',
    path: '/tracks',
    summary: "Every track with its topics, in the call for papers' order",
    description: 'Public: the new-paper form offers the open ones, reviewers pick topics from all of them.',
    response: z.array(TrackJson),
  },
  listEditorTracks: {
    method: 'GET',
    path: '/editor/tracks',
    summary: 'The tracks with their chairs, paper counts and which one takes submissions that name none',
    response: z.array(EditorTrackJson),
  },
  createTrack: {
    method: 'POST',
    path: '/editor/tracks',
    summary: 'Add a track',
    body: CreateTrackBody,
    status: 201,
    response: TrackJson,
    errors: [409],
  },
  updateTrack: {
    method: 'PATCH',
    path: '/editor/tracks/:trackId',
    summary: 'Rename, describe, re-topic, open or close, move a track, or make it the default',
    description: 'A track is never deleted: close it to stop new submissions. The default track must stay open.',
    params: TrackParams,
    body: UpdateTrackBody,
    response: TrackJson,
    errors: [409],
  },
  setTrackChairs: {
    method: 'PUT',
    path: '/editor/tracks/:trackId/chairs',
    summary: "Name a track's chairs by e-mail address (the list replaces the old one)",
    description:
      'Each newly named address is mailed how to start: sign up or log in as an Editor with that address and confirm it. A chair acts only on the papers of their tracks, and only once the address is confirmed.',
    params: TrackParams,
    body: SetChairsBody,
    response: z.object({ emails: z.array(z.string()), message: z.string() }),
  },
});
