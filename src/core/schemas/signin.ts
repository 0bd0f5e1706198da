import { z } from '../zod';
import { Email, Role } from './common';
import { UserJson } from './auth';

/*
 * Decision 0070: signing in with an OpenID Connect provider (ORCID, an institution's login) and the second factor
 * (TOTP, RFC 6238, with ten one-time recovery codes).
 */

/** A same-site path to come back to after signing in: '/…' but not '//…' or '/\…', no scheme, no control characters. */
export function safeReturnPath(value: string | undefined | null): string | null {
  if (!value || value.length > 500) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  return value;
}

export const SECOND_FACTOR_NEEDED = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes';
export const SECOND_FACTOR_WRONG = 'That code is not right, or it has already been used';
export const SECOND_FACTOR_EXPIRED = 'This sign-in has expired. Please log in again.';
export const SECOND_FACTOR_ENROL_FIRST =
  'Your role requires a second factor: set up an authenticator app under Account security before doing anything else';

export { LoginAnswerJson, SecondFactorPendingJson, SignedInJson } from './login-answer';
import { SecondFactorPendingJson, SignedInJson } from './login-answer';

const CODE = 'Enter the 6-digit code or a recovery code';
/** A 6-digit TOTP code, or a recovery code (xxxxx-xxxxx). */
export const SecondFactorCode = z
  .string({ message: CODE })
  .trim()
  .transform((v) => v.replace(/\s+/g, '').toLowerCase())
  .pipe(z.string().regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/, CODE));

export const SecondFactorBody = z.object({
  ticket: z.string({ message: SECOND_FACTOR_EXPIRED }).regex(/^[A-Za-z0-9_-]{43}$/, SECOND_FACTOR_EXPIRED),
  code: SecondFactorCode,
});

export const TotpEnrolJson = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
  /** The QR code, an SVG image as a data: URL. */
  qr: z.string(),
});

export const TotpConfirmBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});
export const TotpConfirmedJson = z.object({
  message: z.string(),
  /** Ten one-time codes, shown this once (only their hashes are kept). */
  recoveryCodes: z.array(z.string()),
  user: UserJson,
});

export const TotpDisableBody = z.object({ code: SecondFactorCode });

export const ProviderJson = z.object({ id: z.string(), label: z.string() });
export const ProvidersJson = z.object({ providers: z.array(ProviderJson) });

export const IdentityJson = z.object({
  id: z.string(),
  provider: z.string(),
  label: z.string(),
  email: z.string().nullable(),
  orcid: z.string().nullable(),
  createdAt: z.string(),
});

export const AccountSecurityJson = z.object({
  providers: z.array(ProviderJson),
  identities: z.array(IdentityJson),
  orcid: z.string().nullable(),
  orcidVerified: z.boolean(),
  secondFactor: z.object({
    enabled: z.boolean(),
    /** The editor requires a second factor of this account (editors, track chairs, award-panel members). */
    required: z.boolean(),
    recoveryCodesLeft: z.number().int(),
  }),
});
export type AccountSecurityJson = z.infer<typeof AccountSecurityJson>;

export const OidcStartQuery = z.object({
  role: Role.default('Author'),
  returnTo: z.string().max(500).optional(),
});

export const OidcCallbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  iss: z.string().max(500).optional(),
});

export const LinkStartBody = z.object({
  password: z
    .string({ message: 'Type your password to link a sign-in to this account' })
    .min(1, 'Type your password to link a sign-in to this account')
    .max(200),
});
export const LinkStartJson = z.object({ url: z.string() });

/** What the app sends with the ticket the callback gave it: nothing more, or the password of the account with the same address. */
export const OidcCompleteBody = z.object({
  ticket: z
    .string({ message: 'This sign-in has expired. Please start again.' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'This sign-in has expired. Please start again.'),
  password: z.string().min(1).max(200).optional(),
  /** When the provider shared no address (ORCID often does not): the address for the new account. */
  email: Email.optional(),
});

/**
 * The provider's answer, collected: signed in (or the second factor is next), linked, or an account with this
 * address and role exists and its password must prove it is the same person before the identity is linked.
 */
export const OidcCompleteJson = z.union([
  SignedInJson.extend({ returnTo: z.string() }),
  SecondFactorPendingJson.extend({ returnTo: z.string() }),
  z.object({ message: z.string(), linked: z.literal(true), returnTo: z.string() }),
  z.object({
    message: z.string(),
    passwordNeeded: z.literal(true),
    email: z.string(),
    role: Role,
    provider: z.string(),
  }),
  z.object({ message: z.string(), emailNeeded: z.literal(true), role: Role, provider: z.string() }),
]);
export type OidcCompleteJson = z.infer<typeof OidcCompleteJson>;

export const SecuritySettingsBody = z.object({ requireSecondFactor: z.boolean({ message: 'requireSecondFactor must be true or false' }) });
/** The setting, and the people it concerns or who use a second factor (an editor may reset another's). */
export const SecuritySettingsJson = SecuritySettingsBody.extend({
  people: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      role: Role,
      enabled: z.boolean(),
      /** Required of them and not set up yet: they may only set it up. */
      due: z.boolean(),
    }),
  ),
});
export type SecuritySettingsJson = z.infer<typeof SecuritySettingsJson>;

export const ResetSecondFactorParams = z.object({ userId: z.string().regex(/^[0-9a-f]{24}$/, 'Invalid ID format') });

/** The routes (as registered, under /api) an account whose second factor is due may still call: its own account and the enrolment. */
export const WHILE_SECOND_FACTOR_DUE: ReadonlySet<string> = new Set([
  '/api/me',
  '/api/me/roles',
  '/api/account/security',
  '/api/account/second-factor',
  '/api/account/second-factor/confirm',
]);
