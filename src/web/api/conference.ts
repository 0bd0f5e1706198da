import type { BodyOf } from '../../core/api/endpoint';
import { CONFERENCE } from '../../core/api/conference';
import { call } from './client';

/** The conference's facts as the editor edits them (issue 26.1). */
export const getEditorConference = () => call(CONFERENCE.getEditorConference);
/** Save the whole set of facts; the answer is what the server kept. */
export const updateConference = (body: BodyOf<typeof CONFERENCE.updateConference>) => call(CONFERENCE.updateConference, { body });

/** The logo printed on the conference's documents. */
export const uploadLogo = (form: FormData) => call(CONFERENCE.uploadLogo, { form });
export const removeLogo = () => call(CONFERENCE.removeLogo);
/** The logo as an object URL to show, or null when there is none. */
export async function logoUrl(): Promise<string | null> {
  try {
    return URL.createObjectURL(await (await call(CONFERENCE.getLogo)).blob());
  } catch {
    return null;
  }
}
