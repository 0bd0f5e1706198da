import { z } from '../zod';
import { SignupBody, UserJson } from './auth';
import { Email, Role } from './common';
import { plainLine } from './text';
import { CountryCode, Orcid } from './proceedings';
import { NamePartsInput, NamePartsJson } from './person-name';

/** The one answer to "forgot password", whether or not the account exists (no way to learn who is registered). */
export const FORGOT_ANSWER =
  'If an account with this email and role exists, we have sent it a link to choose a new password. The link works once, within one hour.';
export const RESET_DONE = 'Your password has been changed. Please log in with the new password.';
export const RESET_LINK_BAD = 'This password reset link has expired or has already been used. Please ask for a new one.';
/** Said at once on the reset page opened without the mailed link's code, or with part of it. */
export const RESET_LINK_MISSING =
  'This page needs the link from the password reset email, and the link you opened is missing or incomplete. Open the link from the email again, or ask for a new one.';
export const VERIFY_DONE = 'Thank you: your email address is verified.';
export const VERIFY_LINK_BAD = 'This verification link is not valid or has already been used.';
export const VERIFY_SENT = 'We have sent you a new verification link.';
/**
 * A request that mails the caller (decision 0041): `mail` says where it went — 'sent' (the SMTP server took it),
 * 'queued' (not taken yet), 'failed', or 'outbox' (mail is not configured: kept, nothing sent). The forgot-password
 * answer's `mail` is the server's setting alone ('queued' or 'outbox'), the same whether or not the account exists.
 */
export const MailedAnswerJson = z.object({ message: z.string(), mail: z.enum(['sent', 'queued', 'failed', 'outbox']) });
export type MailedAnswerJson = z.infer<typeof MailedAnswerJson>;
export const VERIFY_TAKEN =
  'Another account in this role has already confirmed this email address. Log in to that account, or reset its password.';

export const ForgotBody = z.object({ email: Email, role: Role });
export type ForgotBody = z.infer<typeof ForgotBody>;

/** A token from a mailed link: 43 base64url characters (32 random bytes). */
export const LinkToken = z.string({ message: RESET_LINK_BAD }).regex(/^[A-Za-z0-9_-]{43}$/, RESET_LINK_BAD);

export const ResetBody = z
  .object({
    token: LinkToken,
    // The same rules as signup.
    password: SignupBody.shape.password,
    confirmPassword: SignupBody.shape.confirmPassword,
  })
  .refine((b) => b.password === b.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type ResetBody = z.infer<typeof ResetBody>;

export const VerifyBody = z.object({ token: z.string({ message: VERIFY_LINK_BAD }).regex(/^[A-Za-z0-9_-]{43}$/, VERIFY_LINK_BAD) });

/** `password`: the target account's password, when this login did not already prove it (docs/product.md#accounts-and-verified-addresses). */
export const SwitchRoleBody = z.object({ role: Role, password: z.string().min(1).max(200).optional() });
/** The roles held under the same e-mail, and whether the header may switch to each without typing its password (this login proved it). */
export const MyRolesJson = z.object({
  current: Role,
  emailVerified: z.boolean(),
  roles: z.array(z.object({ role: Role, available: z.boolean() })),
});
export type MyRolesJson = z.infer<typeof MyRolesJson>;
export const SwitchRoleResponse = z.object({ message: z.string(), token: z.string(), user: UserJson });

export const PersonConflictJson = z.object({
  reviewerId: z.string(),
  reason: z.enum(['same-person', 'same-domain']),
  with: z.enum(['author', 'co-author']),
  email: z.string(),
  /** Why the addresses match, for the chair: 'cs.uni-a.edu and uni-a.edu are one institution (uni-a.edu)'. */
  explanation: z.string(),
});
export type PersonConflictJson = z.infer<typeof PersonConflictJson>;
export const PersonConflictsResponse = z.object({ conflicts: z.array(PersonConflictJson) });

export const MAX_CO_AUTHORS = 20;
export const CoAuthor = z.object({
  name: z
    .string({ message: 'Each co-author needs a name' })
    .trim()
    .min(1, 'Each co-author needs a name')
    .max(120, 'A co-author name is too long (at most 120 characters)')
    .refine(...plainLine('Co-author name')),
  email: Email,
  affiliation: z
    .string()
    .trim()
    .max(200, 'An affiliation is too long (at most 200 characters)')
    .refine(...plainLine('Affiliation'))
    .default(''),
  /** Decision 0042: the affiliation's country (ISO 3166-1 alpha-2) and the ORCID iD, both optional. */
  country: CountryCode.default(''),
  orcid: Orcid.default(null),
  /** Decision 0074: the co-author's name parts (optional); with a given or family name they make `name`. */
  ...NamePartsInput.shape,
});
export type CoAuthor = z.infer<typeof CoAuthor>;
/** A co-author as the server answers it (no parsing steps: a response schema is only checked). */
export const CoAuthorJson = z.object({
  name: z.string(),
  email: z.string(),
  affiliation: z.string(),
  country: z.string(),
  orcid: z.string().nullable(),
  /** Decision 0074: present only when the co-author's name was given in parts. */
  ...NamePartsJson.partial().shape,
});
export const CoAuthorList = z
  .array(CoAuthor)
  .max(MAX_CO_AUTHORS, `At most ${MAX_CO_AUTHORS} co-authors`)
  .refine((list) => new Set(list.map((c) => c.email.toLowerCase())).size === list.length, {
    message: 'A co-author is listed twice (same email)',
  });
export const CoAuthorsBody = z.object({ coAuthors: CoAuthorList });
export const CoAuthorsResponse = z.object({ message: z.string(), coAuthors: z.array(CoAuthorJson) });

/** The new-paper form sends its co-authors as one multipart field holding the JSON list. */
export function parseCoAuthorsField(raw: string | undefined): CoAuthor[] {
  if (raw === undefined || raw.trim() === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new z.ZodError([
      { code: 'custom', path: ['coAuthors'], message: 'coAuthors must be a JSON list of {name, email, affiliation}', input: raw },
    ]);
  }
  return CoAuthorList.parse(value);
}
