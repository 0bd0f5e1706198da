import type { CardCheckoutInput, CardCheckoutResponse, PaymentsConfigJson, PaymentsListResponse, PayuInitiateInput } from '../../core/schemas/payment';
import { api, apiPages, apiResponse } from './client';

export const getPaymentsConfig = () => api<PaymentsConfigJson>('/payments/config');

export const createCardCheckout = (body: CardCheckoutInput) => api<CardCheckoutResponse>('/card/checkout', { json: body });


/** SPEC §7: the answer is an HTML page that hands the payer over to PayU. */
export async function initiatePayuPayment(body: PayuInitiateInput): Promise<string> {
  const res = await apiResponse('/payu/initiate', { json: body });
  return res.text();
}

/** The first `count` payments, newest first (the list is paged with a cursor); `nextCursor` is set when more are left. */
export async function getPaymentsUpTo(count: number): Promise<{ payments: PaymentsListResponse['payments']; nextCursor: string | null }> {
  const { rows, nextCursor } = await apiPages('/editor/payments', { count, rows: (answer) => (answer as PaymentsListResponse).payments });
  return { payments: rows, nextCursor };
}
