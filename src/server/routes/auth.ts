import type { FastifyPluginAsync } from 'fastify';
import { ACCOUNTS } from '../../core/api/accounts';
import { LoginBody } from '../../core/schemas/auth';
import { accountLocked, configuredLoginLimits, LoginLimiter } from '../auth/login-limiter';
import { addressKey, SharedLimiter, tooMany } from '../auth/request-limiter';
import { signToken } from '../auth/tokens';
import { AppError, loggableError } from '../errors';
import { defineRoute } from '../http/route';
import { logInUser } from '../services/accounts/log-in-user';
import { signUpUser } from '../services/accounts/sign-up-user';
import { editorExists } from '../services/accounts/users';
import { findLinkedAccounts } from '../services/accounts/switch-role';
import { sendVerificationMail } from '../services/accounts/verify-email';
import { toUserJson, type UserRow } from '../services/shared/user-json';
import { logInWithLink, mailLoginLink } from '../services/accounts/log-in-with-link';
import { recordAudit } from '../services/shared/audit';

/** Sign-ups per address: a whole class behind one NAT signs up in an hour; a script does not fill the database. */
export const SIGNUP_PER_ADDRESS = { limit: 200, windowMs: 60 * 60 * 1000 } as const;
/** One-time login links mailed per account: a flood of right passwords from new addresses does not flood the mailbox. */
export const LOGIN_LINKS_PER_ACCOUNT = { limit: 3, windowMs: 60 * 60 * 1000 } as const;

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const shared = new SharedLimiter(db);
  const limiter = new LoginLimiter(shared, configuredLoginLimits(app.config));

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
      const user = await signUpUser({ db, body, editorEmails: app.config.EDITOR_EMAILS, ip: req.ip });
      // The verification mail goes after the answer: signup → dashboard stays as fast as before (issue 17).
      void sendVerificationMail(db, { user, mailer: app.mailer, publicUrl: app.config.publicUrl })
        .catch((err: unknown) => app.log.error({ err: loggableError(err) }, 'verification mail failed'));
      const token = await signToken({ sub: user.id, role: user.role }, app.tokenKey);
      return { message: 'Signup successful', token, user: toUserJson(user) };
    },
  });

  defineRoute(app, ACCOUNTS.logIn, {
    access: 'public',
    handler: async ({ req }) => {
      // The body is parsed here, after the limits that need the e-mail as sent: a limited address hears 429,
      // whatever its body, and every login counts for its address, a malformed one too.
      const raw = (req.body ?? {}) as { email?: unknown };
      const emailKey = typeof raw.email === 'string' ? raw.email.trim() : '';
      // `locked`: the account's per-e-mail ceiling of failures holds; the right password then gets in only
      // from an address that logged in to it before (issue 27.7).
      const locked = await limiter.admit(emailKey, req.ip);
      const body = LoginBody.parse(req.body ?? {});
      const user = await logInUser(db, body).catch(async (err: unknown) => {
        if (err instanceof AppError && err.code === 'unauthorized') {
          await limiter.fail(body.email, req.ip);
          await recordAudit(db, { actorId: null, actorRole: body.role, action: 'login.failed', ip: req.ip, details: { email: body.email } });
          if (locked) throw accountLocked(locked, app.mailer.configured);
        }
        throw err;
      });
      if (locked && !(await limiter.knows(user.id, req.ip))) {
        // The right password from a new address: the wrong password's answer, counted like it (the next
        // answer's Retry-After must not tell either), and a one-time link by mail after it (at most 3 an hour
        // per account).
        await limiter.fail(body.email, req.ip);
        void mailLinkLimited(user).catch((err: unknown) => app.log.error({ err: loggableError(err) }, 'login link mail failed'));
        throw accountLocked(locked, app.mailer.configured);
      }
      await limiter.succeed(body.email, req.ip, user.id);
      const links = await findLinkedAccounts(db, { user, password: body.password });
      const token = await signToken({ sub: user.id, role: user.role, links }, app.tokenKey);
      return { message: 'Login successful', token, user: toUserJson(user) };
    },
  });

  const mailLinkLimited = async (user: UserRow) => {
    if (await shared.take([{ key: `login-link:u:${user.id}`, ...LOGIN_LINKS_PER_ACCOUNT }])) return;
    await mailLoginLink(db, { user, mailer: app.mailer, publicUrl: app.config.publicUrl });
  };

  defineRoute(app, ACCOUNTS.logInWithLink, {
    access: 'public',
    guard: (req) => limiter.countAttempt(req.ip),
    handler: async ({ req, body }) => {
      const user = await logInWithLink(db, { token: body.token, ip: req.ip });
      await limiter.remember(user.id, req.ip);
      // No password was typed: no other role's account is proved (links), as after a password reset.
      const token = await signToken({ sub: user.id, role: user.role }, app.tokenKey);
      return { message: 'Login successful', token, user: toUserJson(user) };
    },
  });
};

export default routes;
