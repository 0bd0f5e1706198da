import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/send';
import { recordAudit } from '../shared/audit';
import { findMail, toMailJson } from './list-messages';
import type { MailJson } from '../../../core/schemas/mail';

/** Put a mail that failed for good back in the queue (the editor's "Retry"). */
export async function retryMail(opts: { db: Db; mailer: Mailer; mailId: string; editorId: string; ip: string }): Promise<MailJson> {
  const { db } = opts;
  const before = await findMail({ db, mailId: opts.mailId });
  if (!before) throw new AppError('not_found', 'Mail not found');
  await db.transaction(async (tx) => {
    if (!(await opts.mailer.retry(opts.mailId, tx)))
      throw new AppError('conflict', `Only a failed mail can be retried; this one is ${before.status}`);
    await recordAudit(tx, {
      actorId: opts.editorId,
      actorRole: 'Editor',
      action: 'mail.retry',
      ip: opts.ip,
      details: { mailId: opts.mailId, to: before.to },
    });
  });
  return toMailJson({ mail: (await findMail({ db, mailId: opts.mailId }))!, configured: opts.mailer.configured });
}
