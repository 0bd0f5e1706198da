import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureCommand } from './util';

export interface WrkResult {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Responses with a status other than 2xx/3xx. */
  non2xx: number;
  socketErrors: number;
}

/**
 * One wrk run (Debian's wrk, installed when missing). Headers go through a Lua script, whose `done`
 * prints the figures as JSON, so nothing depends on wrk's human-readable units.
 */
export function runWrk(opts: {
  url: string;
  seconds: number;
  connections: number;
  threads?: number;
  headers?: Record<string, string>;
}): WrkResult {
  const wrk = ensureCommand('wrk', 'wrk');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'imse-bench-wrk-'));
  const script = path.join(dir, 'bench.lua');
  const headerLines = Object.entries(opts.headers ?? {})
    .map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
    .join('\n');
  writeFileSync(
    script,
    `${headerLines}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"duration_us":%d,"p50":%d,"p99":%d,"max":%d,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.status, e.connect, e.read, e.write, e.timeout))
end
`,
  );
  try {
    const r = spawnSync(
      wrk,
      ['-t', String(opts.threads ?? 1), '-c', String(opts.connections), '-d', `${opts.seconds}s`, '-s', script, opts.url],
      { encoding: 'utf8', timeout: (opts.seconds + 30) * 1000 },
    );
    const line = /WRK_JSON (.+)/.exec(r.stdout)?.[1];
    if (!line) throw new Error(`wrk failed: ${r.stderr || r.stdout}`);
    const j = JSON.parse(line) as Record<string, number>;
    return {
      requestsPerSecond: j.requests! / (j.duration_us! / 1e6),
      requests: j.requests!,
      p50Ms: j.p50! / 1000,
      p99Ms: j.p99! / 1000,
      maxMs: j.max! / 1000,
      non2xx: j.status!,
      socketErrors: j.connect! + j.read! + j.write! + j.timeout!,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
