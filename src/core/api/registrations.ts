import {
  CouponBody,
  CouponJson,
  CouponParams,
  CouponPatchBody,
  CouponsJson,
  CreatedRegistrationJson,
  CreateRegistrationBody,
  EarlyBirdBody,
  EarlyBirdJson,
  EarlyBirdsJson,
  MyRegistrationsJson,
  PayAgainBody,
  PaymentStartJson,
  PricesJson,
  QuoteBody,
  QuoteJson,
  RegistrationJson,
  RegistrationParams,
} from '../schemas/registration';
import { z } from '../zod';
import { endpoints } from './endpoint';

export const EarlyBirdParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'Invalid ID format') });

/** Decision 0043: registrations as records, their prices (early-bird windows, coupons, extra pages), paid through PayU, card or bank. */
export const REGISTRATIONS = endpoints('payments', {
  getPrices: {
    method: 'GET',
    path: '/registrations/prices',
    summary: "Every registration category with its price now (US cents and rupee paise) and the early-bird window's end",
    response: PricesJson,
  },
  quoteRegistration: {
    method: 'POST',
    path: '/registrations/quote',
    summary: 'What a registration would cost: list or early-bird price, coupon discount, extra pages, total',
    description:
      'Counts no coupon use. 400 for an unknown coupon or a paper that is not accepted; 409 for a coupon expired, disabled, used up or not for this category.',
    body: QuoteBody,
    response: QuoteJson,
    errors: [409],
  },
  createRegistration: {
    method: 'POST',
    path: '/registrations',
    summary: "Register the caller's own (verified) address and start paying",
    description:
      'The server computes the amount. PayU takes INR, the card USD, a bank transfer either. 409 for a coupon that cannot be used or a full workshop course; ' +
      '403 until the address is verified; 503 when the chosen provider is not configured.',
    body: CreateRegistrationBody,
    status: 201,
    response: CreatedRegistrationJson,
    errors: [409, 503],
  },
  listMyRegistrations: {
    method: 'GET',
    path: '/account/registrations',
    summary: "The caller's registrations (by verified address), newest first",
    response: MyRegistrationsJson,
  },
  payRegistration: {
    method: 'POST',
    path: '/account/registrations/:id/pay',
    summary: 'Start paying a pending registration again',
    description: "409 when it is paid or cancelled; 404 for a registration that is not the caller's.",
    params: RegistrationParams,
    body: PayAgainBody,
    response: PaymentStartJson,
    errors: [409, 503],
  },
  cancelRegistration: {
    method: 'POST',
    path: '/account/registrations/:id/cancel',
    summary: 'Cancel a pending registration (its coupon use is given back)',
    description: "409 'The registration fee is non-refundable.' for a paid one; 404 for a registration that is not the caller's.",
    params: RegistrationParams,
    response: RegistrationJson,
    errors: [409],
  },
  listEarlyBirdPrices: {
    method: 'GET',
    path: '/editor/early-bird-prices',
    summary: 'Early-bird windows: a price per category until a date',
    response: EarlyBirdsJson,
  },
  createEarlyBirdPrice: {
    method: 'POST',
    path: '/editor/early-bird-prices',
    summary: 'Add an early-bird price for a category until a date',
    body: EarlyBirdBody,
    status: 201,
    response: EarlyBirdJson,
    errors: [409],
  },
  deleteEarlyBirdPrice: {
    method: 'DELETE',
    path: '/editor/early-bird-prices/:id',
    summary: 'Remove an early-bird price (registrations made keep their price)',
    params: EarlyBirdParams,
    response: z.object({ deleted: z.literal(true) }),
  },
  listCoupons: { method: 'GET', path: '/editor/coupons', summary: 'Coupon codes with their uses, limit and expiry', response: CouponsJson },
  createCoupon: {
    method: 'POST',
    path: '/editor/coupons',
    summary: 'Create a coupon code (percent or fixed US cents; some categories or all; usage limit; expiry)',
    body: CouponBody,
    status: 201,
    response: CouponJson,
    errors: [409],
  },
  updateCoupon: {
    method: 'PATCH',
    path: '/editor/coupons/:code',
    summary: 'Disable a coupon, or change its usage limit or expiry',
    params: CouponParams,
    body: CouponPatchBody,
    response: CouponJson,
  },
});
