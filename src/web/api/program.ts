import type { z } from 'zod';
import type {
  CertificateJson, CertificateListJson, EditorProgramJson, IssueCertificatesJson, PlacementBody, RegistrationJson, RemindJson, SessionBody,
} from '../../core/schemas/program';
import { api, saveDownload } from './client';

type EditorSession = EditorProgramJson['sessions'][number];

export const getEditorProgram = () => api<EditorProgramJson>('/editor/program');
export const createProgramSession = (body: z.input<typeof SessionBody>) => api<EditorSession>('/editor/program/sessions', { json: body });
export const deleteProgramSession = (id: string) => api<{ message: string }>(`/editor/program/sessions/${id}`, { method: 'DELETE' });
export const placeSessionPapers = (id: string, body: PlacementBody) => api<EditorSession>(`/editor/program/sessions/${id}/papers`, { method: 'PUT', json: body });
export const getRegistrations = () => api<z.infer<typeof RegistrationJson>>('/editor/registrations');
/** Whether each accepted paper is registered, by Paper ID (the editor's lists show it as a badge). */
export const getRegisteredByPaper = async (): Promise<Record<string, boolean>> =>
  Object.fromEntries((await getRegistrations()).papers.map((p) => [p._id, p.registered]));
export const remindRegistration = (paperIds: string[]) => api<z.infer<typeof RemindJson>>('/editor/registrations/remind', { json: { paperIds } });
export const issueCertificates = () => api<z.infer<typeof IssueCertificatesJson>>('/editor/certificates', { method: 'POST' });
export const getMyCertificates = () => api<z.infer<typeof CertificateListJson>>('/me/certificates');
export const getPaperRegistration = (paperId: string) => api<{ registered: boolean }>(`/author/paper-registration/${paperId}`);

/** The certificate PDF, fetched with the login token and saved by the browser. */
export const downloadCertificate = (c: CertificateJson): Promise<void> => saveDownload(`/me/certificates/${c.code}.pdf`, `certificate-${c.code}.pdf`);
