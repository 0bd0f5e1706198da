import Stripe from 'stripe';
import type { Config } from '../config';
import { AppError } from '../errors';

/** What the rest of the server needs from a card provider: Stripe Checkout today. */
export interface CardProvider {
  createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
  /** The event of a webhook whose signature checks out; AppError 400 otherwise, 503 without a webhook secret. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ id: string; type: string; sessionId: string | null }>;
  /** The session as Stripe has it now: never trust a webhook body for the outcome. */
  retrieveSession(sessionId: string): Promise<CardSession>;
}

export interface CheckoutInput {
  txnid: string;
  /** US cents. */
  amountCents: number;
  product: string;
  email: string;
  successUrl: string;
  cancelUrl: string;
}

export interface CardSession {
  id: string;
  txnid: string | null;
  amountCents: number | null;
  currency: string | null;
  /**
   * 'paid' once the money is taken; 'expired' when the payer never finished; 'unpaid' when the session
   * is complete but a delayed method (bank debit) has not paid, or has failed.
   */
  outcome: 'paid' | 'expired' | 'unpaid' | 'open';
}

const CURRENCY = 'usd';

interface Logger {
  warn(obj: object, msg: string): void;
}

/** Stripe when STRIPE_SECRET_KEY is set, else null (the form then says card payment is not configured). */
export function createCardProvider(config: Config, log: Logger): CardProvider | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  const stripe = new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'http:' ? 80 : 443),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET;

  return {
    async createCheckout(input) {
      const session = await callStripe(log, () =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          client_reference_id: input.txnid,
          metadata: { txnid: input.txnid },
          customer_email: input.email,
          line_items: [
            { quantity: 1, price_data: { currency: CURRENCY, unit_amount: input.amountCents, product_data: { name: input.product } } },
          ],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        }),
      );
      if (!session.url) throw new AppError('unavailable', 'The card payment service did not return a checkout page. Please try again.');
      return { sessionId: session.id, url: session.url };
    },

    async verifyWebhook(rawBody, signature) {
      if (!webhookSecret) throw new AppError('unavailable', 'Card payment webhooks are not configured (STRIPE_WEBHOOK_SECRET is unset)');
      if (!signature) throw new AppError('bad_request', 'Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret);
      } catch {
        throw new AppError('bad_request', 'Webhook signature does not match');
      }
      const object = (event.data as { object?: { object?: string; id?: string } }).object;
      return { id: event.id, type: event.type, sessionId: object?.object === 'checkout.session' && object.id ? object.id : null };
    },

    async retrieveSession(sessionId) {
      const s = await callStripe(log, () => stripe.checkout.sessions.retrieve(sessionId));
      return {
        id: s.id,
        txnid: s.client_reference_id ?? s.metadata?.txnid ?? null,
        amountCents: s.amount_total ?? null,
        currency: s.currency ?? null,
        outcome: s.payment_status === 'paid' ? 'paid' : s.status === 'expired' ? 'expired' : s.status === 'complete' ? 'unpaid' : 'open',
      };
    },
  };
}

/** Stripe's own errors become a 503 with a message for the payer; the cause stays in the log. */
async function callStripe<T>(log: Logger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError && err.statusCode === 404) {
      throw new AppError('bad_request', 'The card payment service does not know this checkout session.');
    }
    if (err instanceof Stripe.errors.StripeError) {
      log.warn({ err }, 'Stripe call failed');
      throw new AppError('unavailable', 'The card payment service is not answering. Please try again shortly.');
    }
    throw err;
  }
}

export const CARD_CURRENCY = CURRENCY.toUpperCase();
