import type { BodyOf } from '../../core/api/endpoint';
import { PROGRAMME } from '../../core/api/programme';
import type { CertificateJson } from '../../core/schemas/program';
import { call, saveDownload } from './client';

export const getEditorProgram = () => call(PROGRAMME.getEditorProgram);
export const createProgramSession = (body: BodyOf<typeof PROGRAMME.createSession>) => call(PROGRAMME.createSession, { body });
export const deleteProgramSession = (id: string) => call(PROGRAMME.deleteSession, { params: { id } });
export const placeSessionPapers = (id: string, body: BodyOf<typeof PROGRAMME.placePapers>) =>
  call(PROGRAMME.placePapers, { params: { id }, body });
export const getRegistrations = () => call(PROGRAMME.listRegistrations);
/** Whether each accepted paper is registered, by Paper ID (the editor's lists show it as a badge). */
export const getRegisteredByPaper = async (): Promise<Record<string, boolean>> =>
  Object.fromEntries((await getRegistrations()).papers.map((p) => [p._id, p.registered]));
export const remindRegistration = (paperIds: string[]) => call(PROGRAMME.remindUnregistered, { body: { paperIds } });
/** Issue what is due; `presentationsBeforeSessions` is the editor's override for sessions still to come (decision 0054). */
export const issueCertificates = (body: BodyOf<typeof PROGRAMME.issueCertificates> = {}) => call(PROGRAMME.issueCertificates, { body });
export const getMyCertificates = () => call(PROGRAMME.listMyCertificates);
export const getPaperRegistration = (paperId: string) => call(PROGRAMME.getPaperRegistration, { params: { paperId } });

/** The certificate PDF, fetched with the login token and saved by the browser. */
export const downloadCertificate = (c: CertificateJson): Promise<void> =>
  saveDownload(PROGRAMME.getMyCertificatePdf, { params: { code: `${c.code}.pdf` }, fileName: `certificate-${c.code}.pdf` });

/** The published programme (public) and the caller's personal agenda: stars on its sessions, and their calendar file. */
export const getProgram = () => call(PROGRAMME.getProgram);
export const getAgenda = () => call(PROGRAMME.getAgenda);
export const starSession = (id: string) => call(PROGRAMME.starSession, { params: { id } });
export const unstarSession = (id: string) => call(PROGRAMME.unstarSession, { params: { id } });
export const downloadAgendaIcs = (): Promise<void> => saveDownload(PROGRAMME.getAgendaIcs, { fileName: 'imse-my-agenda.ics' });

export const updateProgramSession = (id: string, body: BodyOf<typeof PROGRAMME.updateSession>) =>
  call(PROGRAMME.updateSession, { params: { id }, body });
/** Publish the draft (decision 0052); with warnings, only when `acknowledgeWarnings`. */
export const publishProgram = (body: BodyOf<typeof PROGRAMME.publishProgram>) => call(PROGRAMME.publishProgram, { body });
