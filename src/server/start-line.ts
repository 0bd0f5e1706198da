import type { AddressInfo } from 'node:net';
import type { Config } from './config';

const LOOPBACK_OR_ANY = new Set(['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost', '']);

/**
 * The one line `npm start` prints for people once the server answers: where to open it, where its data is,
 * and where its mail goes.
 *   IMSE is running: open http://localhost:3000  (database: /srv/imse/data/pg; mail: kept in the outbox, …)
 */
export function startLine(opts: {
  config: Config;
  address: AddressInfo | string | null;
  database: { driver: 'embedded' | 'postgres'; location: string };
}): string {
  const { config } = opts;
  const port = typeof opts.address === 'object' && opts.address ? opts.address.port : config.PORT;
  const url = config.PUBLIC_URL
    ? config.publicUrl
    : `http://${LOOPBACK_OR_ANY.has(config.HOST) ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`;
  const mail = config.SMTP_URL
    ? `sent through ${smtpServer(config.SMTP_URL)}`
    : "kept in the outbox (no SMTP_URL): the editor's Messages page shows them";
  const database = opts.database.driver === 'embedded' ? opts.database.location : `PostgreSQL at ${opts.database.location}`;
  return `IMSE is running: open ${url}  (database: ${database}; mail: ${mail})`;
}

/** The SMTP server without its user and password. */
function smtpServer(smtpUrl: string): string {
  try {
    const u = new URL(smtpUrl);
    return `${u.protocol}//${u.host}`;
  } catch {
    return 'SMTP_URL';
  }
}
