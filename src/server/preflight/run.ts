import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PdfReading } from '../../core/preflight';

/**
 * Decision 0072: the preflight reads each PDF in a worker thread with these limits, so that a hostile PDF (a page
 * that takes minutes to lay out, objects that fill the heap) costs that worker only: over the time it is terminated,
 * over the memory V8 stops it, and the check answers "could not be checked in time" / "could not be read". A worker
 * is kept for the next check while it is idle for less than IDLE_MS (a cold one spends most of a 20-page paper's
 * time loading pdf.js: bench/preflight.ts).
 */
export const PREFLIGHT_LIMITS = { timeMs: 20_000, heapMb: 256, youngMb: 32, stackMb: 4 };
/** Checks at once, each in its own worker; more wait their turn (inside their time limit). */
const AT_ONCE = 2;
const IDLE_MS = 60_000;

/** The compiled worker next to the compiled server (scripts/build-server.mjs), else the TypeScript source through tsx. */
function workerSource(): { code: string | URL; eval: boolean } {
  const compiled = new URL('./preflight-worker.mjs', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return { code: compiled, eval: false };
  const source = pathToFileURL(fileURLToPath(new URL('./preflight-worker.ts', import.meta.url))).href;
  return { code: `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(source)}); });`, eval: true };
}

type Limits = typeof PREFLIGHT_LIMITS;
interface Idle {
  worker: Worker;
  key: string;
  timer: NodeJS.Timeout;
}
const idle: Idle[] = [];
let running = 0;
let nextId = 1;
const waiting: Array<() => void> = [];

function startWorker(limits: Limits): Worker {
  const { code, eval: isEval } = workerSource();
  const worker = new Worker(code, {
    eval: isEval,
    resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: limits.youngMb, stackSizeMb: limits.stackMb },
    stdout: true,
    stderr: true,
  });
  // Its output (pdf.js warnings about a broken file) is not the server's log.
  worker.stdout.resume();
  worker.stderr.resume();
  // An idle worker does not keep the process alive.
  worker.unref();
  return worker;
}

/** A warm worker with these limits, else a new one. */
function takeWorker(limits: Limits): Worker {
  const key = JSON.stringify(limits);
  const i = idle.findIndex((w) => w.key === key);
  if (i >= 0) {
    const [w] = idle.splice(i, 1);
    clearTimeout(w!.timer);
    return w!.worker;
  }
  return startWorker(limits);
}
function keepWorker(worker: Worker, limits: Limits): void {
  const entry: Idle = { worker, key: JSON.stringify(limits), timer: setTimeout(() => drop(entry), IDLE_MS) };
  entry.timer.unref();
  idle.push(entry);
}
function drop(entry: Idle): void {
  const i = idle.indexOf(entry);
  if (i >= 0) idle.splice(i, 1);
  void entry.worker.terminate();
}

async function turn(waitMs: number): Promise<boolean> {
  if (running < AT_ONCE) {
    running++;
    return true;
  }
  return new Promise((resolve) => {
    const go = () => {
      clearTimeout(timer);
      running++;
      resolve(true);
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(go), 1);
      resolve(false);
    }, waitMs);
    waiting.push(go);
  });
}
function done(): void {
  running--;
  waiting.shift()?.();
}

/** Read a PDF's facts in a limited worker: `timeout` when it takes longer than the limit (waiting for a turn included). */
export async function readPdfFacts(bytes: Uint8Array, given: Partial<Limits> = {}): Promise<PdfReading> {
  const limits = { ...PREFLIGHT_LIMITS, ...given };
  const started = Date.now();
  if (!(await turn(limits.timeMs))) return { ok: false, reason: 'timeout' };
  try {
    const worker = takeWorker(limits);
    const id = nextId++;
    const copy = new Uint8Array(bytes);
    return await new Promise<PdfReading>((resolve) => {
      let settled = false;
      const settle = (reading: PdfReading, keep: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onFailure);
        worker.off('exit', onFailure);
        if (keep) keepWorker(worker, limits);
        else void worker.terminate();
        resolve(reading);
      };
      const onMessage = (m: { id: number; reading: PdfReading }) => {
        if (m.id === id) settle(m.reading, true);
      };
      // Out of memory (ERR_WORKER_OUT_OF_MEMORY), or it died: the PDF could not be read.
      const onFailure = () => settle({ ok: false, reason: 'unreadable' }, false);
      const timer = setTimeout(() => settle({ ok: false, reason: 'timeout' }, false), Math.max(1, limits.timeMs - (Date.now() - started)));
      worker.on('message', onMessage);
      worker.on('error', onFailure);
      worker.on('exit', onFailure);
      worker.postMessage({ id, bytes: copy }, [copy.buffer]);
    });
  } finally {
    done();
  }
}

/** Stop the idle workers (tests and shutdown; a running check ends by itself). */
export function closePreflightWorkers(): void {
  for (const entry of [...idle]) drop(entry);
}
