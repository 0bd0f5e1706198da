import type { Role } from '../core/schemas/common';
import { MESSAGES } from '../core/messages';
import { MAIL_PREFERENCES_TEXT } from '../core/schemas/mail-preferences';

/** Who is asking, as the server knows it from a verified token and the user row. */
export interface Caller {
  id: string;
  role: Role;
  email: string;
  name: string;
  /**
   * Whether this account proved it reads its address (the mailed link, or a reset through it). Rights tied to
   * an address (co-authorship, certificates) wait for it: anyone can sign up with anyone's address (docs/product.md#accounts-and-verified-addresses).
   */
  emailVerified: boolean;
  /**
   * An Editor account that chairs tracks only (decision 0023): it acts on its tracks' papers, and only on the routes
   * that admit chairs (access 'Chair'); everything else an editor does is the editor's alone.
   */
  chairOnly?: boolean;
  /** Accounts of the same e-mail the caller's login proved (role switching), and when that token was issued (ms). */
  links?: string[];
  issuedAt?: number;
  /** Decision 0070: the editor requires a second factor of this account and it has none yet: it may only set one up. */
  secondFactorDue?: boolean;
  /** The sign-in session of the caller's token (decision 0071); none for a token issued before sessions were recorded. */
  sessionId?: string;
}

export type Denial = { code: 'unauthorized' | 'forbidden' | 'not_found'; message: string };

/** Who a route admits: a role, or 'Chair' — an Editor account that chairs tracks only (decision 0023). */
export type AccessRole = Role | 'Chair';

const PLURAL: Record<Role, string> = { Author: 'authors', Editor: 'editors', Reviewer: 'reviewers' };

/** null when allowed, else the reason. A track chair's Editor account is refused the editor's own routes unless 'Chair' is listed. */
export function checkRole(caller: Caller | null, roles: readonly AccessRole[]): Denial | null {
  if (!caller) return { code: 'unauthorized', message: MESSAGES.pleaseLogin };
  // Routes for the editor alone refuse a chair; routes for any signed-in user (every role listed) admit them.
  if (caller.role === 'Editor' && caller.chairOnly && !roles.includes('Chair') && roles.every((r) => r === 'Editor')) {
    return { code: 'forbidden', message: MESSAGES.chairsMayNot };
  }
  if (!roles.includes(caller.role)) {
    const named = roles.filter((r): r is Role => r !== 'Chair');
    return { code: 'forbidden', message: `Only ${named.map((r) => PLURAL[r]).join(' or ')} may do this` };
  }
  return null;
}

/**
 * An author reads their own papers, and those listing their e-mail as co-author (`coAuthor`); any other
 * paper looks like one that does not exist.
 */
export function canAuthorReadPaper(caller: Caller, paper: { authorId: string } | undefined, coAuthor = false): Denial | null {
  if (!paper || (paper.authorId !== caller.id && !coAuthor)) return { code: 'not_found', message: 'Paper not found' };
  return null;
}

/**
 * Only the submitting author changes the author list, the abstract, or withdraws the paper; a co-author
 * (who may read it, upload the camera-ready PDF and pay) is told why.
 */
export function canActAsSubmitter(caller: Caller, paper: { authorId: string } | undefined, coAuthor: boolean): Denial | null {
  const unseen = canAuthorReadPaper(caller, paper, coAuthor);
  if (unseen) return unseen;
  return paper!.authorId === caller.id ? null : { code: 'forbidden', message: 'Only the submitting author may do this' };
}

/** A reviewer reads and answers only the papers an editor has sent them. */
export function canReviewerReadPaper(assigned: boolean): Denial | null {
  return assigned ? null : { code: 'forbidden', message: 'This paper has not been sent to you' };
}

/** docs/product.md#assignments-declines-and-withdrawals: reviewing and commenting also need the reviewer not to have declined the paper. */
export function canReviewerWorkOnPaper(state: { assigned: boolean; status: string } | undefined): Denial | null {
  const unseen = canReviewerReadPaper(state?.assigned === true);
  if (unseen) return unseen;
  return state!.status === 'Declined' ? { code: 'forbidden', message: MESSAGES.declinedToReview } : null;
}

/**
 * A track chair's Editor account on a paper (decision 0023; HotCRP's rule for conflicted managers): its address verified
 * first (403), then a paper of a track it chairs (404 otherwise), then, for anything beyond the paper itself (its
 * reviewers, reviews, discussion and the authors' response: `seesReviewers`), no conflict with it (403). The
 * chair's screens and the mails about a paper both ask this (services/review/paper-participants.ts).
 */
export function canChairWorkOnPaper(
  chair: { emailVerified: boolean; chairsTrack: boolean; conflicted: boolean },
  seesReviewers: boolean,
): Denial | null {
  if (!chair.emailVerified) return { code: 'forbidden', message: MESSAGES.chairNotVerified };
  if (!chair.chairsTrack) return { code: 'not_found', message: 'Paper not found' };
  return chair.conflicted && seesReviewers ? { code: 'forbidden', message: MESSAGES.chairConflicted } : null;
}

export function canReadAssignedList(caller: Caller, reviewerId: string): Denial | null {
  return caller.id === reviewerId ? null : { code: 'forbidden', message: 'You can see only the papers sent to you' };
}

export function canRespondAs(caller: Caller, email: string): Denial | null {
  return caller.email.toLowerCase() === email.toLowerCase()
    ? null
    : { code: 'forbidden', message: 'You can answer only for your own account' };
}

/**
 * Notification settings belong to an address (decision 0039), shared by every account under it: only an account that
 * proved it reads that mailbox may change them, as with any right tied to an address (docs/product.md#accounts-and-verified-addresses).
 */
export function canChangeMailPreferences(caller: Caller): Denial | null {
  return caller.emailVerified ? null : { code: 'forbidden', message: MAIL_PREFERENCES_TEXT.notVerified };
}

/**
 * Decision 0040: whom the caller may write to. The editor: any group. A track chair (verified): only groups within a
 * track they chair, so never every track nor the attendees (who belong to no track). `chairTrackIds`: their tracks.
 */
export function canMailAudience(
  caller: Caller,
  audience: { group: string; trackId?: string | null },
  chairTrackIds: readonly string[],
): Denial | null {
  if (!caller.chairOnly) return null;
  if (!caller.emailVerified) return { code: 'forbidden', message: MESSAGES.chairNotVerified };
  if (!('trackId' in audience))
    return {
      code: 'forbidden',
      message: 'Only the editor may write to registered attendees: track chairs write to groups within their tracks',
    };
  if (!audience.trackId)
    return {
      code: 'forbidden',
      message: 'Track chairs write only to groups within their tracks: choose one of your tracks, not every track',
    };
  if (!chairTrackIds.includes(audience.trackId))
    return { code: 'forbidden', message: 'You do not chair this track: track chairs write only to groups within their tracks' };
  return null;
}
