import { PAYMENTS } from '../../core/api/payments';
import { callPages, saveDownload } from './client';

/** The first `count` payments, newest first (the list is paged with a cursor); `nextCursor` is set when more are left. */
export async function getPaymentsUpTo(count: number) {
  const { rows, nextCursor } = await callPages(PAYMENTS.listPayments, { count, rows: (answer) => answer.payments });
  return { payments: rows, nextCursor };
}

/** Every payment as a CSV file, saved as `payments-<date>.csv`, with the login token. */
export const savePaymentsExport = (): Promise<void> =>
  saveDownload(PAYMENTS.exportPayments, { fileName: `payments-${new Date().toISOString().slice(0, 10)}.csv` });
