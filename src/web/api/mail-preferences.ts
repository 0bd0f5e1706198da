import { MAIL_PREFERENCES } from '../../core/api/mail-preferences';
import type { BodyOf } from '../../core/api/endpoint';
import { call } from './client';

/** The signed-in address's notification settings (decision 0039). */
export const getMailPreferences = () => call(MAIL_PREFERENCES.getMailPreferences);
export const saveMailPreferences = (body: BodyOf<typeof MAIL_PREFERENCES.saveMailPreferences>) =>
  call(MAIL_PREFERENCES.saveMailPreferences, { body });

/** A mail's unsubscribe link, as the /unsubscribe page reads it from its address. */
export interface UnsubscribeLink {
  email: string;
  category: string;
  token: string;
}
/** What the link would stop; changes nothing. */
export const describeUnsubscribeLink = (query: UnsubscribeLink) => call(MAIL_PREFERENCES.describeUnsubscribeLink, { query });
/** Stop that kind of mail (the page's one button; a mail client's one-click does the same). */
export const unsubscribeByLink = (query: UnsubscribeLink) =>
  call(MAIL_PREFERENCES.unsubscribeByLink, { query, body: { 'List-Unsubscribe': 'One-Click' } });
