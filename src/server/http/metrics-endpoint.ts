import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { bearsToken, type Metrics } from '../metrics';

export const METRICS_PATH = '/metrics';
export const METRICS_TOKEN_REQUIRED = 'GET /metrics needs the header Authorization: Bearer <METRICS_TOKEN>.';

/** Whether a raw URL asks for the metrics (with or without a query). */
export function isMetricsUrl(url: string | undefined): boolean {
  return url === METRICS_PATH || url?.startsWith(`${METRICS_PATH}?`) === true;
}

/**
 * GET /metrics on the server's own port, for a scraper bearing METRICS_TOKEN (decision 0067). Outside /api:
 * not in the API's contract, and not behind the admission gate, so a scrape still answers while the API sheds.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (!bearsToken(req.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ message: METRICS_TOKEN_REQUIRED });
    }
    const { contentType, body } = await metrics.render();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}

/**
 * GET /metrics without a token on an address of its own (METRICS_ADDRESS, host:port), for an operator who keeps
 * that port off the public network; anything else there is 404.
 */
export async function listenForMetrics(address: string, metrics: Metrics): Promise<Server> {
  const colon = address.lastIndexOf(':');
  const host = address.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  const port = Number(address.slice(colon + 1));
  const server = createServer((req, res) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && isMetricsUrl(req.url)) {
      metrics.render().then(
        ({ contentType, body }) => {
          res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
          res.end(req.method === 'HEAD' ? undefined : body);
        },
        () => {
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          res.end('collecting the metrics failed\n');
        },
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not Found\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
