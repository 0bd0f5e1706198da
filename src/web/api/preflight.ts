import type { BodyOf } from '../../core/api/endpoint';
import { PREFLIGHT } from '../../core/api/preflight';
import type { CoAuthor } from '../../core/schemas/accounts';
import { call } from './client';

/** Decision 0072: check a chosen PDF against the track's rules before it is sent (nothing is kept). */
export function preflightNewPaper(input: { file: File; track?: string; coAuthors?: CoAuthor[] }) {
  const form = new FormData();
  form.append('file', input.file);
  if (input.track) form.append('track', input.track);
  if (input.coAuthors?.length) form.append('coAuthors', JSON.stringify(input.coAuthors));
  return call(PREFLIGHT.preflightNewPaper, { form });
}

/** The same for a new version of one of the author's papers. */
export function preflightNewVersion(paperId: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return call(PREFLIGHT.preflightNewVersion, { params: { id: paperId }, form });
}

export const getTrackPreflight = (trackId: string) => call(PREFLIGHT.getTrackPreflight, { params: { trackId } });
export const saveTrackPreflight = (trackId: string, body: BodyOf<typeof PREFLIGHT.saveTrackPreflight>) =>
  call(PREFLIGHT.saveTrackPreflight, { params: { trackId }, body });
export const getFormatReport = (paperId: string) => call(PREFLIGHT.getFormatReport, { params: { paperId } });
