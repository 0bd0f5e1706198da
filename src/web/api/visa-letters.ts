import type { BodyOf } from '../../core/api/endpoint';
import { VISA_LETTERS } from '../../core/api/visa-letters';
import { call, saveDownload } from './client';

/** The caller's letters with their state, and the paid registrations a letter may be asked for. */
export const listMyVisaLetters = () => call(VISA_LETTERS.listMyVisaLetters);
/** Ask for a letter for one of the caller's paid registrations. */
export const requestVisaLetter = (registrationId: string, body: BodyOf<typeof VISA_LETTERS.requestVisaLetter>) =>
  call(VISA_LETTERS.requestVisaLetter, { params: { id: registrationId }, body });
/** Save the approved letter's PDF. */
export const downloadVisaLetter = (id: string, code: string) =>
  saveDownload(VISA_LETTERS.downloadMyVisaLetter, { params: { id }, fileName: `visa-letter-${code}.pdf` });

/** Every request with its passport details (editors). */
export const listVisaLetters = () => call(VISA_LETTERS.listVisaLetters);
export const approveVisaLetter = (id: string) => call(VISA_LETTERS.approveVisaLetter, { params: { id } });
export const rejectVisaLetter = (id: string, reason: string) => call(VISA_LETTERS.rejectVisaLetter, { params: { id }, body: { reason } });

/** The organiser's signature image (settings). */
export const uploadSignature = (form: FormData) => call(VISA_LETTERS.uploadSignature, { form });
export const removeSignature = () => call(VISA_LETTERS.removeSignature);
/** The stored signature's image, to show. */
export const getSignatureImage = async (): Promise<Blob> => (await call(VISA_LETTERS.getSignature)).blob();
