import { z } from '../zod';
import { MAIL_CATEGORIES, MAIL_MODES, type MailMode } from '../mail-templates';

/**
 * Each person's choice per kind of non-essential mail (decision 0039): immediately, in one daily digest, or not at all.
 * The kinds and modes themselves are in src/core/mail-templates.ts; these are the API's shapes and the page's words.
 */
const UNKNOWN_KIND = `Unknown kind of mail: choose ${MAIL_CATEGORIES.join(', ')}`;
export const MailCategoryValue = z.enum(MAIL_CATEGORIES, { message: UNKNOWN_KIND });
export const MailModeValue = z.enum(MAIL_MODES, { message: `Choose ${MAIL_MODES.join(', ')}` });

/** What the notification settings page calls each mode. */
export const MAIL_MODE_LABELS: Record<MailMode, string> = {
  immediate: 'Immediately',
  daily: 'Once a day',
  off: 'Off',
};

export const MailPreferenceJson = z.object({
  category: MailCategoryValue,
  label: z.string(),
  /** null while the account's address is not verified: the settings are the address's, not the account's. */
  mode: MailModeValue.nullable(),
});

export const MailPreferencesJson = z.object({
  /** The address the settings belong to (lower-cased). */
  email: z.string(),
  verified: z.boolean(),
  categories: z.array(MailPreferenceJson),
  /** The mails that are always sent, whatever the settings (password reset, verification, decisions…). */
  essential: z.array(z.string()),
  /** How long a digest gathers notifications before it is sent, in hours. */
  digestHours: z.number(),
});
export type MailPreferencesJson = z.infer<typeof MailPreferencesJson>;

/** Only the kinds named change; any other key is refused. */
export const MailPreferencesBody = z.strictObject(
  Object.fromEntries(MAIL_CATEGORIES.map((c) => [c, MailModeValue.optional()])) as Record<
    (typeof MAIL_CATEGORIES)[number],
    z.ZodOptional<typeof MailModeValue>
  >,
  { message: UNKNOWN_KIND },
);
export type MailPreferencesBody = z.infer<typeof MailPreferencesBody>;

export const MailPreferencesSavedJson = z.object({ message: z.string(), preferences: MailPreferencesJson });

/** An unsubscribe link's query, as mailed. Every field is read as text: a bad link of any kind gets one answer. */
export const UnsubscribeQuery = z.object({
  email: z.string().optional(),
  category: z.string().optional(),
  token: z.string().optional(),
});

/** What the /unsubscribe page shows before the press. Nothing about whether the address has an account. */
export const UnsubscribeLinkJson = z.object({
  email: z.string(),
  category: z.string(),
  /** The kind's name, or null when the link is not valid. */
  label: z.string().nullable(),
  valid: z.boolean(),
});
export type UnsubscribeLinkJson = z.infer<typeof UnsubscribeLinkJson>;

/** RFC 8058's one-click body, as mail clients send it (documented; the link's query is what counts). */
export const OneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() });

export const UnsubscribedJson = z.object({ message: z.string(), email: z.string(), category: MailCategoryValue, label: z.string() });
export type UnsubscribedJson = z.infer<typeof UnsubscribedJson>;

export const MAIL_PREFERENCES_TEXT = {
  saved: 'Notification settings saved.',
  notVerified:
    'Confirm your email address first: your notification settings belong to your address, so they can be changed once it is verified.',
  badLink:
    'This unsubscribe link is not valid: it may have been cut or changed. Open the link from the mail again, or change your notification settings after logging in.',
  /** The one-click and the page's button both answer this. */
  unsubscribed: (label: string, email: string) =>
    `Done: ‘${label}’ mails to ${email} are stopped. You can change this any time in your notification settings.`,
} as const;
