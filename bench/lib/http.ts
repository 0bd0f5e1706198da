import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
}

const defaultAgent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One HTTP request over a keep-alive agent, timed from the call to the last byte of the body. */
export function request(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    agent?: http.Agent;
    timeoutMs?: number;
    /** The local address to connect from (127.x.y.z on loopback): each simulated person has their own, as on the Internet. */
    from?: string;
  } = {},
): Promise<HttpResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: opts.method ?? 'GET', headers: opts.headers, agent: opts.agent ?? defaultAgent, localAddress: opts.from },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(opts.timeoutMs ?? 60_000, () => req.destroy(new Error(`timeout after ${opts.timeoutMs ?? 60_000} ms: ${url}`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}

export function jsonBody(body: unknown): { body: string; headers: Record<string, string> } {
  return { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
