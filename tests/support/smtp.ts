import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';

export interface ReceivedMail { from: string; to: string[]; raw: string }

/** A real SMTP listener on loopback that keeps every message it receives. */
export async function startSmtpListener(listenPort = 0): Promise<{ url: string; mails: ReceivedMail[]; close: () => Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body of a received mail, quoted-printable decoded. */
export function mailText(mail: ReceivedMail): string {
  const body = mail.raw.split(/\r?\n\r?\n/).slice(1).join('\n\n');
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** The path of the newest link to `pagePath` mailed to `to`, once it has arrived. */
export async function mailedLink(mails: ReceivedMail[], to: string, pagePath: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s]+(${pagePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?token=[A-Za-z0-9_-]{43})`);
  const find = () => mails.filter((m) => m.to.includes(to)).map(mailText).map((text) => pattern.exec(text)?.[1]).filter(Boolean).pop();
  await expect.poll(find, { timeout: 15_000 }).toBeTruthy();
  return find()!;
}
