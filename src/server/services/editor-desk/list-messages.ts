import { desc, eq } from 'drizzle-orm';
import type { EditorMessagesJson, MailJson } from '../../../core/schemas/mail';
import type { Db } from '../../db/connect';
import { contactMessages, mailQueue, type MailQueueRow } from '../../db/schema';

export function toMailJson(m: MailQueueRow): MailJson {
  return {
    _id: m.id, to: m.to, subject: m.subject, template: m.template, result: m.status, error: m.lastError,
    attempts: m.attempts, nextAttemptAt: m.status === 'queued' ? m.nextAttemptAt.toISOString() : null,
    sentAt: m.sentAt?.toISOString() ?? null, createdAt: m.createdAt.toISOString(), category: m.category, smtpResponse: m.smtpResponse,
  };
}

/** The editor's messages page: the newest 500 contact messages and the newest 500 mails with their state. */
export async function listEditorMessages(db: Db): Promise<EditorMessagesJson> {
  const [messages, mails] = await Promise.all([
    db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(500),
    db.select().from(mailQueue).orderBy(desc(mailQueue.id)).limit(500),
  ]);
  return {
    messages: messages.map((m) => ({ _id: m.id, name: m.name, email: m.email, phone: m.phone, subject: m.subject, message: m.message, createdAt: m.createdAt.toISOString() })),
    mails: mails.map(toMailJson),
  };
}

export async function findMail(db: Db, id: string): Promise<MailQueueRow | undefined> {
  const [row] = await db.select().from(mailQueue).where(eq(mailQueue.id, id)).limit(1);
  return row;
}
