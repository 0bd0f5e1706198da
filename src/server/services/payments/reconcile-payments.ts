import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Currency } from '../../../core/fees';
import { formatMinorDecimal, formatMoney } from '../../../core/format';
import type { MatchedPaymentJson, RevenueJson } from '../../../core/schemas/registration-office';
import type { Db } from '../../db/connect';
import { payments, registrations } from '../../db/schema';
import { normaliseDocumentCode } from '../../documents/codes';
import { AppError } from '../../errors';
import { recordAudit } from '../shared/audit';
import { categoryLabeller } from '../shared/category-labels';
import { csvCell } from '../shared/export-csv';
import { findReceivedMinor, owedMinor } from '../registrations/received-amounts';
import { completeRegistrationPayment, decimalToMinor, type ReceiptMailer } from './complete-payment';

export const PAYMENT_NOT_FOUND = 'Payment not found';
export const PAYMENT_MATCHED_ALREADY = 'This payment is matched to a registration already.';
export const NO_REGISTRATION_WITH_CODE = 'No registration has this code';

/**
 * The organiser matches a paid payment that names no registration (SPEC's public "Pay Now" form takes any amount
 * from anyone) to a registration, by its code (decision 0077): in one transaction, the payment is linked, audited,
 * and settled like any payment of the registration (completeRegistrationPayment: paid once covered, receipt issued
 * once). An amount below what the registration still owes is refused — a small payment never buys a registration.
 */
export async function matchPayment(input: {
  db: Db;
  paymentId: string;
  registrationCode: string;
  actor: { id: string; role: string; ip: string };
  notify: ReceiptMailer;
  now?: Date;
}): Promise<MatchedPaymentJson> {
  const now = input.now ?? new Date();
  return input.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for('update');
    if (!payment) throw new AppError('not_found', PAYMENT_NOT_FOUND);
    if (payment.registrationId) throw new AppError('conflict', PAYMENT_MATCHED_ALREADY);
    if (payment.status !== 'paid') throw new AppError('conflict', `Only a paid payment can be matched: this one is ${payment.status}.`);
    const code = normaliseDocumentCode(input.registrationCode);
    const [registration] = await tx.select().from(registrations).where(eq(registrations.code, code)).for('update');
    if (!registration) throw new AppError('not_found', NO_REGISTRATION_WITH_CODE);
    if (registration.status === 'paid')
      throw new AppError('conflict', 'This registration is paid already: the payment would pay it twice.');
    if (registration.status === 'cancelled')
      throw new AppError('conflict', 'This registration is cancelled: register the person again first.');
    const currency = registration.currency as Currency;
    const received = (await findReceivedMinor({ db: tx, registrationIds: [registration.id] })).get(registration.id) ?? 0;
    const owed = owedMinor({ registration, receivedMinor: received });
    const amountMinor = decimalToMinor(payment.amount);
    if (payment.currency !== currency)
      throw new AppError('bad_request', `This registration is paid in ${currency}; the payment is in ${payment.currency}.`);
    if (amountMinor < owed)
      throw new AppError(
        'bad_request',
        `The payment of ${formatMoney(amountMinor, currency)} is less than the ${formatMoney(owed, currency)} this registration still owes: it cannot pay for it.`,
      );
    await tx.update(payments).set({ registrationId: registration.id, updatedAt: now }).where(eq(payments.id, payment.id));
    await recordAudit(tx, {
      actorId: input.actor.id,
      actorRole: input.actor.role,
      ip: input.actor.ip,
      action: 'payment.match',
      paperId: registration.paperId,
      details: { paymentId: payment.id, registrationId: registration.id, amountMinor, currency: payment.currency },
    });
    const done = await completeRegistrationPayment({ tx, paymentId: payment.id, now, notify: input.notify });
    const [after] = await tx.select({ status: registrations.status }).from(registrations).where(eq(registrations.id, registration.id));
    return {
      paymentId: payment.id,
      registrationId: registration.id,
      registrationCode: registration.code,
      registrationStatus: after!.status,
      receiptNumber: done?.receiptNumber ?? null,
    };
  });
}

/**
 * Revenue by registration category (ticket type) and currency (decision 0077): paid registrations at their price,
 * pending ones at what they would bring, and the paid payments that name no registration yet, per currency.
 */
export async function getRevenue({ db }: { db: Db }): Promise<RevenueJson> {
  const [label, grouped, unmatched] = await Promise.all([
    categoryLabeller(db),
    db
      .select({
        category: registrations.category,
        currency: registrations.currency,
        paidCount: sql<number>`count(*) filter (where ${registrations.status} = 'paid')::int`,
        paidMinor: sql<number>`coalesce(sum(${registrations.amountMinor}) filter (where ${registrations.status} = 'paid'), 0)::int`,
        pendingCount: sql<number>`count(*) filter (where ${registrations.status} = 'pending')::int`,
        pendingMinor: sql<number>`coalesce(sum(${registrations.amountMinor}) filter (where ${registrations.status} = 'pending'), 0)::int`,
      })
      .from(registrations)
      .where(sql`${registrations.status} in ('paid', 'pending')`)
      .groupBy(registrations.category, registrations.currency)
      .orderBy(registrations.category, registrations.currency),
    db
      .select({
        currency: payments.currency,
        count: sql<number>`count(*)::int`,
        amountMinor: sql<number>`coalesce(sum(${payments.amount} * 100), 0)::int`,
      })
      .from(payments)
      .where(and(isNull(payments.registrationId), eq(payments.status, 'paid')))
      .groupBy(payments.currency)
      .orderBy(payments.currency),
  ]);
  const rows = grouped.map((g) => ({
    category: g.category,
    categoryLabel: label(g.category),
    currency: g.currency,
    paidCount: Number(g.paidCount),
    paidMinor: Number(g.paidMinor),
    pendingCount: Number(g.pendingCount),
    pendingMinor: Number(g.pendingMinor),
  }));
  const totals = new Map<Currency, { currency: Currency; paidMinor: number; pendingMinor: number }>();
  for (const r of rows) {
    const t = totals.get(r.currency) ?? { currency: r.currency, paidMinor: 0, pendingMinor: 0 };
    t.paidMinor += r.paidMinor;
    t.pendingMinor += r.pendingMinor;
    totals.set(r.currency, t);
  }
  return {
    rows,
    totals: [...totals.values()],
    unmatched: unmatched.map((u) => ({ currency: u.currency, count: Number(u.count), amountMinor: Number(u.amountMinor) })),
  };
}

/** The revenue as CSV: one line per category and currency, then the unmatched payments per currency. */
export function formatRevenueCsv(revenue: RevenueJson): string {
  const lines = ['category,category_label,currency,paid_count,paid_amount,pending_count,pending_amount'];
  for (const r of revenue.rows)
    lines.push(
      [
        r.category,
        r.categoryLabel,
        r.currency,
        r.paidCount,
        formatMinorDecimal(r.paidMinor),
        r.pendingCount,
        formatMinorDecimal(r.pendingMinor),
      ]
        .map(csvCell)
        .join(','),
    );
  for (const u of revenue.unmatched)
    lines.push(
      ['unmatched-payments', 'Payments without a registration', u.currency, u.count, formatMinorDecimal(u.amountMinor), 0, '0.00']
        .map(csvCell)
        .join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}
