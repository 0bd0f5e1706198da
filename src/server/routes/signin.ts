import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { SIGNIN } from '../../core/api/signin';
import { conferenceAcronym } from '../../core/conference-facts';
import { escapeHtml } from '../../core/html';
import { configuredLoginLimits, LoginLimiter } from '../auth/login-limiter';
import { addressKey, SharedLimiter, tooMany } from '../auth/request-limiter';
import { AppError, loggableError } from '../errors';
import { defineRoute, zodIssueMessage } from '../http/route';
import { sendVerificationMail } from '../services/accounts/verify-email';
import {
  accountSecurity,
  APP_LANDING,
  completeOidc,
  findProvider,
  FLOW_TTL_MS,
  OIDC_COOKIE,
  receiveOidcCallback,
  startLink,
  startOidc,
  unlinkIdentity,
} from '../services/signin/oidc';
import {
  completeSecondFactor,
  confirmTotp,
  disableTotp,
  getSecuritySettings,
  resetSecondFactor,
  startTotp,
  updateSecuritySettings,
} from '../services/signin/second-factor';

const SIGNED_IN = ['Author', 'Editor', 'Reviewer'] as const;
const HOUR = 60 * 60 * 1000;
/** Provider sign-ins started per address: each is a row and a trip to the provider. */
const STARTS_PER_ADDRESS = { limit: 200, windowMs: HOUR } as const;

/** The page a browser gets when a provider sign-in cannot go on (decision 0070): why, and the way back. */
function refusalPage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sign-in could not go on</title>
<style>body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;margin:0;padding:2rem 1rem;background:#eef4fb;color:#0b1f3b}
main{max-width:32rem;margin:0 auto;background:#fff;border-radius:.75rem;padding:2rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{margin-top:0;font-size:1.5rem}a{display:inline-block;margin-top:1rem;padding:.65rem 1.25rem;border-radius:.375rem;background:#163d72;color:#fff;font-weight:600;text-decoration:none}</style>
</head>
<body>
<main>
<h1>Sign-in could not go on</h1>
<p>${escapeHtml(message)}</p>
<a href="/login">Back to the login page</a>
</main>
</body>
</html>
`;
}

/** A 303 onwards, with a link for a browser that does not follow it. */
function seeOther(reply: FastifyReply, location: string) {
  return reply
    .code(303)
    .header('location', location)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="en"><title>Redirecting</title><a href="${escapeHtml(location)}">Continue</a></html>\n`);
}

function browserCookie(req: FastifyRequest): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === OIDC_COOKIE) return rest.join('=') || undefined;
  }
  return undefined;
}

/**
 * Sign-in with a provider and the second factor (decision 0070). The browser-facing steps (start, callback) answer
 * pages and redirects, not JSON: a refusal is a page with a 4xx or 503 and the reason.
 */
const routes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const shared = new SharedLimiter(db);
  const logins = new LoginLimiter(shared, configuredLoginLimits(app.config));
  const providers = app.config.oidcProviders;
  const { publicUrl } = app.config;
  const secure = publicUrl.startsWith('https:');
  const setBrowserCookie = (reply: FastifyReply, value: string) =>
    reply.header(
      'set-cookie',
      `${OIDC_COOKIE}=${value}; Path=/api/auth/oidc; Max-Age=${(2 * FLOW_TTL_MS) / 1000}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
    );
  const ctxOf = (req: FastifyRequest) => ({ db, key: app.tokenKey, ip: req.ip, userAgent: req.headers['user-agent'] });

  // The browser-facing steps: failures as pages.
  await app.register(async (browser) => {
    browser.setErrorHandler((error, _req, reply) => {
      const status =
        error instanceof AppError ? error.statusCode : error instanceof ZodError ? 400 : (error as { statusCode?: number }).statusCode;
      if (error instanceof AppError) for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      if (status && ((status >= 400 && status < 500) || status === 503)) {
        const message = error instanceof ZodError ? zodIssueMessage(error) : (error as Error).message;
        return reply.code(status).type('text/html; charset=utf-8').send(refusalPage(message));
      }
      throw error;
    });

    defineRoute(browser, SIGNIN.startOidc, {
      access: 'public',
      guard: async (req) => {
        const refusal = await shared.take([{ key: `oidc-start:a:${addressKey(req.ip)}`, ...STARTS_PER_ADDRESS }]);
        if (refusal) throw tooMany(refusal, 'Too many sign-ins from your address.');
      },
      handler: async ({ params, query, reply }) => {
        const provider = findProvider(providers, params.provider);
        const { url, browser: value } = await startOidc({ db, provider, publicUrl, role: query.role, returnTo: query.returnTo });
        setBrowserCookie(reply, value);
        return seeOther(reply, url);
      },
    });

    defineRoute(browser, SIGNIN.receiveOidcCallback, {
      access: 'public',
      handler: async ({ req, query, reply }) => {
        const { ticket } = await receiveOidcCallback({ db, providers, publicUrl, query, browser: browserCookie(req) });
        return seeOther(reply, `${APP_LANDING}#ticket=${ticket}`);
      },
    });
  });

  defineRoute(app, SIGNIN.listProviders, {
    access: 'public',
    handler: ({ reply }) => {
      reply.header('cache-control', 'public, max-age=60');
      return { providers: providers.map((p) => ({ id: p.id, label: p.label })) };
    },
  });

  defineRoute(app, SIGNIN.completeOidc, {
    access: 'public',
    guard: (req) => logins.countAttempt(req.ip),
    handler: async ({ req, body }) =>
      completeOidc({
        ...ctxOf(req),
        providers,
        logins,
        ticket: body.ticket,
        password: body.password,
        email: body.email,
        browser: browserCookie(req),
        onNewAccount: (user) => {
          void sendVerificationMail({ db, user, mailer: app.mailer, publicUrl }).catch((err: unknown) =>
            app.log.error({ err: loggableError(err) }, 'verification mail failed'),
          );
        },
      }),
  });

  defineRoute(app, SIGNIN.completeSecondFactor, {
    access: 'public',
    guard: (req) => logins.countAttempt(req.ip),
    handler: async ({ req, body }) => completeSecondFactor({ ...ctxOf(req), shared, ticket: body.ticket, code: body.code }),
  });

  defineRoute(app, SIGNIN.getAccountSecurity, { access: SIGNED_IN, handler: ({ caller }) => accountSecurity({ db, caller, providers }) });

  defineRoute(app, SIGNIN.startLink, {
    access: SIGNED_IN,
    handler: async ({ req, reply, caller, params, body }) => {
      const provider = findProvider(providers, params.provider);
      const { url, browser: value } = await startLink({ db, logins, caller, provider, password: body.password, publicUrl, ip: req.ip });
      setBrowserCookie(reply, value);
      return { url };
    },
  });

  defineRoute(app, SIGNIN.unlinkIdentity, {
    access: SIGNED_IN,
    handler: async ({ req, caller, params }) => {
      await unlinkIdentity({ db, caller, identityId: params.identityId, ip: req.ip });
      return accountSecurity({ db, caller, providers });
    },
  });

  defineRoute(app, SIGNIN.startTotp, {
    access: SIGNED_IN,
    handler: ({ caller }) => startTotp({ db, caller, issuer: conferenceAcronym(app.conference.current()) }),
  });

  defineRoute(app, SIGNIN.confirmTotp, {
    access: SIGNED_IN,
    handler: ({ req, caller, body }) => confirmTotp({ db, shared, caller, code: body.code, ip: req.ip }),
  });

  defineRoute(app, SIGNIN.disableTotp, {
    access: SIGNED_IN,
    handler: ({ req, caller, body }) => disableTotp({ db, shared, caller, code: body.code, ip: req.ip }),
  });

  defineRoute(app, SIGNIN.getSecuritySettings, { access: ['Editor'], handler: () => getSecuritySettings(db) });

  defineRoute(app, SIGNIN.updateSecuritySettings, {
    access: ['Editor'],
    handler: ({ req, caller, body }) => updateSecuritySettings({ db, caller, requireSecondFactor: body.requireSecondFactor, ip: req.ip }),
  });

  defineRoute(app, SIGNIN.resetSecondFactor, {
    access: ['Editor'],
    handler: ({ req, caller, params }) => resetSecondFactor({ db, caller, userId: params.userId, ip: req.ip }),
  });
};

export default routes;
