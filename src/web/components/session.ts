import { redirect } from 'react-router';
import type { UserJson } from '../../core/schemas/auth';
import { DASHBOARD, type Role } from '../../core/schemas/common';
import { ApiError, session } from '../api/client';

export const LOGIN_FIRST = '/login?reason=login';

/**
 * For a login-area route's clientLoader: no stored token → /login saying 'Please login first';
 * another role's token → that role's dashboard. The server checks again on every call.
 */
export function requireRole(...roles: Role[]): UserJson {
  const user = session.user();
  if (!session.token() || !user) throw redirect(LOGIN_FIRST);
  if (!roles.includes(user.role)) throw redirect(DASHBOARD[user.role]);
  return user;
}

/** A 401 from the server means the stored token is no longer good: forget it and log in again. */
export function isSessionExpired(err: unknown): boolean {
  if (err instanceof ApiError && err.status === 401) {
    session.clear();
    return true;
  }
  return false;
}
