import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { newId } from '../../core/ids';
import type { Db } from '../db/connect';
import { loggableError, withoutAddresses } from '../errors';
import { mailLog, mailQueue } from '../db/schema';
import { renderMail, type TemplateName } from './templates';

/** A database or an open transaction: pass the transaction so the mail commits with the change that causes it. */
export type MailDb = Pick<Db, 'insert'>;
export type MailState = 'queued' | 'sending' | 'sent' | 'failed' | 'outbox';

export interface MailInput {
  to: string;
  template: TemplateName;
  values: Record<string, string>;
  /** The transaction of the change that causes the mail: the mail is queued only if that change commits. */
  tx?: MailDb;
}

export interface Mailer {
  /** True when SMTP_URL is set; false: every mail stays in the outbox and nothing is delivered. */
  readonly configured: boolean;
  /**
   * Queue a mail (or, without SMTP, keep it in the outbox). It is only written to the database here; the
   * worker delivers it. Returns its id and state ('queued' or 'outbox').
   */
  send(input: MailInput): Promise<{ ok: true; id: string; result: MailState }>;
  /** Queue many mails in the transaction `tx` as `send` would, a few statements for thousands (auto-assign). Returns their ids. */
  sendMany(mails: Array<Omit<MailInput, 'tx'>>, tx: MailDb): Promise<string[]>;
  /** Wait up to `ms` for the worker to deliver mail `id`; returns its state then ('queued' if still waiting). */
  waitForDelivery(id: string, ms: number): Promise<MailState>;
  /** Put a failed mail back in the queue for one more attempt, due now. False when there is no such failed mail. */
  retry(id: string, tx?: Db): Promise<boolean>;
  /** Run the worker's loop (buildApp does; tests may run several instances on one database). */
  start(): void;
  /** Stop the worker, letting a delivery in flight finish, and close the SMTP connection. */
  close(): Promise<void>;
  /** One pass of the worker: claim due mails and deliver them. Returns how many it handled. */
  runOnce(): Promise<number>;
  /**
   * Run `job.run` in the worker's loop, before delivering, at most every `job.everyMs` (first on the worker's
   * first pass), e.g. queueing review reminders. A job that throws is logged and tried again next time.
   */
  addJob(job: MailJob): void;
}

/** Work the mail worker does besides delivering: it queues mails (through `send`) that the same pass delivers. */
export interface MailJob { name: string; everyMs: number; run: () => Promise<unknown> }

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
  /** Base of the exponential backoff between attempts (doubling, capped at one hour). */
  retryBaseMs?: number;
  maxAttempts?: number;
  /** How long a claimed mail stays 'sending' before another worker may take it over (its process died). */
  leaseMs?: number;
  pollMs?: number;
}

const BATCH = 10;
/** Rows per insert in sendMany: well under PostgreSQL's 65,535 bind parameters. */
const SEND_MANY_CHUNK = 1000;

/** The delay before attempt `attempts + 1`: base · 2^(attempts-1), at most one hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

export function createMailer(opts: MailerOptions): Mailer {
  const retryBaseMs = opts.retryBaseMs ?? 2000;
  const maxAttempts = opts.maxAttempts ?? 10;
  const leaseMs = opts.leaseMs ?? 120_000;
  const pollMs = opts.pollMs ?? 1000;
  const transport: Transporter | null = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as SMTPTransport.Options)
    : null;
  const domain = /@([^>\s]+)/.exec(opts.from)?.[1] ?? 'imse.local';
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;
  const jobs: { job: MailJob; lastRun: number }[] = [];

  async function runJobs(): Promise<void> {
    for (const entry of jobs) {
      if (stopped || Date.now() - entry.lastRun < entry.job.everyMs) continue;
      entry.lastRun = Date.now();
      try {
        await entry.job.run();
      } catch (err) {
        opts.log.warn({ err: loggableError(err), job: entry.job.name }, 'mail worker job failed');
      }
    }
  }

  /** Claim due mails: queued and due, or 'sending' whose lease ran out (the worker holding it died). */
  async function claim(): Promise<(typeof mailQueue.$inferSelect)[]> {
    const res = await opts.db.execute(sql`
      UPDATE mail_queue SET status = 'sending', attempts = attempts + 1,
        lease_until = now() + make_interval(secs => ${leaseMs / 1000})
      WHERE id IN (
        SELECT id FROM mail_queue
        WHERE (status = 'queued' AND next_attempt_at <= now()) OR (status = 'sending' AND lease_until < now())
        ORDER BY next_attempt_at, id LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED)
      RETURNING id`);
    const ids = (res as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    if (ids.length === 0) return [];
    return opts.db.select().from(mailQueue).where(inArray(mailQueue.id, ids));
  }

  async function deliver(mail: typeof mailQueue.$inferSelect): Promise<void> {
    try {
      // The Message-ID is fixed by the queue row: a resend after a crash between the SMTP server's
      // acceptance and our recording it carries the same id, which receiving systems can drop as a duplicate.
      const info = await transport!.sendMail({
        from: opts.from, to: mail.to, subject: mail.subject, text: mail.body, messageId: `<${mail.id}@${domain}>`,
      });
      await opts.db.transaction(async (tx) => {
        await tx.update(mailQueue).set({ status: 'sent', sentAt: new Date(), messageId: info.messageId ?? null, leaseUntil: null, lastError: null })
          .where(and(eq(mailQueue.id, mail.id), eq(mailQueue.status, 'sending')));
        await tx.insert(mailLog).values({ id: newId(), to: mail.to, subject: mail.subject, body: mail.body, template: mail.template, result: 'sent', error: null });
      });
    } catch (err) {
      const error = (err as Error).message.slice(0, 500);
      const final = mail.attempts >= maxAttempts;
      // Named by id and template: the address and the subject (a paper's title) stay in the queue's row (issue 27.8).
      opts.log.warn({ mailId: mail.id, template: mail.template, attempts: mail.attempts, err: withoutAddresses(error) }, final ? 'mail failed for good' : 'mail not sent, will retry');
      await opts.db.transaction(async (tx) => {
        await tx.update(mailQueue).set({
          status: final ? 'failed' : 'queued', lastError: error, leaseUntil: null,
          nextAttemptAt: new Date(Date.now() + retryDelayMs(mail.attempts, retryBaseMs)),
        }).where(and(eq(mailQueue.id, mail.id), eq(mailQueue.status, 'sending')));
        await tx.insert(mailLog).values({ id: newId(), to: mail.to, subject: mail.subject, body: mail.body, template: mail.template, result: 'failed', error });
      });
    }
  }

  async function runOnce(): Promise<number> {
    if (!transport) return 0;
    const mails = await claim();
    for (const mail of mails) await deliver(mail);
    return mails.length;
  }

  function schedule(ms: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  function tick(): void {
    timer = null;
    if (running || stopped) return;
    running = runJobs().then(runOnce).catch((err: unknown) => {
      opts.log.warn({ err: loggableError(err) }, 'mail worker pass failed');
      return 0;
    });
    void running.then((n) => {
      running = null;
      // A full batch: there may be more due right away.
      schedule(n >= BATCH ? 0 : pollMs);
    });
  }

  return {
    configured: transport !== null,
    async send({ to, template, values, tx }) {
      const { subject, text } = renderMail(template, values);
      const id = newId();
      const db = tx ?? opts.db;
      const result: MailState = transport ? 'queued' : 'outbox';
      await db.insert(mailQueue).values({ id, to, subject, body: text, template, status: result });
      if (!transport) {
        opts.log.info({ mailId: id, template }, 'SMTP_URL is not set: mail kept in the outbox');
        await db.insert(mailLog).values({ id, to, subject, body: text, template, result: 'outbox', error: null });
      } else if (!tx) schedule(0);
      return { ok: true, id, result };
    },
    async sendMany(mails, tx) {
      const status: MailState = transport ? 'queued' : 'outbox';
      const rows = mails.map(({ to, template, values }) => ({ id: newId(), to, template, ...renderMail(template, values) }));
      for (let i = 0; i < rows.length; i += SEND_MANY_CHUNK) {
        const chunk = rows.slice(i, i + SEND_MANY_CHUNK);
        await tx.insert(mailQueue).values(chunk.map((m) => ({ id: m.id, to: m.to, subject: m.subject, body: m.text, template: m.template, status })));
        if (!transport) await tx.insert(mailLog).values(chunk.map((m) => ({ id: m.id, to: m.to, subject: m.subject, body: m.text, template: m.template, result: 'outbox' as const, error: null })));
      }
      if (!transport && rows.length) opts.log.info({ count: rows.length, templates: [...new Set(rows.map((m) => m.template))] }, 'SMTP_URL is not set: mails kept in the outbox');
      return rows.map((m) => m.id);
    },
    async waitForDelivery(id, ms) {
      const until = Date.now() + ms;
      schedule(0);
      for (;;) {
        const [row] = await opts.db.select({ status: mailQueue.status, attempts: mailQueue.attempts }).from(mailQueue).where(eq(mailQueue.id, id));
        if (!row) return 'queued';
        if (row.status === 'sent' || row.status === 'outbox' || row.status === 'failed') return row.status;
        // One failed attempt is enough to answer: the queue keeps retrying, the editor need not wait for it.
        if (row.status === 'queued' && row.attempts > 0) return 'queued';
        if (Date.now() >= until) return row.status === 'sending' ? 'queued' : row.status;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async retry(id, tx) {
      const res = await (tx ?? opts.db).update(mailQueue).set({ status: 'queued', nextAttemptAt: new Date() })
        .where(and(eq(mailQueue.id, id), eq(mailQueue.status, 'failed'))).returning({ id: mailQueue.id });
      if (res.length > 0) schedule(0);
      return res.length > 0;
    },
    start() {
      if (!transport || !stopped) return;
      stopped = false;
      schedule(0);
    },
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      transport?.close();
    },
    runOnce,
    addJob(job) {
      jobs.push({ job, lastRun: 0 });
    },
  };
}
