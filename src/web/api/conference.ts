import type { BodyOf } from '../../core/api/endpoint';
import { CONFERENCE } from '../../core/api/conference';
import { call } from './client';

/** The conference's facts as the editor edits them (decision 0051). */
export const getEditorConference = () => call(CONFERENCE.getEditorConference);
/** Save the whole set of facts; the answer is what the server kept. */
export const updateConference = (body: BodyOf<typeof CONFERENCE.updateConference>) => call(CONFERENCE.updateConference, { body });

/** The logo printed on the conference's documents. */
export const uploadLogo = (form: FormData) => call(CONFERENCE.uploadLogo, { form });
export const removeLogo = () => call(CONFERENCE.removeLogo);
/** The stored logo's image, to show. */
export const getLogoImage = async (): Promise<Blob> => (await call(CONFERENCE.getLogo)).blob();
