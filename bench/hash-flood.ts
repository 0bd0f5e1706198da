// Decision 0022: another user's login while N connections flood the server with requests that used to cost a
// password hash each (scrypt, ~40 ms and 16 MB): POST /api/password/reset with bad links, from one address or
// from a new address every request, and (to show the hashing queue) POST /api/login with wrong passwords.
// On loopback, bounded: every request times out after 10 s and each run stops after BENCH_SECONDS (20).
// Run alone: node --import tsx bench/hash-flood.ts
// Another checkout (e.g. the commit before the change, in a worktree with node_modules linked):
//   BENCH_SERVER_SOURCES=/tmp/before node --import tsx bench/hash-flood.ts
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { jsonBody, request } from './lib/http';
import { freshPostgresDatabase, postgresAvailable } from './lib/postgres';
import { ROOT, startServer, type RunningServer } from './lib/server';
import { cpuMs, ensureWebDir, fmt, percentile, printMachine, printTable, runBench } from './lib/util';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '32,128').split(',').map(Number);
const SOURCES = path.resolve(process.env.BENCH_SERVER_SOURCES ?? ROOT);
const PASSWORD = 'bench flood password';
const BAD_TOKEN = 'A'.repeat(43);

type Flood = 'reset, one address' | 'reset, new address each' | 'login (wrong password), new address each';
const FLOODS: Flood[] = ['reset, one address', 'reset, new address each', 'login (wrong password), new address each'];

let addressSeq = 0;
/** A client address the server believes (TRUST_PROXY=1 and X-Forwarded-For, as behind one balancer). */
const nextAddress = (prefix: number) => {
  addressSeq++;
  return `10.${prefix}.${(addressSeq >> 8) & 255}.${addressSeq & 255}`;
};
const from = (address: string) => ({ 'x-forwarded-for': address });

interface Run {
  logins: number[];
  loginStatuses: Map<number, number>;
  floodStatuses: Map<number, number>;
  floodRequests: number;
  seconds: number;
  cpuMsPerSecond: number;
}

const bump = (m: Map<number, number>, k: number) => m.set(k, (m.get(k) ?? 0) + 1);
const statuses = (m: Map<number, number>) =>
  [...m.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([k, v]) => `${v.toLocaleString('en-US')} × ${k}`)
    .join(', ') || '–';

/** One user logs in again and again (each time from a new address of a campus, under every per-address limit) while `connections` flood. */
async function measure(server: RunningServer, email: string, flood: Flood | null, connections: number): Promise<Run> {
  const floodAgent = new http.Agent({ keepAlive: true, maxSockets: Math.max(1, connections) });
  const userAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const run: Run = { logins: [], loginStatuses: new Map(), floodStatuses: new Map(), floodRequests: 0, seconds: 0, cpuMsPerSecond: 0 };
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const cpuBefore = cpuMs(server.pid);
  const oneAddress = nextAddress(99);
  const flooders = flood
    ? Array.from({ length: connections }, async () => {
        while (performance.now() < deadline) {
          const address = flood === 'reset, one address' ? oneAddress : nextAddress(100 + (addressSeq % 50));
          const body = flood.startsWith('reset')
            ? jsonBody({ token: BAD_TOKEN, password: 'a new long password', confirmPassword: 'a new long password' })
            : jsonBody({ email: `nobody${addressSeq}@bench.example.org`, password: 'wrong password', role: 'Author' });
          const url = `${server.url}/api/${flood.startsWith('reset') ? 'password/reset' : 'login'}`;
          try {
            const res = await request(url, {
              method: 'POST',
              agent: floodAgent,
              timeoutMs: 10_000,
              body: body.body,
              headers: { ...body.headers, ...from(address) },
            });
            bump(run.floodStatuses, res.status);
          } catch {
            bump(run.floodStatuses, 0);
          }
          run.floodRequests++;
        }
      })
    : [];
  const user = (async () => {
    while (performance.now() < deadline) {
      const body = jsonBody({ email, password: PASSWORD, role: 'Author' });
      try {
        const res = await request(`${server.url}/api/login`, {
          method: 'POST',
          agent: userAgent,
          timeoutMs: 10_000,
          body: body.body,
          headers: { ...body.headers, ...from(nextAddress(200)) },
        });
        bump(run.loginStatuses, res.status);
        if (res.status === 200) run.logins.push(res.ms);
      } catch {
        bump(run.loginStatuses, 0);
      }
    }
  })();
  await Promise.all([user, ...flooders]);
  run.seconds = (performance.now() - started) / 1000;
  run.cpuMsPerSecond = (cpuMs(server.pid) - cpuBefore) / run.seconds;
  floodAgent.destroy();
  userAgent.destroy();
  return run;
}

runBench("another user's login during a password-hash flood", async () => {
  printMachine();
  const webDir = ensureWebDir();
  if (!(await postgresAvailable()))
    throw new Error('PostgreSQL is not answering on BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres)');
  const fresh = await freshPostgresDatabase();
  const server = await startServer({ webDir, databaseUrl: fresh.url, sourcesIn: SOURCES, env: { TRUST_PROXY: '1' } });
  console.log(
    `server: the sources in ${SOURCES}, on PostgreSQL; ${SECONDS} s a run; clients' addresses through X-Forwarded-For (TRUST_PROXY=1)\n`,
  );
  const email = `flood.user.${Date.now()}@bench.example.org`;
  const signup = await request(`${server.url}/api/signup`, {
    method: 'POST',
    ...jsonBody({ name: 'Flood User', email, password: PASSWORD, confirmPassword: PASSWORD, role: 'Author' }),
  });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${signup.body.toString()}`);

  const rows: Array<Array<string | number>> = [];
  const row = (label: string, n: number | string, r: Run) =>
    rows.push([
      label,
      n,
      r.logins.length,
      fmt(percentile(r.logins, 50), 0),
      fmt(percentile(r.logins, 95), 0),
      statuses(new Map([...r.loginStatuses].filter(([k]) => k !== 200))),
      fmt(r.floodRequests / r.seconds, 0),
      statuses(r.floodStatuses),
      fmt(r.cpuMsPerSecond / 10, 0),
    ]);
  row('no flood', 0, await measure(server, email, null, 0));
  const wanted = process.env.BENCH_FLOODS
    ? FLOODS.filter((f) => process.env.BENCH_FLOODS!.split(',').some((w) => f.startsWith(w.trim())))
    : FLOODS;
  for (const flood of wanted) for (const n of CONNECTIONS) row(flood, n, await measure(server, email, flood, n));
  printTable(
    ['flood', 'connections', "user's logins", 'p50 ms', 'p95 ms', "user's other answers", 'flood req/s', 'flood answers', 'server CPU %'],
    rows,
  );
  console.log(`server RSS after the runs: ${fmt(server.rssMb(), 0)} MB`);
  await server.stop();
  await fresh.drop();
});
