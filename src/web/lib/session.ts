import { redirect } from 'react-router';
import type { UserJson } from '../../core/schemas/auth';
import { DASHBOARD, type Role } from '../../core/schemas/common';
import { LOGIN_FIRST, session } from '../api/client';

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
