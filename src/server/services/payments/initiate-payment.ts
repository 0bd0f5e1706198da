import { newId } from '../../../core/ids';
import { expectedFee, type FeeItem } from '../../../core/schemas/fee-item';
import type { CardCheckoutBody, PayuInitiateBody } from '../../../core/schemas/payment';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { payments } from '../../db/schema';
import { AppError } from '../../errors';
import type { CardProvider } from '../../payments/card';
import { hashPayuRequest } from '../../payments/payu';

export const PAYU_NOT_CONFIGURED = 'Rupee payments through PayU are not configured on this server yet. Please contact the organisers.';
export const CARD_NOT_CONFIGURED = 'Card payment in US dollars is not configured yet. Please contact the organisers.';

/** The fields posted to PayU's hosted checkout, hashed; the payment is recorded as pending first. */
export async function initiatePayuPayment(input: { db: Db; config: Config; body: PayuInitiateBody }): Promise<{ action: string; fields: Record<string, string> }> {
  const { db, config, body } = input;
  const key = config.PAYU_KEY;
  const salt = config.PAYU_SALT;
  if (!key || !salt) throw new AppError('unavailable', PAYU_NOT_CONFIGURED);
  const txnid = newId();
  const amount = body.amount.toFixed(2);
  await db.insert(payments).values({
    id: txnid, txnid, provider: 'payu', amount, currency: 'INR',
    name: body.name, email: body.email, phone: body.phone, product: body.productinfo, ...feeColumns(body.feeItem, 'INR'),
  });
  const hashed = { key, txnid, amount, productinfo: body.productinfo, firstname: body.name, email: body.email };
  return {
    action: config.PAYU_URL,
    fields: {
      ...hashed,
      phone: body.phone,
      surl: `${config.publicUrl}/api/payu/success`,
      furl: `${config.publicUrl}/api/payu/failure`,
      hash: hashPayuRequest(hashed, salt),
    },
  };
}

/** A Stripe Checkout session for a dollar payment; the payer is sent to its URL. */
export async function createCardCheckout(input: { db: Db; config: Config; card: CardProvider | null; body: CardCheckoutBody }): Promise<{ url: string }> {
  const { db, config, card, body } = input;
  if (!card) throw new AppError('unavailable', CARD_NOT_CONFIGURED);
  const txnid = newId();
  const amountCents = Math.round(body.amount * 100);
  // The session is created first so the row carries its id; Stripe cannot call back before the payer pays.
  const session = await card.createCheckout({
    txnid, amountCents, product: body.productinfo, email: body.email,
    successUrl: `${config.publicUrl}/api/card/return?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${config.publicUrl}/registration`,
  });
  await db.insert(payments).values({
    id: txnid, txnid, provider: 'stripe', amount: (amountCents / 100).toFixed(2), currency: 'USD',
    name: body.name, email: body.email, product: body.productinfo, providerRef: session.sessionId, ...feeColumns(body.feeItem, 'USD'),
  });
  return { url: session.url };
}

/** The fee item chosen and the amount SPEC §9 expects for it, stored beside what the payer typed. */
function feeColumns(item: FeeItem | undefined, currency: 'INR' | 'USD'): { feeItem: FeeItem | null; expectedAmount: string | null } {
  if (!item) return { feeItem: null, expectedAmount: null };
  const expected = expectedFee(item, currency);
  return { feeItem: item, expectedAmount: expected === null ? null : expected.toFixed(2) };
}
