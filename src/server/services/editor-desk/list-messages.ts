import { desc, eq } from 'drizzle-orm';
import type { EditorMessagesJson, MailJson } from '../../../core/schemas/mail';
import type { Db } from '../../db/connect';
import { contactMessages, mailQueue, type MailQueueRow } from '../../db/schema';
import { maskSecretLinks } from './mask-secret-links';

/** One mail of the log as the editor reads it: secret links hidden in every field when mail is configured (maskSecretLinks). */
export function toMailJson({ mail, configured }: { mail: MailQueueRow; configured: boolean }): MailJson {
  const { mail: m } = maskSecretLinks({ mail, configured });
  return {
    _id: m.id,
    to: m.to,
    subject: m.subject,
    template: m.template,
    result: m.status,
    error: m.lastError,
    attempts: m.attempts,
    nextAttemptAt: m.status === 'queued' ? m.nextAttemptAt.toISOString() : null,
    sentAt: m.sentAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(),
    category: m.category,
    smtpResponse: m.smtpResponse,
  };
}

/** The editor's messages page: the newest 500 contact messages and the newest 500 mails with their state. */
export async function listEditorMessages({ db, configured }: { db: Db; configured: boolean }): Promise<EditorMessagesJson> {
  const [messages, mails] = await Promise.all([
    db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(500),
    db.select().from(mailQueue).orderBy(desc(mailQueue.id)).limit(500),
  ]);
  return {
    messages: messages.map((m) => ({
      _id: m.id,
      name: m.name,
      email: m.email,
      phone: m.phone,
      subject: m.subject,
      message: m.message,
      createdAt: m.createdAt.toISOString(),
    })),
    mails: mails.map((m) => toMailJson({ mail: m, configured })),
  };
}

export async function findMail({ db, mailId }: { db: Db; mailId: string }): Promise<MailQueueRow | undefined> {
  const [row] = await db.select().from(mailQueue).where(eq(mailQueue.id, mailId)).limit(1);
  return row;
}
