// Logins per second (bound by the password hash cost) and an authenticated list read (a reviewer's 20
// assigned papers) under wrk, on PostgreSQL. Run alone: node --import tsx bench/login.ts
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { PASSWORD_COST } from '../src/server/auth/password';
import { signToken } from '../src/server/auth/tokens';
import { connectDatabase } from '../src/server/db/connect';
import { bearer, jsonBody, request } from './lib/http';
import pg from 'pg';
import { freshPostgresDatabase, POSTGRES_ADMIN_URL, postgresAvailable } from './lib/postgres';
import { BENCH_PASSWORD, rowsOf, seedReviewDesk } from './lib/seed';
import { BENCH_JWT_SECRET, startServer } from './lib/server';
import { runWrk } from './lib/wrk';
import { cpuMs, ensureWebDir, fmt, percentile, printMachine, printTable, runBench, verdict } from './lib/util';

const PAPERS = Number(process.env.BENCH_PAPERS ?? 5_000);
const LOGIN_SECONDS = 10;
const LOGIN_CONCURRENCY = 8;
const WRK_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WRK_CONNECTIONS = [16, 50];

/** The PostgreSQL backend processes connected to one database (to read their CPU time). */
async function backendPids(database: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await c.connect();
  const { rows } = await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]);
  await c.end();
  return rows.map((r) => r.pid);
}

runBench('login and an authenticated list read, on PostgreSQL', async () => {
  printMachine();
  const webDir = ensureWebDir();
  if (!(await postgresAvailable()))
    throw new Error('PostgreSQL is not answering on BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres)');
  const fresh = await freshPostgresDatabase();
  const database = await connectDatabase({ databaseUrl: fresh.url, dataDir: '/nonexistent' });
  const seeded = await seedReviewDesk(database.db, { papers: PAPERS, reviewers: PAPERS });
  await database.db.execute(sql`analyze`);
  const emails = rowsOf<{ email: string }>(
    await database.db.execute(sql`select email from users where role = 'Reviewer' order by id limit 200`),
  ).map((r) => r.email);
  await database.close();
  const server = await startServer({ webDir, databaseUrl: fresh.url });
  console.log(`database: ${PAPERS.toLocaleString('en-US')} papers, ${PAPERS.toLocaleString('en-US')} reviewers (seeded as in review-desk)`);
  const cost = PASSWORD_COST;
  console.log(
    `password hash: scrypt N=${cost.N} (2^${Math.log2(cost.N)}), r=${cost.r}, p=${cost.p}: ${(128 * cost.N * cost.r) / 2 ** 20} MB of memory per hash\n`,
  );

  // Logins: LOGIN_CONCURRENCY clients, each logging in again as soon as it has its answer.
  const agent = new http.Agent({ keepAlive: true, maxSockets: LOGIN_CONCURRENCY });
  const times: number[] = [];
  let failures = 0;
  const deadline = performance.now() + LOGIN_SECONDS * 1000;
  let n = 0;
  const started = performance.now();
  const loginCpuBefore = cpuMs(server.pid);
  await Promise.all(
    Array.from({ length: LOGIN_CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const email = emails[n++ % emails.length]!;
        const res = await request(`${server.url}/api/login`, {
          method: 'POST',
          agent,
          ...jsonBody({ email, password: BENCH_PASSWORD, role: 'Reviewer' }),
        });
        if (res.status === 200) times.push(res.ms);
        else failures++;
      }
    }),
  );
  const loginSeconds = (performance.now() - started) / 1000;
  const loginCpu = (cpuMs(server.pid) - loginCpuBefore) / (times.length + failures);
  printTable(
    [
      'login (POST /api/login)',
      'clients',
      'logins',
      'failed',
      'logins/s',
      'p50 ms',
      'p95 ms',
      'server CPU ms/login',
      `ceiling on ${os.availableParallelism()} cores`,
    ],
    [
      [
        `scrypt N=2^${Math.log2(cost.N)} r=${cost.r} p=${cost.p}`,
        LOGIN_CONCURRENCY,
        times.length,
        failures,
        fmt(times.length / loginSeconds, 1),
        fmt(percentile(times, 50), 0),
        fmt(percentile(times, 95), 0),
        fmt(loginCpu, 1),
        `${fmt((1000 / loginCpu) * os.availableParallelism(), 0)}/s`,
      ],
    ],
  );

  // The list read: wrk sends the reviewer's bearer token (set in its Lua script).
  const token = await signToken({ sub: seeded.reviewerId, role: 'Reviewer' }, new TextEncoder().encode(BENCH_JWT_SECRET));
  const listUrl = `${server.url}/api/reviewer/assigned-papers/${seeded.reviewerId}`;
  const check = await request(listUrl, { headers: bearer(token) });
  const items = (JSON.parse(check.body.toString()) as unknown[]).length;
  if (check.status !== 200 || items !== 20) throw new Error(`list read: ${check.status}, ${items} items`);
  const rows: Array<Array<string | number>> = [];
  for (const [label, url, headers] of [
    ['GET /api/health (one select 1, no token)', `${server.url}/api/health`, {}],
    [`GET /api/reviewer/assigned-papers/:id (${items} papers, ${(check.body.length / 1024).toFixed(1)} KB)`, listUrl, bearer(token)],
  ] as const) {
    for (const connections of WRK_CONNECTIONS) {
      runWrk({ url, seconds: 3, connections, headers });
      const pgPids = await backendPids(fresh.name);
      const before = { node: cpuMs(server.pid), pg: pgPids.reduce((n, p) => n + cpuMs(p), 0) };
      const r = runWrk({ url, seconds: WRK_SECONDS, connections, headers });
      const nodeCpu = (cpuMs(server.pid) - before.node) / r.requests;
      const pgCpu = (pgPids.reduce((n, p) => n + cpuMs(p), 0) - before.pg) / r.requests;
      const target = url === listUrl ? verdict(r.requestsPerSecond >= 3000 && r.p99Ms <= 20) : '';
      rows.push([
        label,
        connections,
        fmt(r.requestsPerSecond, 0),
        fmt(r.p50Ms, 2),
        fmt(r.p99Ms, 2),
        r.non2xx + r.socketErrors,
        fmt(nodeCpu, 3),
        fmt(pgCpu, 3),
        target,
      ]);
    }
  }
  console.log(`wrk, 1 thread, 3 s warm-up then ${WRK_SECONDS} s, on loopback:`);
  // CPU per request (from /proc: the server process, and the PostgreSQL backends serving this database)
  // tells what the figures would be on a quiet machine: 2 cores hold at most 2000 / (node + pg + wrk) requests/s.
  printTable(
    [
      'request',
      'connections',
      'requests/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'node CPU ms/req',
      'PostgreSQL CPU ms/req',
      '≥ 3,000/s and p99 ≤ 20 ms',
    ],
    rows,
  );
  console.log(`server RSS after the runs: ${fmt(server.rssMb(), 0)} MB`);
});
