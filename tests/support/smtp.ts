import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

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

/** The raw headers of a received mail (unfolded), by lower-cased name. */
export function mailHeaders(mail: ReceivedMail): Map<string, string> {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return new Map(head.split(/\r?\n/).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
}

function decodePart(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The parts of a received mail by content type ('text/plain', 'text/html'), each decoded. */
export function mailParts(mail: ReceivedMail): Map<string, string> {
  const [head, ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head!)?.[1];
  const parts = new Map<string, string>();
  if (!boundary) {
    parts.set(/content-type:\s*([^;\r\n]+)/i.exec(head!)?.[1]?.toLowerCase() ?? 'text/plain', decodePart(head!, body));
    return parts;
  }
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const [partHead, ...partBody] = chunk.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const type = /content-type:\s*([^;\r\n]+)/i.exec(partHead!)?.[1]?.toLowerCase() ?? 'text/plain';
    parts.set(type, decodePart(partHead!, partBody.join('\n\n').replace(/\r?\n$/, '')));
  }
  return parts;
}

/** The plain-text body of a received mail, decoded (its text/plain part when it has an HTML part too). */
export function mailText(mail: ReceivedMail): string {
  return mailParts(mail).get('text/plain') ?? '';
}

/** The path of the newest link to `pagePath` mailed to `to`, once it has arrived. */
export async function mailedLink(mails: ReceivedMail[], to: string, pagePath: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s]+(${pagePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?token=[A-Za-z0-9_-]{43})`);
  const find = () =>
    mails
      .filter((m) => m.to.includes(to))
      .map(mailText)
      .map((text) => pattern.exec(text)?.[1])
      .filter(Boolean)
      .pop();
  await expect.poll(find, { timeout: 15_000 }).toBeTruthy();
  return find()!;
}
