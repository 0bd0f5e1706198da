import { z } from '../zod';
import { MessageJson, PaperId } from '../schemas/common';
import {
  AgendaJson,
  AgendaParams,
  CertificateListJson,
  EditorProgramJson,
  IssueCertificatesBody,
  IssueCertificatesJson,
  PlacementBody,
  ProgramJson,
  ProgramLinksJson,
  PublishProgramBody,
  PublishProgramJson,
  RegistrationJson,
  RemindBody,
  RemindJson,
  SessionBody,
  SessionParams,
  SessionPatchBody,
} from '../schemas/program';
import { endpoints, fileAnswer } from './endpoint';

const EditorSessionJson = EditorProgramJson.shape.sessions.element;
const IcsParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}\.ics$/, 'Invalid ID format') });
const CodeParams = z.object({ code: z.string().max(40) });
const PdfParams = z.object({ code: z.string().regex(/^[0-9A-Za-z-]{1,40}\.pdf$/, 'Certificate not found') });

/** Programme, calendars, registration of papers and certificates (decision 0017). */
export const PROGRAMME = endpoints('programme', {
  getProgram: { method: 'GET', path: '/program', summary: 'The published programme', response: ProgramJson },
  getProgramLinks: {
    method: 'GET',
    path: '/program/links',
    summary: "The published sessions' online links (registered participants and editors)",
    response: ProgramLinksJson,
  },
  getProgramIcs: {
    method: 'GET',
    path: '/program.ics',
    summary: 'The whole programme as an iCalendar file',
    response: fileAnswer('text/calendar', 'The whole programme (iCalendar)'),
  },
  getSessionIcs: {
    method: 'GET',
    path: '/program/sessions/:id',
    summary: 'One session as an iCalendar file',
    params: IcsParams,
    response: fileAnswer('text/calendar', 'One session (iCalendar)'),
  },
  getEditorProgram: {
    method: 'GET',
    path: '/editor/program',
    summary: 'The draft programme as the editor edits it, and whether it is published',
    response: EditorProgramJson,
  },
  createSession: {
    method: 'POST',
    path: '/editor/program/sessions',
    summary: 'Add a session',
    body: SessionBody,
    status: 201,
    response: EditorSessionJson,
  },
  updateSession: {
    method: 'PATCH',
    path: '/editor/program/sessions/:id',
    summary: 'Change a session',
    params: SessionParams,
    body: SessionPatchBody,
    response: EditorSessionJson,
  },
  deleteSession: {
    method: 'DELETE',
    path: '/editor/program/sessions/:id',
    summary: 'Remove a session',
    params: SessionParams,
    response: MessageJson,
  },
  publishProgram: {
    method: 'POST',
    path: '/editor/program/publish',
    summary: 'Publish the draft programme (warnings must be acknowledged); mails presenters whose slot is new or changed',
    body: PublishProgramBody,
    response: PublishProgramJson,
    errors: [409],
  },
  placePapers: {
    method: 'PUT',
    path: '/editor/program/sessions/:id/papers',
    summary: 'Place papers in a session, in order',
    params: SessionParams,
    body: PlacementBody,
    response: EditorSessionJson,
  },
  getAgenda: {
    method: 'GET',
    path: '/me/agenda',
    summary: "The caller's personal agenda: the published sessions they starred",
    response: AgendaJson,
  },
  starSession: {
    method: 'PUT',
    path: '/me/agenda/:id',
    summary: 'Star a session of the published programme (again: still one star)',
    params: AgendaParams,
    response: AgendaJson,
  },
  unstarSession: {
    method: 'DELETE',
    path: '/me/agenda/:id',
    summary: 'Take the star off a session',
    params: AgendaParams,
    response: AgendaJson,
  },
  getAgendaIcs: {
    method: 'GET',
    path: '/me/agenda.ics',
    summary: "The caller's starred sessions as an iCalendar file",
    response: fileAnswer('text/calendar', 'The starred sessions (iCalendar)'),
  },
  listRegistrations: {
    method: 'GET',
    path: '/editor/registrations',
    summary: 'Accepted papers and whether each is registered',
    response: RegistrationJson,
  },
  remindUnregistered: {
    method: 'POST',
    path: '/editor/registrations/remind',
    summary: 'Remind the authors of unregistered papers',
    body: RemindBody,
    response: RemindJson,
  },
  getPaperRegistration: {
    method: 'GET',
    path: '/author/paper-registration/:paperId',
    summary: "Whether the author's paper is registered",
    params: z.object({ paperId: PaperId }),
    response: z.object({ registered: z.boolean() }),
  },
  issueCertificates: {
    method: 'POST',
    path: '/editor/certificates',
    summary: 'Issue the certificates not issued yet (presentations once their published session has ended, unless overridden)',
    body: IssueCertificatesBody,
    response: IssueCertificatesJson,
  },
  listMyCertificates: {
    method: 'GET',
    path: '/me/certificates',
    summary: "The caller's certificates (once their address is verified)",
    response: CertificateListJson,
  },
  getMyCertificatePdf: {
    method: 'GET',
    path: '/me/certificates/:code',
    summary: "One of the caller's certificates as a PDF",
    params: PdfParams,
    response: fileAnswer('application/pdf', 'The certificate (PDF)'),
  },
  verifyCertificate: {
    method: 'GET',
    path: '/certificates/:code',
    summary: 'Check a certificate by its code',
    params: CodeParams,
    response: z.object({ certificate: IssueCertificatesJson.shape.certificates.element.omit({ email: true }) }),
  },
});
