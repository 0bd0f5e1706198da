import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { AuditPageJson, AuditQuery } from '../../../core/schemas/records';
import type { Db } from '../../db/connect';
import { auditLog, type AuditRow } from '../../db/schema';

export const toAuditJson = (r: AuditRow) => ({
  _id: r.id,
  at: r.at.toISOString(),
  actorId: r.actorId,
  actorRole: r.actorRole,
  action: r.action,
  paperId: r.paperId,
  ip: r.ip,
  details: (r.details ?? {}) as Record<string, unknown>,
});

/** One page of the audit log, newest first, filtered by action (prefix: 'review.' finds every review action), actor, paper and time. */
export async function listAudit({ db, query: q }: { db: Db; query: AuditQuery }): Promise<AuditPageJson> {
  const limit = q.limit ?? 100;
  const where: SQL[] = [];
  if (q.action) where.push(q.action.endsWith('.') ? gte(auditLog.action, q.action) : eq(auditLog.action, q.action));
  if (q.action?.endsWith('.')) where.push(lt(auditLog.action, `${q.action.slice(0, -1)}/`));
  if (q.actorId) where.push(eq(auditLog.actorId, q.actorId));
  if (q.paperId) where.push(eq(auditLog.paperId, q.paperId));
  if (q.from) where.push(gte(auditLog.at, new Date(q.from)));
  if (q.to) where.push(lte(auditLog.at, new Date(q.to)));
  if (q.cursor) where.push(lt(auditLog.id, q.cursor));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { entries: page.map(toAuditJson), nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
}
