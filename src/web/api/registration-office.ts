import type { BodyOf } from '../../core/api/endpoint';
import { PAYMENTS } from '../../core/api/payments';
import { REGISTRATION_OFFICE } from '../../core/api/registration-office';
import { call, saveDownload } from './client';

/** Decision 0077: the registration office's settings, holds, reconciling, revenue and the e-ticket. */
export const getRegistrationOffice = () => call(REGISTRATION_OFFICE.getRegistrationOffice);
export const updateRegistrationOffice = (body: BodyOf<typeof REGISTRATION_OFFICE.updateRegistrationOffice>) =>
  call(REGISTRATION_OFFICE.updateRegistrationOffice, { body });
export const listSeatHolds = () => call(REGISTRATION_OFFICE.listSeatHolds);
export const releaseSeatHold = (id: string) => call(REGISTRATION_OFFICE.releaseSeatHold, { params: { id } });
export const matchPayment = (id: string, registrationCode: string) =>
  call(REGISTRATION_OFFICE.matchPayment, { params: { id }, body: { registrationCode } });
export const getRevenue = () => call(REGISTRATION_OFFICE.getRevenue);
export const saveRevenueCsv = (): Promise<void> =>
  saveDownload(REGISTRATION_OFFICE.exportRevenue, { fileName: `revenue-${new Date().toISOString().slice(0, 10)}.csv` });
export const saveETicket = (id: string, code: string): Promise<void> =>
  saveDownload(REGISTRATION_OFFICE.getETicket, { params: { id }, fileName: `e-ticket-${code}.pdf` });
/** Which ways to pay the server can start (a method not configured is not offered). */
export const getPaymentMethods = () => call(PAYMENTS.getPaymentsConfig);
