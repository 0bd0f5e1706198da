import { EDITOR_DESK } from '../../core/api/editor-desk';
import type { ExportName } from '../../core/schemas/records';
import { call, saveDownload, type QueryOf } from './client';

/** Whether the server delivers mail or keeps it in the outbox (the editor's banner). */
export const getMailStatus = () => call(EDITOR_DESK.getMailStatus);
/** Queue a failed mail once more; the answer holds its new state. */
export const retryMail = (mailId: string) => call(EDITOR_DESK.retryMail, { params: { mailId } });

/** The audit log's filters and page, as the query of GET /editor/audit. */
export type AuditFilters = QueryOf<typeof EDITOR_DESK.listAuditEntries>;
/** One page of the audit log, 100 entries unless `limit` says. */
export const getAudit = (filters: AuditFilters) =>
  call(EDITOR_DESK.listAuditEntries, { query: { ...filters, limit: filters.limit ?? 100 } });

export const getEditorStats = () => call(EDITOR_DESK.getEditorStats);
/** What this edition still lacks, in the order of its phases (the dashboard's first steps). */
export const getFirstSteps = () => call(EDITOR_DESK.getFirstSteps);

/** Download one of the editor's CSV exports (EXPORT_LABELS) as `<name>-<date>.csv`, with the login token. */
export const saveExport = (name: ExportName): Promise<void> =>
  saveDownload(EDITOR_DESK.downloadExport, {
    params: { file: `${name}.csv` },
    fileName: `${name}-${new Date().toISOString().slice(0, 10)}.csv`,
  });

/** The mail log filtered: to one address, in one state, of some templates (comma-separated); with counts per state. */
export type MailFilters = QueryOf<typeof EDITOR_DESK.listMails>;
export const listMails = (filters: MailFilters) => call(EDITOR_DESK.listMails, { query: filters });
/** One mail whole (a secret link hidden when mail is configured). */
export const getMail = (mailId: string) => call(EDITOR_DESK.getMail, { params: { mailId } });
/** What became of the newest Send Mail invitation to each reviewer of a paper. */
export const getInvitationMails = (paperId: string) => call(EDITOR_DESK.listInvitationMails, { params: { paperId } });
