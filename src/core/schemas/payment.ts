import { z } from '../zod';
import { Email } from './common';
import { FeeItem } from './fee-item';
import { noBidiControls, plainLine } from './text';

/** docs/product.md#the-api: the payment form sends a fixed placeholder phone (PayU requires one; the form does not ask). */
export const PLACEHOLDER_PHONE = '9999999999';
export const DEFAULT_PRODUCT = 'Conference Registration';
export const MAX_PAYMENT_AMOUNT = 100_000;

// PayU's hash joins the fields with '|': a '|' inside a value could shift the fields it covers.
const Name = z
  .string({ message: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(60, 'Name is too long (at most 60 characters)')
  .refine((v) => !v.includes('|'), 'Name may not contain the character |')
  .refine(...plainLine('Name'));
const PayerEmail = z.string({ message: 'Email is required' }).trim().min(1, 'Email is required').pipe(Email);
const Amount = z
  .preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim() || NaN) : v),
    z.number({ error: (issue) => (issue.input === undefined ? 'Amount is required' : 'Amount must be a number') }),
  )
  .refine((n) => n > 0, 'Amount must be more than 0')
  .refine((n) => n <= MAX_PAYMENT_AMOUNT, 'Amount must be at most 100,000')
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Amount may have at most two decimals');
/** The paper ID, or 'Conference Registration' when it is empty (docs/product.md#the-api). */
const ProductInfo = z
  .string()
  .trim()
  .max(100, 'Paper ID is too long (at most 100 characters)')
  .refine((v) => !v.includes('|'), 'Paper ID may not contain the character |')
  .refine(...noBidiControls('Paper ID'))
  .optional()
  .transform((v) => v || DEFAULT_PRODUCT);

export const PayuInitiateBody = z.object(
  {
    name: Name,
    email: PayerEmail,
    phone: z
      .string()
      .trim()
      .regex(/^\d{6,15}$/, 'Phone must be 6 to 15 digits, nothing else')
      .default(PLACEHOLDER_PHONE),
    amount: Amount,
    productinfo: ProductInfo,
    /** What the payment is for (decision 0016); optional, so the original payment call's payload keeps working. */
    feeItem: FeeItem.optional(),
  },
  { message: 'Send the payment details as JSON' },
);
export type PayuInitiateBody = z.infer<typeof PayuInitiateBody>;
export type PayuInitiateInput = z.input<typeof PayuInitiateBody>;

/** Card payments are in US dollars; Stripe's smallest charge is 0.50. */
export const CardCheckoutBody = z.object(
  {
    name: Name,
    email: PayerEmail,
    amount: Amount.refine((n) => n >= 0.5, 'Amount must be at least 0.50 USD'),
    productinfo: ProductInfo,
    feeItem: FeeItem.optional(),
  },
  { message: 'Send the payment details as JSON' },
);
export type CardCheckoutBody = z.infer<typeof CardCheckoutBody>;
export type CardCheckoutInput = z.input<typeof CardCheckoutBody>;

export const CardCheckoutResponse = z.object({ url: z.string() });
export type CardCheckoutResponse = z.infer<typeof CardCheckoutResponse>;

/** Which payment providers this server is configured for, so the form can say so before anyone types. */
export const PaymentsConfigJson = z.object({ payu: z.boolean(), card: z.boolean() });
export type PaymentsConfigJson = z.infer<typeof PaymentsConfigJson>;

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PaymentJson = z.object({
  _id: z.string(),
  txnid: z.string(),
  provider: z.enum(['payu', 'stripe', 'bank']),
  /** The method as people name it: "PayU", "Card (Stripe)", "Bank transfer" (decision 0077). */
  method: z.string(),
  /** Two decimals, as a string (no float rounding). */
  amount: z.string(),
  currency: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  product: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  providerRef: z.string().nullable(),
  /** The fee item chosen, its description, and the amount core/fees.ts expects for it (two decimals); null: not given. */
  feeItem: FeeItem.nullable(),
  feeLabel: z.string().nullable(),
  expectedAmount: z.string().nullable(),
  /**
   * The registration the payment pays for, with what it received and still owes in its currency (decision 0056);
   * null for a plain payment (the payment form without a fee row).
   */
  registration: z
    .object({
      id: z.string(),
      code: z.string(),
      status: z.enum(['pending', 'paid', 'cancelled']),
      currency: z.enum(['USD', 'INR']),
      amountMinor: z.number().int(),
      receivedMinor: z.number().int(),
      owedMinor: z.number().int(),
    })
    .nullable(),
  /** Paid, yet its registration still owes part of its price (or, for a plain payment, below the fee item's expected amount). */
  underpaid: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentJson = z.infer<typeof PaymentJson>;

export const PaymentsListResponse = z.object({ payments: z.array(PaymentJson) });
export type PaymentsListResponse = z.infer<typeof PaymentsListResponse>;
