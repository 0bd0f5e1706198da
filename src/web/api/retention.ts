import type { BodyOf } from '../../core/api/endpoint';
import { RETENTION } from '../../core/api/retention';
import { call } from './client';

/** Decision 0071: how long each kind of a closed edition's data is kept. */
export const getRetention = () => call(RETENTION.getRetention);
export const saveRetention = (body: BodyOf<typeof RETENTION.saveRetention>) => call(RETENTION.saveRetention, { body });
