import { and, eq, inArray, sql } from 'drizzle-orm';
import { newId } from '../../../core/ids';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { Currency } from '../../../core/fees';
import { paymentEvents, payments, registrations, type PaymentRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { CardProvider } from '../../payments/card';
import { verifyPayuResponse } from '../../payments/payu';
import { recordAudit, type DbOrTx } from '../shared/audit';
import { inEdition } from '../shared/in-edition';
import { completeRegistrationPayment, type ReceiptMailer } from './complete-payment';
import { findReceivedMinor, owedMinor } from '../registrations/received-amounts';

/**
 * The only moves a payment makes: pending → paid or failed, and failed → paid (a late success is real
 * money). Paid is final. A conditional UPDATE makes a replayed callback a no-op.
 */
const ALLOWED_FROM = { paid: ['pending', 'failed'], failed: ['pending'] } as const;

/** The payer's browser back from the provider: audited as 'payment.callback' with the payment as it ends up. */
interface ReturnAudit {
  ip: string;
  provider: 'payu' | 'stripe';
  kind: string;
}

const auditCallback = (db: DbOrTx, audit: ReturnAudit, p: PaymentRow) =>
  recordAudit(db, {
    actorId: null,
    actorRole: null,
    action: 'payment.callback',
    ip: audit.ip,
    details: { provider: audit.provider, kind: audit.kind, txnid: p.txnid, status: p.status, amount: p.amount, currency: p.currency },
  });

/**
 * Settling as paid completes the registration in the same transaction (paid, numbered receipt, confirmation mail):
 * the money is never recorded without its receipt, nor a receipt without the money. A paid payment without a receipt
 * (paid before receipts existed) gets one when its callback comes again; one that has it is left alone. A return's
 * audit row commits with the settlement it records; a return that settles nothing (`to` null) is audited alone.
 */
async function settlePayment(input: {
  db: Db;
  payment: PaymentRow;
  to: 'paid' | 'failed' | null;
  providerRef: string | null;
  notify: ReceiptMailer;
  audit?: ReturnAudit;
}): Promise<PaymentRow> {
  const { db, payment, to, audit } = input;
  if (!to) {
    if (audit) await auditCallback(db, audit, payment);
    return payment;
  }
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payments)
      .set({ status: to, providerRef: input.providerRef ?? payment.providerRef, updatedAt: sql`now()` })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, [...ALLOWED_FROM[to]])))
      .returning();
    const [current] = updated ? [updated] : await tx.select().from(payments).where(eq(payments.id, payment.id));
    if (current?.status === 'paid') await completeRegistrationPayment({ tx, paymentId: current.id, notify: input.notify });
    if (audit) await auditCallback(tx, audit, current ?? payment);
    return current ?? payment;
  });
}

/**
 * The past edition a payment was started in, when the current one has no such payment (decision 0060): money that
 * arrives after the next edition was opened is still settled, in the edition whose registration it pays.
 */
async function findPastEditionOfPayment(db: Db, txnid: string, provider: 'payu' | 'stripe'): Promise<string | null> {
  const res = await db.execute(
    sql`select edition_id from payments_all where txnid = ${txnid} and provider = ${provider} and edition_id <> current_edition() limit 1`,
  );
  return (res as unknown as { rows: { edition_id: string }[] }).rows[0]?.edition_id ?? null;
}

async function recordEvent(db: Db, e: { txnid: string | null; kind: string; accepted: boolean; payload: unknown }): Promise<void> {
  await db.insert(paymentEvents).values({ id: newId(), txnid: e.txnid, kind: e.kind, accepted: e.accepted, payload: e.payload ?? {} });
}

const PAYU_FIELDS = [
  'txnid',
  'status',
  'hash',
  'key',
  'amount',
  'productinfo',
  'firstname',
  'email',
  'udf1',
  'udf2',
  'udf3',
  'udf4',
  'udf5',
  'additionalCharges',
  'mihpayid',
] as const;

/**
 * A PayU success or failure post. Accepted only with a matching reverse hash for a txnid we issued;
 * otherwise nothing changes, the attempt is recorded and AppError 400 is thrown.
 */
async function recordPayuCallback(input: {
  db: Db;
  config: Config;
  kind: 'success' | 'failure';
  form: Record<string, string>;
  notify: ReceiptMailer;
  audit: ReturnAudit;
}): Promise<PaymentRow> {
  const { db, config, form } = input;
  const kind = `payu.${input.kind}`;
  const key = config.PAYU_KEY;
  const salt = config.PAYU_SALT;
  if (!key || !salt) throw new AppError('unavailable', 'PayU is not configured on this server');
  const f = Object.fromEntries(PAYU_FIELDS.map((k) => [k, typeof form[k] === 'string' ? form[k] : ''])) as Record<
    (typeof PAYU_FIELDS)[number],
    string
  >;
  const txnid = f.txnid.slice(0, 100) || null;
  const reject = async (message: string): Promise<never> => {
    await recordEvent(db, { txnid, kind, accepted: false, payload: form });
    throw new AppError('bad_request', message);
  };

  const [payment] = txnid
    ? await db
        .select()
        .from(payments)
        .where(and(eq(payments.txnid, txnid), eq(payments.provider, 'payu')))
    : [];
  if (!payment) {
    const editionId = txnid ? await findPastEditionOfPayment(db, txnid, 'payu') : null;
    if (editionId) return inEdition({ db, editionId, write: true }, (tx) => recordPayuCallback({ ...input, db: tx }));
    return reject('Unknown transaction: this payment was not started here.');
  }
  const verified = f.key === key && verifyPayuResponse({ ...f, additionalCharges: f.additionalCharges || undefined }, f.hash, salt);
  // The amount is inside the hash; comparing it with ours as well catches a hash made for another payment.
  if (!verified || Number(f.amount) !== Number(payment.amount)) {
    return reject('The payment answer could not be verified, so nothing was changed.');
  }

  await recordEvent(db, { txnid, kind, accepted: true, payload: form });
  const outcome = f.status === 'success' ? 'paid' : f.status === 'failure' ? 'failed' : null;
  return settlePayment({ db, payment, to: outcome, providerRef: f.mihpayid || null, notify: input.notify, audit: input.audit });
}

/**
 * Bring a card payment in line with its Stripe Checkout session, read from Stripe itself (never from a
 * webhook body). Returns the payment, or null when the session is not one of ours.
 */
async function syncCardSession(input: {
  db: Db;
  card: CardProvider;
  sessionId: string;
  kind: string;
  payload: unknown;
  notify: ReceiptMailer;
  /** A signed checkout.session.async_payment_failed: the session alone cannot tell failed from still pending. */
  asyncPaymentFailed?: boolean;
  /** The payer's browser return (a webhook is not audited). */
  audit?: ReturnAudit;
}): Promise<PaymentRow | null> {
  const { db, card, kind, payload } = input;
  const session = await card.retrieveSession(input.sessionId);
  const [payment] = session.txnid
    ? await db
        .select()
        .from(payments)
        .where(and(eq(payments.txnid, session.txnid), eq(payments.provider, 'stripe')))
    : [];
  if (!payment && session.txnid) {
    const editionId = await findPastEditionOfPayment(db, session.txnid, 'stripe');
    if (editionId) return inEdition({ db, editionId, write: true }, (tx) => syncCardSession({ ...input, db: tx }));
  }
  const matches =
    Boolean(payment) &&
    payment!.providerRef === session.id &&
    session.currency === 'usd' &&
    session.amountCents === Math.round(Number(payment!.amount) * 100);
  await recordEvent(db, { txnid: payment?.txnid ?? session.txnid, kind, accepted: matches, payload });
  if (!payment || !matches) return null;
  const to =
    session.outcome === 'paid'
      ? 'paid'
      : session.outcome === 'expired' || (session.outcome === 'unpaid' && input.asyncPaymentFailed)
        ? 'failed'
        : null;
  return settlePayment({ db, payment, to, providerRef: session.id, notify: input.notify, audit: input.audit });
}

/**
 * A Stripe webhook: the signature is checked on the raw body, then a Checkout session event is acted on
 * by reading the session from Stripe. Every webhook is recorded; a bad signature throws AppError 400.
 */
export async function recordCardWebhook(input: {
  db: Db;
  card: CardProvider;
  rawBody: Buffer;
  signature: string | undefined;
  notify: ReceiptMailer;
}): Promise<void> {
  const { db, card } = input;
  let event: Awaited<ReturnType<CardProvider['verifyWebhook']>>;
  try {
    event = await card.verifyWebhook(input.rawBody, input.signature);
  } catch (err) {
    await recordEvent(db, {
      txnid: null,
      kind: 'stripe.webhook',
      accepted: false,
      payload: { raw: input.rawBody.toString('utf8').slice(0, 10_000) },
    });
    throw err;
  }
  const payload = JSON.parse(input.rawBody.toString('utf8')) as unknown;
  const kind = `stripe.${event.type}`;
  if (event.sessionId && event.type.startsWith('checkout.session.')) {
    const asyncPaymentFailed = event.type === 'checkout.session.async_payment_failed';
    await syncCardSession({ db, card, sessionId: event.sessionId, kind, payload, asyncPaymentFailed, notify: input.notify });
  } else {
    await recordEvent(db, { txnid: null, kind, accepted: false, payload });
  }
}

/** A payment as its payer's browser is shown it: with what its registration still owes, when a paid part leaves some (decision 0056). */
export interface PaymentOutcome {
  payment: PaymentResult;
  owed: { minor: number; currency: Currency } | null;
}

/** What the payer's result page shows of the payment. */
export interface PaymentResult {
  txnid: string;
  status: 'pending' | 'paid' | 'failed';
  amount: string;
  currency: string;
  name: string;
  product: string;
}

async function outcomeOf(db: Db, row: PaymentRow): Promise<PaymentOutcome> {
  const payment: PaymentResult = {
    txnid: row.txnid,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    name: row.name,
    product: row.product,
  };
  if (row.status !== 'paid' || !row.registrationId) return { payment, owed: null };
  const [registration] = await db.select().from(registrations).where(eq(registrations.id, row.registrationId));
  if (!registration) return { payment, owed: null };
  const minor = owedMinor({
    registration,
    receivedMinor: (await findReceivedMinor({ db, registrationIds: [registration.id] })).get(registration.id) ?? 0,
  });
  return { payment, owed: minor > 0 ? { minor, currency: registration.currency } : null };
}

/** The payer's browser back from PayU (success or failure post): recorded as recordPayuCallback does, and audited. */
export async function receivePayuReturn(input: {
  db: Db;
  config: Config;
  kind: 'success' | 'failure';
  form: Record<string, string>;
  ip: string;
  notify: ReceiptMailer;
}): Promise<PaymentOutcome> {
  const payment = await recordPayuCallback({ ...input, audit: { ip: input.ip, provider: 'payu', kind: input.kind } });
  return outcomeOf(input.db, payment);
}

/** The payer's browser back from Stripe Checkout: the payment synced with its session, and audited; 400 for a session not ours. */
export async function receiveCardReturn(input: {
  db: Db;
  card: CardProvider;
  sessionId: string;
  ip: string;
  notify: ReceiptMailer;
}): Promise<PaymentOutcome> {
  const { db, sessionId } = input;
  const payment = await syncCardSession({
    db,
    card: input.card,
    sessionId,
    kind: 'stripe.return',
    payload: { session_id: sessionId },
    notify: input.notify,
    audit: { ip: input.ip, provider: 'stripe', kind: 'return' },
  });
  if (!payment) throw new AppError('bad_request', 'This card payment was not started here.');
  return outcomeOf(db, payment);
}
