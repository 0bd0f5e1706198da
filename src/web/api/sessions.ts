import { SESSIONS } from '../../core/api/sessions';
import { call } from './client';

/** Decision 0071: where the signed-in account is signed in, and ending those sessions. */
export const listSessions = () => call(SESSIONS.listSessions);
export const endSession = (sessionId: string) => call(SESSIONS.endSession, { params: { sessionId } });
export const endOtherSessions = () => call(SESSIONS.endOtherSessions);
