import type { MailJson } from '../../core/schemas/mail';
import type { AuditPageJson } from '../../core/schemas/records';
import { api, saveDownload } from './client';

/** Queue a failed mail once more; the answer holds its new state. */
export const retryMail = (mailId: string) => api<{ message: string; mail: MailJson }>(`/editor/mails/${encodeURIComponent(mailId)}/retry`, { method: 'POST' });

export interface AuditFilters { action?: string; actorId?: string; paperId?: string; from?: string; to?: string; cursor?: string; limit?: string }
export function getAudit(filters: AuditFilters): Promise<AuditPageJson> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  if (!q.has('limit')) q.set('limit', '100');
  return api<AuditPageJson>(`/editor/audit?${q.toString()}`);
}

/** Download one of the editor's CSV exports (EXPORT_LABELS) as `<name>-<date>.csv`, with the login token. */
export const saveExport = (url: string, fileName: string): Promise<void> => saveDownload(url, fileName);
