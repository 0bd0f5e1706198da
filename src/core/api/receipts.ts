import { z } from '../zod';
import { CategoryKey } from '../schemas/registration';
import { Email, Id, PaperId } from '../schemas/common';
import { CountryCode } from '../schemas/proceedings';
import { noBidiControls, plainLine } from '../schemas/text';
import { endpoints, fileAnswer } from './endpoint';

/** Decisions 0043 and 0048: numbered receipts, bank transfers and the editor's page of one registration. Money in minor units, currency beside. */

const Currency = z.enum(['USD', 'INR'], { message: 'Currency must be USD or INR' });
const line = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(max, `${field} is too long (at most ${max} characters)`)
    .refine(...plainLine(field));
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional().nullable());

/** A receipt's verification code as printed (Crockford base32, five groups of four). */
export const RECEIPT_CODE = /^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/;
export const ReceiptLinkParams = z.object({ code: z.string().regex(RECEIPT_CODE, 'Receipt not found') });
export const ReceiptLinkQuery = z.object({
  sig: z
    .string({ message: 'This receipt link is incomplete: open the link from the mail as it is' })
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'This receipt link is not valid'),
});
/** "IMSE-2026-000042". */
export const ReceiptNumberParams = z.object({ number: z.string().regex(/^IMSE-\d{4}-\d{6,9}$/, 'Receipt not found') });
export const RegistrationIdParams = z.object({ id: Id });

export const ReceiptJson = z.object({
  number: z.string(),
  code: z.string(),
  billingName: z.string(),
  billingAddress: z.string().nullable(),
  item: z.string(),
  amountMinor: z.number().int(),
  currency: Currency,
  method: z.string(),
  paidAt: z.string(),
  issuedAt: z.string(),
});
export type ReceiptJson = z.infer<typeof ReceiptJson>;

export const RegistrationPaymentJson = z.object({
  id: z.string(),
  provider: z.enum(['payu', 'stripe', 'bank']),
  method: z.string(),
  status: z.enum(['pending', 'paid', 'failed']),
  amountMinor: z.number().int(),
  currency: z.string(),
  reference: z.string().nullable(),
  paidOn: z.string().nullable(),
  recordedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type RegistrationPaymentJson = z.infer<typeof RegistrationPaymentJson>;

export const EditorRegistrationJson = z.object({
  registration: z.object({
    id: z.string(),
    code: z.string(),
    year: z.number().int(),
    name: z.string(),
    email: z.string(),
    affiliation: z.string(),
    country: z.string(),
    category: z.string(),
    categoryLabel: z.string(),
    paperId: z.string().nullable(),
    currency: Currency,
    listMinor: z.number().int(),
    earlyBird: z.boolean(),
    extraPages: z.number().int(),
    extraMinor: z.number().int(),
    couponCode: z.string().nullable(),
    discountMinor: z.number().int(),
    amountMinor: z.number().int(),
    /** Received from its paid payments, and still owed while pending (decision 0056). */
    receivedMinor: z.number().int(),
    owedMinor: z.number().int(),
    billingName: z.string().nullable(),
    billingAddress: z.string().nullable(),
    status: z.enum(['pending', 'paid', 'cancelled']),
    paidAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    checkedInAt: z.string().nullable(),
    createdAt: z.string(),
  }),
  payments: z.array(RegistrationPaymentJson),
  receipts: z.array(ReceiptJson),
});
export type EditorRegistrationJson = z.infer<typeof EditorRegistrationJson>;

/** The editor registers someone (a speaker, a guest, a payer by bank): no payment yet; prices as for anyone. */
export const EditorRegistrationBody = z.object(
  {
    name: line('Name', 120).pipe(z.string().min(1, 'Name is required')),
    email: Email,
    affiliation: line('Affiliation', 200).default(''),
    country: CountryCode.default(''),
    category: CategoryKey,
    currency: Currency,
    paperId: optional(PaperId),
    coupon: optional(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9_-]{3,32}$/, 'A coupon code is 3 to 32 letters, digits, - or _'),
    ),
    billingName: optional(line('Billing name', 120)),
    billingAddress: optional(
      z
        .string({ message: 'Billing address must be text' })
        .trim()
        .max(500, 'Billing address is too long (at most 500 characters)')
        .refine(...noBidiControls('Billing address')),
    ),
  },
  { message: 'Send the registration as JSON' },
);
export type EditorRegistrationBody = z.infer<typeof EditorRegistrationBody>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day that exists, not before 2020, not after tomorrow (the money has arrived). */
export const PaidOnDay = z
  .string({ message: 'Give the day the transfer arrived (YYYY-MM-DD)' })
  .regex(DAY, 'Give the day the transfer arrived as YYYY-MM-DD')
  .refine((d) => {
    const t = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d;
  }, 'That day does not exist')
  .refine((d) => d >= '2020-01-01', 'The day the transfer arrived is too far back')
  .refine(
    (d) => new Date(`${d}T00:00:00Z`).getTime() <= Date.now() + 36 * 3600_000,
    'The day the transfer arrived cannot be in the future',
  );

export const BankTransferBody = z.object(
  {
    reference: line('Reference', 100).pipe(z.string().min(1, 'Give the bank\u2019s reference of the transfer')),
    paidOn: PaidOnDay,
    amountMinor: z
      .number({ message: 'Give the amount in minor units (cents or paise) as a whole number' })
      .int('Give the amount in minor units (cents or paise) as a whole number')
      .min(1, 'The amount must be more than zero')
      .max(100_000_000, 'The amount is too large'),
    currency: Currency,
  },
  { message: 'Send the transfer as JSON' },
);
export type BankTransferBody = z.infer<typeof BankTransferBody>;

export const BankTransferJson = z.object({ receiptNumber: z.string(), registration: EditorRegistrationJson });

const pdf = fileAnswer('application/pdf', 'The receipt (PDF)');

export const RECEIPTS = endpoints('payments', {
  downloadOwnReceipt: {
    method: 'GET',
    path: '/account/registrations/:id/receipt.pdf',
    summary: 'The receipt of one of the caller\u2019s registrations',
    description:
      'The owner is the person at the registration\u2019s address once it is confirmed (403 until then); anyone else: 404. 409 while not paid.',
    params: RegistrationIdParams,
    response: pdf,
    errors: [409],
  },
  downloadReceiptByLink: {
    method: 'GET',
    path: '/receipts/:code.pdf',
    summary: 'A receipt through the signed link of the confirmation mail (no login)',
    description: 'A changed code or signature answers 404.',
    params: ReceiptLinkParams,
    query: ReceiptLinkQuery,
    response: pdf,
  },
  downloadEditorReceipt: {
    method: 'GET',
    path: '/editor/receipts/:number.pdf',
    summary: 'Any receipt, by its number',
    params: ReceiptNumberParams,
    response: pdf,
  },
  getEditorRegistration: {
    method: 'GET',
    path: '/editor/registrations/:id',
    summary: 'One registration with its payments and receipts',
    params: RegistrationIdParams,
    response: EditorRegistrationJson,
  },
  createEditorRegistration: {
    method: 'POST',
    path: '/editor/registrations',
    summary: 'Register someone else (no payment yet)',
    description: 'Priced as for anyone (early-bird, coupon, extra pages); a full workshop course is 409.',
    body: EditorRegistrationBody,
    status: 201,
    response: EditorRegistrationJson,
    errors: [409],
  },
  recordBankTransfer: {
    method: 'POST',
    path: '/editor/registrations/:id/bank-transfers',
    summary: 'Record a bank transfer that arrived: the registration is paid and its receipt issued',
    description: 'The amount (minor units) and currency must be the amount due. A paid or cancelled registration: 409.',
    params: RegistrationIdParams,
    body: BankTransferBody,
    status: 201,
    response: BankTransferJson,
    errors: [409],
  },
});
