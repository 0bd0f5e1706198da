import { newId } from '../../../core/ids';
import type { Db } from '../../db/connect';
import { auditLog } from '../../db/schema';

/** Who did it (signed in), for the audit row. */
export interface Actor { id: string; ip: string }

/** A database or an open transaction: pass the transaction so the audit row commits with the change it records. */
export type DbOrTx = Pick<Db, 'insert'>;

export interface AuditEntry {
  /** null: nobody logged in (a failed login, a payment provider's callback). */
  actorId: string | null;
  actorRole: string | null;
  /** What happened, as `entity.verb`: 'user.signup', 'login.failed', 'paper.submit', 'review.save' … */
  action: string;
  paperId?: string | null;
  ip?: string | null;
  /** Small facts about the change (status chosen, reviewer id, amount); never passwords or tokens. */
  details?: Record<string, unknown>;
}

/** Record one state change in the audit log. Insert-only: the log is never updated or deleted through the API. */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    id: newId(),
    actorId: entry.actorId,
    actorRole: entry.actorRole,
    action: entry.action,
    paperId: entry.paperId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ?? {},
  });
}
