import { MessageJson } from '../schemas/common';
import {
  EditorVisaLetterDecidedJson,
  EditorVisaLettersJson,
  RegistrationIdParams,
  RejectVisaLetterBody,
  SignatureForm,
  VisaLetterCreatedJson,
  VisaLetterIdParams,
  VisaLetterRequestBody,
  VisaLettersJson,
} from '../schemas/visa-letter';
import { endpoints, fileAnswer } from './endpoint';

/**
 * Visa invitation letters (decision 0046): a registrant with a paid registration asks, an editor approves or refuses
 * with a reason, the approved letter (a PDF with a verification code) is mailed as a link and downloadable. Passport
 * numbers are shown to editors only and removed a set time after the conference.
 */
export const VISA_LETTERS = endpoints('payments', {
  requestVisaLetter: {
    method: 'POST',
    path: '/account/registrations/:id/visa-letter',
    summary: "Ask for a visa invitation letter for one of the caller's paid registrations",
    description:
      "The registration must be the caller's (by their verified address; another's answers 404) and paid (409 'A visa letter needs a paid registration.'). " +
      "403 until the caller's address is verified. 409 while another letter for it waits or was approved.",
    params: RegistrationIdParams,
    body: VisaLetterRequestBody,
    status: 201,
    response: VisaLetterCreatedJson,
    errors: [409],
  },
  listMyVisaLetters: {
    method: 'GET',
    path: '/account/visa-letters',
    summary: "The caller's visa letters with their state, and the paid registrations a letter may be asked for",
    description: 'Never holds the passport number. Until the address is verified: `waitingForVerification` and nothing else.',
    response: VisaLettersJson,
  },
  downloadMyVisaLetter: {
    method: 'GET',
    path: '/account/visa-letters/:id/letter.pdf',
    summary: 'The approved letter (PDF) of the caller',
    description: "404 for another's letter; 409 while it is not approved.",
    params: VisaLetterIdParams,
    response: fileAnswer('application/pdf', 'The invitation letter'),
    errors: [409],
  },
  listVisaLetters: {
    method: 'GET',
    path: '/editor/visa-letters',
    summary: 'Every visa letter request, newest first, with the passport details',
    response: EditorVisaLettersJson,
  },
  approveVisaLetter: {
    method: 'POST',
    path: '/editor/visa-letters/:id/approve',
    summary: 'Approve a requested letter: it gets its verification code and the requester a mail with the link',
    description: '409 when it was already decided.',
    params: VisaLetterIdParams,
    response: EditorVisaLetterDecidedJson,
    errors: [409],
  },
  rejectVisaLetter: {
    method: 'POST',
    path: '/editor/visa-letters/:id/reject',
    summary: 'Refuse a requested letter, with the reason the requester is told',
    description: '409 when it was already decided.',
    params: VisaLetterIdParams,
    body: RejectVisaLetterBody,
    response: EditorVisaLetterDecidedJson,
    errors: [409],
  },
  uploadSignature: {
    method: 'PUT',
    path: '/editor/settings/signature',
    tag: 'site',
    summary: "Upload the organiser's signature image (PNG or JPEG, at most 512 KB) for letters and certificates",
    description: "multipart/form-data with one file field `signature`; the type is told by the file's bytes, not its name.",
    multipart: true,
    body: SignatureForm,
    response: MessageJson,
    errors: [413, 503],
  },
  getSignature: {
    method: 'GET',
    path: '/editor/settings/signature',
    tag: 'site',
    summary: "The organiser's signature image (404 when none)",
    response: fileAnswer('image/png', 'The signature (PNG or JPEG)'),
  },
  removeSignature: {
    method: 'DELETE',
    path: '/editor/settings/signature',
    tag: 'site',
    summary: "Remove the organiser's signature image",
    response: MessageJson,
  },
});
