import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { PAYMENTS } from '../../core/api/payments';
import { formatDecimal, formatMoney } from '../../core/format';
import { addressKey, SharedLimiter, tooMany } from '../auth/request-limiter';
import { AppError } from '../errors';
import { defineRoute } from '../http/route';
import { createCardProvider } from '../payments/card';
import { renderPayuRedirectPage, renderRejectedPage, renderResultPage } from '../payments/pages';
import { cutPayuCallbackForm } from '../payments/payu';
import { createCardCheckout, initiatePayuPayment } from '../services/payments/initiate-payment';
import { exportPaymentsCsv, listEditorPayments } from '../services/payments/list-payments';
import { receiveCardReturn, receivePayuReturn, recordCardWebhook, type PaymentOutcome } from '../services/payments/record-payment-callback';

const FORM = 'application/x-www-form-urlencoded';
const HOUR = 60 * 60 * 1000;
/**
 * Per client address and hour (decision 0019): starting payments (PayU or card) and payers' browsers
 * coming back from PayU. A whole class behind one NAT pays in an hour; a script cannot fill the database.
 */
export const PAYMENT_LIMITS = {
  initiate: { limit: 200, windowMs: HOUR },
  callback: { limit: 200, windowMs: HOUR },
} as const;
const TOO_MANY_PAYMENTS = 'Too many payment requests from your address.';
const CARD_NOT_CONFIGURED = 'Card payment is not configured on this server';
const EDITOR = ['Editor'] as const;

function sendHtml(reply: FastifyReply, html: string, status = 200) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

const routes: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const db = app.database.db;
  const card = createCardProvider(config, app.log);
  const registrationUrl = `${config.publicUrl}/registration`;
  const limiter = new SharedLimiter(db);
  // A settled payment's receipt and confirmation mail (decision 0048) go out in the settling transaction.
  const notify = { mailer: app.mailer, publicUrl: config.publicUrl, secret: config.JWT_SECRET };
  // A guard: counted before the body is read, so a refused client's body is never parsed.
  const limit = (kind: keyof typeof PAYMENT_LIMITS) => async (req: { ip: string }) => {
    const refusal = await limiter.take([{ key: `payment:${kind}:${addressKey(req.ip)}`, ...PAYMENT_LIMITS[kind] }]);
    if (refusal) throw tooMany(refusal, TOO_MANY_PAYMENTS);
  };
  const configuredCard = () => {
    if (!card) throw new AppError('unavailable', CARD_NOT_CONFIGURED);
    return card;
  };
  const resultPage = ({ payment: p, owed }: PaymentOutcome) =>
    renderResultPage({
      status: p.status,
      txnid: p.txnid,
      amount: formatDecimal(Number(p.amount)),
      currency: p.currency,
      name: p.name,
      product: p.product,
      registrationUrl,
      owed: owed ? formatMoney(owed.minor, owed.currency) : null,
    });

  defineRoute(app, PAYMENTS.getPaymentsConfig, {
    access: 'public',
    handler: () => ({ payu: Boolean(config.PAYU_KEY && config.PAYU_SALT), card: card !== null }),
  });

  defineRoute(app, PAYMENTS.startPayuPayment, {
    access: 'public',
    guard: limit('initiate'),
    handler: async ({ body, reply }) => {
      const form = await initiatePayuPayment({ db, config, body });
      return sendHtml(reply, renderPayuRedirectPage({ ...form, amountLabel: `₹${form.fields.amount}` }));
    },
  });

  defineRoute(app, PAYMENTS.startCardCheckout, {
    access: 'public',
    guard: limit('initiate'),
    handler: ({ body }) => createCardCheckout({ db, config, card, body }),
  });

  // Where the payer's browser lands: PayU posts a form, Stripe redirects. Refusals are pages, not JSON.
  await app.register(async (browser: FastifyInstance) => {
    if (!browser.hasContentTypeParser(FORM)) {
      browser.addContentTypeParser(FORM, { parseAs: 'string' }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      });
    }
    browser.setErrorHandler((error, _req, reply) => {
      if (error instanceof AppError && error.code === 'bad_request') {
        return sendHtml(reply, renderRejectedPage({ message: error.message, registrationUrl }), 400);
      }
      if (error instanceof AppError && error.code === 'too_many') {
        for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
        return sendHtml(reply, renderRejectedPage({ message: error.message, registrationUrl }), 429);
      }
      if (error instanceof ZodError) {
        return sendHtml(reply, renderRejectedPage({ message: error.issues[0]?.message ?? 'Bad request', registrationUrl }), 400);
      }
      throw error;
    });

    for (const [kind, endpoint] of [
      ['success', PAYMENTS.receivePayuSuccess],
      ['failure', PAYMENTS.receivePayuFailure],
    ] as const) {
      defineRoute(browser, endpoint, {
        access: 'public',
        guard: limit('callback'),
        handler: async ({ req, reply }) => {
          // Only PayU's known fields, each cut to a fixed length, are read or stored (never the whole form).
          const form = cutPayuCallbackForm(req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});
          const outcome = await receivePayuReturn({ db, config, kind, form, ip: req.ip, notify });
          return sendHtml(reply, resultPage(outcome));
        },
      });
    }

    defineRoute(browser, PAYMENTS.receiveCardReturn, {
      access: 'public',
      // Not configured is said before the query is checked.
      guard: async () => {
        configuredCard();
      },
      handler: async ({ req, reply, query }) => {
        const outcome = await receiveCardReturn({ db, card: configuredCard(), sessionId: query.session_id, ip: req.ip, notify });
        return sendHtml(reply, resultPage(outcome));
      },
    });
  });

  // Stripe signs the exact bytes it sent, so this one route keeps the raw body.
  await app.register(async (hook: FastifyInstance) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    defineRoute(hook, PAYMENTS.receiveCardWebhook, {
      access: 'public',
      handler: async ({ req }) => {
        const provider = configuredCard();
        const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const signature = req.headers['stripe-signature'];
        await recordCardWebhook({ db, card: provider, rawBody, signature: typeof signature === 'string' ? signature : undefined, notify });
        return { received: true as const };
      },
    });
  });

  // Without `limit`, every payment (the original API's shape); with it, one page, the next cursor in x-next-cursor (like /editor/papers).
  defineRoute(app, PAYMENTS.listPayments, {
    access: EDITOR,
    handler: async ({ query, reply }) => {
      const { payments, nextCursor } = await listEditorPayments({ db, limit: query.limit, cursor: query.cursor });
      if (nextCursor) reply.header('x-next-cursor', nextCursor);
      return { payments };
    },
  });

  defineRoute(app, PAYMENTS.exportPayments, {
    access: EDITOR,
    handler: async ({ reply }) => {
      const csv = await exportPaymentsCsv({ db });
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="payments.csv"')
        .send(csv);
    },
  });
};

export default routes;
