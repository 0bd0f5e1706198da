import { eq } from 'drizzle-orm';
import { newId } from '../../../core/ids';
import type { Currency } from '../../../core/fees';
import { formatMinorDecimal, formatMoney } from '../../../core/format';
import { categoryLabel } from '../../../core/registration';
import type { Db } from '../../db/connect';
import { payments, registrations } from '../../db/schema';
import { AppError } from '../../errors';
import { recordAudit } from '../shared/audit';
import { completeRegistrationPayment, type ReceiptMailer } from './complete-payment';
import { findReceivedMinor, owedMinor } from '../registrations/received-amounts';

export const ALREADY_PAID = 'This registration is paid already: a second transfer would be a second receipt for one registration.';
export const CANCELLED = 'This registration was cancelled; register the person again to record a payment.';

/**
 * A bank transfer the editor saw arrive (decisions 0043 and 0048): a paid 'bank' payment of exactly the amount still owed, with
 * the bank's reference and the day it arrived, then the registration paid and its receipt issued as for PayU or a
 * card, in one transaction. The registration row is locked first, so two clicks record one transfer.
 */
export async function recordBankTransfer(input: {
  db: Db;
  notify: ReceiptMailer;
  registrationId: string;
  actor: { id: string; ip: string };
  transfer: { reference: string; paidOn: string; amountMinor: number; currency: Currency };
  now?: Date;
}): Promise<{ receiptNumber: string; paymentId: string }> {
  const { db, transfer } = input;
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [registration] = await tx.select().from(registrations).where(eq(registrations.id, input.registrationId)).for('update');
    if (!registration) throw new AppError('not_found', 'Registration not found');
    if (registration.status === 'paid') throw new AppError('conflict', ALREADY_PAID);
    if (registration.status === 'cancelled') throw new AppError('conflict', CANCELLED);
    // Due: what is still owed after what was received already (a part payment, decision 0056).
    const dueMinor = owedMinor({
      registration,
      receivedMinor: (await findReceivedMinor({ db: tx, registrationIds: [registration.id] })).get(registration.id) ?? 0,
    });
    const due = formatMoney(dueMinor, registration.currency);
    if (transfer.currency !== registration.currency) {
      throw new AppError('bad_request', `This registration is paid in ${registration.currency}: the amount due is ${due}.`);
    }
    if (transfer.amountMinor !== dueMinor) {
      throw new AppError(
        'bad_request',
        `The amount must be the amount due, ${due}; the transfer recorded was ${formatMoney(transfer.amountMinor, transfer.currency)}.`,
      );
    }
    const paymentId = newId();
    await tx.insert(payments).values({
      id: paymentId,
      txnid: `bank-${paymentId}`,
      provider: 'bank',
      amount: formatMinorDecimal(transfer.amountMinor),
      currency: transfer.currency,
      name: registration.name,
      email: registration.email,
      // A paper's registration names the paper, as a PayU payment for it does (the editor's "papers without a registration").
      product: registration.paperId ?? categoryLabel(registration.category),
      status: 'paid',
      providerRef: transfer.reference,
      registrationId: registration.id,
      paidOn: transfer.paidOn,
      recordedBy: input.actor.id,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, {
      actorId: input.actor.id,
      actorRole: 'Editor',
      ip: input.actor.ip,
      action: 'payment.bank-transfer',
      paperId: registration.paperId,
      details: {
        registrationId: registration.id,
        paymentId,
        amountMinor: transfer.amountMinor,
        currency: transfer.currency,
        reference: transfer.reference,
        paidOn: transfer.paidOn,
      },
    });
    const done = await completeRegistrationPayment({ tx, paymentId, now, notify: input.notify });
    if (!done) throw new Error('A recorded bank transfer did not complete its registration');
    return { receiptNumber: done.receiptNumber, paymentId };
  });
}
