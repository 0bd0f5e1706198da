import type { BodyOf } from '../../core/api/endpoint';
import { REGISTRATIONS } from '../../core/api/registrations';
import { call } from './client';

/** Every category with its price now and the early-bird window's end. */
export const getPrices = () => call(REGISTRATIONS.getPrices);
/** What a registration would cost (counts no coupon use). */
export const quoteRegistration = (body: BodyOf<typeof REGISTRATIONS.quoteRegistration>) => call(REGISTRATIONS.quoteRegistration, { body });
/** Register the caller's own address and start paying. */
export const createRegistration = (body: BodyOf<typeof REGISTRATIONS.createRegistration>) =>
  call(REGISTRATIONS.createRegistration, { body });
export const listMyRegistrations = () => call(REGISTRATIONS.listMyRegistrations);
export const payRegistration = (id: string, provider: 'payu' | 'card' | 'bank') =>
  call(REGISTRATIONS.payRegistration, { params: { id }, body: { provider } });
export const cancelRegistration = (id: string) => call(REGISTRATIONS.cancelRegistration, { params: { id } });

export const listEarlyBirdPrices = () => call(REGISTRATIONS.listEarlyBirdPrices);
export const createEarlyBirdPrice = (body: BodyOf<typeof REGISTRATIONS.createEarlyBirdPrice>) =>
  call(REGISTRATIONS.createEarlyBirdPrice, { body });
export const deleteEarlyBirdPrice = (id: string) => call(REGISTRATIONS.deleteEarlyBirdPrice, { params: { id } });
export const listCoupons = () => call(REGISTRATIONS.listCoupons);
export const createCoupon = (body: BodyOf<typeof REGISTRATIONS.createCoupon>) => call(REGISTRATIONS.createCoupon, { body });
export const updateCoupon = (code: string, body: BodyOf<typeof REGISTRATIONS.updateCoupon>) =>
  call(REGISTRATIONS.updateCoupon, { params: { code }, body });
