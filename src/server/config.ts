import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { OidcConfigError, parseOidcProviders, type OidcProviderConfig } from './auth/oidc-config';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional(),
  ),
  /**
   * How DATABASE_URL's connections are pooled: `session` (a direct server or a session pooler) or `transaction`
   * (PgBouncer's transaction mode, as most managed PostgreSQL offer): no named prepared statements then, and
   * nothing that holds a server session between transactions (decision 0075).
   */
  DATABASE_POOL_MODE: optionalString.pipe(z.enum(['session', 'transaction'], { message: 'must be session or transaction' }).optional()),
  PUBLIC_URL: optionalString.pipe(z.url({ message: 'must be a URL such as https://conference.example.org' }).optional()),
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  /** Where uploads go: PostgreSQL (the default with DATABASE_URL, shared by every instance) or DATA_DIR/files. */
  FILE_STORE: optionalString.pipe(z.enum(['postgres', 'disk'], { message: 'must be postgres or disk' }).optional()),
  MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(20),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('IMSE Conference <no-reply@example.org>'),
  /** At most this many mails delivered a minute by all instances together (the mail server's limit); 0: no limit. */
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(0, 'must be 0 (no limit) or more').default(600),
  /** Attempts before a mail that keeps failing (temporary refusals, no connection) shows as failed. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
  /** How long a mail being delivered stays claimed before another instance may take it over (its process died). */
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /** A daily digest is sent once the oldest notification it gathers is this old (hours; fractions for tests). */
  MAIL_DIGEST_HOURS: z.coerce.number().positive().default(24),
  PAYU_KEY: optionalString,
  PAYU_SALT: optionalString,
  PAYU_URL: z.url().default('https://test.payu.in/_payment'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Stripe's API address; only tests point it elsewhere (a local fake). */
  STRIPE_API_URL: optionalString.pipe(z.url({ message: 'must be a URL such as http://127.0.0.1:12111' }).optional()),
  EDITOR_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Password hashes (scrypt) run at once; unset: the cores, leaving one libuv thread for file and DNS work (decision 0022). */
  HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Password hashes waiting for a turn before the server answers 503; unset: 16 per running one. */
  HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).optional(),
  /** API requests handled at once before others wait for a turn (decision 0036). */
  API_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(64),
  /** Of those turns, at most this many to uploads (multipart requests); a free turn goes to other requests first (decision 0055). */
  API_UPLOAD_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(16),
  /** API requests that may wait for a turn; one more is answered 503 with Retry-After at once. */
  API_QUEUE: z.coerce.number().int().min(0).max(100_000).default(512),
  /** How long a request may wait for a turn before it is answered 503 (milliseconds). */
  API_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(15_000),
  /**
   * A request's headers, and then its body, must arrive within this many milliseconds, plus a second for every
   * API_BODY_MIN_RATE bytes of body received (Apache's mod_reqtimeout rule, body=20,MinRate=500): a slow phone
   * sends a 20 MB paper, a trickle of a byte a second is cut off with 408 (decision 0057).
   */
  API_BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  /** Bytes of body that earn a request one more second (see API_BODY_TIMEOUT_MS). */
  API_BODY_MIN_RATE: z.coerce.number().int().min(1).max(100_000_000).default(500),
  /**
   * Open connections from one client address (an IPv6 /64 counts as one); one more is closed at once. Generous:
   * a class behind one NAT opens six per browser. 0: no cap. Not applied to the proxies TRUST_PROXY names.
   */
  CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  /** Logins of any outcome from one address in an hour (a class behind one NAT: 100 and more). */
  LOGIN_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(300),
  /** Failed logins of one e-mail from all addresses in an hour before only known addresses or a mailed link get in. */
  LOGIN_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(1000),
  WEB_DIR: z.string().default('./build/client'),
  /** Where `npm run backup` and the scheduled backups write their archives (decision 0068); default DATA_DIR/backups. */
  BACKUP_DIR: optionalString,
  /** Take a backup every this many hours (fractions allowed), in one instance of those sharing the database; 0: never. */
  BACKUP_EVERY: z.coerce.number().min(0, 'must be 0 (no scheduled backups) or more hours').default(0),
  /** After each scheduled backup, keep this many of the newest archives in BACKUP_DIR. */
  BACKUP_KEEP: z.coerce.number().int().min(1, 'must be at least 1').default(7),
  /**
   * Serve GET /metrics (Prometheus's text format, decision 0067) on the server's own port to requests bearing
   * `Authorization: Bearer <this>`. Unset, and METRICS_ADDRESS unset too: /metrics is 404.
   */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters (e.g. from `openssl rand -hex 24`)').optional()),
  /** Serve GET /metrics without a token on this address of its own (host:port, e.g. 127.0.0.1:9464), kept off the public port. */
  METRICS_ADDRESS: optionalString.pipe(
    z
      .string()
      .regex(/^(\[[0-9a-fA-F:.]+\]|[^\s:/]+):\d{1,5}$/, 'must be host:port, such as 127.0.0.1:9464')
      .refine((v) => Number(v.slice(v.lastIndexOf(':') + 1)) <= 65535, 'port must be at most 65535')
      .optional(),
  ),
  /**
   * Which proxies' X-Forwarded-For to believe (decision 0019): unset, empty or 0 = none (the client's own
   * header is ignored); a hop count such as 1; or a comma list of balancer addresses or CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v, ctx): false | number | string[] => {
      const text = v.trim();
      if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
      if (/^\d+$/.test(text)) return Math.min(Number(text), 10);
      const list = text
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
      const bad = list.find((a) => {
        const [addr, bits, extra] = a.split('/');
        if (extra !== undefined || !addr || !isIP(addr)) return true;
        return bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(addr) === 4 ? 32 : 128));
      });
      if (bad !== undefined || list.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a hop count (such as 1) or a comma list of balancer addresses (such as 10.0.0.5,10.0.0.6 or 10.0.0.0/24)${bad ? `; not an address: ${bad}` : ''}`,
        });
        return z.NEVER;
      }
      return list;
    }),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Omit<
  Env,
  'JWT_SECRET' | 'FILE_STORE' | 'HASH_CONCURRENCY' | 'HASH_QUEUE' | 'BACKUP_DIR' | 'DATABASE_POOL_MODE'
> {
  DATABASE_POOL_MODE: 'session' | 'transaction';
  /** Absolute (default DATA_DIR/backups). */
  BACKUP_DIR: string;
  JWT_SECRET: string;
  FILE_STORE: 'postgres' | 'disk';
  HASH_CONCURRENCY: number;
  HASH_QUEUE: number;
  publicUrl: string;
  /** Decision 0070: the OpenID Connect providers (ORCID, an institution's login) people may sign in with; none by default. */
  oidcProviders: OidcProviderConfig[];
}

export class ConfigError extends Error {}

/** Fastify's `trustProxy` for TRUST_PROXY: a hop count trusts that many proxies nearest the server. */
export function trustProxyOption(setting: Env['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** Parse the environment once; a bad value stops startup with a message naming it. */
/** `signs: false`: a tool that signs nothing (backup, restore) needs no JWT_SECRET and makes none. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, opts: { signs?: boolean } = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Instances sharing a database must sign tokens alike: a secret generated in one DATA_DIR would not be.
  if (e.DATABASE_URL && !e.JWT_SECRET && opts.signs !== false) {
    throw new ConfigError(
      'JWT_SECRET must be set when DATABASE_URL is: every instance on the database must sign logins with the same secret (at least 32 characters, e.g. from `openssl rand -base64 48`).',
    );
  }
  // A scheduled backup holds a session lock and a snapshot across statements: not through a transaction pooler.
  if (e.DATABASE_POOL_MODE === 'transaction' && e.BACKUP_EVERY > 0) {
    throw new ConfigError(
      'BACKUP_EVERY needs a direct connection to PostgreSQL, not one through a transaction pooler (DATABASE_POOL_MODE=transaction): take backups with `npm run backup` and DATABASE_URL pointing at the server itself.',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  // scrypt runs on libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default), which file reads and DNS share.
  const threads = Number(env.UV_THREADPOOL_SIZE) || 4;
  const hashConcurrency = e.HASH_CONCURRENCY ?? Math.max(1, Math.min(os.availableParallelism(), threads - 1));
  return {
    ...e,
    HASH_CONCURRENCY: hashConcurrency,
    HASH_QUEUE: e.HASH_QUEUE ?? 16 * hashConcurrency,
    DATA_DIR: dataDir,
    JWT_SECRET: e.JWT_SECRET ?? (opts.signs === false ? '' : persistentSecret(dataDir)),
    BACKUP_DIR: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, 'backups'),
    FILE_STORE: e.FILE_STORE ?? (e.DATABASE_URL ? 'postgres' : 'disk'),
    DATABASE_POOL_MODE: e.DATABASE_POOL_MODE ?? 'session',
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    oidcProviders: oidcProvidersOf(env),
  };
}

function oidcProvidersOf(env: NodeJS.ProcessEnv): OidcProviderConfig[] {
  try {
    return parseOidcProviders(env);
  } catch (err) {
    if (err instanceof OidcConfigError) throw new ConfigError(err.message);
    throw err;
  }
}

/** A secret generated on first start and kept in DATA_DIR, so tokens survive a restart. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
