// Slow bodies (decision 0057): another client's GET /api/tracks while N connections from one address each send
// the headers of POST /api/email/verify (Content-Length: 100000), then `{`, then one space every BENCH_DRIP_MS
// (5,000 ms: the attack as it was found). The visitor asks from another loopback address, one request after another,
// each bounded at 20 s; each run lasts BENCH_SECONDS (30).
// Run alone: node --import tsx bench/slow-bodies.ts
// Another checkout (e.g. the commit before the change, in a worktree with node_modules linked):
//   BENCH_SERVER_SOURCES=/tmp/before node --import tsx bench/slow-bodies.ts
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freshPostgresDatabase, postgresAvailable } from './lib/postgres';
import { ROOT, startServer, type RunningServer } from './lib/server';
import { ensureWebDir, fmt, percentile, printMachine, printTable, runBench } from './lib/util';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '70,100').split(',').map(Number);
const DRIP_MS = Number(process.env.BENCH_DRIP_MS ?? 5000);
const SOURCES = path.resolve(process.env.BENCH_SERVER_SOURCES ?? ROOT);
const ATTACKER = '127.0.0.2';
const VISITOR = '127.0.0.3';

/** One GET from the visitor's address on a new connection: its status (0: no answer in 20 s) and time. */
function visit(port: number): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port, localAddress: VISITOR });
    let text = '';
    const done = (status: number) => {
      clearTimeout(timer);
      s.destroy();
      resolve({ status, ms: performance.now() - t0 });
    };
    const timer = setTimeout(() => done(0), 20_000);
    s.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      const head = /^HTTP\/1\.1 (\d+)[^]*?\r\n\r\n/.exec(text);
      const length = /\r\ncontent-length: (\d+)/i.exec(text);
      if (head && length && text.length - head[0].length >= Number(length[1])) done(Number(head[1]));
    });
    s.on('error', () => done(0));
    s.write('GET /api/tracks HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
  });
}

interface Run {
  times: number[];
  statuses: Map<number, number>;
  cut: number;
  open: number;
}

async function measure(server: RunningServer, connections: number): Promise<Run> {
  const sockets: net.Socket[] = [];
  let cut = 0;
  for (let i = 0; i < connections; i++) {
    const s = net.connect({ host: '127.0.0.1', port: server.port, localAddress: ATTACKER });
    s.on('error', () => {});
    s.on('data', (d: Buffer) => {
      if (d.toString('latin1').startsWith('HTTP/1.1 408')) cut++;
    });
    s.write('POST /api/email/verify HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{');
    sockets.push(s);
  }
  const drip = setInterval(() => {
    for (const s of sockets) if (!s.destroyed) s.write(' ');
  }, DRIP_MS);
  const run: Run = { times: [], statuses: new Map(), cut: 0, open: 0 };
  const deadline = performance.now() + SECONDS * 1000;
  while (performance.now() < deadline) {
    const { status, ms } = await visit(server.port);
    run.statuses.set(status, (run.statuses.get(status) ?? 0) + 1);
    run.times.push(ms);
  }
  clearInterval(drip);
  run.cut = cut;
  run.open = sockets.filter((s) => !s.destroyed && !s.readableEnded).length;
  for (const s of sockets) s.destroy();
  return run;
}

runBench("another client's API requests while slow bodies trickle in from one address", async () => {
  printMachine();
  const webDir = ensureWebDir();
  if (!(await postgresAvailable()))
    throw new Error('PostgreSQL is not answering on BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres)');
  const fresh = await freshPostgresDatabase();
  const server = await startServer({ webDir, databaseUrl: fresh.url, sourcesIn: SOURCES });
  console.log(
    `server: the sources in ${SOURCES}, on PostgreSQL, default settings; ${SECONDS} s a run; one space every ${DRIP_MS} ms per slow body\n`,
  );
  const rows: Array<Array<string | number>> = [];
  for (const n of [0, ...CONNECTIONS]) {
    const r = await measure(server, n);
    const statuses = [...r.statuses.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([k, v]) => `${v} × ${k || 'no answer'}`)
      .join(', ');
    rows.push([
      n,
      r.times.length,
      fmt(percentile(r.times, 50), 1),
      fmt(percentile(r.times, 95), 1),
      fmt(Math.max(...r.times), 0),
      statuses,
      n ? r.cut : '–',
      n ? r.open : '–',
    ]);
  }
  printTable(
    [
      'slow bodies',
      "visitor's requests",
      'p50 ms',
      'p95 ms',
      'max ms',
      "visitor's answers",
      'slow bodies cut (408)',
      'still open at the end',
    ],
    rows,
  );
  await server.stop();
  await fresh.drop();
});
