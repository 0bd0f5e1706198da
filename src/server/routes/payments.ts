import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { z, ZodError } from 'zod';
import { CardCheckoutBody, PayuInitiateBody, type PaymentsConfigJson, type PaymentsListResponse } from '../../core/schemas/payment';
import { requireCaller } from '../auth/caller';
import { addressKey, SharedLimiter, tooMany } from '../auth/request-limiter';
import { AppError } from '../errors';
import { createCardProvider } from '../payments/card';
import { renderPayuRedirectPage, renderRejectedPage, renderResultPage } from '../payments/pages';
import { cutPayuCallbackForm } from '../payments/payu';
import { createCardCheckout, initiatePayuPayment } from '../services/payments/initiate-payment';
import { exportPaymentsCsv, listEditorPayments } from '../services/payments/list-payments';
import { receiveCardReturn, receivePayuReturn, recordCardWebhook, type PaymentRow } from '../services/payments/record-payment-callback';
import { CONTRACT } from './contract';

const FORM = 'application/x-www-form-urlencoded';
const HOUR = 60 * 60 * 1000;
/**
 * Per client address and hour (issue 16 point 4): starting payments (PayU or card) and payers' browsers
 * coming back from PayU. A whole class behind one NAT pays in an hour; a script cannot fill the database.
 */
export const PAYMENT_LIMITS = {
  initiate: { limit: 200, windowMs: HOUR },
  callback: { limit: 200, windowMs: HOUR },
} as const;
const TOO_MANY_PAYMENTS = 'Too many payment requests from your address.';
const PaymentsPageQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 200').max(200, 'limit must be 1 to 200').optional(),
  cursor: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Bad cursor').optional(),
});
const CardReturnQuery = z.object({ session_id: z.string({ message: 'Missing session_id' }).regex(/^cs_[A-Za-z0-9_]{1,200}$/, 'Bad session_id') });

function sendHtml(reply: FastifyReply, html: string, status = 200) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

const routes: FastifyPluginAsync = async (app) => {
  const { config } = app;
  const db = app.database.db;
  const card = createCardProvider(config, app.log);
  const registrationUrl = `${config.publicUrl}/registration`;
  const limiter = new SharedLimiter(db);
  const limit = async (kind: keyof typeof PAYMENT_LIMITS, ip: string) => {
    const refusal = await limiter.take([{ key: `payment:${kind}:${addressKey(ip)}`, ...PAYMENT_LIMITS[kind] }]);
    if (refusal) throw tooMany(refusal, TOO_MANY_PAYMENTS);
  };
  const resultPage = (p: PaymentRow) => renderResultPage({
    status: p.status, txnid: p.txnid, amount: Number(p.amount).toFixed(2), currency: p.currency, name: p.name, product: p.product, registrationUrl,
  });

  app.get('/payments/config', CONTRACT.paymentsConfig, async (): Promise<PaymentsConfigJson> => ({
    payu: Boolean(config.PAYU_KEY && config.PAYU_SALT),
    card: card !== null,
  }));

  app.post('/payu/initiate', CONTRACT.payuInitiate, async (req, reply) => {
    await limit('initiate', req.ip);
    const body = PayuInitiateBody.parse(req.body);
    const form = await initiatePayuPayment({ db, config, body });
    return sendHtml(reply, renderPayuRedirectPage({ ...form, amountLabel: `₹${form.fields.amount}` }));
  });

  app.post('/card/checkout', CONTRACT.cardCheckout, async (req) => {
    await limit('initiate', req.ip);
    const body = CardCheckoutBody.parse(req.body);
    return createCardCheckout({ db, config, card, body });
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

    for (const kind of ['success', 'failure'] as const) {
      browser.post(`/payu/${kind}`, CONTRACT.payuCallback, async (req, reply) => {
        await limit('callback', req.ip);
        // Only PayU's known fields, each cut to a fixed length, are read or stored (never the whole form).
        const form = cutPayuCallbackForm(req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});
        const payment = await receivePayuReturn({ db, config, kind, form, ip: req.ip });
        return sendHtml(reply, resultPage(payment));
      });
    }

    browser.get('/card/return', CONTRACT.cardReturn, async (req, reply) => {
      if (!card) throw new AppError('unavailable', 'Card payment is not configured on this server');
      const { session_id: sessionId } = CardReturnQuery.parse(req.query);
      const payment = await receiveCardReturn({ db, card, sessionId, ip: req.ip });
      return sendHtml(reply, resultPage(payment));
    });
  });

  // Stripe signs the exact bytes it sent, so this one route keeps the raw body.
  await app.register(async (hook: FastifyInstance) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    hook.post('/card/webhook', CONTRACT.cardWebhook, async (req) => {
      if (!card) throw new AppError('unavailable', 'Card payment is not configured on this server');
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = req.headers['stripe-signature'];
      await recordCardWebhook({ db, card, rawBody, signature: typeof signature === 'string' ? signature : undefined });
      return { received: true };
    });
  });

  // Without `limit`, every payment (SPEC's shape); with it, one page, the next cursor in x-next-cursor (like /editor/papers).
  app.get('/editor/payments', CONTRACT.editorPayments, async (req, reply): Promise<PaymentsListResponse> => {
    await requireCaller(req, 'Editor');
    const q = PaymentsPageQuery.parse(req.query ?? {});
    const { payments, nextCursor } = await listEditorPayments({ db, limit: q.limit, cursor: q.cursor });
    if (nextCursor) reply.header('x-next-cursor', nextCursor);
    return { payments };
  });

  app.get('/editor/payments.csv', CONTRACT.editorPaymentsCsv, async (req, reply) => {
    await requireCaller(req, 'Editor');
    const csv = await exportPaymentsCsv({ db });
    return reply.type('text/csv; charset=utf-8').header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="payments.csv"').send(csv);
  });
};

export default routes;
