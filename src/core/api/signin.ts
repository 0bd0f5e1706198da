import { z } from '../zod';
import {
  AccountSecurityJson,
  LinkStartBody,
  LinkStartJson,
  OidcCallbackQuery,
  OidcCompleteBody,
  OidcCompleteJson,
  OidcStartQuery,
  ProvidersJson,
  ResetSecondFactorParams,
  SecondFactorBody,
  SecuritySettingsBody,
  SecuritySettingsJson,
  SignedInJson,
  TotpConfirmBody,
  TotpConfirmedJson,
  TotpDisableBody,
  TotpEnrolJson,
} from '../schemas/signin';
import { MessageJson } from '../schemas/common';
import { endpoints, fileAnswer } from './endpoint';

const page = fileAnswer('text/html', 'A page for the browser: why the sign-in could not go on, with a way back to /login');
const redirect = fileAnswer('text/html', 'A redirect (Location) onwards');

/** Signing in with ORCID or another OpenID Connect provider, and the second factor (decision 0070). */
export const SIGNIN = endpoints('accounts', {
  listProviders: {
    method: 'GET',
    path: '/auth/providers',
    summary: 'The providers one may sign in with (ORCID, an institution): none unless the organiser configured them',
    response: ProvidersJson,
  },
  startOidc: {
    method: 'GET',
    path: '/auth/oidc/:provider/start',
    summary: "Go to the provider's sign-in page (authorization code flow with PKCE)",
    description:
      'A browser link: answers 303 to the provider, with a short-lived cookie binding the sign-in to this browser. `returnTo` must be a path on this site. 503 (a page) when the provider cannot be reached.',
    params: z.object({ provider: z.string().max(40) }),
    query: OidcStartQuery,
    response: page,
    also: { 303: redirect, 400: page, 404: page, 429: page, 503: page },
  },
  receiveOidcCallback: {
    method: 'GET',
    path: '/auth/oidc/callback',
    summary: 'Where the provider sends the browser back',
    description:
      'Checks state (this browser started it, once, within 10 minutes), PKCE and the ID token (issuer, audience, nonce); answers 303 to /login/oidc with a one-time ticket in the fragment, or a page saying why not.',
    query: OidcCallbackQuery,
    response: page,
    also: { 303: redirect, 400: page, 429: page, 503: page },
  },
  completeOidc: {
    method: 'POST',
    path: '/auth/oidc/complete',
    summary: "Collect a provider sign-in's outcome with its one-time ticket",
    description:
      "Signed in (a known identity, or a new account), or `passwordNeeded`: an account with the provider's address exists, and its password must prove it is the same person before the identity is linked to it. Only from the browser that started the sign-in.",
    body: OidcCompleteBody,
    response: OidcCompleteJson,
    errors: [401, 403, 409, 503],
  },
  completeSecondFactor: {
    method: 'POST',
    path: '/login/second-factor',
    summary: 'Finish a login that needs a second factor: a 6-digit code or a recovery code',
    description: 'Each code works once; failures are limited per account from all addresses together (10 an hour) and per address.',
    body: SecondFactorBody,
    response: SignedInJson,
    errors: [401],
  },
  getAccountSecurity: {
    method: 'GET',
    path: '/account/security',
    summary: "The signed-in account's linked sign-ins and second factor",
    response: AccountSecurityJson,
  },
  startLink: {
    method: 'POST',
    path: '/account/link/:provider',
    summary: 'Link a provider sign-in to this account: the password proves it, then the browser goes to the provider',
    description: 'Answers the address to send the browser to; a wrong password counts as a failed login.',
    params: z.object({ provider: z.string().max(40) }),
    body: LinkStartBody,
    response: LinkStartJson,
    errors: [503],
  },
  unlinkIdentity: {
    method: 'DELETE',
    path: '/account/identities/:identityId',
    summary: 'Unlink a provider sign-in from this account',
    params: z.object({ identityId: z.string().max(40) }),
    response: AccountSecurityJson,
  },
  startTotp: {
    method: 'POST',
    path: '/account/second-factor',
    summary: 'Start setting up an authenticator app: a new secret and its QR code',
    response: TotpEnrolJson,
    errors: [409],
  },
  confirmTotp: {
    method: 'POST',
    path: '/account/second-factor/confirm',
    summary: 'Turn the second factor on with a first code; answers ten recovery codes, shown once',
    body: TotpConfirmBody,
    response: TotpConfirmedJson,
    errors: [409],
  },
  disableTotp: {
    method: 'POST',
    path: '/account/second-factor/disable',
    summary: 'Turn the second factor off with a current code or a recovery code',
    description: '403 when the editor requires a second factor of this account.',
    body: TotpDisableBody,
    response: MessageJson,
    errors: [409],
  },
  getSecuritySettings: {
    method: 'GET',
    path: '/editor/security',
    summary: 'Whether editors, track chairs and award-panel members must use a second factor',
    response: SecuritySettingsJson,
  },
  updateSecuritySettings: {
    method: 'PUT',
    path: '/editor/security',
    summary: 'Require (or stop requiring) a second factor of editors, track chairs and award-panel members',
    body: SecuritySettingsBody,
    response: SecuritySettingsJson,
    errors: [409],
  },
  resetSecondFactor: {
    method: 'POST',
    path: '/editor/users/:userId/second-factor/reset',
    summary: "Remove another person's second factor (a lost device); audited",
    description: 'They sign in with their password alone next time, and are led to set it up again when it is required of them.',
    params: ResetSecondFactorParams,
    response: MessageJson,
    errors: [409],
  },
});
