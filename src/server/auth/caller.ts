import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { statementName, type Db } from '../db/connect';
import { sessions, users } from '../db/schema';
import { AppError } from '../errors';
import { SECOND_FACTOR_ENROL_FIRST, WHILE_SECOND_FACTOR_DUE } from '../../core/schemas/signin';
import { checkRole, type AccessRole, type Caller, type Denial } from '../permissions';
import { recordSeenSession, SESSION_TOUCH_MS, touchSession } from '../services/sessions/sessions';
import { verifyToken } from './tokens';

// Every authenticated request looks its caller up: prepared once per database, not built per request.
const prepareCallerQuery = (db: Db) =>
  db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      name: users.name,
      tokensValidAfter: users.tokensValidAfter,
      emailVerifiedAt: users.emailVerifiedAt,
      chairOnly: users.chairOnly,
      secondFactorDue: users.secondFactorDue,
      unsessionedTokensValidAfter: users.unsessionedTokensValidAfter,
      // The token's session in the same read (decision 0071): an ended one is refused on every instance at no extra round trip.
      sessionUserId: sessions.userId,
      sessionEndedAt: sessions.endedAt,
      sessionLastSeenAt: sessions.lastSeenAt,
    })
    .from(users)
    .leftJoin(sessions, eq(sessions.id, sql.placeholder('sid')))
    .where(and(eq(users.id, sql.placeholder('id')), eq(users.role, sql.placeholder('role'))))
    .limit(1)
    .prepare(statementName('find_caller'));
const callerQueries = new WeakMap<Db, ReturnType<typeof prepareCallerQuery>>();

/** The verified caller of a request, or null (no token, bad token, account gone). Cached per request. */
export async function findCaller(req: FastifyRequest): Promise<Caller | null> {
  const cached = (req as { caller?: Caller | null }).caller;
  if (cached !== undefined) return cached;
  const header = req.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  let caller: Caller | null = null;
  if (token) {
    const claims = await verifyToken(token, req.server.tokenKey);
    if (claims) {
      const db = req.server.database.db;
      let query = callerQueries.get(db);
      if (!query) callerQueries.set(db, (query = prepareCallerQuery(db)));
      const [row] = await query.execute({ id: claims.sub, role: claims.role, sid: claims.sid ?? '' });
      // A password reset refuses every token issued before it; an ended session its token (decision 0071).
      if (
        row &&
        !(row.tokensValidAfter && (claims.issuedAt ?? 0) < row.tokensValidAfter.getTime()) &&
        (await sessionAdmits(req, claims, row))
      ) {
        caller = {
          id: row.id,
          role: row.role,
          email: row.email,
          name: row.name,
          emailVerified: row.emailVerifiedAt !== null,
          chairOnly: row.chairOnly,
          ...(row.secondFactorDue ? { secondFactorDue: true } : {}),
          links: claims.links ?? [],
          issuedAt: claims.issuedAt,
          ...(claims.sid ? { sessionId: claims.sid } : {}),
        };
      }
    }
  }
  (req as { caller?: Caller | null }).caller = caller;
  return caller;
}

/**
 * Decision 0071: a token naming a session is admitted while that session is open (recorded here on first use when its
 * issuer did not); a token naming none, or a session never recorded, only when issued after the account's sessions
 * were last all ended. A session's last-seen time moves at most every SESSION_TOUCH_MS.
 */
async function sessionAdmits(
  req: FastifyRequest,
  claims: { sub: string; sid?: string; issuedAt?: number },
  row: {
    unsessionedTokensValidAfter: Date | null;
    sessionUserId: string | null;
    sessionEndedAt: Date | null;
    sessionLastSeenAt: Date | null;
  },
): Promise<boolean> {
  const issuedAt = claims.issuedAt ?? 0;
  const db = req.server.database.db;
  if (claims.sid && row.sessionUserId !== null) {
    if (row.sessionUserId !== claims.sub || row.sessionEndedAt) return false;
    if (Date.now() - (row.sessionLastSeenAt?.getTime() ?? 0) > SESSION_TOUCH_MS)
      await touchSession({ db, sessionId: claims.sid, ip: req.ip });
    return true;
  }
  if (row.unsessionedTokensValidAfter && issuedAt < row.unsessionedTokensValidAfter.getTime()) return false;
  if (claims.sid) {
    await recordSeenSession({ db, sessionId: claims.sid, userId: claims.sub, issuedAt, userAgent: req.headers['user-agent'], ip: req.ip });
  }
  return true;
}

export function deny(denial: Denial | null): void {
  if (denial) throw new AppError(denial.code, denial.message);
}

/** The caller, who must hold one of `roles`: else 401 'Please login first' or 403. */
export async function requireCaller(req: FastifyRequest, ...roles: AccessRole[]): Promise<Caller> {
  const caller = await findCaller(req);
  deny(checkRole(caller, roles));
  // Decision 0070: an account the editor requires a second factor of, without one, may only set it up.
  if (caller?.secondFactorDue && !WHILE_SECOND_FACTOR_DUE.has(req.routeOptions.url ?? '')) {
    throw new AppError('forbidden', SECOND_FACTOR_ENROL_FIRST);
  }
  return caller as Caller;
}
