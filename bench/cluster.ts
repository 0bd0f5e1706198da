// Two server instances on one PostgreSQL behind Debian's nginx (deploy/nginx.conf), mixed load through
// nginx, one instance killed with SIGKILL half-way. Prints requests, errors, acknowledged papers, and the
// papers found afterwards with identical PDF bytes (must be all of them).
// Run alone: node --import tsx bench/cluster.ts   (BENCH_CLUSTER_CLIENTS=40, BENCH_CLUSTER_SECONDS=30)
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pdfBytes } from '../tests/support/multipart';
import { bearer, jsonBody, request, type HttpResponse } from './lib/http';
import { freshPostgresDatabase, postgresAvailable } from './lib/postgres';
import { ROOT, startServer } from './lib/server';
import {
  ensureCommand,
  ensureWebDir,
  fmt,
  freePort,
  onCleanup,
  percentile,
  printMachine,
  printTable,
  runBench,
  sleep,
  verdict,
} from './lib/util';

const CLIENTS = Number(process.env.BENCH_CLUSTER_CLIENTS ?? 40);
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 30);
const PASSWORD = 'cluster-bench-password';

/** deploy/nginx.conf as shipped, with the bench's ports, inside a minimal main configuration of its own. */
function nginxConfig(dir: string, listen: number, upstreams: number[]): string {
  const site = readFileSync(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8')
    .replace(/server 127\.0\.0\.1:3001/, `server 127.0.0.1:${upstreams[0]}`)
    .replace(/server 127\.0\.0\.1:3002/, `server 127.0.0.1:${upstreams[1]}`)
    .replace(/listen 80;/, `listen 127.0.0.1:${listen};`);
  if (!site.includes(`:${upstreams[1]}`) || !site.includes(`:${listen};`))
    throw new Error('deploy/nginx.conf no longer has the lines this bench rewrites');
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`;
}

async function startNginx(upstreams: number[]): Promise<{ url: string }> {
  const nginx = ensureCommand('nginx', 'nginx');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'imse-bench-nginx-'));
  // nginx's workers (www-data when started as root) keep request bodies in temp folders under it.
  chmodSync(dir, 0o755);
  const port = await freePort();
  writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, port, upstreams));
  const child = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  onCleanup(async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url };
    } catch {
      /* starting */
    }
    if (i > 100) throw new Error(`nginx did not answer: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    await sleep(100);
  }
}

function multipartBody(fields: Array<[string, string]>, file: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----imse-cluster-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = fields.map(([k, v]) =>
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="paper.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

runBench(`cluster: 2 instances behind nginx, ${CLIENTS} clients for ${SECONDS} s, one instance SIGKILLed half-way`, async () => {
  printMachine();
  if (!(await postgresAvailable())) throw new Error('the cluster bench needs a PostgreSQL server (BENCH_POSTGRES_URL)');
  const webDir = ensureWebDir();
  const db = await freshPostgresDatabase();
  const started = performance.now();
  const [a, b] = await Promise.all([startServer({ webDir, databaseUrl: db.url }), startServer({ webDir, databaseUrl: db.url })]);
  console.log(`two instances up (together, migrating under the advisory lock) in ${fmt((performance.now() - started) / 1000, 1)} s`);
  const lb = await startNginx([a.port, b.port]);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });
  const call = (p: string, opts: Parameters<typeof request>[1] = {}): Promise<HttpResponse> =>
    request(`${lb.url}${p}`, { agent, timeoutMs: 60_000, ...opts }).catch((err: Error) => ({
      status: 0,
      headers: {},
      body: Buffer.from(err.message),
      ms: 0,
    }));

  // One author per client.
  const authors = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const email = `cluster.author${i}.${Date.now()}@example.org`;
      const res = await call('/api/signup', {
        method: 'POST',
        ...jsonBody({ name: `Author ${i}`, email, password: PASSWORD, confirmPassword: PASSWORD, role: 'Author', tags: [] }),
      });
      if (res.status !== 201) throw new Error(`signup: ${res.status} ${res.body}`);
      return { email, token: JSON.parse(res.body.toString()).token as string };
    }),
  );

  const acknowledged: Array<{ author: number; id: string; sha: string; size: number }> = [];
  const counts = { requests: 0, errors: 0, errorsAfterKill: 0, errorsBeforeKill: 0 };
  const byKind = new Map<string, { n: number; errors: number; ms: number[] }>();
  const statuses = new Map<string, number>();
  let killedAt = Infinity;
  const end = performance.now() + SECONDS * 1000;
  const killAt = performance.now() + (SECONDS * 1000) / 2;

  const record = (kind: string, res: HttpResponse, ok: boolean) => {
    counts.requests++;
    const k = byKind.get(kind) ?? { n: 0, errors: 0, ms: [] };
    k.n++;
    k.ms.push(res.ms);
    if (!ok) {
      k.errors++;
      counts.errors++;
      const when = performance.now() >= killedAt ? 'after kill' : 'before kill';
      if (when === 'after kill') counts.errorsAfterKill++;
      else counts.errorsBeforeKill++;
      statuses.set(`${kind} ${res.status} ${when}`, (statuses.get(`${kind} ${res.status} ${when}`) ?? 0) + 1);
    }
    byKind.set(kind, k);
  };

  const client = async (i: number) => {
    const auth = bearer(authors[i]!.token);
    for (let n = 0; performance.now() < end; n++) {
      const roll = (i * 7 + n * 13) % 100;
      if (roll < 45) {
        const res = await call(n % 2 ? '/' : '/call-for-papers');
        record('public page', res, res.status === 200);
      } else if (roll < 75) {
        const res = await call('/api/author/my-papers', { headers: auth });
        record('author list', res, res.status === 200);
      } else if (roll < 80) {
        const res = await call('/api/login', {
          method: 'POST',
          ...jsonBody({ email: authors[i]!.email, password: PASSWORD, role: 'Author' }),
        });
        record('login', res, res.status === 200);
      } else {
        const pdf = pdfBytes(`cluster-${i}-${n}-${Math.random()}`, 50_000 + ((i * 997 + n * 131) % 400_000));
        const form = multipartBody(
          [
            ['title', `Cluster paper ${i}-${n}`],
            ['abstract', 'Submitted during the cluster bench.'],
            ['keywords', 'AI'],
          ],
          pdf,
        );
        const res = await call('/api/author/new-paper', {
          method: 'POST',
          body: form.body,
          headers: { ...auth, 'content-type': form.contentType },
        });
        record('submission', res, res.status === 201);
        if (res.status === 201)
          acknowledged.push({ author: i, id: JSON.parse(res.body.toString()).paper._id, sha: sha(pdf), size: pdf.length });
      }
    }
  };
  const killer = (async () => {
    await sleep(Math.max(0, killAt - performance.now()));
    killedAt = performance.now();
    process.kill(a.pid, 'SIGKILL');
    console.log(`SIGKILL sent to instance A (pid ${a.pid}) at ${fmt((killedAt - (end - SECONDS * 1000)) / 1000, 1)} s`);
  })();
  await Promise.all([...authors.map((_, i) => client(i)), killer]);

  // Afterwards, through nginx (only B is left): every acknowledged paper, listed with identical bytes.
  let found = 0;
  let identical = 0;
  for (const [i, author] of authors.entries()) {
    const mine = acknowledged.filter((p) => p.author === i);
    if (!mine.length) continue;
    const list = await call('/api/author/my-papers', { headers: bearer(author.token) });
    const papers = JSON.parse(list.body.toString()).papers as Array<{ _id: string; pdf: string }>;
    for (const p of mine) {
      const listed = papers.find((x) => x._id === p.id);
      if (!listed) continue;
      found++;
      const file = await call(listed.pdf);
      if (file.status === 200 && sha(file.body) === p.sha) identical++;
    }
  }

  printTable(
    ['request', 'count', 'errors', 'p50 ms', 'p99 ms'],
    [...byKind].map(([kind, k]) => {
      const ms = k.ms.sort((x, y) => x - y);
      return [kind, k.n, k.errors, fmt(percentile(ms, 50), 1), fmt(percentile(ms, 99), 1)];
    }),
  );
  console.log('');
  printTable(
    [
      'requests',
      'errors',
      'errors before the kill',
      'errors after the kill',
      'acknowledged papers',
      'found afterwards',
      'identical bytes',
      'all acknowledged papers intact',
    ],
    [
      [
        counts.requests,
        counts.errors,
        counts.errorsBeforeKill,
        counts.errorsAfterKill,
        acknowledged.length,
        found,
        identical,
        verdict(acknowledged.length > 0 && found === acknowledged.length && identical === acknowledged.length),
      ],
    ],
  );
  if (statuses.size) console.log(`\nerrors by request, status and time: ${[...statuses].map(([k, n]) => `${k}: ${n}`).join('; ')}`);
  const failures = [a, b].flatMap((s) =>
    s
      .log()
      .split('\n')
      .filter((l) => /"level":50/.test(l)),
  );
  if (failures.length) console.log(`\nserver errors logged: ${failures.length}; first: ${failures[0]!.slice(0, 1500)}`);
  await b.stop();
  await a.stop().catch(() => {});
});
