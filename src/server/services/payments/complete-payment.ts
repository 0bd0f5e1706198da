import { eq, sql } from 'drizzle-orm';
import { CONFERENCE_FACTS_DEFAULTS, startOfDay } from '../../../core/conference-facts';
import type { Currency } from '../../../core/fees';
import { dayKey, formatMoney } from '../../../core/format';
import { categoryLabeller } from '../shared/category-labels';
import type { Db } from '../../db/connect';
import { payments, receipts, registrations, type PaymentRow, type RegistrationRow } from '../../db/schema';
import { newDocumentCode } from '../../documents/codes';
import type { Mailer } from '../../mail/send';
import { recordAudit } from '../shared/audit';
import { takeCouponUseAgain } from '../registrations/coupons';
import { findReceivedMinor } from '../registrations/received-amounts';
import { receiptLink } from '../receipts/receipts';
import { eTicketLink } from '../registrations/e-ticket';

/** Where the confirmation mail goes out from and what signs its receipt link. */
export interface ReceiptMailer {
  mailer: Pick<Mailer, 'send' | 'conference'>;
  publicUrl: string;
  secret: string;
}

export const RECEIPT_PREFIX = 'IMSE';

/** "IMSE-2026-000042": the year of payment and its place in that year, six digits (a seventh appears past 999,999). */
const formatReceiptNumber = (year: number, seq: number) => `${RECEIPT_PREFIX}-${year}-${String(seq).padStart(6, '0')}`;

/**
 * The calendar year of an instant in the conference's time zone (a payment at 00:30 in Bangkok on 1 January is the
 * new year's); payments pass the current facts' zone.
 */
export function conferenceYear({ at, timeZone = CONFERENCE_FACTS_DEFAULTS.timeZone }: { at: Date; timeZone?: string }): number {
  return Number(dayKey(at, timeZone).slice(0, 4));
}

/** A stored decimal amount ("7400.00") in minor units, without floating point. */
export function decimalToMinor(amount: string): number {
  const [whole = '0', frac = ''] = amount.trim().split('.');
  return Number(whole) * 100 + Number(`${frac}00`.slice(0, 2));
}

export const METHOD_LABELS: Record<PaymentRow['provider'], string> = { payu: 'PayU', stripe: 'Card (Stripe)', bank: 'Bank transfer' };

/**
 * The next number of a kind and year from document_counters. The upsert locks the counter row until the
 * transaction ends, so concurrent payments queue for it and each takes the next; a rolled-back payment gives its
 * number back with the rest of its transaction, so numbers have no gaps and are never handed out twice.
 */
export async function takeDocumentNumber({ tx, kind, year }: { tx: Db; kind: string; year: number }): Promise<number> {
  const res = await tx.execute(sql`
    INSERT INTO document_counters (kind, year, last) VALUES (${kind}, ${year}, 1)
    ON CONFLICT (kind, year) DO UPDATE SET last = document_counters.last + 1
    RETURNING last`);
  return (res as unknown as { rows: { last: number }[] }).rows[0]!.last;
}

/**
 * A cancelled registration whose payment still settles comes back (decision 0056): money was received for it. Its
 * coupon takes a use again; when the coupon's limit was reached meanwhile (the use went to someone else), the
 * registration loses the discount instead and stays pending with the difference owed — never paid below its price
 * without a use counted. In `tx`, the settling transaction, with its audit row.
 */
async function reinstateRegistration(tx: Db, r: RegistrationRow, payment: PaymentRow, now: Date): Promise<RegistrationRow> {
  let coupon: 'taken-again' | 'limit-reached' | null = null;
  const set: Partial<RegistrationRow> = { status: 'pending', cancelledAt: null, updatedAt: now };
  if (r.couponCode) {
    coupon = (await takeCouponUseAgain({ tx, code: r.couponCode })) ? 'taken-again' : 'limit-reached';
    if (coupon === 'limit-reached') Object.assign(set, { couponCode: null, discountMinor: 0, amountMinor: r.listMinor + r.extraMinor });
  }
  const [row] = await tx.update(registrations).set(set).where(eq(registrations.id, r.id)).returning();
  await recordAudit(tx, {
    actorId: null,
    actorRole: null,
    action: 'registration.reinstate',
    paperId: r.paperId,
    details: {
      registrationId: r.id,
      paymentId: payment.id,
      coupon: r.couponCode,
      couponUse: coupon,
      amountMinor: row!.amountMinor,
      currency: r.currency,
    },
  });
  return row!;
}

/**
 * A payment settled as paid (a verified PayU or card answer, or a bank transfer the editor recorded): the payment
 * gets its numbered receipt, and its registration becomes paid once what it received in its currency covers the
 * price the server computed (decision 0056); until then it stays pending with the difference owed, shown to the payer
 * and the editor. A paid registration's payer is mailed the confirmation with the receipt's signed link — all in
 * `tx`, the transaction that settled the payment. Idempotent: a payment that has its receipt already (a replayed or
 * concurrent callback) changes nothing and answers null, as does a payment that is not paid or pays no registration.
 */
export async function completeRegistrationPayment(input: {
  tx: Db;
  paymentId: string;
  now?: Date;
  notify: ReceiptMailer;
}): Promise<{ receiptNumber: string; owedMinor: number } | null> {
  const { tx } = input;
  const now = input.now ?? new Date();
  // Locking the payment serialises two callbacks for it: the second waits here and then finds the receipt.
  const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for('update');
  if (!payment || payment.status !== 'paid' || !payment.registrationId) return null;
  const [existing] = await tx.select({ number: receipts.number }).from(receipts).where(eq(receipts.paymentId, payment.id));
  if (existing) return null;
  const [locked] = await tx.select().from(registrations).where(eq(registrations.id, payment.registrationId)).for('update');
  if (!locked) return null;

  // A late success after a cancellation is still money received.
  const registration = locked.status === 'cancelled' ? await reinstateRegistration(tx, locked, payment, now) : locked;
  const received = (await findReceivedMinor({ db: tx, registrationIds: [registration.id] })).get(registration.id) ?? 0;
  const covered = received >= registration.amountMinor;
  const owed = covered ? 0 : registration.amountMinor - received;
  if (registration.status !== 'paid' && covered) {
    await tx
      .update(registrations)
      .set({ status: 'paid', paidAt: now, cancelledAt: null, updatedAt: now })
      .where(eq(registrations.id, registration.id));
  }

  // A bank transfer is dated by the day the money arrived (noon in the conference's zone, so the date never shifts).
  const { timeZone } = input.notify.mailer.conference();
  const receiptPaidAt = payment.paidOn ? new Date(startOfDay(payment.paidOn, timeZone).getTime() + 12 * 3_600_000) : now;
  const year = conferenceYear({ at: receiptPaidAt, timeZone });
  const seq = await takeDocumentNumber({ tx, kind: 'receipt', year });
  const number = formatReceiptNumber(year, seq);
  const code = newDocumentCode();
  const currency: Currency = payment.currency === 'INR' ? 'INR' : 'USD';
  const amountMinor = decimalToMinor(payment.amount);
  // A receipt is for the money received: one that leaves part of the price owed says so.
  const label = (await categoryLabeller(tx))(registration.category);
  const item = covered ? label : `${label} (part payment)`;
  const method = METHOD_LABELS[payment.provider];
  await tx.insert(receipts).values({
    number,
    year,
    seq,
    code,
    paymentId: payment.id,
    registrationId: registration.id,
    billingName: registration.billingName || registration.name,
    billingAddress: registration.billingAddress || null,
    item,
    amountMinor,
    currency,
    method,
    paidAt: receiptPaidAt,
    issuedAt: now,
  });
  await recordAudit(tx, {
    actorId: payment.recordedBy,
    actorRole: payment.recordedBy ? 'Editor' : null,
    action: 'receipt.issue',
    paperId: registration.paperId,
    details: {
      receiptNumber: number,
      registrationId: registration.id,
      paymentId: payment.id,
      amountMinor,
      currency,
      method,
      owedMinor: owed,
    },
  });
  // Only a paid registration is confirmed; what is still owed is on the payer's registrations page and the result page.
  if (!covered) return { receiptNumber: number, owedMinor: owed };

  const { publicUrl, secret, mailer } = input.notify;
  await mailer.send({
    tx,
    to: registration.email,
    template: 'registrationConfirmed',
    values: {
      name: registration.name,
      category: item,
      amount: formatMoney(amountMinor, currency),
      method: payment.provider === 'bank' && payment.providerRef ? `${method}, reference ${payment.providerRef}` : method,
      receiptNumber: number,
      registrationCode: registration.code,
      receiptUrl: receiptLink({ publicUrl, secret, code }),
      ticketUrl: eTicketLink({ publicUrl, secret, registrationId: registration.id }),
      accountUrl: `${publicUrl}/account/registrations`,
    },
  });
  return { receiptNumber: number, owedMinor: 0 };
}
