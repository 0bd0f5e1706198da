import { PHASE } from '../../core/api/phase';
import { call } from './client';

/** The conference's phase and its timeline, as the server's clock reads them. */
export const getPhase = () => call(PHASE.getPhase);
