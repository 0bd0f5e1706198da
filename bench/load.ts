// 200 concurrent clients for 60 s of mixed traffic against one server process: public pages, logins,
// list reads, submissions and comments. Then: no 5xx, every acknowledged comment in the database and every
// acknowledged PDF read back through the API (so through whichever FILE_STORE is in use), RSS at start and end.
// Run alone: node --import tsx bench/load.ts   (BENCH_LOAD_DB=embedded|postgres|both, BENCH_LOAD_SECONDS=60)
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { like, sql } from 'drizzle-orm';
import { PUBLIC_PATHS } from '../src/core/routes';
import { signToken } from '../src/server/auth/tokens';
import { connectDatabase } from '../src/server/db/connect';
import { comments } from '../src/server/db/schema';
import { pdfBytes } from '../tests/support/multipart';
import { jsonBody, request, type HttpResponse } from './lib/http';
import { freshPostgresDatabase, postgresAvailable } from './lib/postgres';
import { BENCH_PASSWORD, rng, rowsOf, seedReviewDesk } from './lib/seed';
import { BENCH_JWT_SECRET, sampleRss, startServer } from './lib/server';
import { ensureWebDir, fmt, onCleanup, percentile, printMachine, printTable, runBench, sleep, verdict } from './lib/util';

const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const MAX_REQUESTS = 2_000_000;
const IDLE_SECONDS = 10;
const RSS_FLAT_MB = 50;

/** What a client does next, by weight (out of 100). */
const MIX = [
  ['public page', 40],
  ['login', 2],
  ['reviewer list', 20],
  ['author list', 8],
  ['editor page of 50', 8],
  ['editor suggestions', 5],
  ['submission', 5],
  ['comment', 12],
] as const;
type Action = (typeof MIX)[number][0];

function multipartBody(fields: Array<[string, string]>, file: { name: string; bytes: Buffer }): { body: Buffer; contentType: string } {
  const boundary = `----imse-bench-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = fields.map(([k, v]) =>
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: application/pdf\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function runLoad(driver: 'embedded' | 'postgres', webDir: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'imse-bench-load-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const databaseUrl = driver === 'postgres' ? (await freshPostgresDatabase()).url : undefined;
  const seedDb = await connectDatabase({ databaseUrl, dataDir });
  const seeded = await seedReviewDesk(seedDb.db, { papers: 2000, reviewers: 500, seed: 9 });
  await seedDb.db.execute(sql`analyze`);
  const emails = new Map(
    rowsOf<{ id: string; email: string }>(await seedDb.db.execute(sql`select id, email from users where role = 'Reviewer'`)).map((r) => [
      r.id,
      r.email,
    ]),
  );
  await seedDb.close();

  const key = new TextEncoder().encode(BENCH_JWT_SECRET);
  const papersOf = new Map<string, string[]>();
  for (const [paperId, reviewers] of seeded.assignments) for (const r of reviewers) papersOf.set(r, [...(papersOf.get(r) ?? []), paperId]);
  const reviewers = await Promise.all(
    [...papersOf.keys()].slice(0, 200).map(async (id) => ({
      id,
      email: emails.get(id)!,
      papers: papersOf.get(id)!,
      token: await signToken({ sub: id, role: 'Reviewer' }, key),
    })),
  );
  const authors = await Promise.all(
    seeded.authorIds.slice(0, 100).map(async (id) => ({ id, token: await signToken({ sub: id, role: 'Author' }, key) })),
  );
  const editorToken = await signToken({ sub: seeded.editorId, role: 'Editor' }, key);

  const server = await startServer({ webDir, dataDir, databaseUrl });
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const stats = new Map<Action, { times: number[]; statuses: Map<number, number> }>(
    MIX.map(([a]) => [a, { times: [], statuses: new Map() }]),
  );
  const submitted: Array<{ paperId: string; token: string; sha256: string; size: number }> = [];
  const commented: Array<{ paperId: string; reviewerId: string; text: string }> = [];
  const cumulative: number[] = [];
  let acc = 0;
  for (const [, w] of MIX) cumulative.push((acc += w));
  let sent = 0;
  let seq = 0;

  // Every client connects from a loopback address of its own, as 200 people would: the admission queue's and the
  // login limiter's per-address fairness (decisions 0036 and 0019) then sees 200 clients, not one.
  const clientAgents = Array.from({ length: CLIENTS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const addressOf = (c: number) => `127.1.${(c >> 8) & 255}.${(c & 255) + 1}`;
  const act = async (action: Action, rand: () => number, c: number): Promise<HttpResponse> => {
    const agent = clientAgents[c]!;
    const from = addressOf(c);
    const api = `${server.url}/api`;
    const reviewer = reviewers[Math.floor(rand() * reviewers.length)]!;
    const author = authors[Math.floor(rand() * authors.length)]!;
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    switch (action) {
      case 'public page':
        return request(server.url + PUBLIC_PATHS[Math.floor(rand() * PUBLIC_PATHS.length)], {
          agent,
          from,
          headers: { 'accept-encoding': 'br, gzip' },
        });
      case 'login':
        return request(`${api}/login`, {
          agent,
          from,
          method: 'POST',
          ...jsonBody({ email: reviewer.email, password: BENCH_PASSWORD, role: 'Reviewer' }),
        });
      case 'reviewer list':
        return request(`${api}/reviewer/assigned-papers/${reviewer.id}`, { agent, from, headers: auth(reviewer.token) });
      case 'author list':
        return request(`${api}/author/my-papers`, { agent, from, headers: auth(author.token) });
      case 'editor page of 50':
        return request(`${api}/editor/papers?limit=50`, { agent, from, headers: auth(editorToken) });
      case 'editor suggestions':
        return request(`${api}/editor/suggested-reviewers?paperId=${seeded.paperIds[Math.floor(rand() * seeded.paperIds.length)]}`, {
          agent,
          from,
          headers: auth(editorToken),
        });
      case 'submission': {
        const n = ++seq;
        const bytes = pdfBytes(`load-${n}-${Date.now()}`, 50_000 + Math.floor(rand() * 950_000));
        const { body, contentType } = multipartBody(
          [
            ['title', `Load paper ${n}`],
            ['abstract', 'Submitted under load.'],
            ['keywords', 'AI'],
          ],
          { name: `load-${n}.pdf`, bytes },
        );
        const res = await request(`${api}/author/new-paper`, {
          agent,
          from,
          method: 'POST',
          body,
          headers: { ...auth(author.token), 'content-type': contentType },
        });
        if (res.status === 201) {
          const paperId = (JSON.parse(res.body.toString()) as { paper: { _id: string } }).paper._id;
          submitted.push({ paperId, token: author.token, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length });
        }
        return res;
      }
      case 'comment': {
        const paperId = reviewer.papers[Math.floor(rand() * reviewer.papers.length)]!;
        const text = `load-comment-${++seq}-${Date.now()}`;
        const res = await request(`${api}/reviewer/add-comment/${paperId}`, {
          agent,
          from,
          method: 'POST',
          ...jsonBody({ reviewerId: reviewer.id, text }),
          headers: { 'content-type': 'application/json', ...auth(reviewer.token) },
        });
        if (res.status === 201) commented.push({ paperId, reviewerId: reviewer.id, text });
        return res;
      }
    }
  };

  await sleep(1000);
  const rssStart = server.rssMb();
  const sampler = sampleRss(server, 250);
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  let rssMid = NaN;
  const midTimer = setTimeout(
    () => {
      rssMid = server.rssMb();
    },
    (SECONDS * 1000) / 2,
  );
  let networkErrors = 0;
  let firstError = '';
  const firstRefusals = new Map<string, string>();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const rand = rng(1000 + c);
      while (performance.now() < deadline && sent < MAX_REQUESTS) {
        sent++;
        const x = rand() * 100;
        const action = MIX[cumulative.findIndex((w) => x < w)]![0];
        const s = stats.get(action)!;
        try {
          const res = await act(action, rand, c);
          s.times.push(res.ms);
          s.statuses.set(res.status, (s.statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500 && !firstError) firstError = `${action}: ${res.status} ${res.body.toString().slice(0, 200)}`;
          const refusal = `${action} ${res.status}`;
          if (res.status >= 400 && res.status < 500 && !firstRefusals.has(refusal))
            firstRefusals.set(refusal, res.body.toString().slice(0, 200));
        } catch (err) {
          networkErrors++;
          s.statuses.set(0, (s.statuses.get(0) ?? 0) + 1);
          if (!firstError) firstError = `${action}: ${(err as Error).message}`;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const rssEnd = server.rssMb();
  clearTimeout(midTimer);
  await sleep(IDLE_SECONDS * 1000);
  const rssIdle = server.rssMb();
  const rssPeak = Math.max(...sampler.stop());

  // Every acknowledged paper must be there with its exact file, read back through the API as its author reads it
  // (the paper, then its PDF by the signed link): so the check holds for whichever store the server uses
  // (FILE_STORE=disk or postgres) instead of looking on disk. After a graceful restart, so it is what was made durable.
  await server.stop();
  const again = await startServer({ webDir, dataDir, databaseUrl });
  const readBack = [...submitted];
  let lostPapers = 0;
  let firstLost = '';
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let s = readBack.pop(); s; s = readBack.pop()) {
        const auth = { authorization: `Bearer ${s.token}` };
        const detail = await request(`${again.url}/api/author/paper/${s.paperId}`, { agent, headers: auth }).catch(() => undefined);
        const pdf = detail?.status === 200 ? (JSON.parse(detail.body.toString()) as { paper: { pdf: string | null } }).paper.pdf : null;
        const file = pdf ? await request(new URL(pdf, again.url).toString(), { agent, headers: auth }).catch(() => undefined) : undefined;
        if (file?.status !== 200 || file.body.length !== s.size || createHash('sha256').update(file.body).digest('hex') !== s.sha256) {
          lostPapers++;
          if (!firstLost)
            firstLost = `${s.paperId}: paper ${detail?.status ?? 'no answer'}, file ${file?.status ?? 'none'} ${file?.body.length ?? 0} bytes`;
        }
      }
    }),
  );
  agent.destroy();
  await again.stop();

  const check = await connectDatabase({ databaseUrl, dataDir });
  const foundComments = new Set(
    (await check.db.select().from(comments).where(like(comments.text, 'load-comment-%'))).map(
      (c) => `${c.paperId}|${c.reviewerId}|${c.text}`,
    ),
  );
  const lostComments = commented.filter((c) => !foundComments.has(`${c.paperId}|${c.reviewerId}|${c.text}`)).length;
  await check.close();

  const all = [...stats.values()];
  const count = (pred: (status: number) => boolean) =>
    all.reduce((n, s) => n + [...s.statuses].filter(([k]) => pred(k)).reduce((m, [, v]) => m + v, 0), 0);
  const total = count(() => true);
  const fivexx = count((k) => k >= 500);
  const fourxx = count((k) => k >= 400 && k < 500);
  console.log(`### ${driver}: ${CLIENTS} clients, ${fmt(seconds, 0)} s\n`);
  printTable(
    [
      'requests',
      'requests/s',
      '2xx',
      '4xx',
      '5xx',
      'network errors',
      'submissions 201',
      'lost',
      'comments 201',
      'lost',
      'no 5xx, no lost write',
    ],
    [
      [
        total,
        fmt(total / seconds, 0),
        count((k) => k >= 200 && k < 300),
        fourxx,
        fivexx,
        networkErrors,
        submitted.length,
        lostPapers,
        commented.length,
        lostComments,
        verdict(fivexx === 0 && networkErrors === 0 && lostPapers === 0 && lostComments === 0),
      ],
    ],
  );
  printTable(
    ['action', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'statuses'],
    MIX.map(([a]) => {
      const s = stats.get(a)!;
      return [
        a,
        s.times.length,
        fmt(percentile(s.times, 50), 1),
        fmt(percentile(s.times, 95), 1),
        fmt(percentile(s.times, 99), 1),
        [...s.statuses]
          .sort(([x], [y]) => x - y)
          .map(([k, v]) => `${k === 0 ? 'net' : k}×${v}`)
          .join(' '),
      ];
    }),
  );
  // Flat means no growth under steady load: the heap grows to its working size in the first seconds,
  // a leak keeps growing after that.
  printTable(
    ['RSS before MB', 'halfway MB', 'end of load MB', 'peak MB', `after ${IDLE_SECONDS} s idle MB`, `end − halfway < ${RSS_FLAT_MB} MB`],
    [[fmt(rssStart, 0), fmt(rssMid, 0), fmt(rssEnd, 0), fmt(rssPeak, 0), fmt(rssIdle, 0), verdict(rssEnd - rssMid < RSS_FLAT_MB)]],
  );
  if (firstError) console.log(`first failure: ${firstError}\n`);
  for (const [what, body] of firstRefusals) console.log(`first ${what}: ${body}`);
  if (firstLost) console.log(`first paper lost or different: ${firstLost}\n`);
}

runBench(`load: ${CLIENTS} concurrent clients, ${SECONDS} s of mixed traffic`, async () => {
  printMachine();
  const webDir = ensureWebDir();
  const wanted = process.env.BENCH_LOAD_DB ?? 'both';
  const drivers: Array<'embedded' | 'postgres'> = [];
  if (wanted === 'embedded' || wanted === 'both') drivers.push('embedded');
  if (wanted === 'postgres' || wanted === 'both') {
    if (await postgresAvailable()) drivers.push('postgres');
    else console.log('PostgreSQL is not answering: skipped.');
  }
  console.log(
    `mix: ${MIX.map(([a, w]) => `${a} ${w}%`).join(', ')}; seeded 2,000 papers, 500 reviewers; tokens signed ahead, logins real\n`,
  );
  for (const driver of drivers) await runLoad(driver, webDir);
});
