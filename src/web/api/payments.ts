import type { CardCheckoutInput, CardCheckoutResponse, PaymentsConfigJson, PaymentsListResponse, PayuInitiateInput } from '../../core/schemas/payment';
import { api, ApiError, session } from './client';

export const getPaymentsConfig = () => api<PaymentsConfigJson>('/payments/config');

export const createCardCheckout = (body: CardCheckoutInput) => api<CardCheckoutResponse>('/card/checkout', { json: body });

export const getPayments = () => api<PaymentsListResponse>('/editor/payments');

/** One page of payments, newest first; the next page's cursor comes in the x-next-cursor header. */
export async function getPaymentsPage(opts: { limit: number; cursor?: string }): Promise<{ payments: PaymentsListResponse['payments']; nextCursor: string | null }> {
  const params = new URLSearchParams({ limit: String(opts.limit) });
  if (opts.cursor) params.set('cursor', opts.cursor);
  const res = await fetchRaw(`/editor/payments?${params}`, { method: 'GET' });
  const body = await res.json() as PaymentsListResponse;
  return { payments: body.payments, nextCursor: res.headers.get('x-next-cursor') };
}

/** A call whose answer is not JSON (an HTML page, a CSV file); errors still carry the server's message. */
async function fetchRaw(path: string, init: RequestInit): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = session.token();
  if (token) headers.set('authorization', `Bearer ${token}`);
  const res = await fetch(`/api${path}`, { ...init, headers });
  if (!res.ok) {
    const data = await res.json().catch(() => undefined) as { message?: unknown } | undefined;
    const serverMessage = typeof data?.message === 'string' ? data.message : undefined;
    throw new ApiError(res.status, serverMessage ?? `Request failed (${res.status})`, serverMessage);
  }
  return res;
}

/** SPEC §7: the answer is an HTML page that hands the payer over to PayU. */
export async function initiatePayuPayment(body: PayuInitiateInput): Promise<string> {
  const res = await fetchRaw('/payu/initiate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.text();
}

export async function downloadPaymentsCsv(): Promise<Blob> {
  return (await fetchRaw('/editor/payments.csv', { method: 'GET' })).blob();
}
