import type { FastifyPluginAsync } from 'fastify';
import { SESSIONS } from '../../core/api/sessions';
import { defineRoute } from '../http/route';
import { endCallerOtherSessions, endSession, listSessions } from '../services/sessions/sessions';

const SIGNED_IN = ['Author', 'Editor', 'Reviewer'] as const;

/** Decision 0071: a person's own sessions, seen and ended. */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  defineRoute(app, SESSIONS.listSessions, {
    access: SIGNED_IN,
    handler: ({ caller }) => listSessions({ db, userId: caller.id, currentSessionId: caller.sessionId }),
  });

  defineRoute(app, SESSIONS.endSession, {
    access: SIGNED_IN,
    handler: async ({ req, caller, params }) => {
      await endSession({ db, userId: caller.id, role: caller.role, sessionId: params.sessionId, ip: req.ip });
      return { message: params.sessionId === caller.sessionId ? 'You are signed out' : 'Session ended' };
    },
  });

  defineRoute(app, SESSIONS.endOtherSessions, {
    access: SIGNED_IN,
    handler: async ({ req, caller }) => {
      const ended = await endCallerOtherSessions({ db, caller, ip: req.ip });
      return { message: ended === 1 ? '1 other session ended' : `${ended} other sessions ended`, ended };
    },
  });
};

export default routes;
