import type { BodyOf } from '../../core/api/endpoint';
import { TRACKS } from '../../core/api/tracks';
import { call } from './client';

/** Every track with its topics, in the call for papers' order (the new-paper form offers the open ones). */
export const getTracks = () => call(TRACKS.listTracks);

/** The editor's tracks page: the tracks with their chairs and counts; add, edit, name chairs. */
export const getEditorTracks = () => call(TRACKS.listEditorTracks);
export const createTrack = (body: BodyOf<typeof TRACKS.createTrack>) => call(TRACKS.createTrack, { body });
export const updateTrack = (trackId: string, body: BodyOf<typeof TRACKS.updateTrack>) =>
  call(TRACKS.updateTrack, { params: { trackId }, body });
export const setTrackChairs = (trackId: string, emails: string[]) => call(TRACKS.setTrackChairs, { params: { trackId }, body: { emails } });
