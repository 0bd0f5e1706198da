/**
 * The server's log for a person at a terminal: pino's JSON lines (which stay the format when the output goes
 * to a file or a log collector) written as short lines — `14:02:07 POST /api/login 200 (84 ms)`, and warnings
 * and errors in words. The lines Fastify writes at start ("Server listening at …", "ready") are left out:
 * the start line says the same for people (src/server/main.ts).
 */
const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: '', 40: 'warning', 50: 'error', 60: 'fatal' };
/** Fields every line has, or that the request lines already show. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

export function terminalLogStream(out: { write(text: string): unknown } = process.stdout): { write(line: string): void } {
  // A request's method and URL come in its first line; its answer in the second.
  const open = new Map<string, { method?: string; url?: string }>();
  return {
    write(line: string) {
      let entry: LogLine;
      try {
        entry = JSON.parse(line) as LogLine;
      } catch {
        out.write(line);
        return;
      }
      const text = format(entry, open);
      if (text !== null) out.write(`${text}\n`);
    },
  };
}

function format(entry: LogLine, open: Map<string, { method?: string; url?: string }>): string | null {
  const msg = entry.msg ?? '';
  if (msg === 'incoming request' && entry.reqId) {
    open.set(entry.reqId, entry.req ?? {});
    return null;
  }
  if (/^Server listening at /.test(msg) || msg === 'ready') return null;
  const time = clock(entry.time);
  if (msg === 'request completed') {
    const req = (entry.reqId && open.get(entry.reqId)) || entry.req || {};
    if (entry.reqId) open.delete(entry.reqId);
    const ms = typeof entry.responseTime === 'number' ? ` (${Math.round(entry.responseTime)} ms)` : '';
    return `${time} ${req.method ?? ''} ${req.url ?? ''} ${entry.res?.statusCode ?? ''}${ms}`;
  }
  const label = LEVELS[entry.level ?? 30] ?? '';
  const fields = Object.entries(entry)
    .filter(([k]) => !SHOWN.has(k))
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  const request = entry.req?.url ? ` [${entry.req.method ?? ''} ${entry.req.url}]` : '';
  const err = entry.err ? `\n  ${entry.err.message ?? ''}${entry.err.stack ? `\n${entry.err.stack}` : ''}` : '';
  return `${time} ${label ? `${label}: ` : ''}${msg}${request}${fields.length ? `  (${fields.join(', ')})` : ''}${err}`;
}

function clock(time: number | undefined): string {
  const d = new Date(time ?? Date.now());
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}
