import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { MAIL_PREFERENCES } from '../../core/api/mail-preferences';
import { deny } from '../auth/caller';
import { defineRoute } from '../http/route';
import { canChangeMailPreferences } from '../permissions';
import {
  describeUnsubscribeLink,
  getMailPreferences,
  saveMailPreferences,
  unsubscribeByLink,
} from '../services/mail-preferences/preferences';

const FORM = 'application/x-www-form-urlencoded';

/** Decision 0039: notification settings (any signed-in role) and the signed unsubscribe links of mails (no login). */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const digestHours = app.config.MAIL_DIGEST_HOURS;
  const secret = app.config.JWT_SECRET;
  const ANY_ROLE = ['Author', 'Editor', 'Reviewer'] as const;

  defineRoute(app, MAIL_PREFERENCES.getMailPreferences, {
    access: ANY_ROLE,
    handler: ({ caller }) => getMailPreferences({ db, caller, digestHours }),
  });
  defineRoute(app, MAIL_PREFERENCES.saveMailPreferences, {
    access: ANY_ROLE,
    // An unverified address is refused before its body is read.
    guard: async (_req, caller) => deny(canChangeMailPreferences(caller)),
    handler: ({ caller, body }) => saveMailPreferences({ db, caller, digestHours, changes: body }),
  });
  defineRoute(app, MAIL_PREFERENCES.describeUnsubscribeLink, {
    access: 'public',
    handler: ({ query }) => describeUnsubscribeLink({ secret, query }),
  });
  // Mail clients post RFC 8058's `List-Unsubscribe=One-Click` as a form: this route alone reads forms (its body is not used).
  await app.register(async (oneClick: FastifyInstance) => {
    oneClick.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => done(null, body));
    defineRoute(oneClick, MAIL_PREFERENCES.unsubscribeByLink, {
      access: 'public',
      handler: ({ query }) => unsubscribeByLink({ db, secret, query }),
    });
  });
};

export default routes;
