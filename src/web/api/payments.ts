import type { PaymentsListResponse } from '../../core/schemas/payment';
import { apiPages } from './client';


/** The first `count` payments, newest first (the list is paged with a cursor); `nextCursor` is set when more are left. */
export async function getPaymentsUpTo(count: number): Promise<{ payments: PaymentsListResponse['payments']; nextCursor: string | null }> {
  const { rows, nextCursor } = await apiPages('/editor/payments', { count, rows: (answer) => (answer as PaymentsListResponse).payments });
  return { payments: rows, nextCursor };
}
