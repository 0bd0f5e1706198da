import type { FastifyPluginAsync, FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNTS } from '../../core/api/accounts';
import { FORGOT_ANSWER_KEPT, VERIFY_FAILED, VERIFY_KEPT, VERIFY_QUEUED } from '../../core/mail-states';
import { FORGOT_ANSWER, RESET_DONE, VERIFY_DONE, VERIFY_SENT } from '../../core/schemas/accounts';
import { ProfileFields } from '../../core/schemas/auth';
import { configuredLoginLimits, LoginLimiter } from '../auth/login-limiter';
import { addressKey, SharedLimiter, tooMany } from '../auth/request-limiter';
import { AppError, loggableError } from '../errors';
import { defineRoute } from '../http/route';
import { readMultipart, storeUpload } from '../http/upload';
import { logIn } from '../services/accounts/log-in';
import { logInWithLink } from '../services/accounts/log-in-with-link';
import { requestPasswordReset } from '../services/accounts/request-password-reset';
import { resetPassword, RESETS_PER_ADDRESS } from '../services/accounts/reset-password';
import { signUpUser } from '../services/accounts/sign-up-user';
import { listMyRoles, SWITCH_PASSWORD_WRONG, switchRole } from '../services/accounts/switch-role';
import { updateProfile } from '../services/accounts/update-profile';
import { signIn } from '../services/signin/second-factor';
import { editorExists, getOwnAccount } from '../services/accounts/users';
import { sendVerificationMail, resendVerificationMail, verifyEmail } from '../services/accounts/verify-email';
import { discardFileIfUnused, discardOnFailure } from '../services/shared/discard-file';
import { saveCoAuthors } from '../services/submissions/author-papers';
import { findPersonConflictsForPaper } from '../services/submissions/person-conflicts';
import { imageType } from '../storage/sniff';
import { chairPaperGuard, EDITOR_OR_CHAIR } from './chair-access';

/** Sign-ups per address: a whole class behind one NAT signs up in an hour; a script does not fill the database. */
export const SIGNUP_PER_ADDRESS = { limit: 200, windowMs: 60 * 60 * 1000 } as const;

const HOUR = 60 * 60 * 1000;
const SIGNED_IN = ['Author', 'Editor', 'Reviewer'] as const;

const PHOTO_MAX = 2 * 1024 * 1024;

/** What a new session records of the request that signs in (decision 0071). */
const sessionFrom = (app: FastifyInstance, req: FastifyRequest) => ({
  db: app.database.db,
  key: app.tokenKey,
  userAgent: req.headers['user-agent'],
  ip: req.ip,
});

/** The limits every section counts against: kept in PostgreSQL, shared by every instance (decision 0019). */
interface Limiters {
  shared: SharedLimiter;
  logins: LoginLimiter;
}

async function signInRoutes(app: FastifyInstance, { shared, logins: limiter }: Limiters) {
  const { db } = app.database;

  if (app.config.EDITOR_EMAILS.length === 0) {
    if (await editorExists({ db })) app.log.info('Editor signup is closed: an editor exists and EDITOR_EMAILS is empty');
    else app.log.warn('Editor signup is open to the first person who signs up as Editor (set EDITOR_EMAILS to restrict it)');
  }

  defineRoute(app, ACCOUNTS.signUp, {
    access: 'public',
    // Every attempt counts, before the body is read: the 409 for a known e-mail is behind the limit too.
    guard: async (req) => {
      const refusal = await shared.take([{ key: `signup:a:${addressKey(req.ip)}`, ...SIGNUP_PER_ADDRESS }]);
      if (refusal) throw tooMany(refusal, 'Too many sign-ups from your address.');
    },
    handler: async ({ req, body }) => {
      const { user, verifyMailTo } = await signUpUser({ db, body, editorEmails: app.config.EDITOR_EMAILS, ip: req.ip });
      // The verification mail goes after the answer: signup → dashboard stays as fast as before (decision 0016).
      void sendVerificationMail({ db, user: verifyMailTo, mailer: app.mailer, publicUrl: app.config.publicUrl }).catch((err: unknown) =>
        app.log.error({ err: loggableError(err) }, 'verification mail failed'),
      );
      // Through the second-factor gate (decision 0070): an Editor account that must have one is led to set it up.
      return signIn({ ...sessionFrom(app, req), userId: user._id, via: 'signup', message: 'Signup successful' });
    },
  });

  defineRoute(app, ACCOUNTS.logIn, {
    access: 'public',
    // The service reads the body, after the limits that need the e-mail as sent.
    handler: async ({ req }) => {
      const { user, links } = await logIn({
        db,
        limiter,
        shared,
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
        body: req.body,
        ip: req.ip,
        onLinkMailError: (err) => app.log.error({ err: loggableError(err) }, 'login link mail failed'),
      });
      // Decision 0070: an account with a second factor gets a ticket for POST /login/second-factor, not yet a token.
      return signIn({ ...sessionFrom(app, req), userId: user.id, links, via: 'password', message: 'Login successful' });
    },
  });

  defineRoute(app, ACCOUNTS.logInWithLink, {
    access: 'public',
    guard: (req) => limiter.countAttempt(req.ip),
    handler: async ({ req, body }) => {
      const user = await logInWithLink({ db, token: body.token, ip: req.ip });
      await limiter.remember(user._id, req.ip);
      // No password was typed: no other role's account is proved (links), as after a password reset.
      return signIn({ ...sessionFrom(app, req), userId: user._id, via: 'link', message: 'Login successful' });
    },
  });
}

/** Password reset, e-mail verification, role switching and co-authors (decision 0016). */
async function accountRoutes(app: FastifyInstance, { shared: limiter, logins }: Limiters) {
  const { db } = app.database;
  // Counted in PostgreSQL, shared by every instance (decision 0019). Per e-mail: a mailbox cannot be flooded;
  // per address: one client cannot probe many e-mails, while a campus behind one NAT address still can reset.
  const forgotLimits = (ip: string, email: string) => [
    { key: `forgot:a:${addressKey(ip)}`, limit: 100, windowMs: HOUR },
    { key: `forgot:e:${email.toLowerCase()}`, limit: 3, windowMs: HOUR },
  ];
  const background = (work: () => Promise<void>) => {
    void work().catch((err: unknown) => app.log.error({ err: loggableError(err) }, 'account mail failed'));
  };

  defineRoute(app, ACCOUNTS.requestPasswordReset, {
    access: 'public',
    handler: async ({ req, body }) => {
      // Limited per e-mail too, so after the body is read.
      const refused = await limiter.take(forgotLimits(req.ip, body.email));
      if (refused) throw tooMany(refused, 'Too many password reset requests.');
      // After the answer: the same answer in the same time whether or not the account exists.
      background(() => requestPasswordReset({ db, body, mailer: app.mailer, publicUrl: app.config.publicUrl }));
      // Whether mail is configured is the server's, not the account's: saying so reveals nothing (decision 0041).
      return app.mailer.configured
        ? { message: FORGOT_ANSWER, mail: 'queued' as const }
        : { message: FORGOT_ANSWER_KEPT, mail: 'outbox' as const };
    },
  });

  defineRoute(app, ACCOUNTS.resetPassword, {
    access: 'public',
    handler: async ({ req, body }) => {
      const refused = await limiter.take([{ key: `reset:a:${addressKey(req.ip)}`, ...RESETS_PER_ADDRESS }]);
      if (refused) throw tooMany(refused, 'Too many password resets from your address.');
      await resetPassword({ db, body, ip: req.ip });
      return { message: RESET_DONE };
    },
  });

  defineRoute(app, ACCOUNTS.verifyEmail, {
    access: 'public',
    handler: async ({ req, body }) => {
      await verifyEmail({ db, token: body.token, ip: req.ip });
      return { message: VERIFY_DONE };
    },
  });

  defineRoute(app, ACCOUNTS.resendVerificationMail, {
    access: SIGNED_IN,
    handler: async ({ caller }) => {
      // Counted here, not in a guard: a request refused for its body (413) sends no mail and uses up no try.
      const refused = await limiter.take([{ key: `verify-resend:u:${caller.id}`, limit: 3, windowMs: HOUR }]);
      if (refused) throw tooMany(refused, 'Too many verification mails.');
      const state = await resendVerificationMail({
        db,
        userId: caller.id,
        mailer: app.mailer,
        publicUrl: app.config.publicUrl,
        waitMs: 5000,
      });
      if (state === 'outbox') return { message: VERIFY_KEPT, mail: state };
      if (state === 'failed') return { message: VERIFY_FAILED, mail: state };
      if (state === 'sent') return { message: VERIFY_SENT, mail: state };
      return { message: VERIFY_QUEUED, mail: 'queued' as const };
    },
  });

  defineRoute(app, ACCOUNTS.listMyRoles, { access: SIGNED_IN, handler: ({ caller }) => listMyRoles({ db, caller }) });

  defineRoute(app, ACCOUNTS.switchRole, {
    access: SIGNED_IN,
    handler: async ({ req, caller, body }) => {
      // A typed password is a login attempt on the target account: the same limits, the same failure count.
      const { password } = body;
      if (password) await logins.check(caller.email, req.ip);
      const switched = await switchRole({ db, caller, role: body.role, password }).catch(async (err: unknown) => {
        if (password && err instanceof AppError && err.message === SWITCH_PASSWORD_WRONG) await logins.fail(caller.email, req.ip);
        throw err;
      });
      const { user, links } = switched;
      // A session of its own in the other account (decision 0071); this account's stays listed until it ends or expires.
      // The other account's own second factor, when it has one (decision 0070).
      return signIn({ ...sessionFrom(app, req), userId: user._id, links, via: 'switch', message: `You are now working as ${user.role}` });
    },
  });

  defineRoute(app, ACCOUNTS.listPersonConflicts, {
    access: EDITOR_OR_CHAIR,
    // A track chair on their tracks' papers, not on one they are conflicted with (decision 0023).
    guard: chairPaperGuard(db, ACCOUNTS.listPersonConflicts.params, { seesReviewers: true }),
    handler: async ({ params }) => ({ conflicts: await findPersonConflictsForPaper({ db, paperId: params.paperId }) }),
  });

  defineRoute(app, ACCOUNTS.saveCoAuthors, {
    access: ['Author'],
    handler: async ({ req, caller, params, body }) => {
      const coAuthors = await saveCoAuthors({ db, caller, ip: req.ip, paperId: params.id, coAuthors: body.coAuthors });
      return { message: 'Co-authors saved', coAuthors };
    },
  });
}

async function profileRoutes(app: FastifyInstance) {
  const { db } = app.database;

  defineRoute(app, ACCOUNTS.getMe, { access: SIGNED_IN, handler: ({ caller }) => getOwnAccount({ db, userId: caller.id }) });

  defineRoute(app, ACCOUNTS.updateMe, {
    access: SIGNED_IN,
    // JSON or multipart (the endpoint is declared multipart, so its body is not validated before the
    // handler): a JSON body is read from req.body, a form streamed, the photo stored as it arrives.
    handler: async ({ req, caller }) => {
      let fields: Record<string, unknown> = (req.body ?? {}) as Record<string, unknown>;
      let photoKey: string | undefined;
      if (!req.isMultipart() && req.body !== undefined && (req.body === null || typeof req.body !== 'object' || Array.isArray(req.body))) {
        throw new AppError('bad_request', 'Send the profile as an object with name and/or phone');
      }
      if (req.isMultipart()) {
        const parsed = await readMultipart(
          req.parts({ limits: { fileSize: PHOTO_MAX + 1 } }),
          (part) => {
            if (part.fieldname !== 'photo') throw new AppError('bad_request', 'The only file accepted is `photo`');
            return storeUpload(app.files, part, {
              maxBytes: PHOTO_MAX,
              tooLarge: 'The photo is too large (at most 2 MB)',
              check: (head) => (imageType(head) ? null : 'The photo must be a JPEG, PNG or WebP image'),
            });
          },
          (key) => discardFileIfUnused({ db, store: app.files, key }),
          req.raw,
        );
        fields = Object.fromEntries(Object.entries(parsed.fields).map(([k, v]) => [k, v[0]]));
        photoKey = parsed.file?.key;
      }
      const user = await discardOnFailure({
        db,
        store: app.files,
        key: photoKey,
        work: () =>
          updateProfile({
            db,
            userId: caller.id,
            changes: {
              ...ProfileFields.parse({
                name: fields.name,
                phone: fields.phone,
                affiliation: fields.affiliation,
                country: fields.country,
                orcid: fields.orcid,
                // Decision 0074: the name's parts (a form sends "family name first" as 'true' or 'false').
                givenName: fields.givenName,
                familyName: fields.familyName,
                familyFirst: typeof fields.familyFirst === 'string' ? fields.familyFirst === 'true' : fields.familyFirst,
                latinName: fields.latinName,
              }),
              photoKey,
            },
          }),
      });
      return { message: 'Profile saved', user };
    },
  });
}

const routes: FastifyPluginAsync = async (app) => {
  const shared = new SharedLimiter(app.database.db);
  const limiters: Limiters = { shared, logins: new LoginLimiter(shared, configuredLoginLimits(app.config)) };
  await signInRoutes(app, limiters);
  await accountRoutes(app, limiters);
  await profileRoutes(app);
};

export default routes;
