import { createHmac, timingSafeEqual } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import type { ConferenceFacts } from '../../../core/conference-facts';
import type { Currency } from '../../../core/fees';
import { formatMoney } from '../../../core/format';
import { categoryLabeller } from '../shared/category-labels';
import type { Db } from '../../db/connect';
import { payments, receipts, registrations } from '../../db/schema';
import { renderReceiptPdf, type ReceiptDocument } from '../../documents/receipt-pdf';
import { AppError } from '../../errors';
import type { Caller } from '../../permissions';
import type { FileStore } from '../../storage/file-store';
import { findOrganiser } from '../shared/organiser';

/** A numbered receipt as the services hand it on (the receipts table's columns). */
export interface Receipt {
  number: string;
  year: number;
  seq: number;
  code: string;
  paymentId: string;
  registrationId: string;
  billingName: string;
  billingAddress: string | null;
  item: string;
  amountMinor: number;
  currency: Currency;
  method: string;
  paidAt: Date;
  issuedAt: Date;
}
type RegistrationRow = typeof registrations.$inferSelect;

/**
 * The receipt link in the confirmation mail (decision 0048): the receipt's code signed with the server's secret, so
 * whoever holds the mail downloads the PDF without logging in, and a changed code or signature is refused.
 */
function receiptSignature(secret: string, code: string): string {
  return createHmac('sha256', secret).update(`receipt\n${code}`).digest('base64url');
}

function checkReceiptSignature(secret: string, code: string, sig: string): boolean {
  const want = Buffer.from(receiptSignature(secret, code));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

export function receiptLink(opts: { publicUrl: string; secret: string; code: string }): string {
  return `${opts.publicUrl}/api/receipts/${opts.code}.pdf?sig=${receiptSignature(opts.secret, opts.code)}`;
}

export const RECEIPT_NOT_FOUND = 'Receipt not found';
const REGISTRATION_NOT_FOUND = 'Registration not found';
export const NOT_PAID_YET = 'This registration is not paid yet, so it has no receipt.';
export const VERIFY_FIRST =
  'Confirm your e-mail address first: registrations are shown to the address they were made for once it is confirmed.';

/** The fee lines a receipt shows under its item, when the payment paid the registration's own price. */
function feeLines(r: RegistrationRow, paidMinor: number, label: (key: string) => string): { label: string; amount: string }[] {
  const currency = r.currency as Currency;
  if (r.category === 'unspecified' || paidMinor !== r.amountMinor) return [];
  const lines = [{ label: `${label(r.category)}${r.earlyBird ? ' (early-bird price)' : ''}`, amount: formatMoney(r.listMinor, currency) }];
  if (r.extraPages > 0) lines.push({ label: `Extra pages beyond 10: ${r.extraPages}`, amount: formatMoney(r.extraMinor, currency) });
  if (r.couponCode && r.discountMinor > 0) lines.push({ label: `Coupon ${r.couponCode}`, amount: formatMoney(-r.discountMinor, currency) });
  return lines;
}

/** What the PDF shows for a stored receipt. */
async function receiptDocument(db: Db, receipt: Receipt, opts: ReceiptRendering): Promise<ReceiptDocument> {
  const [[registration], [payment], organiser] = await Promise.all([
    db.select().from(registrations).where(eq(registrations.id, receipt.registrationId)),
    db.select({ providerRef: payments.providerRef, provider: payments.provider }).from(payments).where(eq(payments.id, receipt.paymentId)),
    opts.store ? findOrganiser({ db, store: opts.store }) : null,
  ]);
  return {
    number: receipt.number,
    code: receipt.code,
    paidAt: receipt.paidAt,
    issuedAt: receipt.issuedAt,
    billingName: receipt.billingName,
    billingAddress: receipt.billingAddress,
    email: registration?.email ?? '',
    registrationCode: registration?.code ?? '',
    item: receipt.item,
    lines: registration ? feeLines(registration, receipt.amountMinor, await categoryLabeller(db)) : [],
    amount: formatMoney(receipt.amountMinor, receipt.currency),
    currency: receipt.currency,
    method: receipt.method,
    reference: payment?.provider === 'bank' ? payment.providerRef : null,
    verifyUrl: `${opts.publicUrl}/verify/${receipt.code}`,
    conference: opts.conference,
    logo: organiser?.logo ?? null,
  };
}

/** How a receipt is drawn: the conference's current facts, the logo from the file store (none without one). */
export interface ReceiptRendering {
  publicUrl: string;
  conference: ConferenceFacts;
  store?: FileStore;
}

export async function renderReceipt({
  db,
  receipt,
  ...rendering
}: { db: Db; receipt: Receipt } & ReceiptRendering): Promise<{ fileName: string; pdf: Uint8Array }> {
  return { fileName: `receipt-${receipt.number}.pdf`, pdf: await renderReceiptPdf(await receiptDocument(db, receipt, rendering)) };
}

/** The receipt named by the mail's signed link; a wrong or missing signature looks like no receipt at all. */
export async function findReceiptBySignedLink(opts: { db: Db; code: string; sig: string; secret: string }): Promise<Receipt> {
  const { db } = opts;
  if (!checkReceiptSignature(opts.secret, opts.code, opts.sig)) throw new AppError('not_found', RECEIPT_NOT_FOUND);
  const [receipt] = await db.select().from(receipts).where(eq(receipts.code, opts.code));
  if (!receipt) throw new AppError('not_found', RECEIPT_NOT_FOUND);
  return receipt;
}

export async function findReceiptByNumber({ db, number }: { db: Db; number: string }): Promise<Receipt> {
  const [receipt] = await db.select().from(receipts).where(eq(receipts.number, number));
  if (!receipt) throw new AppError('not_found', RECEIPT_NOT_FOUND);
  return receipt;
}

/**
 * The registration's owner: the person at its address, once that address is confirmed. Anyone else is told it
 * does not exist (404); the owner whose address waits for confirmation is told why (403).
 */
function canReadRegistration(
  caller: Caller,
  registration: Pick<RegistrationRow, 'email' | 'userId'> | undefined,
): { code: 'forbidden' | 'not_found'; message: string } | null {
  if (!registration) return { code: 'not_found', message: REGISTRATION_NOT_FOUND };
  const sameAddress = registration.email.trim().toLowerCase() === caller.email.trim().toLowerCase();
  if (!sameAddress) return { code: 'not_found', message: REGISTRATION_NOT_FOUND };
  return caller.emailVerified ? null : { code: 'forbidden', message: VERIFY_FIRST };
}

/** The newest receipt of the caller's own registration (a second payment of one registration has its own, later receipt). */
export async function findOwnReceipt({ db, caller, registrationId }: { db: Db; caller: Caller; registrationId: string }): Promise<Receipt> {
  const [registration] = await db
    .select({ email: registrations.email, userId: registrations.userId })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  const denial = canReadRegistration(caller, registration);
  if (denial) throw new AppError(denial.code, denial.message);
  const [receipt] = await db
    .select()
    .from(receipts)
    .where(eq(receipts.registrationId, registrationId))
    .orderBy(desc(receipts.issuedAt), desc(receipts.seq))
    .limit(1);
  if (!receipt) throw new AppError('conflict', NOT_PAID_YET);
  return receipt;
}

/** Every receipt of a registration, oldest first. */
export function listRegistrationReceipts({ db, registrationId }: { db: Db; registrationId: string }): Promise<Receipt[]> {
  return db.select().from(receipts).where(eq(receipts.registrationId, registrationId)).orderBy(asc(receipts.year), asc(receipts.seq));
}
