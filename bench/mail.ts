// Mail to a group (decision 0040): how long queueing a bulk mail of BENCH_RECIPIENTS takes (one transaction, the
// recipients' preferences read as the mailer does), how fast the queue's worker then delivers to a real SMTP
// listener on loopback, and whether MAIL_RATE_PER_MINUTE holds: the most mails the listener received in any
// 60-second window. On the embedded PostgreSQL (a PostgreSQL server with BENCH_POSTGRES=1).
// Run alone: node --import tsx bench/mail.ts   (BENCH_RECIPIENTS / BENCH_RATE (0: skip the rate part) / BENCH_POSTGRES)
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { connectDatabase } from '../src/server/db/connect';
import { mailPreferences } from '../src/server/db/schema';
import { createMailer } from '../src/server/mail/send';
import { freshPostgresDatabase, postgresAvailable } from './lib/postgres';
import { fmt, onCleanup, printMachine, printTable, runBench, sleep, verdict } from './lib/util';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 5_000);
const RATE = Number(process.env.BENCH_RATE ?? 300);
const RATE_MAILS = Math.round(RATE * 1.5);
/** A fifth of the recipients chose the digest or turned announcements off: their mails are not queued. */
const PREFERRING = 0.2;

async function listener(): Promise<{ url: string; received: number[]; close(): Promise<void> }> {
  const received: number[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received.push(performance.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((r) => server.close(() => r())) };
}

function maxInWindow(times: number[], windowMs: number): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

runBench('mail to a group', async () => {
  printMachine();
  const onServer = process.env.BENCH_POSTGRES === '1' && (await postgresAvailable());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'imse-bench-mail-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const database = await connectDatabase({ databaseUrl: onServer ? (await freshPostgresDatabase()).url : undefined, dataDir });
  onCleanup(() => database.close());
  const noop = () => {};
  const log = {
    info: noop,
    warn: noop,
    error: noop,
    debug: noop,
    trace: noop,
    fatal: noop,
    child: () => log,
    level: 'silent',
    silent: noop,
  } as unknown as FastifyBaseLogger;
  const smtp = await listener();
  onCleanup(() => smtp.close());

  const to = Array.from({ length: RECIPIENTS }, (_, i) => `attendee${i}@bench.example.org`);
  const preferring = to.filter((_, i) => i % Math.round(1 / PREFERRING) === 0);
  for (let i = 0; i < preferring.length; i += 1000) {
    await database.db
      .insert(mailPreferences)
      .values(
        preferring
          .slice(i, i + 1000)
          .map((email, j) => ({ email, category: 'announcements', mode: j % 2 ? ('off' as const) : ('daily' as const) })),
      );
  }
  const mails = to.map((address, i) => ({
    to: address,
    template: 'bulkMail' as const,
    values: {
      subject: `Registration desk opens at 8:00 (${i})`,
      body: `Dear attendee ${i},\n\nThe registration desk opens at 8:00 in the lobby.\nhttps://conference.example.org/program\n\nThe organisers`,
    },
  }));

  // 1. Queueing: one transaction, as POST /api/editor/bulk-mails does.
  const fast = createMailer({ smtpUrl: smtp.url, from: 'Bench <bench@example.org>', db: database.db, log, ratePerMinute: 0, pollMs: 50 });
  let started = performance.now();
  await database.db.transaction(async (tx) => {
    await fast.sendMany(mails, tx);
  });
  const queueMs = performance.now() - started;
  const queued = RECIPIENTS - preferring.length;

  // 2. Delivery with no rate limit: the worker alone, one SMTP connection per mail as configured.
  started = performance.now();
  fast.start();
  while (smtp.received.length < queued) await sleep(100);
  const deliverMs = performance.now() - started;
  await fast.close();

  const rows: Array<Array<string | number>> = [
    [
      `queue a bulk mail of ${RECIPIENTS} (${preferring.length} held or off by preference)`,
      `${fmt(queueMs, 0)} ms`,
      '< 5,000 ms',
      verdict(queueMs < 5000),
    ],
    [
      `deliver ${queued} to a loopback SMTP listener, no rate limit`,
      `${fmt(queued / (deliverMs / 1000), 0)} mails/s (${fmt(deliverMs / 1000)} s)`,
      '≥ 10 mails/s',
      verdict(queued / (deliverMs / 1000) >= 10),
    ],
  ];
  if (RATE === 0) {
    printTable(['measure', 'figure', 'target', 'verdict'], rows);
    return;
  }
  // 3. The rate limit: RATE_MAILS more mails with MAIL_RATE_PER_MINUTE = RATE, watched for 75 s.
  const before = smtp.received.length;
  const limited = createMailer({
    smtpUrl: smtp.url,
    from: 'Bench <bench@example.org>',
    db: database.db,
    log,
    ratePerMinute: RATE,
    pollMs: 200,
  });
  const second = Array.from({ length: RATE_MAILS }, (_, i) => ({
    to: `late${i}@bench.example.org`,
    template: 'bulkMail' as const,
    values: { subject: 'Late', body: 'Late' },
  }));
  // Wait until the first run's mails are out of the last minute, so the window measures this run alone.
  await sleep(61_000);
  await database.db.transaction(async (tx) => {
    await limited.sendMany(second, tx);
  });
  const rateStarted = performance.now();
  limited.start();
  await sleep(75_000);
  await limited.close();
  const rateTimes = smtp.received.slice(before).filter((t) => t >= rateStarted);
  const inAnyMinute = maxInWindow(rateTimes, 60_000);

  printTable(
    ['measure', 'figure', 'target', 'verdict'],
    [
      ...rows,
      [
        `most delivered in any 60 s with MAIL_RATE_PER_MINUTE=${RATE} (${RATE_MAILS} queued, 75 s watched)`,
        String(inAnyMinute),
        `≤ ${RATE}`,
        verdict(inAnyMinute <= RATE),
      ],
      ['delivered in the 75 s', String(rateTimes.length), `${RATE}–${RATE_MAILS}`, verdict(rateTimes.length >= RATE)],
    ],
  );
  console.log(`database: ${onServer ? 'PostgreSQL server' : 'embedded PostgreSQL'}`);
});
