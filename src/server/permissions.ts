import type { Role } from '../core/schemas/common';
import { MESSAGES } from '../core/messages';

/** Who is asking, as the server knows it from a verified token and the user row. */
export interface Caller { id: string; role: Role; email: string; name: string }

export type Denial = { code: 'unauthorized' | 'forbidden' | 'not_found'; message: string };

const PLURAL: Record<Role, string> = { Author: 'authors', Editor: 'editors', Reviewer: 'reviewers' };

/** null when allowed, else the reason. */
export function checkRole(caller: Caller | null, roles: readonly Role[]): Denial | null {
  if (!caller) return { code: 'unauthorized', message: MESSAGES.pleaseLogin };
  if (!roles.includes(caller.role)) {
    return { code: 'forbidden', message: `Only ${roles.map((r) => PLURAL[r]).join(' or ')} may do this` };
  }
  return null;
}

/** An author reads only their own papers; another author's paper looks like one that does not exist. */
export function canAuthorReadPaper(caller: Caller, paper: { authorId: string } | undefined): Denial | null {
  if (!paper || paper.authorId !== caller.id) return { code: 'not_found', message: 'Paper not found' };
  return null;
}

/** A reviewer reads and answers only the papers an editor has sent them. */
export function canReviewerReadPaper(assigned: boolean): Denial | null {
  return assigned ? null : { code: 'forbidden', message: 'This paper has not been sent to you' };
}

export function canReadAssignedList(caller: Caller, reviewerId: string): Denial | null {
  return caller.id === reviewerId ? null : { code: 'forbidden', message: 'You can see only the papers sent to you' };
}

export function canRespondAs(caller: Caller, email: string): Denial | null {
  return caller.email.toLowerCase() === email.toLowerCase() ? null : { code: 'forbidden', message: 'You can answer only for your own account' };
}
