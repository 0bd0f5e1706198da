import { ACCOUNTS } from '../../core/api/accounts';
import type { BodyOf } from '../../core/api/endpoint';
import { call } from './client';

/** Signing up and in, and the signed-in account. */
export const signUp = (body: BodyOf<typeof ACCOUNTS.signUp>) => call(ACCOUNTS.signUp, { body });
export const logIn = (body: BodyOf<typeof ACCOUNTS.logIn>) => call(ACCOUNTS.logIn, { body });
/** Log in with the token of a mailed one-time login link (decision 0022). */
export const logInWithLink = (token: string) => call(ACCOUNTS.logInWithLink, { body: { token } });
export const getMe = () => call(ACCOUNTS.getMe);

/** Change the name, the phone or the photo (the profile form's fields, with the photo as a File). */
export const updateMe = (changes: Omit<BodyOf<typeof ACCOUNTS.updateMe>, 'photo'> & { photo?: File }) => {
  const form = new FormData();
  if (changes.name !== undefined) form.append('name', changes.name);
  if (changes.phone !== undefined) form.append('phone', changes.phone);
  if (changes.affiliation !== undefined) form.append('affiliation', changes.affiliation);
  if (changes.country !== undefined) form.append('country', changes.country);
  if (changes.orcid !== undefined) form.append('orcid', changes.orcid ?? '');
  // Decision 0074: the name's parts ("family name first" as 'true' or 'false').
  if (changes.givenName !== undefined) form.append('givenName', changes.givenName);
  if (changes.familyName !== undefined) form.append('familyName', changes.familyName);
  if (changes.familyFirst !== undefined) form.append('familyFirst', String(changes.familyFirst));
  if (changes.latinName !== undefined) form.append('latinName', changes.latinName);
  if (changes.photo) form.append('photo', changes.photo);
  return call(ACCOUNTS.updateMe, { form });
};

export const getMyRoles = () => call(ACCOUNTS.listMyRoles);
export const switchRole = (role: BodyOf<typeof ACCOUNTS.switchRole>['role'], password?: string) =>
  call(ACCOUNTS.switchRole, { body: password ? { role, password } : { role } });

export const requestPasswordReset = (body: BodyOf<typeof ACCOUNTS.requestPasswordReset>) => call(ACCOUNTS.requestPasswordReset, { body });
export const resetPassword = (body: BodyOf<typeof ACCOUNTS.resetPassword>) => call(ACCOUNTS.resetPassword, { body });
export const verifyEmail = (token: string) => call(ACCOUNTS.verifyEmail, { body: { token } });
export const resendVerification = () => call(ACCOUNTS.resendVerificationMail);

export const saveCoAuthors = (paperId: string, coAuthors: BodyOf<typeof ACCOUNTS.saveCoAuthors>['coAuthors']) =>
  call(ACCOUNTS.saveCoAuthors, { params: { id: paperId }, body: { coAuthors } });
export const getPersonConflicts = (paperId: string) => call(ACCOUNTS.listPersonConflicts, { params: { paperId } });
