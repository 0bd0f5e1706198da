import { formatDecimal, formatMinorDecimal, formatMoney } from '../../../core/format';
import { newId } from '../../../core/ids';
import { expectedFee, type FeeItem } from '../../../core/schemas/fee-item';
import type { CardCheckoutBody, PayuInitiateBody } from '../../../core/schemas/payment';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { payments } from '../../db/schema';
import { AppError } from '../../errors';
import type { CardProvider } from '../../payments/card';
import { hashPayuRequest } from '../../payments/payu';
import { categoryLabel } from '../../../core/registration';
import { PLACEHOLDER_PHONE } from '../../../core/schemas/payment';
import { createModalRegistration, type Registration } from '../registrations/create-registration';
import { findReceivedMinor, owedMinor } from '../registrations/received-amounts';

export const PAYU_NOT_CONFIGURED = 'Rupee payments through PayU are not configured on this server yet. Please contact the organisers.';
export const CARD_NOT_CONFIGURED = 'Card payment in US dollars is not configured yet. Please contact the organisers.';

/** The fields posted to PayU's hosted checkout, hashed; the payment is recorded as pending first. */
export async function initiatePayuPayment(input: {
  db: Db;
  config: Config;
  body: PayuInitiateBody;
}): Promise<{ action: string; fields: Record<string, string> }> {
  const { db, config, body } = input;
  const key = config.PAYU_KEY;
  const salt = config.PAYU_SALT;
  if (!key || !salt) throw new AppError('unavailable', PAYU_NOT_CONFIGURED);
  const txnid = newId();
  const amount = formatDecimal(body.amount);
  // The amount is what the payer typed (docs/product.md#the-api); a fee row named makes a registration the server prices (decision 0056).
  await db.transaction(async (tx) => {
    const registration = await createModalRegistration({
      db: tx,
      name: body.name,
      email: body.email,
      currency: 'INR',
      feeItem: body.feeItem,
    });
    await tx.insert(payments).values({
      id: txnid,
      txnid,
      provider: 'payu',
      amount,
      currency: 'INR',
      registrationId: registration?.id ?? null,
      name: body.name,
      email: body.email,
      phone: body.phone,
      product: body.productinfo,
      ...feeColumns(body.feeItem, 'INR'),
    });
  });
  return payuForm(config, {
    key,
    salt,
    txnid,
    amount,
    productinfo: body.productinfo,
    name: body.name,
    email: body.email,
    phone: body.phone,
  });
}

/** PayU's hosted checkout form for a payment recorded as `txnid`. */
function payuForm(
  config: Config,
  p: { key: string; salt: string; txnid: string; amount: string; productinfo: string; name: string; email: string; phone: string },
): { action: string; fields: Record<string, string> } {
  const { key, salt, txnid, amount } = p;
  const body = { productinfo: p.productinfo, name: p.name, email: p.email, phone: p.phone };
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
export async function createCardCheckout(input: {
  db: Db;
  config: Config;
  card: CardProvider | null;
  body: CardCheckoutBody;
}): Promise<{ url: string }> {
  const { db, config, card, body } = input;
  if (!card) throw new AppError('unavailable', CARD_NOT_CONFIGURED);
  const txnid = newId();
  const amountCents = Math.round(body.amount * 100);
  // The session is created first so the row carries its id; Stripe cannot call back before the payer pays.
  const session = await card.createCheckout({
    txnid,
    amountCents,
    product: body.productinfo,
    email: body.email,
    successUrl: `${config.publicUrl}/api/card/return?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${config.publicUrl}/registration`,
  });
  await db.transaction(async (tx) => {
    const registration = await createModalRegistration({
      db: tx,
      name: body.name,
      email: body.email,
      currency: 'USD',
      feeItem: body.feeItem,
    });
    await tx.insert(payments).values({
      id: txnid,
      txnid,
      provider: 'stripe',
      amount: formatMinorDecimal(amountCents),
      currency: 'USD',
      registrationId: registration?.id ?? null,
      name: body.name,
      email: body.email,
      product: body.productinfo,
      providerRef: session.sessionId,
      ...feeColumns(body.feeItem, 'USD'),
    });
  });
  return { url: session.url };
}

/** What the payer is asked to do for a registration: the amount always the registration's own, never one they typed. */
export type RegistrationPaymentStart =
  | { kind: 'payu'; action: string; fields: Record<string, string> }
  | { kind: 'card'; url: string }
  | { kind: 'bank'; instructions: string }
  | { kind: 'none' };

export const PAYU_TAKES_RUPEES = 'PayU takes payments in rupees: choose INR to pay through PayU, or USD to pay by card.';
export const CARD_TAKES_DOLLARS = 'Card payments are in US dollars: choose USD to pay by card, or INR to pay through PayU.';

/** The bank transfer instructions for a registration: the amount still owed, the reference to quote, and what happens next. */
function bankInstructions(r: Pick<Registration, 'currency' | 'code'> & { owedMinor: number }, contactEmail: string): string {
  return (
    `Transfer ${formatMoney(r.owedMinor, r.currency)} to the conference's bank account, quoting your registration code ${r.code} as the reference. ` +
    `Write to ${contactEmail} for the account details. When the money arrives the organisers record the transfer and your receipt is sent to you. ` +
    'The registration fee is non-refundable.'
  );
}

/**
 * Start paying a pending registration: a pending payment row for what it still owes (its price less what was received,
 * decision 0056), PayU in rupees, Stripe in dollars, or bank transfer instructions (the editor records the transfer).
 */
export async function startRegistrationPayment(input: {
  db: Db;
  config: Config;
  card: CardProvider | null;
  registration: Registration;
  provider: 'payu' | 'card' | 'bank';
  phone?: string;
  contactEmail: string;
}): Promise<RegistrationPaymentStart> {
  const { db, config, card, registration: r, provider } = input;
  if (r.status === 'paid' && r.amountMinor === 0) return { kind: 'none' };
  const owed = owedMinor({ registration: r, receivedMinor: (await findReceivedMinor({ db, registrationIds: [r.id] })).get(r.id) ?? 0 });
  if (r.status === 'pending' && owed === 0) return { kind: 'none' };
  if (provider === 'bank') return { kind: 'bank', instructions: bankInstructions({ ...r, owedMinor: owed }, input.contactEmail) };
  const product = r.paperId ?? categoryLabel(r.category).slice(0, 100).replace(/\|/g, '/');
  const amount = formatMinorDecimal(owed);
  if (provider === 'payu') {
    if (r.currency !== 'INR') throw new AppError('bad_request', PAYU_TAKES_RUPEES);
    const key = config.PAYU_KEY;
    const salt = config.PAYU_SALT;
    if (!key || !salt) throw new AppError('unavailable', PAYU_NOT_CONFIGURED);
    const txnid = newId();
    const name = r.name.replace(/\|/g, '/').slice(0, 60);
    const phone = input.phone ?? PLACEHOLDER_PHONE;
    await db
      .insert(payments)
      .values({ id: txnid, txnid, provider: 'payu', amount, currency: 'INR', registrationId: r.id, name, email: r.email, phone, product });
    return { kind: 'payu', ...payuForm(config, { key, salt, txnid, amount, productinfo: product, name, email: r.email, phone }) };
  }
  if (r.currency !== 'USD') throw new AppError('bad_request', CARD_TAKES_DOLLARS);
  if (!card) throw new AppError('unavailable', CARD_NOT_CONFIGURED);
  const txnid = newId();
  const session = await card.createCheckout({
    txnid,
    amountCents: owed,
    product,
    email: r.email,
    successUrl: `${config.publicUrl}/api/card/return?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${config.publicUrl}/account/registrations`,
  });
  await db.insert(payments).values({
    id: txnid,
    txnid,
    provider: 'stripe',
    amount,
    currency: 'USD',
    registrationId: r.id,
    name: r.name,
    email: r.email,
    product,
    providerRef: session.sessionId,
  });
  return { kind: 'card', url: session.url };
}

/** The fee item chosen and the amount the fee tables give for it (docs/product.md#fees-and-fixed-figures), stored beside what the payer typed. */
function feeColumns(item: FeeItem | undefined, currency: 'INR' | 'USD'): { feeItem: FeeItem | null; expectedAmount: string | null } {
  if (!item) return { feeItem: null, expectedAmount: null };
  const expected = expectedFee(item, currency);
  return { feeItem: item, expectedAmount: expected === null ? null : formatDecimal(expected) };
}
