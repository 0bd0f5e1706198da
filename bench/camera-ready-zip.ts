// Decision 0042: the camera-ready bundle streamed. 50 PDFs of 5 MB each (BENCH_ZIP_PAPERS, BENCH_ZIP_MB) are stored,
// accepted and given camera-ready rows; GET /api/editor/exports/camera-ready.zip is read over HTTP by a client
// that throws the bytes away, while the process's RSS is sampled every 50 ms. Held whole, the zip would add its
// size to the RSS; streamed, the growth stays a few buffers whatever the total. Figures, not a test.
// Run alone: node --expose-gc --import tsx bench/camera-ready-zip.ts
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { newId } from '../src/core/ids';
import { buildApp } from '../src/server/app';
import { signToken } from '../src/server/auth/tokens';
import { loadConfig } from '../src/server/config';
import { cameraReady, papers, users } from '../src/server/db/schema';
import { freshPostgresDatabase, postgresAvailable } from './lib/postgres';
import { fmt, onCleanup, printMachine, printTable, runBench } from './lib/util';

const PAPERS = Number(process.env.BENCH_ZIP_PAPERS ?? 50);
const MB = Number(process.env.BENCH_ZIP_MB ?? 5);
const mib = (bytes: number) => bytes / 1024 / 1024;

runBench('camera-ready zip: RSS while streaming', async () => {
  printMachine();
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is not answering on BENCH_POSTGRES_URL');
  const fresh = await freshPostgresDatabase();
  onCleanup(() => fresh.drop());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-zip-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    DATABASE_URL: fresh.url,
    DATA_DIR: dataDir,
    FILE_STORE: 'disk',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    WEB_DIR: '/nonexistent',
  });
  const app = await buildApp(config, { web: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  onCleanup(() => app.close());
  const { db } = app.database;

  const editorId = newId();
  await db.insert(users).values({ id: editorId, name: 'Editor', email: 'editor@bench.example.org', role: 'Editor', passwordHash: 'x' });
  const authorId = newId();
  await db.insert(users).values({
    id: authorId,
    name: 'Ada Lovelace',
    email: 'ada@bench.example.org',
    role: 'Author',
    passwordHash: 'x',
    affiliation: 'Bench University',
    country: 'GB',
  });
  // Each PDF distinct (keys are content hashes): a header, then random bytes written in 1 MiB pieces.
  for (let i = 0; i < PAPERS; i++) {
    const chunks = function* () {
      yield Buffer.from(`%PDF-1.7\n% bench ${i}\n`);
      for (let k = 0; k < MB; k++) yield randomBytes(1024 * 1024);
      yield Buffer.from('\n%%EOF\n');
    };
    const stored = await app.files.put(Readable.from(chunks()));
    const id = newId();
    await db
      .insert(papers)
      .values({ id, authorId, title: `Bench paper ${i}: a study`, abstract: 'x', decision: 'Accepted', notifiedDecision: 'Accepted' });
    await db.insert(cameraReady).values({ paperId: id, storageKey: stored.key, size: stored.size, fileName: 'final.pdf' });
  }
  const token = await signToken({ sub: editorId, role: 'Editor' }, app.tokenKey);
  const address = app.server.address() as { port: number };

  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const t0 = performance.now();
  const bytes = await new Promise<number>((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port: address.port,
          path: '/api/editor/exports/camera-ready.zip',
          headers: { authorization: `Bearer ${token}` },
        },
        (res) => {
          if (res.statusCode !== 200) {
            reject(new Error(`status ${res.statusCode}`));
            return;
          }
          let n = 0;
          res.on('data', (chunk: Buffer) => {
            n += chunk.length;
          });
          res.on('end', () => resolve(n));
          res.on('error', reject);
        },
      )
      .on('error', reject);
  });
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);

  printTable(
    ['papers', 'PDF size', 'zip size', 'time', 'throughput', 'RSS before', 'RSS peak', 'RSS growth', 'growth / zip'],
    [
      [
        PAPERS,
        `${MB} MiB`,
        `${fmt(mib(bytes))} MiB`,
        `${fmt(seconds, 2)} s`,
        `${fmt(mib(bytes) / seconds)} MiB/s`,
        `${fmt(mib(before))} MiB`,
        `${fmt(mib(peak))} MiB`,
        `${fmt(mib(peak - before))} MiB`,
        `${fmt((100 * (peak - before)) / bytes)} %`,
      ],
    ],
  );
});
