import { expect, test } from 'vitest';
import { terminalLogStream } from './terminal-log';

function shown(lines: object[]): string[] {
  const out: string[] = [];
  const stream = terminalLogStream({ write: (t: string) => out.push(t) });
  for (const l of lines) stream.write(`${JSON.stringify(l)}\n`);
  return out.join('').trimEnd().split('\n');
}
const time = new Date(2026, 0, 5, 9, 3, 7).getTime();

test('a request is one short line: method, path, status and time taken', () => {
  expect(
    shown([
      { level: 30, time, reqId: 'req-1', req: { method: 'POST', url: '/api/login' }, msg: 'incoming request' },
      { level: 30, time, reqId: 'req-1', res: { statusCode: 200 }, responseTime: 83.6, msg: 'request completed' },
    ]),
  ).toEqual(['09:03:07 POST /api/login 200 (84 ms)']);
});

test('warnings and errors say so in words, with their fields; the start lines the start line replaces are left out', () => {
  expect(
    shown([
      { level: 30, time, msg: 'Server listening at http://127.0.0.1:3000' },
      { level: 30, time, database: 'embedded', msg: 'ready' },
      { level: 40, time, pid: 1, hostname: 'h', msg: 'Editor signup is open' },
      {
        level: 50,
        time,
        reqId: 'req-2',
        req: { method: 'GET', url: '/api/papers' },
        err: { message: 'boom', stack: 'at x' },
        msg: 'request failed',
      },
      { level: 30, time, signal: 'SIGINT', msg: 'shutting down' },
    ]),
  ).toEqual([
    '09:03:07 warning: Editor signup is open',
    '09:03:07 error: request failed [GET /api/papers]',
    '  boom',
    'at x',
    '09:03:07 shutting down  (signal=SIGINT)',
  ]);
});
