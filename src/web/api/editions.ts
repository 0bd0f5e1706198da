import type { BodyOf } from '../../core/api/endpoint';
import { EDITIONS } from '../../core/api/editions';
import { call } from './client';

/** The conference's editions, newest first (decision 0060). */
export const getEditions = () => call(EDITIONS.listEditions);
/** Open the next edition, carrying what the editor chose. */
export const openEdition = (body: BodyOf<typeof EDITIONS.openEdition>) => call(EDITIONS.openEdition, { body });
