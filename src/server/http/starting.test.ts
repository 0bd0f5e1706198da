import { createServer } from 'node:net';
import { expect, test } from 'vitest';
import { answerWhileStarting } from './starting';

/** A port free now, found by listening on 0. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

test('while the server starts its port answers 503: readiness with its reason, liveness in its own shape, then frees the port', async () => {
  const port = await freePort();
  const starting = await answerWhileStarting({ port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  const ready = await fetch(`${url}/api/health/ready`);
  expect(ready.status).toBe(503);
  expect(ready.headers.get('retry-after')).toBe('5');
  expect(await ready.json()).toEqual({
    status: 'unavailable',
    reason: 'starting',
    message: 'The server is starting. Please try again in a few seconds.',
  });
  const live = await fetch(`${url}/api/health`);
  expect(live.status).toBe(503);
  expect(await live.json()).toEqual({ status: 'unavailable', message: 'The server is starting. Please try again in a few seconds.' });
  expect((await fetch(`${url}/`)).status).toBe(503);
  await starting.close();
  // The server itself can take the port at once.
  const next = createServer();
  await new Promise<void>((resolve, reject) => next.once('error', reject).listen(port, '127.0.0.1', resolve));
  await new Promise((resolve) => next.close(resolve));
});
