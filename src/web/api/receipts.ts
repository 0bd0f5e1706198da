import type { BodyOf } from '../../core/api/endpoint';
import { RECEIPTS } from '../../core/api/receipts';
import { call, saveDownload } from './client';

/** One registration with its payments and receipts (the editor's). */
export const getEditorRegistration = (id: string) => call(RECEIPTS.getEditorRegistration, { params: { id } });
/** The editor registers someone else: no payment yet. */
export const createEditorRegistration = (body: BodyOf<typeof RECEIPTS.createEditorRegistration>) =>
  call(RECEIPTS.createEditorRegistration, { body });
/** A bank transfer that arrived: the registration is paid and its receipt issued. */
export const recordBankTransfer = (id: string, body: BodyOf<typeof RECEIPTS.recordBankTransfer>) =>
  call(RECEIPTS.recordBankTransfer, { params: { id }, body });
/** Any receipt by its number, saved as a PDF (the editor's). */
export const saveEditorReceipt = (number: string) =>
  saveDownload(RECEIPTS.downloadEditorReceipt, { params: { number }, fileName: `receipt-${number}.pdf` });
/** The receipt of one of the caller's own registrations, saved as a PDF. */
export const saveOwnReceipt = (id: string) => saveDownload(RECEIPTS.downloadOwnReceipt, { params: { id }, fileName: `receipt-${id}.pdf` });
