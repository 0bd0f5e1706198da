import type { FastifyPluginAsync } from 'fastify';
import { LoginBody, SignupBody } from '../../core/schemas/auth';
import { LoginLimiter } from '../auth/login-limiter';
import { addressKey, SharedLimiter, tooMany } from '../auth/request-limiter';
import { signToken } from '../auth/tokens';
import { AppError } from '../errors';
import { logInUser } from '../services/log-in-user';
import { signUpUser } from '../services/sign-up-user';
import { editorExists } from '../services/users';
import { findLinkedAccounts } from '../services/switch-role';
import { sendVerificationMail } from '../services/verify-email';
import { toUserJson } from '../services/user-json';
import { CONTRACT } from './contract';
import { recordAudit } from '../services/audit';

/** Sign-ups per address: a whole class behind one NAT signs up in an hour; a script does not fill the database. */
export const SIGNUP_PER_ADDRESS = { limit: 200, windowMs: 60 * 60 * 1000 } as const;

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const shared = new SharedLimiter(db);
  const limiter = new LoginLimiter(shared);

  if (app.config.EDITOR_EMAILS.length === 0) {
    if (await editorExists({ db })) app.log.info('Editor signup is closed: an editor exists and EDITOR_EMAILS is empty');
    else app.log.warn('Editor signup is open to the first person who signs up as Editor (set EDITOR_EMAILS to restrict it)');
  }

  app.post('/signup', CONTRACT.signup, async (req, reply) => {
    // Every attempt counts, before anything else: the 409 for a known e-mail is behind the limit too.
    const refusal = await shared.take([{ key: `signup:a:${addressKey(req.ip)}`, ...SIGNUP_PER_ADDRESS }]);
    if (refusal) throw tooMany(refusal, 'Too many sign-ups from your address.');
    const body = SignupBody.parse(req.body ?? {});
    const user = await signUpUser({ db, body, editorEmails: app.config.EDITOR_EMAILS, ip: req.ip });
    // The verification mail goes after the answer: signup → dashboard stays as fast as before (issue 17).
    void sendVerificationMail(db, { user, mailer: app.mailer, publicUrl: app.config.publicUrl })
      .catch((err: unknown) => app.log.error({ err }, 'verification mail failed'));
    const token = await signToken({ sub: user.id, role: user.role }, app.tokenKey);
    return reply.code(201).send({ message: 'Signup successful', token, user: toUserJson(user) });
  });

  app.post('/login', CONTRACT.login, async (req) => {
    const raw = (req.body ?? {}) as { email?: unknown };
    const emailKey = typeof raw.email === 'string' ? raw.email.trim() : '';
    await limiter.check(emailKey, req.ip);
    const body = LoginBody.parse(req.body ?? {});
    try {
      const user = await logInUser(db, body);
      await limiter.succeed(body.email, req.ip);
      const links = await findLinkedAccounts(db, { user, password: body.password });
      const token = await signToken({ sub: user.id, role: user.role, links }, app.tokenKey);
      return { message: 'Login successful', token, user: toUserJson(user) };
    } catch (err) {
      if (err instanceof AppError && err.code === 'unauthorized') {
        await limiter.fail(body.email, req.ip);
        await recordAudit(db, { actorId: null, actorRole: body.role, action: 'login.failed', ip: req.ip, details: { email: body.email } });
      }
      throw err;
    }
  });
};

export default routes;
