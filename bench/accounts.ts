// Decision 0016's costs, in process on PostgreSQL: does "forgot password" take the same time for a registered and an
// unknown e-mail; what one more account under the same e-mail adds to a login (one more scrypt to prove it);
// and an author's paper list once it also looks for papers listing them as co-author.
// Run alone: node --import tsx bench/accounts.ts
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { newId } from '../src/core/ids';
import { buildApp } from '../src/server/app';
import { hashPassword } from '../src/server/auth/password';
import { signToken } from '../src/server/auth/tokens';
import { loadConfig } from '../src/server/config';
import { paperCoAuthors, papers, users } from '../src/server/db/schema';
import { freshPostgresDatabase, postgresAvailable } from './lib/postgres';
import { fmt, percentile, printMachine, printTable, runBench } from './lib/util';

const PAPERS = Number(process.env.BENCH_PAPERS ?? 20_000);
const ROUNDS = 200;

runBench('accounts: forgot-password timing, multi-role login, co-authored paper lists', async () => {
  printMachine();
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is not answering on BENCH_POSTGRES_URL');
  const fresh = await freshPostgresDatabase();
  const app = await buildApp(
    loadConfig({
      DATABASE_URL: fresh.url,
      DATA_DIR: '/tmp',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      WEB_DIR: '/nonexistent',
    }),
    { web: false, logger: false },
  );
  await app.ready();
  const { db } = app.database;
  const hash = await hashPassword('bench password');
  const one = hash;
  // Registered accounts for the forgot test; a two-role person; authors with papers, each paper with 3 co-authors.
  const known = Array.from({ length: ROUNDS }, (_, i) => ({
    id: newId(),
    name: `Known ${i}`,
    email: `known${i}@bench.example.org`,
    role: 'Author' as const,
    passwordHash: one,
  }));
  await db.insert(users).values(known);
  await db.insert(users).values([
    { id: newId(), name: 'Single', email: 'single@bench.example.org', role: 'Author', passwordHash: one },
    { id: newId(), name: 'Both', email: 'both@bench.example.org', role: 'Author', passwordHash: one },
    { id: newId(), name: 'Both', email: 'both@bench.example.org', role: 'Reviewer', passwordHash: one },
  ]);
  const authors = Array.from({ length: 1000 }, (_, i) => ({
    id: newId(),
    name: `A${i}`,
    email: `a${i}@bench.example.org`,
    role: 'Author' as const,
    passwordHash: one,
  }));
  for (let i = 0; i < authors.length; i += 500) await db.insert(users).values(authors.slice(i, i + 500));
  const paperRows = Array.from({ length: PAPERS }, (_, i) => ({
    id: newId(),
    authorId: authors[i % authors.length]!.id,
    title: `Paper ${i}`,
    abstract: 'x',
    keywords: ['AI'],
  }));
  for (let i = 0; i < paperRows.length; i += 2000) await db.insert(papers).values(paperRows.slice(i, i + 2000));
  const co = paperRows.flatMap((p, i) =>
    [0, 1, 2].map((k) => ({
      paperId: p.id,
      position: k,
      name: 'Co',
      email: `a${(i * 7 + k * 13 + 1) % authors.length}@bench.example.org`,
      affiliation: '',
    })),
  );
  for (let i = 0; i < co.length; i += 3000) await db.insert(paperCoAuthors).values(co.slice(i, i + 3000));
  await db.execute(sql`analyze`);

  const time = async (fn: () => Promise<{ statusCode: number }>) => {
    const t0 = performance.now();
    const r = await fn();
    if (r.statusCode >= 300) throw new Error(`status ${r.statusCode}`);
    return performance.now() - t0;
  };
  let ip = 0;
  const forgot = (email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email, role: 'Author' },
      remoteAddress: `10.9.${(++ip >> 8) & 255}.${ip & 255}`,
    });
  const knownMs: number[] = [];
  const unknownMs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    knownMs.push(await time(() => forgot(known[i]!.email)));
    unknownMs.push(await time(() => forgot(`nobody${i}@bench.example.org`)));
  }
  const login = (email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'bench password', role: 'Author' },
      remoteAddress: `10.8.0.${++ip & 255}`,
    });
  const singleMs: number[] = [];
  const bothMs: number[] = [];
  for (let i = 0; i < 40; i++) {
    singleMs.push(await time(() => login('single@bench.example.org')));
    bothMs.push(await time(() => login('both@bench.example.org')));
  }
  const token = await signToken({ sub: authors[0]!.id, role: 'Author' }, app.tokenKey);
  const listMs: number[] = [];
  let count = 0;
  for (let i = 0; i < 100; i++) {
    listMs.push(
      await time(async () => {
        const r = await app.inject({ method: 'GET', url: '/api/author/my-papers', headers: { authorization: `Bearer ${token}` } });
        count = r.json().papers.length;
        return r;
      }),
    );
  }
  const row = (name: string, v: number[]) => [name, fmt(percentile(v, 50), 2), fmt(percentile(v, 95), 2), String(v.length)];
  console.log(
    `\n${PAPERS.toLocaleString('en-US')} papers by 1,000 authors, 3 co-authors each; the measured author has ${count} papers (own and co-authored)\n`,
  );
  printTable(
    ['request', 'p50 ms', 'p95 ms', 'n'],
    [
      row('forgot, registered e-mail', knownMs),
      row('forgot, unknown e-mail', unknownMs),
      row('login, one account', singleMs),
      row('login, same e-mail in 2 roles', bothMs),
      row('my-papers with co-authored', listMs),
    ],
  );
  await app.close();
  await fresh.drop();
});
