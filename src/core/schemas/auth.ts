import { z } from '../zod';
import { Email, Role } from './common';
import { TopicValue } from './tracks';
import { plainLine } from './text';
import { CountryCode, Orcid } from './proceedings';
import { NamePartsInput, NamePartsJson } from './person-name';

export const UserJson = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: Role,
  phone: z.string(),
  /** URL of the profile photo, or null. */
  photo: z.string().nullable(),
  tags: z.array(z.string()),
  /** An Editor account that chairs tracks only (decision 0023): the login area shows it its tracks' work, not the editor's desk. */
  chairOnly: z.literal(true).optional(),
  /** Decision 0042: the institution, its country (ISO 3166-1 alpha-2, '' when not given) and the ORCID iD (or null), for proceedings metadata. */
  affiliation: z.string(),
  country: z.string(),
  orcid: z.string().nullable(),
  /** Decision 0074: the name's parts, present only when the person gave them (`name` is the display name either way). */
  ...NamePartsJson.partial().shape,
});
export type UserJson = z.infer<typeof UserJson>;

export const SignupBody = z
  .object({
    name: z
      .string()
      .trim()
      .max(120, 'Name is too long (at most 120 characters)')
      .refine(...plainLine('Name'))
      .default(''),
    email: Email,
    password: z
      .string({ message: 'Password is required' })
      .min(8, 'Password must be at least 8 characters')
      .max(200, 'Password is too long'),
    confirmPassword: z.string({ message: 'Please confirm the password' }),
    role: Role,
    tags: z.array(TopicValue).max(50).default([]),
    /** Decision 0074: optional; with a given or family name the display name is made from the parts. */
    ...NamePartsInput.shape,
  })
  .refine((b) => b.password === b.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type SignupBody = z.infer<typeof SignupBody>;

export const LoginBody = z.object({
  email: Email,
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(200),
  role: Role,
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LOGIN_LINK_BAD = 'This login link has expired or has already been used. Please log in again.';
/** The one-time login link mailed while an account's failed-login ceiling holds (decision 0022). */
export const LoginLinkBody = z.object({ token: z.string({ message: LOGIN_LINK_BAD }).regex(/^[A-Za-z0-9_-]{43}$/, LOGIN_LINK_BAD) });
export type LoginLinkBody = z.infer<typeof LoginLinkBody>;

export const LoginResponse = z.object({ message: z.string(), token: z.string(), user: UserJson });
export type LoginResponse = z.infer<typeof LoginResponse>;
export const SignupResponse = LoginResponse;
export type SignupResponse = LoginResponse;

export const ProfileFields = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name cannot be empty')
    .max(120, 'Name is too long (at most 120 characters)')
    .refine(...plainLine('Name'))
    .optional(),
  phone: z
    .string()
    .trim()
    .max(30, 'Phone is too long')
    .regex(/^[+\d][\d\s()-]*$|^$/, 'Phone may contain only digits, spaces, +, - and brackets')
    .optional(),
  /** Decision 0042: '' clears the affiliation and the country, '' or null the ORCID iD. */
  affiliation: z
    .string()
    .trim()
    .max(200, 'An affiliation is too long (at most 200 characters)')
    .refine(...plainLine('Affiliation'))
    .optional(),
  country: CountryCode.optional(),
  orcid: Orcid.optional(),
  /** Decision 0074: the name's parts; sent with a given or family name, they make the display name. */
  ...NamePartsInput.shape,
});
export type ProfileFields = z.infer<typeof ProfileFields>;

/** The name a signup falls back to when the name is empty (docs/product.md#validation-and-messages). */
export function nameOrEmailPrefix(name: string, email: string): string {
  return name.trim() || email.split('@')[0] || email;
}
