import type { FastifyPluginAsync } from 'fastify';
import { ACCOUNTS } from '../../core/api/accounts';
import { FORGOT_ANSWER_KEPT, VERIFY_FAILED, VERIFY_KEPT, VERIFY_QUEUED } from '../../core/mail-states';
import { FORGOT_ANSWER, RESET_DONE, VERIFY_DONE, VERIFY_SENT } from '../../core/schemas/accounts';
import { configuredLoginLimits, LoginLimiter } from '../auth/login-limiter';
import { addressKey, SharedLimiter, tooMany } from '../auth/request-limiter';
import { AppError, loggableError } from '../errors';
import { signToken } from '../auth/tokens';
import { defineRoute } from '../http/route';
import { saveCoAuthors } from '../services/submissions/author-papers';
import { chairPaperGuard, EDITOR_OR_CHAIR } from './chair-access';
import { findPersonConflictsForPaper } from '../services/submissions/person-conflicts';
import { requestPasswordReset } from '../services/accounts/request-password-reset';
import { resetPassword, RESETS_PER_ADDRESS } from '../services/accounts/reset-password';
import { listMyRoles, SWITCH_PASSWORD_WRONG, switchRole } from '../services/accounts/switch-role';
import { toUserJson } from '../services/shared/user-json';
import { resendVerificationMail, verifyEmail } from '../services/accounts/verify-email';

const HOUR = 60 * 60 * 1000;
const SIGNED_IN = ['Author', 'Editor', 'Reviewer'] as const;

/** Password reset, e-mail verification, role switching and co-authors (issue 17, docs/decisions/0016). */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  // Counted in PostgreSQL, shared by every instance (issue 11 §2). Per e-mail: a mailbox cannot be flooded;
  // per address: one client cannot probe many e-mails, while a campus behind one NAT address still can reset.
  const limiter = new SharedLimiter(db);
  const logins = new LoginLimiter(limiter, configuredLoginLimits(app.config));
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
      background(() => requestPasswordReset(db, { body, mailer: app.mailer, publicUrl: app.config.publicUrl }));
      // Whether mail is configured is the server's, not the account's: saying so reveals nothing (issue 25.1).
      return app.mailer.configured ? { message: FORGOT_ANSWER, mail: 'queued' as const } : { message: FORGOT_ANSWER_KEPT, mail: 'outbox' as const };
    },
  });

  defineRoute(app, ACCOUNTS.resetPassword, {
    access: 'public',
    handler: async ({ req, body }) => {
      const refused = await limiter.take([{ key: `reset:a:${addressKey(req.ip)}`, ...RESETS_PER_ADDRESS }]);
      if (refused) throw tooMany(refused, 'Too many password resets from your address.');
      await resetPassword(db, body, { ip: req.ip });
      return { message: RESET_DONE };
    },
  });

  defineRoute(app, ACCOUNTS.verifyEmail, {
    access: 'public',
    handler: async ({ req, body }) => {
      await verifyEmail(db, { token: body.token, ip: req.ip });
      return { message: VERIFY_DONE };
    },
  });

  defineRoute(app, ACCOUNTS.resendVerificationMail, {
    access: SIGNED_IN,
    handler: async ({ caller }) => {
      // Counted here, not in a guard: a request refused for its body (413) sends no mail and uses up no try.
      const refused = await limiter.take([{ key: `verify-resend:u:${caller.id}`, limit: 3, windowMs: HOUR }]);
      if (refused) throw tooMany(refused, 'Too many verification mails.');
      const state = await resendVerificationMail(db, { userId: caller.id, mailer: app.mailer, publicUrl: app.config.publicUrl, waitMs: 5000 });
      if (state === 'outbox') return { message: VERIFY_KEPT, mail: state };
      if (state === 'failed') return { message: VERIFY_FAILED, mail: state };
      if (state === 'sent') return { message: VERIFY_SENT, mail: state };
      return { message: VERIFY_QUEUED, mail: 'queued' as const };
    },
  });

  defineRoute(app, ACCOUNTS.listMyRoles, { access: SIGNED_IN, handler: ({ caller }) => listMyRoles(db, caller) });

  defineRoute(app, ACCOUNTS.switchRole, {
    access: SIGNED_IN,
    handler: async ({ req, caller, body }) => {
      // A typed password is a login attempt on the target account: the same limits, the same failure count.
      const { password } = body;
      if (password) await logins.check(caller.email, req.ip);
      const switched = await switchRole(db, { caller, role: body.role, password }).catch(async (err: unknown) => {
        if (password && err instanceof AppError && err.message === SWITCH_PASSWORD_WRONG) await logins.fail(caller.email, req.ip);
        throw err;
      });
      const { user, links } = switched;
      const token = await signToken({ sub: user.id, role: user.role, links }, app.tokenKey);
      return { message: `You are now working as ${user.role}`, token, user: toUserJson(user) };
    },
  });

  defineRoute(app, ACCOUNTS.listPersonConflicts, {
    access: EDITOR_OR_CHAIR,
    // A track chair on their tracks' papers, not on one they are conflicted with (issue 22.2).
    guard: chairPaperGuard(db, ACCOUNTS.listPersonConflicts.params, { seesReviewers: true }),
    handler: async ({ params }) => ({ conflicts: await findPersonConflictsForPaper(db, params.paperId) }),
  });

  defineRoute(app, ACCOUNTS.saveCoAuthors, {
    access: ['Author'],
    handler: async ({ req, caller, params, body }) => {
      const coAuthors = await saveCoAuthors({ db, caller, ip: req.ip, paperId: params.id, coAuthors: body.coAuthors });
      return { message: 'Co-authors saved', coAuthors };
    },
  });
};

export default routes;
