import { checkAuditDetails, type AuditAction, type AuditDetails } from '../../../core/audit-actions';
import { newId } from '../../../core/ids';
import type { Db } from '../../db/connect';
import { auditLog } from '../../db/schema';

/** Who did it (signed in), for the audit row. */
export interface Actor {
  id: string;
  ip: string;
}

/** A database or an open transaction: pass the transaction so the audit row commits with the change it records. */
export type DbOrTx = Pick<Db, 'insert'>;

/** Details may be left out only by an action whose details may be empty. */
type DetailsOf<A extends AuditAction> =
  Record<string, never> extends AuditDetails<A> ? { details?: AuditDetails<A> } : { details: AuditDetails<A> };

export type AuditEntry<A extends AuditAction> = {
  /** null: nobody logged in (a failed login, a payment provider's callback). */
  actorId: string | null;
  actorRole: string | null;
  /** What happened, as `entity.verb` (src/core/audit-actions.ts lists them): 'user.signup', 'login.failed', 'paper.submit' … */
  action: A;
  paperId?: string | null;
  ip?: string | null;
} & DetailsOf<A>;

/** The row of one audit entry, its details checked against its action's schema (throws when they do not fit). */
export function auditRow<A extends AuditAction>(entry: AuditEntry<A>): typeof auditLog.$inferInsert {
  const details = entry.details ?? {};
  checkAuditDetails(entry.action, details);
  return {
    id: newId(),
    actorId: entry.actorId,
    actorRole: entry.actorRole,
    action: entry.action,
    paperId: entry.paperId ?? null,
    ip: entry.ip ?? null,
    details,
  };
}

/** Record one state change in the audit log. Insert-only: the log is never updated or deleted through the API. */
export async function recordAudit<A extends AuditAction>(db: DbOrTx, entry: AuditEntry<A>): Promise<void> {
  await db.insert(auditLog).values(auditRow(entry));
}
