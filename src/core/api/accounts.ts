import { z } from '../zod';
import {
  CoAuthorsBody,
  CoAuthorsResponse,
  ForgotBody,
  MailedAnswerJson,
  MyRolesJson,
  PersonConflictsResponse,
  ResetBody,
  SwitchRoleBody,
  VerifyBody,
} from '../schemas/accounts';
import { LoginBody, LoginLinkBody, ProfileFields, SignupBody, UserJson } from '../schemas/auth';
import { MessageJson, PaperId } from '../schemas/common';
import { LoginAnswerJson, SignedInJson } from '../schemas/login-answer';
import { endpoints } from './endpoint';

/** The profile form as multipart sends it: the fields and an optional photo. */
export const ProfileForm = ProfileFields.extend({
  photo: z.string().optional().describe('The profile photo, a JPEG, PNG or WebP image of at most 2 MB (binary)'),
});
export const ProfileSavedJson = z.object({ message: z.string(), user: UserJson });

/** Signing up and in, the caller's own account, passwords, e-mail verification, role switching (decision 0016). */
export const ACCOUNTS = endpoints('accounts', {
  signUp: {
    method: 'POST',
    path: '/signup',
    summary: 'Create an account in one role and get a token for it',
    description:
      'Editor accounts are by invitation (EDITOR_EMAILS), or for the first person when no editor exists. At most 200 sign-ups from one address an hour.',
    body: SignupBody,
    status: 201,
    response: SignedInJson,
    errors: [403, 409, 503],
  },
  logIn: {
    method: 'POST',
    path: '/login',
    summary: 'Log in to the account of this e-mail and role and get a token',
    description:
      "Failed logins are limited per address and per account; while an account's ceiling holds, the right password from a new address is refused and a one-time login link is mailed. For an account with a second factor (decision 0070) the answer is {message, secondFactor: {pending, ticket, expiresInSeconds}} and no token: POST /api/login/second-factor finishes the login; an account the editor requires one of, without it, gets its token with secondFactor.enrolRequired.",
    // Read by the handler: the address's limit is checked, with the e-mail as sent, before the body is validated.
    body: LoginBody,
    handlerReadsBody: true,
    // Decision 0070: for an account with a second factor, {message, secondFactor} (no token yet).
    response: LoginAnswerJson,
    errors: [401, 503],
  },
  logInWithLink: {
    method: 'POST',
    path: '/login/link',
    summary: 'Log in once with the token of a mailed one-time login link',
    description: "The link is mailed when the account's failed-login ceiling holds and the right password came from a new address.",
    body: LoginLinkBody,
    response: LoginAnswerJson,
  },
  getMe: { method: 'GET', path: '/me', summary: 'The signed-in account', response: UserJson },
  updateMe: {
    method: 'PATCH',
    path: '/me',
    summary: "Change the signed-in account's name, phone or photo",
    description: 'JSON {name, phone}, or multipart/form-data with name, phone and a `photo` (JPEG, PNG or WebP, at most 2 MB).',
    multipart: true,
    consumes: ['application/json', 'multipart/form-data'],
    body: ProfileForm,
    response: ProfileSavedJson,
    errors: [413, 503],
  },
  listMyRoles: {
    method: 'GET',
    path: '/me/roles',
    summary: 'The roles held under the signed-in e-mail, and which can be switched to without a password',
    response: MyRolesJson,
  },
  switchRole: {
    method: 'POST',
    path: '/switch-role',
    summary: 'Switch to the account of another role under the same e-mail and get its token',
    description:
      "`password` is that account's password, needed when this login did not already prove it; a wrong one counts as a failed login.",
    body: SwitchRoleBody,
    response: LoginAnswerJson,
    errors: [503],
  },
  requestPasswordReset: {
    method: 'POST',
    path: '/password/forgot',
    summary: 'Mail a link to choose a new password',
    description:
      "The same answer whether or not the account exists. At most 3 requests an hour per e-mail. Without SMTP the answer says the link is kept in the outbox (`mail` 'outbox').",
    body: ForgotBody,
    response: MailedAnswerJson,
  },
  resetPassword: {
    method: 'POST',
    path: '/password/reset',
    summary: 'Choose a new password with the token of a mailed reset link',
    body: ResetBody,
    response: MessageJson,
    errors: [503],
  },
  verifyEmail: {
    method: 'POST',
    path: '/email/verify',
    summary: 'Verify an e-mail address with the token of a mailed verification link',
    body: VerifyBody,
    response: MessageJson,
    errors: [409],
  },
  resendVerificationMail: {
    method: 'POST',
    path: '/email/verify/resend',
    summary: 'Mail the signed-in account a new verification link (at most 3 an hour)',
    description:
      'Waits a few seconds for the mail server: `mail` is sent, queued, failed, or outbox (mail is not configured: kept, nothing sent).',
    response: MailedAnswerJson,
  },
  saveCoAuthors: {
    method: 'PUT',
    path: '/author/paper/:id/co-authors',
    tag: 'submissions',
    summary: "Replace the co-authors of the submitter's paper",
    description: 'Until the submission deadline (403 after it); 409 once the paper is withdrawn.',
    params: z.object({ id: PaperId }),
    body: CoAuthorsBody,
    response: CoAuthorsResponse,
    errors: [409],
  },
  listPersonConflicts: {
    method: 'GET',
    path: '/editor/papers/:paperId/person-conflicts',
    tag: 'assignment',
    summary: "The reviewers who are, or share an institution with, the paper's author or co-authors",
    params: z.object({ paperId: PaperId }),
    response: PersonConflictsResponse,
  },
});
