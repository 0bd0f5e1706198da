// The default engine: start time (first start on a fresh DATA_DIR, restart) and memory at rest of the server
// plus its embedded PostgreSQL, for the compiled server `npm start` runs and for the sources through tsx.
// Run alone: node --import tsx bench/engine.ts
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_JWT_SECRET, embeddedDatabasePids, pssMb, ROOT, serverCommand } from './lib/server';
import { ensureWebDir, fmt, freePort, onCleanup, printMachine, printTable, runBench, sleep, verdict } from './lib/util';

const RUNS = 3;
const RSS_TARGET_MB = 200;

interface Started {
  ms: number;
  stop(): Promise<void>;
  pid: number;
  url: string;
}

async function startOnce(args: string[], dataDir: string, webDir: string): Promise<Started> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      JWT_SECRET: BENCH_JWT_SECRET,
      DATABASE_URL: '',
    },
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  onCleanup(stop);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during startup');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not yet */
    }
    await sleep(10);
  }
  return { ms: performance.now() - t0, stop, pid: child.pid!, url };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

runBench('Engine: start time and memory at rest (server + embedded PostgreSQL)', async () => {
  printMachine();
  const webDir = ensureWebDir();
  const rows: Array<Array<string | number>> = [];
  for (const [label, args] of [
    ['compiled (npm start)', serverCommand()],
    ['sources through tsx', ['--import', 'tsx', 'src/server/main.ts']],
  ] as const) {
    const first: number[] = [];
    const again: number[] = [];
    const node: number[] = [];
    const db: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'imse-bench-engine-'));
      onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
      const a = await startOnce([...args], dataDir, webDir);
      first.push(a.ms);
      await a.stop();
      const b = await startOnce([...args], dataDir, webDir);
      again.push(b.ms);
      // At rest after a little use: the home page, a signup, a login-area list.
      for (let k = 0; k < 20; k++) await (await fetch(`${b.url}/`)).text();
      const signup = await fetch(`${b.url}/api/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Bench',
          email: `bench${i}@example.org`,
          password: 'correct horse battery',
          confirmPassword: 'correct horse battery',
          role: 'Author',
        }),
      });
      const { token } = (await signup.json()) as { token: string };
      for (let k = 0; k < 20; k++)
        await (await fetch(`${b.url}/api/author/my-papers`, { headers: { authorization: `Bearer ${token}` } })).text();
      await sleep(3000);
      node.push(pssMb(b.pid));
      db.push(embeddedDatabasePids(dataDir).reduce((s, pid) => s + pssMb(pid), 0));
      await b.stop();
    }
    const total = node.map((n, i) => n + db[i]!);
    rows.push([
      label,
      fmt(median(first), 0),
      fmt(median(again), 0),
      fmt(median(node)),
      fmt(median(db)),
      fmt(median(total)),
      verdict(median(total) <= RSS_TARGET_MB),
    ]);
  }
  console.log(
    `Median of ${RUNS} runs each. Start: spawn to the first 200 from /api/health. Memory: PSS (shared pages counted once) 3 s after 20 page and 20 list requests.`,
  );
  printTable(
    [
      'server',
      'first start ms (fresh DATA_DIR)',
      'restart ms',
      'Node MB',
      'PostgreSQL MB (all processes)',
      'total MB',
      `total ≤ ${RSS_TARGET_MB} MB`,
    ],
    rows,
  );
});
