import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_CATEGORIES, type MailCategory } from '../../core/mail-templates';

/**
 * Unsubscribe links (decision 0039, RFC 8058): a link names an address and a kind of mail, signed with the server's
 * secret, so whoever holds the mail (and only they) can turn that kind off without logging in. The signature
 * proves control of the mailbox the mail went to, which is what a preference keyed by address needs.
 */
export function unsubscribeToken(secret: string, email: string, category: MailCategory): string {
  return createHmac('sha256', secret).update(`unsubscribe\n${email.toLowerCase()}\n${category}`).digest('base64url');
}

export function checkUnsubscribeToken(secret: string, email: string, category: string, token: string): category is MailCategory {
  if (!(MAIL_CATEGORIES as readonly string[]).includes(category)) return false;
  const want = Buffer.from(unsubscribeToken(secret, email, category as MailCategory));
  const got = Buffer.from(token);
  return want.length === got.length && timingSafeEqual(want, got);
}

export function unsubscribeLinks(opts: { publicUrl: string; secret: string; email: string; category: MailCategory }) {
  const q = new URLSearchParams({
    email: opts.email.toLowerCase(),
    category: opts.category,
    token: unsubscribeToken(opts.secret, opts.email, opts.category),
  });
  return {
    /** The page a person opens from the mail's footer: it says what stops, and stops it with one press. */
    pageUrl: `${opts.publicUrl}/unsubscribe?${q}`,
    /** The List-Unsubscribe header's address: a mail client POSTs `List-Unsubscribe=One-Click` to it. */
    oneClickUrl: `${opts.publicUrl}/api/mail/unsubscribe?${q}`,
    preferencesUrl: `${opts.publicUrl}/account/notifications`,
  };
}
