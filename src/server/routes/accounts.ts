import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CoAuthorsBody, CoAuthorsResponse, FORGOT_ANSWER, ForgotBody, MyRolesJson, PersonConflictsResponse, RESET_DONE, ResetBody, SwitchRoleBody,
  SwitchRoleResponse, VERIFY_DONE, VERIFY_SENT, VerifyBody,
} from '../../core/schemas/accounts';
import { MessageJson, PaperId } from '../../core/schemas/common';
import { requireCaller } from '../auth/caller';
import { configuredLoginLimits, LoginLimiter } from '../auth/login-limiter';
import { addressKey, SharedLimiter, tooMany } from '../auth/request-limiter';
import { AppError, loggableError } from '../errors';
import { signToken } from '../auth/tokens';
import { saveCoAuthors } from '../services/submissions/author-papers';
import { findPersonConflictsForPaper } from '../services/submissions/person-conflicts';
import { requestPasswordReset } from '../services/accounts/request-password-reset';
import { resetPassword, RESETS_PER_ADDRESS } from '../services/accounts/reset-password';
import { listMyRoles, SWITCH_PASSWORD_WRONG, switchRole } from '../services/accounts/switch-role';
import { toUserJson } from '../services/shared/user-json';
import { resendVerificationMail, verifyEmail } from '../services/accounts/verify-email';

const HOUR = 60 * 60 * 1000;
const errors = { 400: MessageJson, 401: MessageJson, 403: MessageJson, 404: MessageJson, 409: MessageJson, 429: MessageJson };

/** Password reset, e-mail verification, role switching and co-authors (issue 17, docs/decisions/0016). */
const routes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
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

  api.post('/password/forgot', { schema: { body: ForgotBody, response: { 200: MessageJson, ...errors } } }, async (req) => {
    const refused = await limiter.take(forgotLimits(req.ip, req.body.email));
    if (refused) throw tooMany(refused, 'Too many password reset requests.');
    // After the answer: the same answer in the same time whether or not the account exists.
    background(() => requestPasswordReset(db, { body: req.body, mailer: app.mailer, publicUrl: app.config.publicUrl }));
    return { message: FORGOT_ANSWER };
  });

  api.post('/password/reset', { schema: { body: ResetBody, response: { 200: MessageJson, ...errors } } }, async (req) => {
    const refused = await limiter.take([{ key: `reset:a:${addressKey(req.ip)}`, ...RESETS_PER_ADDRESS }]);
    if (refused) throw tooMany(refused, 'Too many password resets from your address.');
    await resetPassword(db, req.body, { ip: req.ip });
    return { message: RESET_DONE };
  });

  api.post('/email/verify', { schema: { body: VerifyBody, response: { 200: MessageJson, ...errors } } }, async (req) => {
    await verifyEmail(db, { token: req.body.token, ip: req.ip });
    return { message: VERIFY_DONE };
  });

  api.post('/email/verify/resend', { schema: { response: { 200: MessageJson, ...errors } } }, async (req) => {
    const caller = await requireCaller(req, 'Author', 'Editor', 'Reviewer');
    const refused = await limiter.take([{ key: `verify-resend:u:${caller.id}`, limit: 3, windowMs: HOUR }]);
    if (refused) throw tooMany(refused, 'Too many verification mails.');
    await resendVerificationMail(db, { userId: caller.id, mailer: app.mailer, publicUrl: app.config.publicUrl });
    return { message: VERIFY_SENT };
  });

  api.get('/me/roles', { schema: { response: { 200: MyRolesJson, ...errors } } }, async (req) => {
    const caller = await requireCaller(req, 'Author', 'Editor', 'Reviewer');
    return listMyRoles(db, caller);
  });

  api.post('/switch-role', { schema: { body: SwitchRoleBody, response: { 200: SwitchRoleResponse, ...errors } } }, async (req) => {
    const caller = await requireCaller(req, 'Author', 'Editor', 'Reviewer');
    // A typed password is a login attempt on the target account: the same limits, the same failure count.
    const { password } = req.body;
    if (password) await logins.check(caller.email, req.ip);
    const switched = await switchRole(db, { caller, role: req.body.role, password }).catch(async (err: unknown) => {
      if (password && err instanceof AppError && err.message === SWITCH_PASSWORD_WRONG) await logins.fail(caller.email, req.ip);
      throw err;
    });
    const { user, links } = switched;
    const token = await signToken({ sub: user.id, role: user.role, links }, app.tokenKey);
    return { message: `You are now working as ${user.role}`, token, user: toUserJson(user) };
  });

  api.get('/editor/papers/:paperId/person-conflicts', {
    schema: { params: z.object({ paperId: PaperId }), response: { 200: PersonConflictsResponse, ...errors } },
  }, async (req) => {
    await requireCaller(req, 'Editor');
    return { conflicts: await findPersonConflictsForPaper(db, req.params.paperId) };
  });

  api.put('/author/paper/:id/co-authors', {
    schema: { params: z.object({ id: PaperId }), body: CoAuthorsBody, response: { 200: CoAuthorsResponse, ...errors } },
  }, async (req) => {
    const caller = await requireCaller(req, 'Author');
    const coAuthors = await saveCoAuthors({ db, caller, paperId: req.params.id, coAuthors: req.body.coAuthors });
    return { message: 'Co-authors saved', coAuthors };
  });
};

export default routes;
