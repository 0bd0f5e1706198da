// The deadline hour (decision 0055): authors submit 1–10 MB PDFs at a rising rate while 300 reviewers read their
// lists and papers, 50 track chairs work on the review desk and visitors load public pages. Reports the highest
// submission rate sustained with no error and p99 ≤ 2 s, per step the offered and achieved rates, errors by status
// (503s from the admission queue, src/server/http/admission.ts, apart: shed load), p50/p99 of the submissions, the
// server's CPU ms and bytes written per submission, p95 of each kind of read, and afterwards reads every
// acknowledged PDF back through the API (the author's paper, then its signed link) and compares every byte.
// The PDF bodies are incompressible (random bytes in a PDF wrapper), as real PDFs' compressed streams are.
//
// Run: npm run bench -- deadline
//   BENCH_DEADLINE_RATES=10,20,30,40,50,60  submissions/s, one step each, BENCH_DEADLINE_STEP_S (20) seconds long
//   BENCH_DEADLINE_FULL=1                   then hold BENCH_DEADLINE_TARGET (50)/s for BENCH_DEADLINE_HOLD_S (120) s
//   BENCH_DEADLINE_HOLD_S                   the hold's length (without FULL: 0, no hold)
//   BENCH_DEADLINE_MB=1-10 | 2              PDF size in MB: a range (uniform) or one size
//   BENCH_DEADLINE_STORE=disk|postgres      FILE_STORE (disk by default, as the embedded default is)
//   BENCH_DEADLINE_DB=embedded|postgres     the embedded database (default) or a fresh one on BENCH_POSTGRES_URL's server
//   BENCH_DEADLINE_INSTANCES=2              two instances behind nginx (deploy/nginx.conf) on one PostgreSQL server
//   BENCH_DEADLINE_REVIEWERS=300, _CHAIRS=50, _THINK_S=10 (each person's mean pause), _VISITORS_RPS=20
// Every simulated person connects from a loopback address of their own (127.x.y.z), so the admission queue's
// fairness between addresses sees 2,000 people, not one client. Everything it wrote is removed at the end.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { newId } from '../src/core/ids';
import { signToken } from '../src/server/auth/tokens';
import { connectDatabase } from '../src/server/db/connect';
import { reviewStatuses, trackChairs, users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/auth/password';
import { freshPostgresDatabase, postgresAvailable } from './lib/postgres';
import { BENCH_PASSWORD, benchAddress, rng, seedReviewDesk } from './lib/seed';
import { BENCH_JWT_SECRET, ROOT, childPids, embeddedDatabasePids, startServer, type RunningServer } from './lib/server';
import { serverSources } from './lib/stale-build';
import { cpuMs, ensureWebDir, fmt, freePort, onCleanup, percentile, printMachine, printTable, runBench, sleep, verdict } from './lib/util';

const env = process.env;
const FULL = env.BENCH_DEADLINE_FULL === '1';
const RATES = (env.BENCH_DEADLINE_RATES ?? '10,20,30,40,50,60')
  .split(',')
  .map(Number)
  .filter((r) => r > 0);
const STEP_S = Number(env.BENCH_DEADLINE_STEP_S ?? 20);
const TARGET = Number(env.BENCH_DEADLINE_TARGET ?? 50);
const HOLD_S = Number(env.BENCH_DEADLINE_HOLD_S ?? (FULL ? 120 : 0));
const [MB_MIN, MB_MAX] = (() => {
  const [a, b] = (env.BENCH_DEADLINE_MB ?? '1-10').split('-').map(Number);
  return [a!, b ?? a!];
})();
const STORE = (env.BENCH_DEADLINE_STORE ?? 'disk') as 'disk' | 'postgres';
const INSTANCES = Number(env.BENCH_DEADLINE_INSTANCES ?? 1);
const DB = INSTANCES > 1 ? 'postgres' : (env.BENCH_DEADLINE_DB ?? 'embedded');
const REVIEWERS = Number(env.BENCH_DEADLINE_REVIEWERS ?? 300);
const CHAIRS = Number(env.BENCH_DEADLINE_CHAIRS ?? 50);
const THINK_S = Number(env.BENCH_DEADLINE_THINK_S ?? 10);
const VISITORS_RPS = Number(env.BENCH_DEADLINE_VISITORS_RPS ?? 20);
/** Submissions in flight at most; one more is not sent and counted as an error ("client cap"): the server is far behind. */
const MAX_IN_FLIGHT = Number(env.BENCH_DEADLINE_MAX_IN_FLIGHT ?? 400);
const SUBMIT_TIMEOUT_MS = 60_000;
const P99_LIMIT_MS = 2000;
/** Papers submitted before the surge with real PDFs (1 MB), two of them assigned to every reviewer to read. */
const READABLE_PAPERS = 60;
const MB = 1024 * 1024;
const PUBLIC = ['/', '/call-for-papers', '/program'];
if (!['disk', 'postgres'].includes(STORE)) throw new Error('BENCH_DEADLINE_STORE must be disk or postgres');

// ---------------------------------------------------------------------------------------------- HTTP

interface Res {
  status: number;
  ms: number;
  body: Buffer;
  error?: string;
}
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** One request from `from` (a loopback address), its body written as the given pieces; never throws (status 0). */
function send(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; pieces?: Buffer[]; from: string; timeoutMs?: number; keepBody?: boolean },
): Promise<Res> {
  const started = performance.now();
  return new Promise((resolve) => {
    const length = (opts.pieces ?? []).reduce((n, p) => n + p.length, 0);
    const headers = { ...opts.headers, ...(opts.pieces ? { 'content-length': String(length) } : {}) };
    let done = false;
    const finish = (r: Omit<Res, 'ms'>) => {
      if (!done) {
        done = true;
        resolve({ ...r, ms: performance.now() - started });
      }
    };
    const req = http.request(url, { method: opts.method ?? 'GET', headers, agent, localAddress: opts.from }, (res) => {
      const chunks: Buffer[] = [];
      const keep = opts.keepBody !== false;
      res.on('data', (c: Buffer) => {
        if (keep) chunks.push(c);
      });
      res.on('end', () => finish({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', (e) => finish({ status: 0, body: Buffer.alloc(0), error: e.message }));
    });
    req.setTimeout(opts.timeoutMs ?? 30_000, () => req.destroy(new Error('timeout')));
    req.on('error', (e) => finish({ status: 0, body: Buffer.alloc(0), error: e.message }));
    for (const p of opts.pieces ?? []) req.write(p);
    req.end();
  });
}

/** A loopback address of its own for person `n` of a group (1 authors, 2 reviewers, 3 chairs, 4 visitors). */
const addressOf = (group: number, n: number) => `127.${group}.${(n >> 8) & 255}.${n & 255 || 1}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

// ---------------------------------------------------------------------------------------------- PDF bodies

/** A few random buffers; every PDF is a slice of one of them inside a header naming the submission. */
const POOL = Array.from({ length: 4 }, () => randomBytes(Math.ceil(MB_MAX * MB) + 4096));
interface Pdf {
  label: string;
  pool: number;
  offset: number;
  size: number;
}
function pdfPieces(pdf: Pdf): Buffer[] {
  const head = Buffer.from(
    `%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Title (deadline ${pdf.label}) /Filter /FlateDecode /Length ${pdf.size} >>\nstream\n`,
    'latin1',
  );
  const tail = Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
  return [head, POOL[pdf.pool]!.subarray(pdf.offset, pdf.offset + pdf.size), tail];
}
function newPdf(label: string, rand: () => number, mb?: number): Pdf {
  const size = Math.round((mb ?? MB_MIN + rand() * (MB_MAX - MB_MIN)) * MB) - 160;
  const pool = Math.floor(rand() * POOL.length);
  return { label, pool, offset: Math.floor(rand() * (POOL[pool]!.length - size)), size };
}
const pdfEquals = (pdf: Pdf, bytes: Buffer) => bytes.equals(Buffer.concat(pdfPieces(pdf)));

/** A submission's multipart body as pieces (the PDF's random slice is not copied). */
function submissionPieces(title: string, pdf: Pdf): { pieces: Buffer[]; contentType: string } {
  const boundary = `----imse-deadline-${randomBytes(8).toString('hex')}`;
  const field = (k: string, v: string) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`;
  const [head, body, tail] = pdfPieces(pdf);
  const pre = Buffer.from(
    field('title', title) +
      field('abstract', 'Submitted in the last hour before the deadline.') +
      field('keywords', 'AI') +
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${pdf.label}.pdf"\r\ncontent-type: application/pdf\r\n\r\n`,
  );
  return {
    pieces: [pre, head!, body!, Buffer.concat([tail!, Buffer.from(`\r\n--${boundary}--\r\n`)])],
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

// ---------------------------------------------------------------------------------------------- /proc

/** CPU ms and bytes written so far by the server process(es) and, on the embedded database, its processes. */
function procCounters(servers: RunningServer[], embedded: boolean): { serverCpu: number; dbCpu: number; written: Map<number, number> } {
  const dbPids = embedded ? servers.flatMap((s) => embeddedDatabasePids(s.dataDir)) : [];
  const written = new Map<number, number>();
  for (const pid of [...servers.map((s) => s.pid), ...dbPids]) {
    try {
      written.set(pid, Number(/write_bytes:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0));
    } catch {
      /* gone */
    }
  }
  // The server's own children count as the server (the PDF worker that reads each upload's metadata), the
  // embedded database's processes as the database. A child that exited in between is not counted.
  const db = new Set(dbPids);
  const helpers = servers.flatMap((s) => childPids(s.pid)).filter((pid) => !db.has(pid));
  return {
    serverCpu: [...servers.map((s) => s.pid), ...helpers].reduce((n, pid) => n + cpuMs(pid), 0),
    dbCpu: dbPids.reduce((n, pid) => n + cpuMs(pid), 0),
    written,
  };
}

const writtenSince = (a: Map<number, number>, b: Map<number, number>) => [...b].reduce((n, [pid, v]) => n + v - (a.get(pid) ?? 0), 0);

// ---------------------------------------------------------------------------------------------- nginx

function nginxConfig(dir: string, listen: number, upstreams: number[]): string {
  const site = readFileSync(path.join(ROOT, 'deploy', 'nginx.conf'), 'utf8')
    .replace(/server 127\.0\.0\.1:3001/, `server 127.0.0.1:${upstreams[0]}`)
    .replace(/server 127\.0\.0\.1:3002/, `server 127.0.0.1:${upstreams[1]}`)
    .replace(/listen 80;/, `listen 127.0.0.1:${listen};`);
  if (!site.includes(`:${upstreams[1]}`) || !site.includes(`:${listen};`))
    throw new Error('deploy/nginx.conf no longer has the lines this bench rewrites');
  return (
    `worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents { worker_connections 4096; }\nhttp {\n  access_log off;\n` +
    `  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n${site}\n}\n`
  );
}

async function startNginx(nginx: string, upstreams: number[]): Promise<{ url: string; pid: number }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'imse-bench-nginx-'));
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
      if ((await fetch(`${url}/api/health`)).ok) return { url, pid: child.pid! };
    } catch {
      /* starting */
    }
    if (i > 100) throw new Error(`nginx did not answer: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    await sleep(100);
  }
}

const which = (cmd: string) =>
  spawnSync('sh', ['-c', `command -v ${cmd} || { test -x /usr/sbin/${cmd} && echo /usr/sbin/${cmd}; }`], {
    encoding: 'utf8',
  }).stdout.trim();

// ---------------------------------------------------------------------------------------------- the bench

interface Kind {
  ms: number[];
  statuses: Map<number, number>;
}
const newKind = (): Kind => ({ ms: [], statuses: new Map() });
function note(k: Kind, r: Res) {
  k.ms.push(r.ms);
  k.statuses.set(r.status, (k.statuses.get(r.status) ?? 0) + 1);
}
const statusText = (m: Map<number, number>) =>
  [...m]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s === 0 ? 'net/timeout' : s}×${n}`)
    .join(' ');

interface Step {
  name: string;
  rate: number;
  seconds: number;
  offered: number;
  capped: number;
  acked: number;
  completedInWindow: number;
  submit: Kind;
  reads: Map<string, Kind>;
  serverCpuMs: number;
  dbCpuMs: number;
  bytesWritten: number;
  mbSent: number;
  windowS: number;
  lastAckS: number;
}

runBench(
  `deadline: submissions at ${RATES.join(', ')}/s (${STEP_S} s each)${HOLD_S ? `, then ${TARGET}/s for ${HOLD_S} s` : ''}, ${MB_MIN === MB_MAX ? MB_MIN : `${MB_MIN}–${MB_MAX}`} MB PDFs, FILE_STORE=${STORE}, ${INSTANCES} instance(s)`,
  async () => {
    printMachine();
    const [l1 = 0, l5 = 0] = os.loadavg();
    const busy = l1 > os.availableParallelism() / 2;
    console.log(
      `load average at start: ${fmt(l1, 2)} (1 min), ${fmt(l5, 2)} (5 min) on ${os.availableParallelism()} cores${busy ? ' — the machine is BUSY: these figures are low and noisy, not a measurement of the server' : ''}`,
    );
    const webDir = ensureWebDir();
    const sources = serverSources();
    console.log(sources.note);
    let nginx = '';
    if (INSTANCES > 1) {
      nginx = which('nginx');
      if (!nginx) {
        console.log('\nnginx is missing: the two-instance run is skipped. Install it (sudo apt-get install -y nginx) and run again.');
        return;
      }
    }
    if (DB === 'postgres' && !(await postgresAvailable())) {
      console.log(
        '\nPostgreSQL is not answering at BENCH_POSTGRES_URL: this run (BENCH_DEADLINE_DB=postgres or two instances) is skipped.',
      );
      return;
    }
    const embedded = DB !== 'postgres';
    const plannedGb = ([...RATES.map((r) => r * STEP_S), HOLD_S * TARGET].reduce((n, x) => n + x, 0) * ((MB_MIN + MB_MAX) / 2)) / 1024;
    const freeGb = (statfsSync(os.tmpdir()).bavail * statfsSync(os.tmpdir()).bsize) / 2 ** 30;
    console.log(
      `planned: up to ${fmt(plannedGb, 1)} GB of PDFs (twice that written with FILE_STORE=postgres, WAL included); ${fmt(freeGb, 0)} GB free in ${os.tmpdir()}${plannedGb * (STORE === 'postgres' ? 2.2 : 1.1) > freeGb ? ' — NOT ENOUGH: expect 503s/507s when the disk fills' : ''}`,
    );
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'imse-bench-deadline-'));
    onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
    const databaseUrl = embedded ? undefined : (await freshPostgresDatabase()).url;
    console.log(
      `database: ${embedded ? 'the embedded default' : "a fresh database on BENCH_POSTGRES_URL's server"}; FILE_STORE=${STORE}; ${INSTANCES} instance(s)${INSTANCES > 1 ? ' behind nginx (deploy/nginx.conf, TRUST_PROXY=1)' : ''}`,
    );
    console.log(
      `readers: ${REVIEWERS} reviewers and ${CHAIRS} track chairs, each a session every ~${THINK_S} s (exponential pauses), visitors ${VISITORS_RPS} pages/s; every person from a loopback address of their own\n`,
    );

    // 1. Seed: 3,000 papers in the four tracks, the reviewers, ~1,500 authors; 50 track chairs.
    const t0 = performance.now();
    const seedDb = await connectDatabase({ databaseUrl, dataDir });
    const seeded = await seedReviewDesk(seedDb.db, { papers: 3000, reviewers: REVIEWERS, tracks: true, seed: 30 });
    const chairRows: Array<typeof users.$inferInsert> = [];
    const chairTracks: string[] = [];
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const tag = randomBytes(3).toString('hex');
    const trackIds = [...new Set(seeded.paperTracks)];
    for (let i = 0; i < CHAIRS; i++) {
      const trackId = trackIds[i % trackIds.length]!;
      chairRows.push({
        id: newId(),
        name: `Chair ${i}`,
        email: benchAddress(`chair${i}`, tag),
        role: 'Editor',
        passwordHash,
        chairOnly: true,
        emailVerifiedAt: new Date(),
      });
      chairTracks.push(trackId);
    }
    if (chairRows.length) {
      await seedDb.db.insert(users).values(chairRows);
      await seedDb.db.insert(trackChairs).values(chairRows.map((c, i) => ({ trackId: chairTracks[i]!, email: c.email.toLowerCase() })));
    }
    await seedDb.db.execute(sql`analyze`);
    await seedDb.close();
    const key = new TextEncoder().encode(BENCH_JWT_SECRET);
    const authors = await Promise.all(
      seeded.authorIds.map(async (id) => ({ id, token: await signToken({ sub: id, role: 'Author' }, key) })),
    );
    const chairs = await Promise.all(
      chairRows.map(async (c, i) => ({
        id: c.id!,
        token: await signToken({ sub: c.id!, role: 'Editor' }, key),
        papers: seeded.paperIds.filter((_, p) => seeded.paperTracks[p] === chairTracks[i]),
      })),
    );
    console.log(
      `seeded 3,000 papers, ${REVIEWERS} reviewers, ${authors.length} authors, ${CHAIRS} track chairs in ${fmt((performance.now() - t0) / 1000, 0)} s`,
    );

    const serverEnv = {
      FILE_STORE: STORE,
      MAX_UPLOAD_MB: String(Math.max(20, Math.ceil(MB_MAX) + 2)),
      ...(INSTANCES > 1 ? { TRUST_PROXY: '1' } : {}),
    };
    const startAll = async () => {
      const servers = await Promise.all(
        Array.from({ length: INSTANCES }, () =>
          startServer({ webDir, dataDir, databaseUrl, env: serverEnv, sourcesIn: sources.sourcesIn }),
        ),
      );
      const base =
        INSTANCES > 1
          ? (
              await startNginx(
                nginx,
                servers.map((s) => s.port),
              )
            ).url
          : servers[0]!.url;
      return { servers, base };
    };

    // 2. Papers with real PDFs for the reviewers to read, submitted through the API; then assigned two each (in the database, server stopped).
    const rand = rng(3030);
    let { servers, base } = await startAll();
    const readable: string[] = [];
    for (let i = 0; i < READABLE_PAPERS; i++) {
      const a = authors[i % authors.length]!;
      const { pieces, contentType } = submissionPieces(`Readable paper ${i}`, newPdf(`readable-${i}`, rand, 1));
      const r = await send(`${base}/api/author/new-paper`, {
        method: 'POST',
        pieces,
        headers: { ...bearer(a.token), 'content-type': contentType },
        from: addressOf(1, i),
        timeoutMs: SUBMIT_TIMEOUT_MS,
      });
      if (r.status !== 201) throw new Error(`setup submission: ${r.status} ${r.error ?? r.body.toString().slice(0, 300)}`);
      readable.push((JSON.parse(r.body.toString()) as { paper: { _id: string } }).paper._id);
    }
    for (const s of servers) await s.stop();
    const assignDb = await connectDatabase({ databaseUrl, dataDir });
    const reviewerPapers = new Map<string, string[]>();
    const statusRows = seeded.reviewerIds.flatMap((reviewerId, i) =>
      [0, 1].map((k) => {
        const paperId = readable[(i * 2 + k) % readable.length]!;
        reviewerPapers.set(reviewerId, [...(reviewerPapers.get(reviewerId) ?? []), paperId]);
        return { paperId, reviewerId, status: 'Accepted' as const, assigned: true };
      }),
    );
    await assignDb.db.insert(reviewStatuses).values(statusRows).onConflictDoNothing();
    await assignDb.close();
    const reviewers = await Promise.all(
      seeded.reviewerIds.map(async (id) => ({
        id,
        token: await signToken({ sub: id, role: 'Reviewer' }, key),
        papers: reviewerPapers.get(id)!,
      })),
    );
    ({ servers, base } = await startAll());

    // 3. The readers: sessions with exponential pauses, from the start of the baseline to the end of the surge.
    let current: Step | undefined;
    const baselineReads = new Map<string, Kind>();
    const read = (kind: string, r: Res) => {
      const map = current?.reads ?? baselineReads;
      if (!map.has(kind)) map.set(kind, newKind());
      note(map.get(kind)!, r);
    };
    let stopReaders = false;
    const pause = (r: () => number) => sleep(-Math.log(1 - r()) * THINK_S * 1000);
    const reviewerLoop = async (i: number) => {
      const r = rng(500 + i);
      const me = reviewers[i]!;
      const from = addressOf(2, i);
      await sleep(r() * THINK_S * 1000);
      while (!stopReaders) {
        const list = await send(`${base}/api/reviewer/assigned-papers/${me.id}`, { headers: bearer(me.token), from });
        read('reviewer list', list);
        if (list.status === 200) {
          const papers = JSON.parse(list.body.toString()) as Array<{ _id: string; pdf: string | null }>;
          const want = me.papers[Math.floor(r() * me.papers.length)];
          const pdf = papers.find((p) => p._id === want)?.pdf;
          if (pdf)
            read('reviewer PDF (1 MB)', await send(new URL(pdf, base).toString(), { headers: bearer(me.token), from, keepBody: false }));
        }
        await pause(r);
      }
    };
    const chairLoop = async (i: number) => {
      const r = rng(900 + i);
      const me = chairs[i]!;
      const from = addressOf(3, i);
      await sleep(r() * THINK_S * 1000);
      while (!stopReaders) {
        const paperId = me.papers[Math.floor(r() * me.papers.length)]!;
        read('chair list of 50', await send(`${base}/api/editor/papers?limit=50`, { headers: bearer(me.token), from }));
        read('chair paper reviews', await send(`${base}/api/editor/papers/${paperId}/reviews`, { headers: bearer(me.token), from }));
        read(
          'chair suggestions',
          await send(`${base}/api/editor/suggested-reviewers?paperId=${paperId}`, { headers: bearer(me.token), from }),
        );
        await pause(r);
      }
    };
    const visitors = async () => {
      const r = rng(77);
      const inFlight = new Set<Promise<void>>();
      for (let n = 0; !stopReaders; n++) {
        const page = PUBLIC[n % PUBLIC.length]!;
        const p = send(base + page, { headers: { 'accept-encoding': 'br, gzip' }, from: addressOf(4, Math.floor(r() * 60000)) }).then(
          (res) => read(`public ${page}`, res),
        );
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
        await sleep(-Math.log(1 - r()) * (1000 / VISITORS_RPS));
      }
      await Promise.all(inFlight);
    };
    const readers = Promise.all([
      ...reviewers.map((_, i) => reviewerLoop(i)),
      ...chairs.map((_, i) => chairLoop(i)),
      ...(VISITORS_RPS > 0 ? [visitors()] : []),
    ]);

    // 4. Baseline: the readers alone, to tell the submissions' CPU from theirs.
    // Warm-up (the server was just started): a few submissions and the readers' first sessions, not counted.
    const BASELINE_S = Math.min(15, Math.max(5, STEP_S));
    for (let i = 0; i < 5; i++) {
      const { pieces, contentType } = submissionPieces(`Warm-up paper ${i}`, newPdf(`warm-${i}-${randomBytes(4).toString('hex')}`, rand));
      await send(`${base}/api/author/new-paper`, {
        method: 'POST',
        pieces,
        headers: { ...bearer(authors[i]!.token), 'content-type': contentType },
        from: addressOf(1, i),
        timeoutMs: SUBMIT_TIMEOUT_MS,
      });
    }
    await sleep(THINK_S * 1000);
    baselineReads.clear();
    let c0 = procCounters(servers, embedded);
    await sleep(BASELINE_S * 1000);
    let c1 = procCounters(servers, embedded);
    const baselineCpuPerS = (c1.serverCpu - c0.serverCpu + c1.dbCpu - c0.dbCpu) / BASELINE_S;
    const baselineWrittenPerS = writtenSince(c0.written, c1.written) / BASELINE_S;

    // 5. The surge: open-loop submissions at each step's rate, whatever the answers.
    const plan = [
      ...RATES.map((rate) => ({ name: `${rate}/s`, rate, seconds: STEP_S })),
      ...(HOLD_S > 0 ? [{ name: `hold ${TARGET}/s`, rate: TARGET, seconds: HOLD_S }] : []),
    ];
    const steps: Step[] = [];
    const acknowledged: Array<{ paperId: string; author: number; pdf: Pdf }> = [];
    const pending = new Set<Promise<void>>();
    let seq = 0;
    const srand = rng(4242);
    for (const p of plan) {
      const step: Step = {
        ...p,
        offered: 0,
        capped: 0,
        acked: 0,
        completedInWindow: 0,
        submit: newKind(),
        reads: new Map(),
        serverCpuMs: 0,
        dbCpuMs: 0,
        bytesWritten: 0,
        mbSent: 0,
        windowS: 0,
        lastAckS: 0,
      };
      steps.push(step);
      current = step;
      c0 = procCounters(servers, embedded);
      const start = performance.now();
      const end = start + p.seconds * 1000;
      for (let i = 0; ; i++) {
        const at = start + (i * 1000) / p.rate;
        if (at >= end) break;
        const wait = at - performance.now();
        if (wait > 1) await sleep(wait);
        step.offered++;
        if (pending.size >= MAX_IN_FLIGHT) {
          step.capped++;
          continue;
        }
        const n = ++seq;
        const author = n % authors.length;
        const pdf = newPdf(`deadline-${n}-${randomBytes(4).toString('hex')}`, srand);
        const { pieces, contentType } = submissionPieces(`Deadline paper ${n}`, pdf);
        step.mbSent += pdf.size / MB;
        const task = send(`${base}/api/author/new-paper`, {
          method: 'POST',
          pieces,
          headers: { ...bearer(authors[author]!.token), 'content-type': contentType },
          from: addressOf(1, author),
          timeoutMs: SUBMIT_TIMEOUT_MS,
        }).then((r) => {
          note(step.submit, r);
          if (r.status === 201) {
            step.acked++;
            step.lastAckS = (performance.now() - start) / 1000;
            // Counted in the window it lands in (for CPU and bytes per submission): its own step's, or the next one's.
            const landing = performance.now() <= end ? step : current;
            if (landing) landing.completedInWindow++;
            acknowledged.push({ paperId: (JSON.parse(r.body.toString()) as { paper: { _id: string } }).paper._id, author, pdf });
          } else if (step.submit.statuses.get(r.status) === 1) {
            console.log(`  first ${r.status || r.error} at ${step.name}: ${r.body.toString().slice(0, 200)}`);
          }
        });
        pending.add(task);
        void task.finally(() => pending.delete(task));
      }
      await sleep(Math.max(0, end - performance.now()));
      c1 = procCounters(servers, embedded);
      step.windowS = (performance.now() - start) / 1000;
      step.serverCpuMs = c1.serverCpu - c0.serverCpu;
      step.dbCpuMs = c1.dbCpu - c0.dbCpu;
      step.bytesWritten = writtenSince(c0.written, c1.written);
      console.log(
        `  ${step.name}: offered ${step.offered}, acknowledged so far ${step.acked}, in flight ${pending.size}, load average ${fmt(os.loadavg()[0]!, 2)}`,
      );
    }
    current = undefined;
    await Promise.all(pending);
    stopReaders = true;
    await readers;

    // 6. Every acknowledged paper, read back through the API: the author's paper, then its PDF by the signed link.
    const tCheck = performance.now();
    let found = 0;
    let identical = 0;
    const missing: string[] = [];
    const queue = [...acknowledged];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let a = queue.pop(); a; a = queue.pop()) {
          const auth = bearer(authors[a.author]!.token);
          const from = addressOf(1, a.author);
          const detail = await send(`${base}/api/author/paper/${a.paperId}`, { headers: auth, from });
          const pdf = detail.status === 200 ? (JSON.parse(detail.body.toString()) as { paper: { pdf: string | null } }).paper.pdf : null;
          if (!pdf) {
            missing.push(`${a.paperId}: ${detail.status}`);
            continue;
          }
          found++;
          const file = await send(new URL(pdf, base).toString(), { headers: auth, from, timeoutMs: 60_000 });
          if (file.status === 200 && pdfEquals(a.pdf, file.body)) identical++;
          else missing.push(`${a.paperId}: file ${file.status}, ${file.body.length} bytes`);
        }
      }),
    );
    const checkS = (performance.now() - tCheck) / 1000;
    const [l1End] = os.loadavg();

    // 7. Figures.
    const shed = (s: Step) => s.submit.statuses.get(503) ?? 0;
    const errorsOf = (s: Step) => [...s.submit.statuses].filter(([k]) => k !== 201).reduce((n, [, v]) => n + v, 0) + s.capped;
    const sustained = (s: Step) => errorsOf(s) === 0 && percentile(s.submit.ms, 99) <= P99_LIMIT_MS && s.acked >= 0.95 * s.offered;
    const best = Math.max(0, ...steps.filter(sustained).map((s) => s.rate));
    console.log(
      `\n### Submissions by step (${MB_MIN === MB_MAX ? `${MB_MIN} MB` : `${MB_MIN}–${MB_MAX} MB`} incompressible PDFs, FILE_STORE=${STORE}, ${INSTANCES} instance(s), ${embedded ? 'embedded database' : 'PostgreSQL server'})\n`,
    );
    printTable(
      [
        'step',
        'offered /s',
        'achieved /s',
        '201',
        'errors',
        '503 shed',
        'other errors (status×n)',
        'p50 ms',
        'p99 ms',
        'MB/s in',
        'server CPU ms/sub',
        'db CPU ms/sub',
        'net of readers ms/sub',
        'MB written/sub',
        `0 errors, p99 ≤ ${P99_LIMIT_MS} ms`,
      ],
      steps.map((s) => {
        const done = Math.max(1, s.completedInWindow);
        const other = new Map([...s.submit.statuses].filter(([k]) => k !== 201 && k !== 503));
        if (s.capped) other.set(-1, s.capped);
        return [
          s.name,
          fmt(s.offered / s.seconds, 1),
          fmt(s.acked / Math.max(s.windowS, s.lastAckS), 1),
          s.acked,
          errorsOf(s),
          shed(s),
          [...other].map(([k, v]) => `${k === -1 ? 'client cap' : k === 0 ? 'net/timeout' : k}×${v}`).join(' ') || '–',
          fmt(percentile(s.submit.ms, 50), 0),
          fmt(percentile(s.submit.ms, 99), 0),
          fmt(s.mbSent / s.windowS, 1),
          fmt(s.serverCpuMs / done, 1),
          embedded ? fmt(s.dbCpuMs / done, 1) : 'n/a',
          fmt((s.serverCpuMs + s.dbCpuMs - baselineCpuPerS * s.windowS) / done, 1),
          fmt(s.bytesWritten / MB / done, 2),
          verdict(sustained(s)),
        ];
      }),
    );
    console.log(
      `CPU: ms of the server process${INSTANCES > 1 ? 'es' : ''} (with the PDF worker each starts)${embedded ? " and of the embedded database's processes" : ''} in the step's window per submission acknowledged in it (readers included); ` +
        `"net of readers" subtracts the readers-only baseline (${fmt(baselineCpuPerS, 0)} CPU ms/s, ${fmt(baselineWrittenPerS / MB, 1)} MB/s written, over ${BASELINE_S} s). ` +
        `Bytes written: /proc/<pid>/io write_bytes of the same processes (database processes that exited are not counted).\n`,
    );

    const kinds = [...new Set([...baselineReads.keys(), ...steps.flatMap((s) => [...s.reads.keys()])])].sort();
    const surge = (kind: string) => steps.flatMap((s) => s.reads.get(kind)?.ms ?? []);
    const surgeStatuses = (kind: string) => {
      const m = new Map<number, number>();
      for (const s of steps) for (const [k, v] of s.reads.get(kind)?.statuses ?? []) m.set(k, (m.get(k) ?? 0) + v);
      return m;
    };
    console.log('### Reads: p95 ms before the surge (readers alone) and in each step\n');
    printTable(
      ['read', 'readers alone', ...steps.map((s) => s.name), 'whole surge p95', 'requests in surge', 'statuses in surge', 'target p95'],
      kinds.map((k) => {
        const target = k.startsWith('public') ? 50 : k.includes('PDF') ? NaN : 250;
        const all = surge(k);
        return [
          k,
          fmt(percentile(baselineReads.get(k)?.ms ?? [], 95), 0),
          ...steps.map((s) => fmt(percentile(s.reads.get(k)?.ms ?? [], 95), 0)),
          fmt(percentile(all, 95), 0),
          all.length,
          statusText(surgeStatuses(k)),
          Number.isNaN(target) ? '–' : `≤ ${target} ms: ${verdict(percentile(all, 95) <= target)}`,
        ];
      }),
    );

    const total = steps.reduce((n, s) => n + s.acked, 0);
    printTable(
      ['acknowledged papers', 'found through the API', 'identical bytes', 'check s', 'nothing lost'],
      [[total, found, identical, fmt(checkS, 0), verdict(identical === acknowledged.length && missing.length === 0)]],
    );
    if (missing.length) console.log(`not found or different (first 5): ${missing.slice(0, 5).join('; ')}\n`);
    console.log(
      `**highest sustained rate: ${best ? `${best} submissions/s` : 'none of the steps'}** (no error of any kind, 503 included, p99 ≤ ${P99_LIMIT_MS} ms, ≥ 95 % acknowledged)`,
    );
    console.log(
      `load average at the end: ${fmt(l1End!, 2)} (1 min)${busy || l1End! > os.availableParallelism() ? ' — the machine was busy' : ''}`,
    );
    const failures = servers.flatMap((s) =>
      s
        .log()
        .split('\n')
        .filter((l) => /"level":50/.test(l)),
    );
    if (failures.length) console.log(`\nserver errors logged: ${failures.length}; first: ${failures[0]!.slice(0, 800)}`);
    agent.destroy();
    for (const s of servers) await s.stop();
    if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  },
);
