import { createServer } from 'node:http';
import { isMigrating } from '../db/connect';
import { notReady } from '../readiness';

/**
 * While the server starts (its database, then the migrations, then the pages), its port already answers
 * (decision 0067): every request 503 with Retry-After, the readiness check with its reason (`migrating` while
 * the migrations run or wait for another instance's), so a balancer or an orchestrator sees an instance that is
 * starting, not one that is down. Closed just before the server itself listens on the port.
 */
export async function answerWhileStarting(opts: { port: number; host: string }): Promise<{ close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const reason = isMigrating() ? 'migrating' : 'starting';
    const body = notReady(reason);
    const pathname = (req.url ?? '/').split('?', 1)[0];
    // Liveness answers in its own shape (HealthDownJson), readiness and the rest in readiness's.
    const json = pathname === '/api/health' ? { status: body.status, message: body.message } : body;
    res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5', connection: 'close' });
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(json));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
