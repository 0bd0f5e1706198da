import type { BodyOf } from '../../core/api/endpoint';
import { PUBLICATIONS } from '../../core/api/publications';
import { call } from './client';

/** Decision 0076: the signed-in person's publications (their profile for matching). */
export const listMyPublications = () => call(PUBLICATIONS.listMyPublications);
export const addMyPublication = (body: BodyOf<typeof PUBLICATIONS.addMyPublication>) => call(PUBLICATIONS.addMyPublication, { body });
export const updateMyPublication = (publicationId: string, body: BodyOf<typeof PUBLICATIONS.updateMyPublication>) =>
  call(PUBLICATIONS.updateMyPublication, { params: { publicationId }, body });
export const removeMyPublication = (publicationId: string) => call(PUBLICATIONS.removeMyPublication, { params: { publicationId } });
export const importMyPublications = (form: FormData) => call(PUBLICATIONS.importMyPublications, { form });

/** The editor imports a file into a person's profile (audited). */
export const importPersonPublications = (userId: string, form: FormData) =>
  call(PUBLICATIONS.importPersonPublications, { params: { userId }, form });
