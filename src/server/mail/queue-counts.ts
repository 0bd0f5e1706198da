import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect';
import { MAIL_QUEUE_STATES, type MailQueueState } from '../metrics';

/**
 * The mail queue by state and how late its most overdue mail is, for the metrics (decision 0067). Read from
 * `mail_queue_all`: the view `mail_queue` shows the current edition's mails only (decision 0060), and the
 * workers deliver every edition's. Sent mails are left out (they are most of the table): the states counted
 * are few rows, found through mail_queue_due_idx (status, next_attempt_at).
 */
export async function countMailQueue(db: Db): Promise<{ counts: Record<MailQueueState, number>; overdueSeconds: number }> {
  const res = await db.execute(sql`
    SELECT status, count(*)::int AS n,
      coalesce(extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now())), 0)::float8 AS overdue
    FROM mail_queue_all
    WHERE status IN ('queued', 'sending', 'failed', 'outbox')
    GROUP BY status`);
  const rows = (res as unknown as { rows: { status: MailQueueState; n: number; overdue: number }[] }).rows;
  const counts = Object.fromEntries(MAIL_QUEUE_STATES.map((s) => [s, 0])) as Record<MailQueueState, number>;
  let overdueSeconds = 0;
  for (const row of rows) {
    counts[row.status] = row.n;
    if (row.status === 'queued') overdueSeconds = Math.max(0, row.overdue);
  }
  return { counts, overdueSeconds };
}
