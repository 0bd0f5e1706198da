import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { newId } from '../../core/ids';
import type { Db } from '../db/connect';
import { mailLog } from '../db/schema';
import { renderMail, type TemplateName } from './templates';

export interface Mailer {
  /** Send (or, without SMTP, keep in the outbox); every message is recorded with its result. */
  send(input: { to: string; template: TemplateName; values: Record<string, string> }): Promise<{ ok: boolean; result: 'sent' | 'outbox' | 'failed' }>;
  close(): void;
}

export function createMailer(opts: { smtpUrl?: string; from: string; db: Db; log: FastifyBaseLogger }): Mailer {
  const transport: Transporter | null = opts.smtpUrl
    ? nodemailer.createTransport({ url: opts.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as SMTPTransport.Options)
    : null;
  return {
    async send({ to, template, values }) {
      const { subject, text } = renderMail(template, values);
      let result: 'sent' | 'outbox' | 'failed' = 'outbox';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({ from: opts.from, to, subject, text });
          result = 'sent';
        } catch (err) {
          result = 'failed';
          error = (err as Error).message.slice(0, 500);
          opts.log.warn({ to, template, err: error }, 'mail not sent');
        }
      } else {
        opts.log.info({ to, subject, template }, 'SMTP_URL is not set: mail kept in the outbox');
      }
      await opts.db.insert(mailLog).values({ id: newId(), to, subject, body: text, template, result, error });
      return { ok: result !== 'failed', result };
    },
    close: () => transport?.close(),
  };
}
