export type ErrorCode = 'bad_request' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'too_large' | 'too_many' | 'unavailable';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  too_many: 429,
  unavailable: 503,
};

/** An error whose message is meant for the user; the error handler maps its code to an HTTP status. */
export class AppError extends Error {
  readonly statusCode: number;
  /** `cause`: the server's own failure behind a 5xx, which the error handler logs (the client sees only `message`). */
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.statusCode = STATUS[code];
  }
}

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; severity?: unknown; query?: unknown; params?: unknown };

/** The errors down a chain of causes (drizzle wraps the driver's error), at most five deep. */
function chain(error: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  for (
    let e = error as ErrorLike | undefined, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = e.cause as ErrorLike | undefined, depth++
  )
    out.push(e);
  return out;
}

/** PostgreSQL's SQLSTATE of a failed query (five characters), found down the chain of causes, or null. */
export function sqlState(error: unknown): string | null {
  for (const e of chain(error)) if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return null;
}

export const DATABASE_FULL = 'The server cannot store data right now. Please try again later.';

/**
 * SQLSTATE class 53, insufficient resources (docs/product.md#validation-and-messages): 53100 disk full, 53200 out of memory, 53300 too
 * many connections, 53400 a configured limit. The request was fine; the server cannot serve it now: 503.
 */
export function isInsufficientResources(error: unknown): boolean {
  return sqlState(error)?.startsWith('53') ?? false;
}

export const FILES_FULL = 'The server cannot store files right now. Please try again later.';

/**
 * Where files go is out of room or other resources (docs/product.md#validation-and-messages): the database's SQLSTATE class 53
 * (FILE_STORE=postgres) or the disk's ENOSPC / EDQUOT (FILE_STORE=disk), anywhere down the chain of causes.
 */
export function isOutOfResources(error: unknown): boolean {
  return isInsufficientResources(error) || chain(error).some((e) => e.code === 'ENOSPC' || e.code === 'EDQUOT');
}

/**
 * What a log line may say about an error (docs/product.md#validation-and-messages): its type, SQLSTATE, the database's table, column and
 * constraint names and the stack frames — never the query's parameters, the SQL text, the database's
 * `detail` ("Key (email)=(…)") or values the database quotes in its message, which carry what users sent.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const links = chain(error);
  const db = links.find((e) => typeof e.severity === 'string' && typeof e.code === 'string');
  const isQueryError = links.some((e) => 'query' in e || 'params' in e || 'parameters' in e) || Boolean(db);
  const top = error as { name?: string; constructor?: { name?: string }; stack?: string; message?: string };
  const frames =
    typeof top?.stack === 'string'
      ? top.stack
          .split('\n')
          .filter((l) => /^\s+at /.test(l))
          .join('\n')
      : undefined;
  if (!isQueryError) {
    return {
      name: top?.name ?? top?.constructor?.name ?? typeof error,
      message: typeof top?.message === 'string' ? top.message : String(error),
      ...(frames ? { stack: frames } : {}),
    };
  }
  const d = (db ?? {}) as Record<string, unknown>;
  const pick = (k: string) => (typeof d[k] === 'string' ? { [k]: d[k] } : {});
  const message = typeof d.message === 'string' ? redactQuoted(d.message) : 'database query failed';
  return {
    name: 'DatabaseError',
    code: sqlState(error),
    message,
    ...pick('severity'),
    ...pick('table'),
    ...pick('column'),
    ...pick('constraint'),
    ...pick('routine'),
    ...(frames ? { stack: frames } : {}),
  };
}

/** Values a PostgreSQL message quotes ("…", '…') replaced by … */
export function redactQuoted(message: string): string {
  return message
    .split('\n')[0]!
    .replace(/"[^"]*"/g, '"…"')
    .replace(/'[^']*'/g, "'…'")
    .slice(0, 200);
}

/** E-mail addresses in a text (an SMTP server's reply names the recipient), each replaced by "(address)". */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:@]+@[^\s<>"'(),;:@]+/g, '(address)');
}

/**
 * The request as a log line shows it: the path without its query string (search words, signed-link tokens)
 * and without an e-mail address in it (/api/send-mail/:reviewerEmail, docs/product.md#validation-and-messages).
 */
export function loggableRequest(req: {
  method?: string;
  url?: string;
  ip?: string;
  socket?: { remotePort?: number };
}): Record<string, unknown> {
  const url = (req.url ?? '')
    .split('?')[0]!
    .split('/')
    .map((segment) => (/@|%40/i.test(segment) ? '(address)' : segment))
    .join('/');
  return { method: req.method, url, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
