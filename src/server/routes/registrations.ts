import type { FastifyPluginAsync } from 'fastify';
import { REGISTRATIONS } from '../../core/api/registrations';
import { addressKey, SharedLimiter, tooMany } from '../auth/request-limiter';
import { AppError } from '../errors';
import { defineRoute } from '../http/route';
import { createCardProvider } from '../payments/card';
import { cancelRegistration } from '../services/registrations/cancel-registration';
import { createCoupon, listCoupons, updateCoupon } from '../services/registrations/coupons';
import { createEarlyBirdPrice, deleteEarlyBirdPrice, listEarlyBirdPrices } from '../services/registrations/early-bird-prices';
import { startRegistrationPayment } from '../services/payments/initiate-payment';
import { registerAndStartPayment } from '../services/payments/register-and-pay';
import { findMyRegistration, listMyRegistrations, myRegistrationJson, VERIFY_FIRST } from '../services/registrations/list-my-registrations';
import { listPrices, priceRegistration, toQuoteJson } from '../services/registrations/price-registration';
import { PAYMENT_LIMITS } from './payments';

const ANY_ROLE = ['Author', 'Editor', 'Reviewer'] as const;
const EDITOR = ['Editor'] as const;
const QUOTE_LIMIT = { limit: 600, windowMs: 60 * 60 * 1000 };

/** Decision 0043: registrations, prices and the editor's early-bird windows and coupons. */
const routes: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const db = app.database.db;
  const card = createCardProvider(config, app.log);
  const limiter = new SharedLimiter(db);
  const limit = (kind: string, rule: { limit: number; windowMs: number }) => async (req: { ip: string }) => {
    const refusal = await limiter.take([{ key: `registration:${kind}:${addressKey(req.ip)}`, ...rule }]);
    if (refusal) throw tooMany(refusal, 'Too many requests from your address.');
  };
  /** Rights tied to an address wait until it is verified: refused before the body is read. */
  const verified = (caller: { emailVerified: boolean }) => {
    if (!caller.emailVerified) throw new AppError('forbidden', VERIFY_FIRST);
  };
  /** Where a bank transfer's payer asks for the account details: the conference's contact address as now set (decision 0051). */
  const contactEmail = () => app.conference.current().contactEmail;
  const actorOf = (caller: { id: string; role: string }, ip: string) => ({ id: caller.id, role: caller.role, ip });

  defineRoute(app, REGISTRATIONS.getPrices, { access: 'public', handler: () => listPrices({ db }) });

  defineRoute(app, REGISTRATIONS.quoteRegistration, {
    access: 'public',
    guard: limit('quote', QUOTE_LIMIT),
    handler: async ({ body, caller }) =>
      toQuoteJson(
        await priceRegistration({
          db,
          category: body.category,
          currency: body.currency,
          paperId: body.paperId ?? null,
          couponCode: body.coupon ?? null,
          files: app.files,
          // A paper is priced only for its own authors, signed in with their confirmed address (decision 0056).
          registrant: caller?.emailVerified ? { userId: caller.id, email: caller.email } : null,
        }),
      ),
  });

  defineRoute(app, REGISTRATIONS.createRegistration, {
    access: ANY_ROLE,
    guard: async (req, caller) => {
      verified(caller);
      await limit('create', PAYMENT_LIMITS.initiate)(req);
    },
    handler: async ({ req, caller, body }) => {
      // Refused before anything is written when the provider cannot start; created and started in one transaction (decision 0077).
      const { registration, payment } = await registerAndStartPayment({
        db,
        config,
        card,
        mailer: app.mailer,
        provider: body.provider,
        contactEmail: contactEmail(),
        registration: {
          userId: caller.id,
          name: body.name,
          email: caller.email,
          affiliation: body.affiliation,
          country: body.country,
          category: body.category,
          currency: body.currency,
          paperId: body.paperId ?? null,
          couponCode: body.coupon ?? null,
          billingName: body.billingName ?? null,
          billingAddress: body.billingAddress ?? null,
          files: app.files,
          actor: { id: caller.id, role: caller.role, ip: req.ip },
        },
      });
      return { registration: await myRegistrationJson({ db, registration }), payment };
    },
  });

  defineRoute(app, REGISTRATIONS.listMyRegistrations, {
    access: ANY_ROLE,
    handler: ({ caller }) => listMyRegistrations({ db, caller }),
  });

  defineRoute(app, REGISTRATIONS.payRegistration, {
    access: ANY_ROLE,
    guard: async (req, caller) => {
      verified(caller);
      await limit('pay', PAYMENT_LIMITS.initiate)(req);
    },
    handler: async ({ caller, params, body }) => {
      const registration = await findMyRegistration({ db, caller, registrationId: params.id });
      if (registration.status === 'paid') throw new AppError('conflict', 'This registration is paid already.');
      if (registration.status === 'cancelled') throw new AppError('conflict', 'This registration is cancelled: register again.');
      return startRegistrationPayment({ db, config, card, registration, provider: body.provider, contactEmail: contactEmail() });
    },
  });

  defineRoute(app, REGISTRATIONS.cancelRegistration, {
    access: ANY_ROLE,
    guard: async (_req, caller) => verified(caller),
    handler: async ({ req, caller, params }) => {
      const registration = await findMyRegistration({ db, caller, registrationId: params.id });
      const cancelled = await cancelRegistration({
        db,
        registration,
        actor: actorOf(caller, req.ip),
        seatOffer: { mailer: app.mailer, publicUrl: app.config.publicUrl },
      });
      return myRegistrationJson({ db, registration: cancelled });
    },
  });

  defineRoute(app, REGISTRATIONS.listEarlyBirdPrices, { access: EDITOR, handler: () => listEarlyBirdPrices({ db }) });
  defineRoute(app, REGISTRATIONS.createEarlyBirdPrice, {
    access: EDITOR,
    handler: ({ req, caller, body }) => createEarlyBirdPrice({ db, ...body, actor: actorOf(caller, req.ip) }),
  });
  defineRoute(app, REGISTRATIONS.deleteEarlyBirdPrice, {
    access: EDITOR,
    handler: async ({ req, caller, params }) => {
      await deleteEarlyBirdPrice({ db, id: params.id, actor: actorOf(caller, req.ip) });
      return { deleted: true as const };
    },
  });
  defineRoute(app, REGISTRATIONS.listCoupons, { access: EDITOR, handler: () => listCoupons(db) });
  defineRoute(app, REGISTRATIONS.createCoupon, {
    access: EDITOR,
    handler: ({ req, caller, body }) => createCoupon({ db, coupon: body, actor: actorOf(caller, req.ip) }),
  });
  defineRoute(app, REGISTRATIONS.updateCoupon, {
    access: EDITOR,
    handler: ({ req, caller, params, body }) => updateCoupon({ db, code: params.code, change: body, actor: actorOf(caller, req.ip) }),
  });
};

export default routes;
