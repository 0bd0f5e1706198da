import { desc, eq, inArray, sql } from 'drizzle-orm';
import { formatDecimal } from '../../../core/format';
import { csvCell } from '../shared/export-csv';
import { describeFeeItem, FeeItem } from '../../../core/schemas/fee-item';
import type { PaymentJson } from '../../../core/schemas/payment';
import type { Db } from '../../db/connect';
import { payments, registrations, type PaymentRow } from '../../db/schema';
import { findReceivedMinor, owedMinor } from '../registrations/received-amounts';
import { METHOD_LABELS } from './complete-payment';

type RegistrationSummary = NonNullable<PaymentJson['registration']>;

function toPaymentJson(p: PaymentRow, registration: RegistrationSummary | null): PaymentJson {
  const feeItem = p.feeItem === null ? null : (FeeItem.safeParse(p.feeItem).data ?? null);
  const expected = p.expectedAmount === null ? null : Number(p.expectedAmount);
  // A payment for a registration is short when the registration still owes after it (decision 0056); a plain
  // payment only against its paper's expected fee (one without a paper id may be one of several).
  const forPaper = /^[0-9a-f]{24}$/.test(p.product);
  const underpaid =
    p.status === 'paid' && (registration ? registration.owedMinor > 0 : forPaper && expected !== null && Number(p.amount) < expected);
  return {
    _id: p.id,
    txnid: p.txnid,
    provider: p.provider,
    method: METHOD_LABELS[p.provider],
    amount: formatDecimal(Number(p.amount)),
    currency: p.currency,
    name: p.name,
    email: p.email,
    phone: p.phone,
    product: p.product,
    status: p.status,
    providerRef: p.providerRef,
    feeItem,
    feeLabel: feeItem ? describeFeeItem(feeItem) : null,
    expectedAmount: expected === null ? null : formatDecimal(expected),
    registration,
    underpaid,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The payments as the editor sees them: each with its registration's price, what it received and what it still owes. */
async function withRegistrations(db: Db, rows: PaymentRow[]): Promise<PaymentJson[]> {
  const ids = [...new Set(rows.map((p) => p.registrationId).filter((id): id is string => id !== null))];
  const [found, received] = ids.length
    ? await Promise.all([
        db.select().from(registrations).where(inArray(registrations.id, ids)),
        findReceivedMinor({ db, registrationIds: ids }),
      ])
    : [[], new Map<string, number>()];
  const summaries = new Map(
    found.map((r): [string, RegistrationSummary] => {
      const got = received.get(r.id) ?? 0;
      return [
        r.id,
        {
          id: r.id,
          code: r.code,
          status: r.status,
          currency: r.currency,
          amountMinor: r.amountMinor,
          receivedMinor: got,
          owedMinor: owedMinor({ registration: r, receivedMinor: got }),
        },
      ];
    }),
  );
  return rows.map((p) => toPaymentJson(p, p.registrationId ? (summaries.get(p.registrationId) ?? null) : null));
}

/** Every payment, newest first (ids are time-ordered, so they break ties within a second). */
export async function listPayments(db: Db): Promise<PaymentJson[]> {
  const rows = await db.select().from(payments).orderBy(desc(payments.createdAt), desc(payments.id));
  return withRegistrations(db, rows);
}

/**
 * One page of payments, newest first, after `cursor` (the last id of the previous page); the same order
 * as listPayments. An unknown cursor gives an empty page.
 */
async function listPaymentsPage(
  db: Db,
  opts: { limit: number; cursor?: string },
): Promise<{ payments: PaymentJson[]; nextCursor: string | null }> {
  let after = sql`true`;
  if (opts.cursor) {
    const [last] = await db.select({ id: payments.id }).from(payments).where(eq(payments.id, opts.cursor));
    if (!last) return { payments: [], nextCursor: null };
    // Compared in the database: created_at has microseconds, a JavaScript Date only milliseconds.
    after = sql`(${payments.createdAt}, ${payments.id}) < (select p.created_at, p.id from payments p where p.id = ${last.id})`;
  }
  const rows = await db
    .select()
    .from(payments)
    .where(after)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(opts.limit + 1);
  const more = rows.length > opts.limit;
  const page = more ? rows.slice(0, opts.limit) : rows;
  return { payments: await withRegistrations(db, page), nextCursor: more ? page[page.length - 1]!.id : null };
}

const CSV_COLUMNS: [string, (p: PaymentJson) => string][] = [
  ['created_at', (p) => p.createdAt],
  ['status', (p) => p.status],
  ['amount', (p) => p.amount],
  ['currency', (p) => p.currency],
  ['name', (p) => p.name],
  ['email', (p) => p.email],
  ['phone', (p) => p.phone],
  ['product', (p) => p.product],
  ['provider', (p) => p.provider],
  ['txnid', (p) => p.txnid],
  ['provider_ref', (p) => p.providerRef ?? ''],
  ['updated_at', (p) => p.updatedAt],
];

/** Cells quoted and formula starts neutralised like every other export (docs/product.md#audit-log-and-exports: payer-typed text). */
export function formatPaymentsCsv(list: PaymentJson[]): string {
  const lines = [CSV_COLUMNS.map(([h]) => h).join(',')];
  for (const p of list) lines.push(CSV_COLUMNS.map(([, get]) => csvCell(get(p))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The editor's payments: without `limit` every payment (the original API's shape), with it one page and the next cursor. */
export async function listEditorPayments(opts: {
  db: Db;
  limit?: number;
  cursor?: string;
}): Promise<{ payments: PaymentJson[]; nextCursor: string | null }> {
  if (!opts.limit) return { payments: await listPayments(opts.db), nextCursor: null };
  return listPaymentsPage(opts.db, { limit: opts.limit, cursor: opts.cursor });
}

/** Every payment as CSV (payments.csv). */
export async function exportPaymentsCsv(opts: { db: Db }): Promise<string> {
  return formatPaymentsCsv(await listPayments(opts.db));
}
