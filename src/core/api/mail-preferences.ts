import {
  MailPreferencesBody,
  MailPreferencesJson,
  OneClickBody,
  MailPreferencesSavedJson,
  UnsubscribedJson,
  UnsubscribeLinkJson,
  UnsubscribeQuery,
} from '../schemas/mail-preferences';
import { endpoints } from './endpoint';

/** Decision 0039: each person's notification settings, and the signed unsubscribe links every non-essential mail carries. */
export const MAIL_PREFERENCES = endpoints('accounts', {
  getMailPreferences: {
    method: 'GET',
    path: '/account/mail-preferences',
    summary: "The signed-in address's notification settings: each kind of non-essential mail immediately, daily or off",
    description:
      'Settings belong to the address (lower-cased), shared by every account under it; `mode` is null until the address is verified.',
    response: MailPreferencesJson,
  },
  saveMailPreferences: {
    method: 'PUT',
    path: '/account/mail-preferences',
    summary: 'Change the notification settings of the signed-in address',
    description: "{kind: mode, …} for the kinds that change. 403 until the account's address is verified: the settings are the address's.",
    body: MailPreferencesBody,
    response: MailPreferencesSavedJson,
  },
  describeUnsubscribeLink: {
    method: 'GET',
    path: '/mail/unsubscribe',
    summary: 'What an unsubscribe link would stop (changes nothing)',
    description: 'For the /unsubscribe page. A GET never unsubscribes: mail scanners open links.',
    query: UnsubscribeQuery,
    response: UnsubscribeLinkJson,
  },
  unsubscribeByLink: {
    method: 'POST',
    path: '/mail/unsubscribe',
    summary: 'Turn one kind of mail off for an address, by the signed link of a mail (RFC 8058 one-click)',
    description:
      "The List-Unsubscribe header's address: mail clients POST `List-Unsubscribe=One-Click` (application/x-www-form-urlencoded); JSON or no body also works. No login: the link's signature proves the mailbox. Idempotent. 400 for any bad link, the same answer every time.",
    query: UnsubscribeQuery,
    consumes: ['application/x-www-form-urlencoded', 'application/json'],
    body: OneClickBody,
    handlerReadsBody: true,
    response: UnsubscribedJson,
  },
});
