import { z } from '../zod';
import { isCategoryKey, UNSPECIFIED_CATEGORY } from '../registration';
import { Id, PaperId } from './common';
import { CountryCode } from './proceedings';
import { noBidiControls, plainLine } from './text';

/** Decision 0043: registrations, their prices, early-bird windows and coupons. Money: integers in minor units, currency beside. */

export const CURRENCIES = ['USD', 'INR'] as const;
export const CurrencyCode = z.enum(CURRENCIES, { message: 'Currency must be USD or INR' });

export const REGISTRATION_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export const PAYMENT_METHODS = ['payu', 'card', 'bank'] as const;

const CATEGORY_MESSAGE = 'Choose a registration category from the fee table';
/** A fee row's key or `workshop-<course id>` (the edition's courses are data: the server checks the course exists). */
export const CategoryKey = z.string({ message: CATEGORY_MESSAGE }).max(80, CATEGORY_MESSAGE).refine(isCategoryKey, CATEGORY_MESSAGE);

/** A coupon code as typed: letters, digits, '-' and '_', at most 32; stored upper case. */
export const COUPON_FORMAT = 'A coupon code is 3 to 32 letters, digits, - or _';
export const CouponCode = z
  .string({ message: COUPON_FORMAT })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,32}$/, COUPON_FORMAT);
/** Empty or missing: no coupon. */
const OptionalCoupon = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), CouponCode.optional().nullable());
const OptionalPaper = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), PaperId.optional().nullable());

const line = (field: string, max: number) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(max, `${field} is too long (at most ${max} characters)`)
    .refine(...plainLine(field));

export const QuoteBody = z.object(
  {
    category: CategoryKey,
    currency: CurrencyCode,
    coupon: OptionalCoupon,
    paperId: OptionalPaper,
  },
  { message: 'Send the category and currency as JSON' },
);
export type QuoteBody = z.infer<typeof QuoteBody>;

/** What is due, line by line; amountMinor = listMinor + extraMinor - discountMinor. */
export const QuoteJson = z.object({
  category: z.string(),
  categoryLabel: z.string(),
  currency: CurrencyCode,
  /** The fee row's list price (docs/product.md#fees-and-fixed-figures) before any early-bird window. */
  regularMinor: z.number().int(),
  /** The price charged for the row: the early-bird price while its window is open, else the regular one. */
  listMinor: z.number().int(),
  earlyBird: z.boolean(),
  /** The open early-bird window's end (ISO instant), or null. */
  earlyBirdUntil: z.string().nullable(),
  extraPages: z.number().int(),
  extraMinor: z.number().int(),
  discountMinor: z.number().int(),
  couponCode: z.string().nullable(),
  amountMinor: z.number().int(),
});
export type QuoteJson = z.infer<typeof QuoteJson>;

export const PriceRowJson = z.object({
  category: z.string(),
  label: z.string(),
  group: z.string(),
  usdMinor: z.number().int(),
  inrMinor: z.number().int(),
  regularUsdMinor: z.number().int(),
  regularInrMinor: z.number().int(),
  earlyBirdUntil: z.string().nullable(),
});
export const PricesJson = z.object({ prices: z.array(PriceRowJson) });
export type PricesJson = z.infer<typeof PricesJson>;

export const CreateRegistrationBody = z.object(
  {
    name: line('Name', 120).pipe(z.string().min(1, 'Name is required')),
    affiliation: line('Affiliation', 200).default(''),
    country: CountryCode.default(''),
    category: CategoryKey,
    currency: CurrencyCode,
    paperId: OptionalPaper,
    coupon: OptionalCoupon,
    billingName: line('Billing name', 120).optional().nullable(),
    billingAddress: z
      .string({ message: 'Billing address must be text' })
      .trim()
      .max(500, 'Billing address is too long (at most 500 characters)')
      .refine(...noBidiControls('Billing address'))
      .optional()
      .nullable(),
    provider: z.enum(PAYMENT_METHODS, { message: 'Choose how to pay: payu, card or bank' }),
  },
  { message: 'Send the registration as JSON' },
);
export type CreateRegistrationBody = z.infer<typeof CreateRegistrationBody>;
export type CreateRegistrationInput = z.input<typeof CreateRegistrationBody>;

export const RegistrationJson = z.object({
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
  currency: CurrencyCode,
  listMinor: z.number().int(),
  earlyBird: z.boolean(),
  extraPages: z.number().int(),
  extraMinor: z.number().int(),
  couponCode: z.string().nullable(),
  discountMinor: z.number().int(),
  amountMinor: z.number().int(),
  /** What its paid payments brought, in its currency; it is paid once this covers amountMinor (decision 0056). */
  receivedMinor: z.number().int(),
  /** What is still owed while it waits for payment (amountMinor − receivedMinor); 0 once paid or cancelled. */
  owedMinor: z.number().int(),
  billingName: z.string().nullable(),
  billingAddress: z.string().nullable(),
  status: z.enum(REGISTRATION_STATUSES),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  /** The receipt PDF (only for a paid registration). */
  receiptUrl: z.string().nullable(),
});
export type RegistrationJson = z.infer<typeof RegistrationJson>;

/** How to pay: PayU's hand-off form (rupees), the card checkout's address (dollars) or bank transfer instructions. */
export const PaymentStartJson = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('payu'), action: z.string(), fields: z.record(z.string(), z.string()) }),
  z.object({ kind: z.literal('card'), url: z.string() }),
  z.object({ kind: z.literal('bank'), instructions: z.string() }),
  /** Nothing to pay (a 100% coupon): the registration is paid already. */
  z.object({ kind: z.literal('none') }),
]);
export type PaymentStartJson = z.infer<typeof PaymentStartJson>;

export const CreatedRegistrationJson = z.object({ registration: RegistrationJson, payment: PaymentStartJson });
export type CreatedRegistrationJson = z.infer<typeof CreatedRegistrationJson>;

export const PayAgainBody = z.object(
  {
    provider: z.enum(PAYMENT_METHODS, { message: 'Choose how to pay: payu, card or bank' }),
  },
  { message: 'Send the payment method as JSON' },
);

export const MyRegistrationsJson = z.object({
  /** The caller's address is not verified yet: no registration is shown until it is. */
  waitingForVerification: z.boolean(),
  registrations: z.array(RegistrationJson),
});
export type MyRegistrationsJson = z.infer<typeof MyRegistrationsJson>;

export const RegistrationParams = z.object({ id: Id });

/* Editor: early-bird windows and coupons. */

const Instant = z
  .string({ message: 'Give the date and time as an ISO instant' })
  .refine(
    (v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)),
    'Give the date and time as an ISO instant, e.g. 2026-11-30T23:59:00+07:00',
  );
const UsdMinor = z
  .number({ message: 'The price must be a whole number of cents' })
  .int('The price must be a whole number of cents')
  .min(0, 'The price cannot be negative')
  .max(10_000_000, 'The price is too large');

export const EarlyBirdBody = z.object(
  { category: CategoryKey, usdMinor: UsdMinor, until: Instant },
  { message: 'Send the early-bird price as JSON' },
);
export const EarlyBirdJson = z.object({
  id: z.string(),
  category: z.string(),
  categoryLabel: z.string(),
  usdMinor: z.number().int(),
  inrMinor: z.number().int(),
  until: z.string(),
  open: z.boolean(),
});
export const EarlyBirdsJson = z.object({ earlyBirdPrices: z.array(EarlyBirdJson) });
export type EarlyBirdJson = z.infer<typeof EarlyBirdJson>;

export const CouponBody = z
  .object(
    {
      code: CouponCode,
      kind: z.enum(['percent', 'fixed'], { message: 'A coupon is percent or fixed' }),
      /** percent: 1-100; fixed: US cents. */
      value: z
        .number({ message: 'The value must be a whole number' })
        .int('The value must be a whole number')
        .min(1, 'The value must be at least 1'),
      categories: z.array(CategoryKey).max(100, 'Too many categories').default([]),
      usageLimit: z
        .number({ message: 'The usage limit must be a whole number' })
        .int('The usage limit must be a whole number')
        .min(1, 'The usage limit must be at least 1')
        .max(1_000_000, 'The usage limit is too large')
        .nullable()
        .optional(),
      expiresAt: Instant.nullable().optional(),
    },
    { message: 'Send the coupon as JSON' },
  )
  .refine((c) => c.kind !== 'percent' || c.value <= 100, { message: 'A percent coupon is 1 to 100 percent', path: ['value'] })
  .refine((c) => c.kind !== 'fixed' || c.value <= 10_000_000, { message: 'The discount is too large', path: ['value'] });
export type CouponBody = z.infer<typeof CouponBody>;

export const CouponPatchBody = z.object(
  {
    disabled: z.boolean({ message: 'disabled must be true or false' }).optional(),
    usageLimit: z
      .number({ message: 'The usage limit must be a whole number' })
      .int('The usage limit must be a whole number')
      .min(1, 'The usage limit must be at least 1')
      .max(1_000_000, 'The usage limit is too large')
      .nullable()
      .optional(),
    expiresAt: Instant.nullable().optional(),
  },
  { message: 'Send the change as JSON' },
);
export const CouponParams = z.object({ code: CouponCode });
export const CouponJson = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number().int(),
  categories: z.array(z.string()),
  usageLimit: z.number().int().nullable(),
  used: z.number().int(),
  expiresAt: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export const CouponsJson = z.object({ coupons: z.array(CouponJson) });
export type CouponJson = z.infer<typeof CouponJson>;

export { UNSPECIFIED_CATEGORY };
