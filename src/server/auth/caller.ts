import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import { users } from '../db/schema';
import { AppError } from '../errors';
import { checkRole, type AccessRole, type Caller, type Denial } from '../permissions';
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
    })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), eq(users.role, sql.placeholder('role'))))
    .limit(1)
    .prepare('find_caller');
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
      const [row] = await query.execute({ id: claims.sub, role: claims.role });
      // A password reset refuses every token issued before it.
      if (row && !(row.tokensValidAfter && (claims.issuedAt ?? 0) < row.tokensValidAfter.getTime())) {
        caller = {
          id: row.id,
          role: row.role,
          email: row.email,
          name: row.name,
          emailVerified: row.emailVerifiedAt !== null,
          chairOnly: row.chairOnly,
          links: claims.links ?? [],
          issuedAt: claims.issuedAt,
        };
      }
    }
  }
  (req as { caller?: Caller | null }).caller = caller;
  return caller;
}

export function deny(denial: Denial | null): void {
  if (denial) throw new AppError(denial.code, denial.message);
}

/** The caller, who must hold one of `roles`: else 401 'Please login first' or 403. */
export async function requireCaller(req: FastifyRequest, ...roles: AccessRole[]): Promise<Caller> {
  const caller = await findCaller(req);
  deny(checkRole(caller, roles));
  return caller as Caller;
}
