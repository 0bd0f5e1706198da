import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { CONFERENCE_FACTS_DEFAULTS, conferenceAcronym, conferenceTitle, type ConferenceFacts } from '../../core/conference-facts';
import { newId } from '../../core/ids';
import {
  TEMPLATE_INFO,
  mailTextToHtml,
  preferencesFooter,
  renderMail,
  type MailCategory,
  type MailMode,
  type TemplateName,
} from '../../core/mail-templates';
import type { Db } from '../db/connect';
import { loggableError, withoutAddresses } from '../errors';
import { mailDigestItems, mailLog, mailPreferences, mailQueue } from '../db/schema';
import { unsubscribeLinks } from './unsubscribe';
import { loadWordings } from './wording';
import type { MailDeliveryOutcome } from '../metrics';

/** A database or an open transaction: pass the transaction so the mail commits with the change that causes it. */
export type MailDb = Pick<Db, 'insert'>;
type Reader = Pick<Db, 'select'>;
export type MailState = 'queued' | 'sending' | 'sent' | 'failed' | 'outbox';
/** What became of a mail handed to `send`: queued or kept, or held for the recipient's daily digest, or not sent because they turned that kind off. */
export type SendResult = MailState | 'digest' | 'off';

export interface MailInput {
  to: string;
  template: TemplateName;
  values: Record<string, string>;
  /** The transaction of the change that causes the mail: the mail is queued only if that change commits. */
  tx?: MailDb;
  /** The kind of notification, when not the template's own (TEMPLATE_INFO); null: essential, always sent. */
  category?: MailCategory | null;
  /** The bulk mail it belongs to (decision 0040). */
  bulkId?: string;
}

export interface Mailer {
  /** True when SMTP_URL is set; false: every mail stays in the outbox and nothing is delivered. */
  readonly configured: boolean;
  /**
   * Queue a mail (or, without SMTP, keep it in the outbox). It is only written to the database here; the
   * worker delivers it. Returns its id and state ('queued' or 'outbox').
   */
  send(input: MailInput): Promise<{ ok: true; id: string; result: SendResult }>;
  /**
   * Queue many mails in the transaction `tx` as `send` would, a few statements for thousands (auto-assign). Returns
   * their ids in order (for a mail held for a digest, its digest item's id; for one turned off, an id never stored).
   */
  sendMany(mails: Array<Omit<MailInput, 'tx'>>, tx: MailDb): Promise<string[]>;
  /** Wait up to `ms` for the worker to deliver mail `id`; returns its state then ('queued' if still waiting). */
  waitForDelivery(id: string, ms: number): Promise<MailState>;
  /** Put a failed mail back in the queue for one more attempt, due now. False when there is no such failed mail. */
  retry(id: string, tx?: Db): Promise<boolean>;
  /** Run the worker's loop (buildApp does; tests may run several instances on one database); without SMTP, only its jobs. */
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
  /** The conference's facts as the editor last saved them (decision 0051): mails name the conference as they say. */
  conference(): ConferenceFacts;
}

/** Work the mail worker does besides delivering: it queues mails (through `send`) that the same pass delivers. */
export interface MailJob {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
  /** The site's address, for links in mails (preferences, unsubscribe) and the {siteUrl} placeholder. */
  publicUrl?: string;
  /** Signs unsubscribe links (the server's JWT_SECRET). */
  secret?: string;
  /** At most this many mails delivered a minute, counted across every instance (0: no limit). */
  ratePerMinute?: number;
  /** Base of the exponential backoff between attempts (doubling, capped at one hour). */
  retryBaseMs?: number;
  maxAttempts?: number;
  /** How long a claimed mail stays 'sending' before another worker may take it over (its process died). */
  leaseMs?: number;
  pollMs?: number;
  /** The current conference facts (the app's ConferenceFactsStore); the defaults when not given. */
  conference?: () => ConferenceFacts;
  /** Told each delivery attempt's outcome (the metrics, decision 0067). */
  countDelivery?: (outcome: MailDeliveryOutcome) => void;
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
  const publicUrl = opts.publicUrl ?? 'http://localhost:3000';
  const secret = opts.secret ?? 'development-secret-for-unsubscribe-links';
  const ratePerMinute = opts.ratePerMinute ?? 0;
  const conference = opts.conference ?? (() => CONFERENCE_FACTS_DEFAULTS);
  const transport: Transporter | null = opts.smtpUrl
    ? // Pooled: a few connections kept open and reused (a bulk mail of thousands is not a TCP and TLS handshake each).
      nodemailer.createTransport({
        url: opts.smtpUrl,
        pool: true,
        maxConnections: 3,
        maxMessages: 100,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      } as SMTPTransport.Options)
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

  /** How many mails may be claimed now: a batch, or fewer when the rate limit has nearly been reached this minute. */
  async function allowance(): Promise<number> {
    if (ratePerMinute <= 0) return BATCH;
    const res = await opts.db.execute(sql`SELECT count(*)::int AS n FROM mail_queue WHERE sent_at > now() - interval '1 minute'`);
    const sentLastMinute = (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
    return Math.max(0, Math.min(BATCH, ratePerMinute - sentLastMinute));
  }

  /**
   * Claim due mails: queued and due, or 'sending' whose lease ran out (the worker holding it died). Mails of a bulk
   * mail go after every other: a password reset queued behind 20,000 announcements is not kept waiting half an hour.
   */
  async function claim(): Promise<(typeof mailQueue.$inferSelect)[]> {
    const limit = await allowance();
    if (limit === 0) return [];
    const res = await opts.db.execute(sql`
      UPDATE mail_queue SET status = 'sending', attempts = attempts + 1,
        lease_until = now() + make_interval(secs => ${leaseMs / 1000})
      WHERE id IN (
        SELECT id FROM mail_queue
        WHERE (status = 'queued' AND next_attempt_at <= now()) OR (status = 'sending' AND lease_until < now())
        ORDER BY (bulk_id IS NOT NULL), next_attempt_at, id LIMIT ${limit}
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
      // One text, two parts: the plain text as written and an HTML part made from it with everything escaped.
      const info = await transport!.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.body,
        html: mailTextToHtml(mail.body, mail.subject),
        messageId: `<${mail.id}@${domain}>`,
        ...(mail.listUnsubscribe
          ? { headers: { 'List-Unsubscribe': `<${mail.listUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
          : {}),
      });
      if (info.rejected?.length) {
        throw Object.assign(new Error(`The mail server refused the recipient: ${info.response ?? 'no answer'}`), {
          responseCode: 550,
          response: info.response,
        });
      }
      await opts.db.transaction(async (tx) => {
        await tx
          .update(mailQueue)
          .set({
            status: 'sent',
            sentAt: new Date(),
            messageId: info.messageId ?? null,
            leaseUntil: null,
            lastError: null,
            smtpResponse: typeof info.response === 'string' ? info.response.slice(0, 500) : null,
          })
          .where(and(eq(mailQueue.id, mail.id), eq(mailQueue.status, 'sending')));
        await tx.insert(mailLog).values({
          id: newId(),
          to: mail.to,
          subject: mail.subject,
          body: mail.body,
          template: mail.template,
          result: 'sent',
          error: null,
        });
      });
      opts.countDelivery?.('sent');
    } catch (err) {
      const error = (err as Error).message.slice(0, 500);
      const { responseCode, response } = err as { responseCode?: number; response?: string };
      // A permanent refusal (5xx: no such mailbox, refused by policy) will not change on retry: it fails at once.
      const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
      const final = permanent || mail.attempts >= maxAttempts;
      // Named by id and template: the address and the subject (a paper's title) stay in the queue's row (docs/product.md#validation-and-messages).
      opts.log.warn(
        { mailId: mail.id, template: mail.template, attempts: mail.attempts, err: withoutAddresses(error) },
        final ? 'mail failed for good' : 'mail not sent, will retry',
      );
      opts.countDelivery?.(final ? 'failed' : 'retry');
      await opts.db.transaction(async (tx) => {
        await tx
          .update(mailQueue)
          .set({
            status: final ? 'failed' : 'queued',
            lastError: error,
            leaseUntil: null,
            smtpResponse: typeof response === 'string' ? response.slice(0, 500) : responseCode ? String(responseCode) : null,
            nextAttemptAt: new Date(Date.now() + retryDelayMs(mail.attempts, retryBaseMs)),
          })
          .where(and(eq(mailQueue.id, mail.id), eq(mailQueue.status, 'sending')));
        await tx
          .insert(mailLog)
          .values({ id: newId(), to: mail.to, subject: mail.subject, body: mail.body, template: mail.template, result: 'failed', error });
      });
    }
  }

  async function runOnce(): Promise<number> {
    if (!transport) return 0;
    const mails = await claim();
    // The batch at once, over the pool's connections; each mail's outcome is recorded on its own.
    await Promise.all(mails.map(deliver));
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
    running = runJobs()
      .then(runOnce)
      .catch((err: unknown) => {
        opts.log.warn({ err: loggableError(err) }, 'mail worker pass failed');
        return 0;
      });
    void running.then((n) => {
      running = null;
      // A full batch: there may be more due right away.
      schedule(n >= BATCH ? 0 : pollMs);
    });
  }

  /** How each (address, kind) pair wants its mail; a pair with no row: immediate. */
  async function modes(pairs: Array<{ email: string; category: MailCategory }>, reader: Reader): Promise<Map<string, MailMode>> {
    const emails = [...new Set(pairs.map((p) => p.email.toLowerCase()))];
    if (emails.length === 0) return new Map();
    const rows = await reader.select().from(mailPreferences).where(inArray(mailPreferences.email, emails));
    return new Map(rows.map((r) => [`${r.email}\n${r.category}`, r.mode]));
  }

  interface Prepared {
    id: string;
    to: string;
    template: TemplateName;
    subject: string;
    text: string;
    category: MailCategory | null;
    bulkId: string | null;
    mode: MailMode;
    listUnsubscribe: string | null;
  }

  /**
   * Reads through the caller's transaction when it has one: a transaction that waited for a second pooled connection
   * here would hold its own meanwhile, and enough of them at once (concurrent payment callbacks) empty the pool.
   */
  const readerOf = (tx: MailDb | undefined): Reader => (tx && 'select' in tx ? (tx as Reader) : opts.db);

  async function prepare(mails: Array<Omit<MailInput, 'tx'>>, reader: Reader = opts.db): Promise<Prepared[]> {
    const texts = await loadWordings(
      reader,
      mails.map((m) => m.template),
    );
    const withCategory = mails.map((m) => ({ ...m, category: m.category === undefined ? TEMPLATE_INFO[m.template].category : m.category }));
    const wants = await modes(
      withCategory.filter((m) => m.category).map((m) => ({ email: m.to, category: m.category! })),
      reader,
    );
    return withCategory.map((m) => {
      const facts = conference();
      // {acronym}: the account mails name the site by it ("your IMSE Author account"), from the current facts.
      const values = { conference: conferenceTitle(facts), acronym: conferenceAcronym(facts), siteUrl: publicUrl, ...m.values };
      const { subject, text } = renderMail(m.template, values, texts.get(m.template));
      const mode: MailMode = m.category ? (wants.get(`${m.to.toLowerCase()}\n${m.category}`) ?? 'immediate') : 'immediate';
      let body = text;
      let listUnsubscribe: string | null = null;
      if (m.category) {
        const links = unsubscribeLinks({ publicUrl, secret, email: m.to, category: m.category });
        body += preferencesFooter(links.preferencesUrl, links.pageUrl);
        listUnsubscribe = links.oneClickUrl;
      }
      return {
        id: newId(),
        to: m.to,
        template: m.template,
        subject,
        text: body,
        category: m.category ?? null,
        bulkId: m.bulkId ?? null,
        mode,
        listUnsubscribe,
      };
    });
  }

  /** Write prepared mails: queued (or kept) when immediate, a digest item when daily, nothing when off. */
  async function store(prepared: Prepared[], db: MailDb): Promise<void> {
    const status: MailState = transport ? 'queued' : 'outbox';
    const now = prepared.filter((m) => m.mode === 'immediate');
    const later = prepared.filter((m) => m.mode === 'daily');
    for (let i = 0; i < now.length; i += SEND_MANY_CHUNK) {
      const chunk = now.slice(i, i + SEND_MANY_CHUNK);
      await db.insert(mailQueue).values(
        chunk.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          body: m.text,
          template: m.template,
          status,
          category: m.category,
          bulkId: m.bulkId,
          listUnsubscribe: m.listUnsubscribe,
        })),
      );
      if (!transport)
        await db.insert(mailLog).values(
          chunk.map((m) => ({
            id: m.id,
            to: m.to,
            subject: m.subject,
            body: m.text,
            template: m.template,
            result: 'outbox' as const,
            error: null,
          })),
        );
    }
    for (let i = 0; i < later.length; i += SEND_MANY_CHUNK) {
      await db.insert(mailDigestItems).values(
        later.slice(i, i + SEND_MANY_CHUNK).map((m) => ({
          id: m.id,
          email: m.to.toLowerCase(),
          category: m.category!,
          template: m.template,
          subject: m.subject,
          body: m.text,
        })),
      );
    }
  }

  return {
    configured: transport !== null,
    conference,
    async send({ tx, ...input }) {
      const [mail] = await prepare([input], readerOf(tx));
      const db = tx ?? opts.db;
      await store([mail!], db);
      if (mail!.mode !== 'immediate') return { ok: true, id: mail!.id, result: mail!.mode === 'daily' ? 'digest' : 'off' };
      if (!transport) opts.log.info({ mailId: mail!.id, template: mail!.template }, 'SMTP_URL is not set: mail kept in the outbox');
      else if (!tx) schedule(0);
      return { ok: true, id: mail!.id, result: transport ? 'queued' : 'outbox' };
    },
    async sendMany(mails, tx) {
      const prepared = await prepare(mails, readerOf(tx));
      await store(prepared, tx);
      const immediate = prepared.filter((m) => m.mode === 'immediate');
      if (!transport && immediate.length)
        opts.log.info(
          { count: immediate.length, templates: [...new Set(immediate.map((m) => m.template))] },
          'SMTP_URL is not set: mails kept in the outbox',
        );
      return prepared.map((m) => m.id);
    },
    async waitForDelivery(id, ms) {
      const until = Date.now() + ms;
      schedule(0);
      for (;;) {
        const [row] = await opts.db
          .select({ status: mailQueue.status, attempts: mailQueue.attempts })
          .from(mailQueue)
          .where(eq(mailQueue.id, id));
        if (!row) return 'queued';
        if (row.status === 'sent' || row.status === 'outbox' || row.status === 'failed') return row.status;
        // One failed attempt is enough to answer: the queue keeps retrying, the editor need not wait for it.
        if (row.status === 'queued' && row.attempts > 0) return 'queued';
        if (Date.now() >= until) return row.status === 'sending' ? 'queued' : row.status;
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async retry(id, tx) {
      const res = await (tx ?? opts.db)
        .update(mailQueue)
        .set({ status: 'queued', nextAttemptAt: new Date() })
        .where(and(eq(mailQueue.id, id), eq(mailQueue.status, 'failed')))
        .returning({ id: mailQueue.id });
      if (res.length > 0) schedule(0);
      return res.length > 0;
    },
    start() {
      // Without SMTP the loop still runs its jobs (reminders, digests, the response-window mail), whose mails are
      // then kept in the outbox for the editor to read: nothing is delivered, nothing is silently skipped.
      if (!stopped) return;
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
