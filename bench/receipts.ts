// Receipts (decision 0048): how many receipt PDFs are rendered a second. First the renderer alone
// (src/server/documents/receipt-pdf.ts: fonts subset and embedded, letterhead, QR code), with billing names in
// Latin, Devanagari and Thai; then through the API on a fresh database of the local PostgreSQL server: issuing
// (the editor records bank transfers, 8 at once: the numbered counter row is taken in each payment's transaction)
// and downloading (GET /api/editor/receipts/:number.pdf, one at a time and 4 at once). RSS is the peak growth.
// Run alone: node --expose-gc --import tsx bench/receipts.ts
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { CONFERENCE_FACTS_DEFAULTS } from '../src/core/conference-facts';
import { renderReceiptPdf, type ReceiptDocument } from '../src/server/documents/receipt-pdf';
import { freshPostgresDatabase, postgresAvailable } from './lib/postgres';
import { fmt, onCleanup, printMachine, printTable, runBench } from './lib/util';

const N = Number(process.env.BENCH_RECEIPTS ?? 200);
const MB = 1024 * 1024;

const NAMES = [
  ['Latin', 'Zoë Álvarez-Núñez'],
  ['Devanagari', 'अनन्या शर्मा'],
  ['Thai', 'สมชาย ใจดี'],
] as const;

const doc = (name: string, i: number): ReceiptDocument => ({
  number: `IMSE-2026-${String(i + 1).padStart(6, '0')}`,
  code: 'ABCD-EFGH-JKMN-PQRS-TVWX',
  paidAt: new Date(),
  issuedAt: new Date(),
  billingName: name,
  billingAddress: '254 Phayathai Road, Pathumwan, Bangkok 10330, Thailand',
  email: 'payer@example.org',
  registrationCode: 'WXYZ-0123-4567-89AB-CDEF',
  item: 'With publication: Student or research scholar, SCOPUS book chapter',
  lines: [
    { label: 'With publication: Student or research scholar, SCOPUS book chapter (early-bird price)', amount: 'INR 29,600.00' },
    { label: 'Extra pages beyond 10: 2', amount: 'INR 3,000.00' },
    { label: 'Coupon STUDENT10', amount: 'INR -2,960.00' },
  ],
  amount: 'INR 29,640.00',
  currency: 'INR',
  method: 'PayU',
  reference: null,
  verifyUrl: 'https://imse.example.org/verify/ABCD-EFGH-JKMN-PQRS-TVWX',
  conference: CONFERENCE_FACTS_DEFAULTS,
  logo: null,
});

/** Runs `work` n times with `concurrency` at once; answers receipts a second and the peak RSS growth. */
async function measure(
  n: number,
  concurrency: number,
  work: (i: number) => Promise<number>,
): Promise<{ perSecond: number; msEach: number; rssMb: number; bytes: number }> {
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  let next = 0;
  let bytes = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const b = await work(next++);
        bytes += b;
      }
    }),
  );
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { perSecond: (n * 1000) / ms, msEach: ms / n, rssMb: (peak - rss0) / MB, bytes: bytes / n };
}

runBench('Receipts', async () => {
  printMachine();
  // The first render loads and parses the fonts: timed on its own.
  const t0 = performance.now();
  await renderReceiptPdf(doc('Warm Up', 0));
  console.log(`first receipt (fonts loaded): ${fmt(performance.now() - t0, 0)} ms\n`);

  const alone: Array<Array<string | number>> = [];
  for (const [script, name] of NAMES) {
    const r = await measure(N, 1, async (i) => (await renderReceiptPdf(doc(name, i))).length);
    alone.push([script, N, fmt(r.perSecond, 1), fmt(r.msEach, 1), fmt(r.bytes / 1024, 0), fmt(r.rssMb, 0)]);
  }
  printTable(['billing name', 'receipts', 'receipts/s', 'ms each', 'KB each', 'peak RSS growth MB'], alone);

  if (!(await postgresAvailable())) {
    console.log('PostgreSQL is not reachable: the API half is skipped.');
    return;
  }
  const database = await freshPostgresDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'imse-bench-receipts-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const app = await buildApp(
    loadConfig({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      FILE_STORE: 'disk',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://imse.example.org',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    }),
    { logger: false },
  );
  onCleanup(() => app.close());
  await app.ready();
  const signup = await app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: {
      name: 'Bench Editor',
      email: `editor@bench-${randomBytes(3).toString('hex')}.example`,
      password: 'bench-password-2026',
      confirmPassword: 'bench-password-2026',
      role: 'Editor',
    },
  });
  const auth = { authorization: `Bearer ${signup.json().token as string}` };

  const ids: string[] = [];
  for (let i = 0; i < N; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/editor/registrations',
      headers: auth,
      payload: {
        name: NAMES[i % 3]![1],
        email: `payer${i}@bench.example`,
        category: 'attending',
        currency: 'INR',
        billingAddress: 'Bangkok, Thailand',
      },
    });
    if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
    ids.push(res.json().registration.id as string);
  }
  const numbers: string[] = [];
  const issued = await measure(N, 8, async (i) => {
    const id = ids[i]!;
    const res = await app.inject({
      method: 'POST',
      url: `/api/editor/registrations/${id}/bank-transfers`,
      headers: auth,
      payload: { reference: `BENCH-${i}`, paidOn: '2026-01-05', amountMinor: 20_000 * 74, currency: 'INR' },
    });
    if (res.statusCode !== 201) throw new Error(`bank transfer: ${res.statusCode} ${res.body}`);
    numbers.push(res.json().receiptNumber as string);
    return 0;
  });
  const sorted = numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b);
  const gapless = sorted.every((s, i) => s === i + 1);
  const api: Array<Array<string | number>> = [
    [
      `issue (bank transfer, 8 at once), numbers 1…${N} ${gapless ? 'without a gap' : 'WITH GAPS'}`,
      N,
      fmt(issued.perSecond, 1),
      fmt(issued.msEach, 1),
      '–',
      fmt(issued.rssMb, 0),
    ],
  ];
  for (const concurrency of [1, 4]) {
    const r = await measure(N, concurrency, async (i) => {
      const res = await app.inject({ method: 'GET', url: `/api/editor/receipts/${numbers[i]!}.pdf`, headers: auth });
      if (res.statusCode !== 200) throw new Error(`download: ${res.statusCode}`);
      return res.rawPayload.length;
    });
    api.push([`download PDF, ${concurrency} at once`, N, fmt(r.perSecond, 1), fmt(r.msEach, 1), fmt(r.bytes / 1024, 0), fmt(r.rssMb, 0)]);
  }
  printTable(['through the API', 'receipts', 'receipts/s', 'ms each (wall / n)', 'KB each', 'peak RSS growth MB'], api);
});
