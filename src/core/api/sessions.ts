import { MessageJson } from '../schemas/common';
import { SessionParams, SessionsEndedJson, SessionsJson } from '../schemas/sessions';
import { endpoints } from './endpoint';

/** Decision 0071: where the signed-in account is signed in, and ending those sessions. */
export const SESSIONS = endpoints('accounts', {
  listSessions: {
    method: 'GET',
    path: '/account/sessions',
    summary: 'Where the signed-in account is signed in: device, address, when; the asking session is marked current',
    response: SessionsJson,
  },
  endSession: {
    method: 'DELETE',
    path: '/account/sessions/:sessionId',
    summary: 'End one of the signed-in account’s sessions: its token is refused from its next request, on every instance',
    params: SessionParams,
    response: MessageJson,
  },
  endOtherSessions: {
    method: 'POST',
    path: '/account/sessions/end-others',
    summary: 'End every session of the signed-in account except the asking one',
    response: SessionsEndedJson,
  },
});
