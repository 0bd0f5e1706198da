import type { MailJson } from '../../core/schemas/mail';
import type { AuditPageJson } from '../../core/schemas/records';
import { api } from './client';

/** Queue a failed mail once more; the answer holds its new state. */
export const retryMail = (mailId: string) => api<{ message: string; mail: MailJson }>(`/editor/mails/${encodeURIComponent(mailId)}/retry`, { method: 'POST' });

export interface AuditFilters { action?: string; actorId?: string; paperId?: string; from?: string; to?: string; cursor?: string; limit?: string }
export function getAudit(filters: AuditFilters): Promise<AuditPageJson> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  if (!q.has('limit')) q.set('limit', '100');
  return api<AuditPageJson>(`/editor/audit?${q.toString()}`);
}

/** Download a CSV export with the login token (a plain link could not send it) and save it. */
export async function downloadExport(url: string, fileName: string): Promise<void> {
  const { session, ApiError } = await import('./client');
  const res = await fetch(url, { headers: { authorization: `Bearer ${session.token() ?? ''}` } });
  if (!res.ok) throw new ApiError(res.status, `Export failed (${res.status})`, undefined);
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
