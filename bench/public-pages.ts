// Public pages vs the physical limit: our server and nginx (one worker) serving the same built files,
// both loaded by wrk on loopback. Run alone: node --import tsx bench/public-pages.ts
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from './lib/http';
import { startServer } from './lib/server';
import { runWrk, type WrkResult } from './lib/wrk';
import {
  cpuMs,
  ensureCommand,
  ensureDebianPackage,
  ensureWebDir,
  fmt,
  freePort,
  onCleanup,
  printMachine,
  printTable,
  runBench,
  sleep,
  verdict,
} from './lib/util';

const PAGES = ['/', '/call-for-papers'];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const CONNECTIONS = 50;
const HEADERS = { 'accept-encoding': 'br, gzip' };
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** nginx with one worker on a loopback port, serving `root` with its precompressed .gz (and .br when the module is there). */
async function startNginx(root: string): Promise<{ url: string; brotli: boolean; workerPid(): number; stop(): Promise<void> }> {
  const nginx = ensureCommand('nginx', 'nginx');
  // Debian packages brotli_static separately; with it nginx sends the very bytes our server sends.
  const brotli = ensureDebianPackage('libnginx-mod-http-brotli-static', () => existsSync(BROTLI_MODULE));
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'imse-bench-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub));
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `
${brotli ? `load_module ${BROTLI_MODULE};` : ''}
${process.getuid?.() === 0 ? 'user root root;' : ''}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  gzip_static on;
  ${brotli ? 'brotli_static on;' : ''}
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  const child = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    if (!exited) {
      child.kill('SIGQUIT');
      await Promise.race([exitedPromise, sleep(5000)]);
      if (!exited) {
        child.kill('SIGKILL');
        await exitedPromise;
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  onCleanup(stop);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (exited) throw new Error('nginx exited at startup');
    try {
      if ((await request(`${url}/`)).status === 200) break;
    } catch {
      /* not yet */
    }
    if (i > 100) throw new Error('nginx did not start');
    await sleep(50);
  }
  const workerPid = () => Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
  return { url, brotli, workerPid, stop };
}

async function encodingOf(url: string): Promise<string> {
  const res = await request(url, { headers: HEADERS });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return `${res.headers['content-encoding'] ?? 'identity'} ${res.body.length} B`;
}

runBench('public-pages: our server vs nginx, wrk on loopback', async () => {
  printMachine();
  const webDir = ensureWebDir();
  const ours = await startServer({ webDir });
  const nginx = await startNginx(webDir);
  console.log(
    `wrk: 1 thread, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s, Accept-Encoding: ${HEADERS['accept-encoding']}`,
  );
  console.log(
    `nginx: 1 worker, gzip_static on${nginx.brotli ? ', brotli_static on' : ''}; ours: node --import tsx src/server/main.ts, NODE_ENV=production, LOG_LEVEL=warn, WEB_DIR=${webDir}\n`,
  );

  const rows: Array<Array<string | number>> = [];
  for (const page of PAGES) {
    const results: Record<string, { r: WrkResult; body: string; cpuUs: number }> = {};
    for (const [name, base, pid] of [
      ['nginx', nginx.url, nginx.workerPid()],
      ['ours', ours.url, ours.pid],
    ] as const) {
      const url = base + page;
      const body = await encodingOf(url);
      runWrk({ url, seconds: WARMUP_SECONDS, connections: CONNECTIONS, headers: HEADERS });
      const cpuBefore = cpuMs(pid);
      const r = runWrk({ url, seconds: SECONDS, connections: CONNECTIONS, headers: HEADERS });
      results[name] = { r, body, cpuUs: ((cpuMs(pid) - cpuBefore) * 1000) / r.requests };
    }
    const ratio = results.ours!.r.requestsPerSecond / results.nginx!.r.requestsPerSecond;
    const cpuRatio = results.nginx!.cpuUs / results.ours!.cpuUs;
    for (const name of ['nginx', 'ours'] as const) {
      const { r, body, cpuUs } = results[name]!;
      rows.push([
        `${page} ${name}`,
        body,
        fmt(r.requestsPerSecond, 0),
        fmt(r.p50Ms, 2),
        fmt(r.p99Ms, 2),
        r.non2xx + r.socketErrors,
        fmt(cpuUs, 1),
        name === 'ours' ? `${fmt(ratio, 2)} (${verdict(ratio >= 0.5)})` : '',
        name === 'ours' ? fmt(cpuRatio, 2) : '',
      ]);
    }
  }
  // CPU time per request (server process only, from /proc) does not depend on what else the machine runs.
  printTable(
    [
      'page / server',
      'response',
      'requests/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'server CPU µs/req',
      'ours/nginx req/s (≥ 0.5)',
      'nginx/ours CPU per req',
    ],
    rows,
  );
  console.log(`server RSS after the runs: ${fmt(ours.rssMb(), 0)} MB`);
});
