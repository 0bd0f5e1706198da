import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BlindCopyRules, PdfMetadata } from './pdf-metadata';

/**
 * `strip`: make the reviewers' copy (pdf-metadata.ts saveBlindCopy) by these rules; `true` knows no author, so every
 * annotation's text is dropped. The PDF's bytes, or the path of a file the child reads itself (a stored file on this
 * machine's disk).
 */
export type StripRules = boolean | BlindCopyRules;
export interface PdfJobRequest {
  id: number;
  bytes?: Uint8Array;
  path?: string;
  strip: StripRules;
}
export type PdfJobReply =
  | { id: number; ok: true; metadata: PdfMetadata; pages: number; stripped?: Uint8Array }
  | { id: number; ok: false; reason: 'encrypted' | 'broken' | 'missing' };
/** `too_slow`: over the time limit; `crashed`: the child died (out of memory); `busy`: not started within `maxWaitMs`. */
export type PdfJobResult =
  | { ok: true; metadata: PdfMetadata; pages: number; stripped?: Uint8Array }
  | { ok: false; reason: 'encrypted' | 'broken' | 'missing' | 'too_slow' | 'crashed' | 'busy' };

/**
 * Measured (bench/blind-pdf.ts): a 20 MB PDF of figures takes 0.07 s, of 2,000 text pages 0.7 s, a file of
 * 150,000 small objects 13 s. A legitimate paper stays far below the limit.
 */
const TIME_LIMIT_MS = 30_000;
/** Starting the child (loading pdf-lib) is not counted in a job's time. */
const START_LIMIT_MS = 30_000;
const IDLE_MS = 30_000;
const MAX_OLD_SPACE_MB = 512;

/** The compiled child next to the compiled server (scripts/build-server.mjs), else the TypeScript source through tsx. */
function workerEntry(): { file: string; execArgv: string[] } {
  const compiled = fileURLToPath(new URL('./pdf-worker.mjs', import.meta.url));
  if (existsSync(compiled)) return { file: compiled, execArgv: [] };
  return { file: fileURLToPath(new URL('./pdf-worker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
}

/**
 * PDF work (pdf-metadata.ts) in a child process, one job at a time: pdf-lib needs the whole file in memory
 * and parses it in one synchronous go, so in the server it would hold the event loop for seconds on some
 * files and could take the process down on a crafted one. The child is started on first use, killed when a
 * job runs over the time limit, started again for the next job, and stops after a while without work. One
 * job at a time keeps the memory bounded: a job reads its file only once it is its turn.
 */
export class PdfJobs {
  private child: { child: ChildProcess; ready: Promise<boolean> } | undefined;
  private nextId = 1;
  private busy = false;
  private waiters: Array<() => void> = [];
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: { timeLimitMs?: number; idleMs?: number } = {}) {}

  /**
   * `timeLimitMs`: a shorter limit than the runner's for this job (an upload that waits for the answer). `path`: the
   * file is on this machine's disk, and the child reads it there instead of `read` copying it through this process
   * and the pipe (a 2 MB upload's metadata check: one copy instead of four, and no 2 MB buffers here to collect).
   */
  async run(job: {
    read: () => Promise<Uint8Array>;
    path?: string;
    strip: StripRules;
    maxWaitMs?: number;
    timeLimitMs?: number;
  }): Promise<PdfJobResult> {
    if (!(await this.acquire(job.maxWaitMs))) return { ok: false, reason: 'busy' };
    try {
      const input = job.path !== undefined ? { path: job.path, strip: job.strip } : { bytes: await job.read(), strip: job.strip };
      return await this.send(input, Math.min(job.timeLimitMs ?? Infinity, this.opts.timeLimitMs ?? TIME_LIMIT_MS));
    } finally {
      this.release();
    }
  }

  /** Stop the child now (it also stops by itself when idle, or when this process exits). */
  close(): void {
    clearTimeout(this.idleTimer);
    this.child?.child.kill();
    this.child = undefined;
  }

  private async send(input: { bytes?: Uint8Array; path?: string; strip: StripRules }, timeLimitMs: number): Promise<PdfJobResult> {
    clearTimeout(this.idleTimer);
    const { child, ready } = this.child ?? this.spawn();
    child.ref();
    child.channel?.ref();
    if (!(await ready)) return { ok: false, reason: 'crashed' };
    const id = this.nextId++;
    return new Promise<PdfJobResult>((resolve) => {
      const done = (result: PdfJobResult) => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        if (this.child?.child === child) {
          child.unref();
          child.channel?.unref();
          this.idleTimer = setTimeout(() => this.close(), this.opts.idleMs ?? IDLE_MS);
          this.idleTimer.unref();
        }
        resolve(result);
      };
      const onMessage = (reply: PdfJobReply) => {
        if (reply?.id !== id) return;
        const { id: _, ...result } = reply;
        done(result);
      };
      const onExit = () => done({ ok: false, reason: 'crashed' });
      const timer = setTimeout(() => {
        if (this.child?.child === child) this.child = undefined;
        child.kill('SIGKILL');
        done({ ok: false, reason: 'too_slow' });
      }, timeLimitMs);
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send({ id, ...input } satisfies PdfJobRequest, (err) => {
        if (err) done({ ok: false, reason: 'crashed' });
      });
    });
  }

  private spawn(): { child: ChildProcess; ready: Promise<boolean> } {
    const { file, execArgv } = workerEntry();
    const child = fork(file, [], {
      execArgv: [...execArgv, `--max-old-space-size=${MAX_OLD_SPACE_MB}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const forget = () => {
      if (this.child?.child === child) this.child = undefined;
    };
    child.on('exit', forget);
    child.on('error', forget);
    // False when the child fails to start, or does not say it is ready in time.
    const ready = new Promise<boolean>((resolve) => {
      const settle = (ok: boolean) => {
        clearTimeout(timer);
        child.off('message', onReady);
        child.off('exit', onFail);
        child.off('error', onFail);
        if (!ok) {
          forget();
          child.kill('SIGKILL');
        }
        resolve(ok);
      };
      const onReady = (m: { ready?: boolean }) => {
        if (m?.ready) settle(true);
      };
      const onFail = () => settle(false);
      const timer = setTimeout(onFail, START_LIMIT_MS);
      child.on('message', onReady);
      child.on('exit', onFail);
      child.on('error', onFail);
    });
    this.child = { child, ready };
    return this.child;
  }

  private acquire(maxWaitMs: number | undefined): Promise<boolean> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const waiter = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer =
        maxWaitMs === undefined
          ? undefined
          : setTimeout(() => {
              this.waiters = this.waiters.filter((w) => w !== waiter);
              resolve(false);
            }, maxWaitMs);
      this.waiters.push(waiter);
    });
  }

  private release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.busy = false;
  }
}

/** The process's one runner. */
export const pdfJobs = new PdfJobs();
