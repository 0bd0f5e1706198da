import { desc, eq, sql } from 'drizzle-orm';
import { csvCell } from '../shared/export-csv';
import { describeFeeItem, FeeItem } from '../../../core/schemas/fee-item';
import type { PaymentJson } from '../../../core/schemas/payment';
import type { Db } from '../../db/connect';
import { payments } from '../../db/schema';
import type { PaymentRow } from './record-payment-callback';

export function toPaymentJson(p: PaymentRow): PaymentJson {
  const feeItem = p.feeItem === null ? null : FeeItem.safeParse(p.feeItem).data ?? null;
  const expected = p.expectedAmount === null ? null : Number(p.expectedAmount);
  // Only a paper's fee is checked: a payment without a paper id may be one of several for a registration.
  const forPaper = /^[0-9a-f]{24}$/.test(p.product);
  return {
    _id: p.id, txnid: p.txnid, provider: p.provider, amount: Number(p.amount).toFixed(2), currency: p.currency,
    name: p.name, email: p.email, phone: p.phone, product: p.product, status: p.status, providerRef: p.providerRef,
    feeItem, feeLabel: feeItem ? describeFeeItem(feeItem) : null, expectedAmount: expected === null ? null : expected.toFixed(2),
    underpaid: forPaper && p.status === 'paid' && expected !== null && Number(p.amount) < expected,
    createdAt: p.createdAt.toISOString(), updatedAt: p.updatedAt.toISOString(),
  };
}

/** Every payment, newest first (ids are time-ordered, so they break ties within a second). */
export async function listPayments(db: Db): Promise<PaymentJson[]> {
  const rows = await db.select().from(payments).orderBy(desc(payments.createdAt), desc(payments.id));
  return rows.map(toPaymentJson);
}

/**
 * One page of payments, newest first, after `cursor` (the last id of the previous page); the same order
 * as listPayments. An unknown cursor gives an empty page.
 */
export async function listPaymentsPage(db: Db, opts: { limit: number; cursor?: string }): Promise<{ payments: PaymentJson[]; nextCursor: string | null }> {
  let after = sql`true`;
  if (opts.cursor) {
    const [last] = await db.select({ id: payments.id }).from(payments).where(eq(payments.id, opts.cursor));
    if (!last) return { payments: [], nextCursor: null };
    // Compared in the database: created_at has microseconds, a JavaScript Date only milliseconds.
    after = sql`(${payments.createdAt}, ${payments.id}) < (select p.created_at, p.id from payments p where p.id = ${last.id})`;
  }
  const rows = await db.select().from(payments).where(after).orderBy(desc(payments.createdAt), desc(payments.id)).limit(opts.limit + 1);
  const more = rows.length > opts.limit;
  const page = more ? rows.slice(0, opts.limit) : rows;
  return { payments: page.map(toPaymentJson), nextCursor: more ? page[page.length - 1]!.id : null };
}

const CSV_COLUMNS: [string, (p: PaymentJson) => string][] = [
  ['created_at', (p) => p.createdAt], ['status', (p) => p.status], ['amount', (p) => p.amount], ['currency', (p) => p.currency],
  ['name', (p) => p.name], ['email', (p) => p.email], ['phone', (p) => p.phone], ['product', (p) => p.product],
  ['provider', (p) => p.provider], ['txnid', (p) => p.txnid], ['provider_ref', (p) => p.providerRef ?? ''],
  ['updated_at', (p) => p.updatedAt],
];


/** Cells quoted and formula starts neutralised like every other export (issue 16.8: payer-typed text). */
export function formatPaymentsCsv(list: PaymentJson[]): string {
  const lines = [CSV_COLUMNS.map(([h]) => h).join(',')];
  for (const p of list) lines.push(CSV_COLUMNS.map(([, get]) => csvCell(get(p))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The editor's payments: without `limit` every payment (SPEC's shape), with it one page and the next cursor. */
export async function listEditorPayments(opts: { db: Db; limit?: number; cursor?: string }): Promise<{ payments: PaymentJson[]; nextCursor: string | null }> {
  if (!opts.limit) return { payments: await listPayments(opts.db), nextCursor: null };
  return listPaymentsPage(opts.db, { limit: opts.limit, cursor: opts.cursor });
}

/** Every payment as CSV (payments.csv). */
export async function exportPaymentsCsv(opts: { db: Db }): Promise<string> {
  return formatPaymentsCsv(await listPayments(opts.db));
}
