import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  MAIL_CATEGORIES,
  MAIL_CATEGORY_LABELS,
  TEMPLATE_INFO,
  TEMPLATE_NAMES,
  type MailCategory,
  type MailMode,
} from '../../../core/mail-templates';
import {
  MAIL_PREFERENCES_TEXT,
  type MailPreferencesBody,
  type MailPreferencesJson,
  type UnsubscribedJson,
  type UnsubscribeLinkJson,
} from '../../../core/schemas/mail-preferences';
import { deny } from '../../auth/caller';
import type { Db } from '../../db/connect';
import { mailDigestItems, mailPreferences } from '../../db/schema';
import { AppError } from '../../errors';
import { checkUnsubscribeToken } from '../../mail/unsubscribe';
import { canChangeMailPreferences, type Caller } from '../../permissions';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The mails always sent, by their editor's label (the digest itself is how the others arrive, not a kind of its own). */
const ESSENTIAL = TEMPLATE_NAMES.filter((n) => TEMPLATE_INFO[n].category === null && n !== 'dailyDigest').map(
  (n) => TEMPLATE_INFO[n].label,
);

async function modesOf(db: Db, email: string): Promise<Map<MailCategory, MailMode>> {
  const rows = await db.select().from(mailPreferences).where(eq(mailPreferences.email, email));
  return new Map(rows.map((r) => [r.category as MailCategory, r.mode as MailMode]));
}

/** The caller's address's settings; the modes only once the address is verified (they are the address's, not the account's). */
export async function getMailPreferences(opts: { db: Db; caller: Caller; digestHours: number }): Promise<MailPreferencesJson> {
  const email = opts.caller.email.toLowerCase();
  const verified = opts.caller.emailVerified;
  const modes = verified ? await modesOf(opts.db, email) : new Map<MailCategory, MailMode>();
  return {
    email,
    verified,
    essential: ESSENTIAL,
    digestHours: opts.digestHours,
    categories: MAIL_CATEGORIES.map((category) => ({
      category,
      label: MAIL_CATEGORY_LABELS[category],
      mode: verified ? (modes.get(category) ?? 'immediate') : null,
    })),
  };
}

/**
 * Set modes for an address. Turning a kind off also drops its notifications still waiting for a digest: "off" means
 * nothing more of that kind arrives. Those waiting when a kind goes back to immediate still come in the next digest.
 */
async function setModes(tx: Tx, email: string, changes: Array<[MailCategory, MailMode]>): Promise<void> {
  if (changes.length === 0) return;
  await tx
    .insert(mailPreferences)
    .values(changes.map(([category, mode]) => ({ email, category, mode })))
    .onConflictDoUpdate({
      target: [mailPreferences.email, mailPreferences.category],
      set: { mode: sql`excluded.mode`, updatedAt: new Date() },
    });
  const off = changes.filter(([, mode]) => mode === 'off').map(([category]) => category);
  if (off.length) {
    await tx
      .delete(mailDigestItems)
      .where(and(eq(mailDigestItems.email, email), inArray(mailDigestItems.category, off), isNull(mailDigestItems.digestMailId)));
  }
}

export async function saveMailPreferences(opts: { db: Db; caller: Caller; digestHours: number; changes: MailPreferencesBody }) {
  deny(canChangeMailPreferences(opts.caller));
  const email = opts.caller.email.toLowerCase();
  const changes = MAIL_CATEGORIES.flatMap((c) => (opts.changes[c] ? [[c, opts.changes[c]] as [MailCategory, MailMode]] : []));
  await opts.db.transaction((tx) => setModes(tx, email, changes));
  return { message: MAIL_PREFERENCES_TEXT.saved, preferences: await getMailPreferences(opts) };
}

interface LinkQuery {
  email?: string;
  category?: string;
  token?: string;
}

/** The link's address and kind when its signature holds; null for any bad link, whatever is wrong with it. */
function checkLink(secret: string, q: LinkQuery): { email: string; category: MailCategory } | null {
  const email = (q.email ?? '').toLowerCase();
  const category = q.category ?? '';
  if (!email || email.length > 320 || (q.token ?? '').length > 100) return null;
  return checkUnsubscribeToken(secret, email, category, q.token ?? '') ? { email, category } : null;
}

/** What the /unsubscribe page shows; changes nothing (link scanners open links). Says nothing of accounts. */
export function describeUnsubscribeLink(opts: { secret: string; query: LinkQuery }): UnsubscribeLinkJson {
  const link = checkLink(opts.secret, opts.query);
  if (!link)
    return { email: (opts.query.email ?? '').slice(0, 320), category: (opts.query.category ?? '').slice(0, 40), label: null, valid: false };
  return { ...link, label: MAIL_CATEGORY_LABELS[link.category], valid: true };
}

/** One-click unsubscribe (RFC 8058): that kind off for the link's address, account or not. Idempotent. */
export async function unsubscribeByLink(opts: { db: Db; secret: string; query: LinkQuery }): Promise<UnsubscribedJson> {
  const link = checkLink(opts.secret, opts.query);
  if (!link) throw new AppError('bad_request', MAIL_PREFERENCES_TEXT.badLink);
  await opts.db.transaction((tx) => setModes(tx, link.email, [[link.category, 'off']]));
  const label = MAIL_CATEGORY_LABELS[link.category];
  return { message: MAIL_PREFERENCES_TEXT.unsubscribed(label, link.email), email: link.email, category: link.category, label };
}
