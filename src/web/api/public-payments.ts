import type { BodyOf } from '../../core/api/endpoint';
import type { PAYMENTS } from '../../core/api/payments';
import { call, PublicApiError } from './public';

/**
 * The registration page's payment calls, public like the rest of public.ts but in a module of their own, so
 * the other public pages (the home page loads public.ts for its news and contact form) do not carry them.
 */

/** GET /api/payments/config: which payment providers are set up (the registration page's form). */
export const getPaymentsConfig = () => call<typeof PAYMENTS.getPaymentsConfig>('/payments/config');

const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** POST /api/card/checkout: the Stripe Checkout page to send the payer to. */
export const createCardCheckout = (body: BodyOf<typeof PAYMENTS.startCardCheckout>) =>
  call<typeof PAYMENTS.startCardCheckout>('/card/checkout', postJson(body));

/** docs/product.md#the-api: POST /api/payu/initiate answers an HTML page that hands the payer over to PayU. */
export async function initiatePayuPayment(body: BodyOf<typeof PAYMENTS.startPayuPayment>): Promise<string> {
  const path: (typeof PAYMENTS.startPayuPayment)['path'] = '/payu/initiate';
  const res = await fetch(`/api${path}`, postJson(body));
  if (!res.ok) {
    const data = (await res.json().catch(() => undefined)) as { message?: unknown } | undefined;
    throw new PublicApiError(typeof data?.message === 'string' ? data.message : undefined);
  }
  return res.text();
}
