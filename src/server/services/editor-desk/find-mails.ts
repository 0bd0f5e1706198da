import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { TEMPLATE_INFO, type TemplateName } from '../../../core/mail-templates';
import type { MailDetailJson, MailListJson, MailListQuery } from '../../../core/schemas/mail';
import type { Db } from '../../db/connect';
import { auditLog, mailQueue } from '../../db/schema';
import { AppError } from '../../errors';
import { findMail, toMailJson } from './list-messages';
import { linksIn, maskSecretLinks } from './mask-secret-links';

/** One mail whole, for the editor (404 when there is none). */
export async function getMailForEditor(opts: { db: Db; mailId: string; configured: boolean }): Promise<MailDetailJson> {
  const row = await findMail({ db: opts.db, mailId: opts.mailId });
  if (!row) throw new AppError('not_found', 'Mail not found');
  const { mail, masked } = maskSecretLinks({ mail: row, configured: opts.configured });
  return {
    ...toMailJson({ mail: row, configured: opts.configured }),
    body: mail.body,
    masked,
    links: linksIn(mail.body),
    templateLabel: TEMPLATE_INFO[row.template as TemplateName]?.label ?? row.template,
    bulkId: row.bulkId,
    listUnsubscribe: row.listUnsubscribe,
  };
}

/** The mail log filtered by address (any case), state and templates: the newest `limit`, the total, and counts per state. */
export async function listMails(opts: { db: Db; query: MailListQuery; configured: boolean }): Promise<MailListJson> {
  const { db, query } = opts;
  const who: SQL[] = [];
  if (query.to) who.push(sql`lower(${mailQueue.to}) = ${query.to.toLowerCase()}`);
  if (query.template) who.push(inArray(mailQueue.template, query.template.split(',')));
  const matching = and(...who, query.status ? eq(mailQueue.status, query.status) : undefined);
  const [rows, perState] = await Promise.all([
    db
      .select()
      .from(mailQueue)
      .where(matching)
      .orderBy(desc(mailQueue.createdAt), desc(mailQueue.id))
      .limit(query.limit ?? 200),
    db
      .select({ status: mailQueue.status, n: sql<number>`count(*)::int` })
      .from(mailQueue)
      .where(and(...who))
      .groupBy(mailQueue.status),
  ]);
  const counts = { queued: 0, sending: 0, sent: 0, failed: 0, outbox: 0 };
  for (const c of perState) counts[c.status] = c.n;
  const total = query.status ? counts[query.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return { mails: rows.map((m) => toMailJson({ mail: m, configured: opts.configured })), total, counts };
}

/**
 * The newest Send Mail invitation of each reviewer of a paper, with its mail's state: the audit row of each
 * invitation names its mail (review.invite, details.mailId).
 */
export async function listInvitationMails({
  db,
  paperId,
}: {
  db: Db;
  paperId: string;
}): Promise<{ invitations: { reviewerId: string; mailId: string; state: MailListJson['mails'][number]['result'] }[] }> {
  const rows = await db
    .selectDistinctOn([sql`${auditLog.details}->>'reviewerId'`], {
      reviewerId: sql<string>`${auditLog.details}->>'reviewerId'`,
      mailId: mailQueue.id,
      state: mailQueue.status,
    })
    .from(auditLog)
    .innerJoin(mailQueue, eq(mailQueue.id, sql`${auditLog.details}->>'mailId'`))
    .where(and(eq(auditLog.paperId, paperId), eq(auditLog.action, 'review.invite')))
    .orderBy(sql`${auditLog.details}->>'reviewerId'`, desc(auditLog.at), desc(auditLog.id));
  return { invitations: rows };
}
