import type { LoginAnswerJson, SignedInJson } from '../../core/schemas/login-answer';
import { DASHBOARD } from '../../core/schemas/common';
import { session } from '../api/client';

/** Where the second step finds its ticket: this tab only, gone with it (decision 0070). */
const PENDING = 'imse-second-factor';
export const SECOND_FACTOR_PATH = '/login/second-factor';
export const ENROL_PATH = '/account/security?enrol=required';

/**
 * After any way in (decision 0070): an account with a second factor goes to the code step; one that must set it up
 * keeps its token and goes to Account security; any other to `to` or its dashboard. Answers the path to go to.
 */
export function afterLogin(res: LoginAnswerJson, to?: string | null): string {
  if ('secondFactor' in res && res.secondFactor && 'pending' in res.secondFactor) {
    sessionStorage.setItem(PENDING, JSON.stringify({ ticket: res.secondFactor.ticket, to: to ?? null }));
    return SECOND_FACTOR_PATH;
  }
  const signed = res as SignedInJson;
  session.save(signed.token, signed.user);
  if (signed.secondFactor?.enrolRequired) return ENROL_PATH;
  return to ?? DASHBOARD[signed.user.role];
}

/** The login waiting for its code, if any. */
export function pendingLogin(): { ticket: string; to: string | null } | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(PENDING) ?? 'null') as { ticket?: unknown; to?: unknown } | null;
    if (value && typeof value.ticket === 'string') return { ticket: value.ticket, to: typeof value.to === 'string' ? value.to : null };
  } catch {
    // A value of another shape: none.
  }
  return null;
}

export function clearPendingLogin(): void {
  sessionStorage.removeItem(PENDING);
}
