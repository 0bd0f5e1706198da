import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AbstractBookDocument, BookPaper } from './abstract-book-pdf';

/**
 * Decision 0073: the abstract book drawn in a worker thread with a bounded heap (pdf-lib's and fontkit's garbage
 * grew a 3,000-paper book's process past 550 MB; the live set is a fraction of that). The parent keeps reading the
 * papers from the database batch by batch, as the worker asks for them, and hears the progress.
 */
/**
 * The worker's heap limit: 136 MB up to 3,000 papers (the book's live set there is between 112 MB, where it ran out,
 * and 136 MB; the process then peaked at 386 MB), 24 MB more per further 1,000 papers. A book that outgrows it
 * fails with the reason shown to the organiser, and the server goes on.
 */
const heapMb = (papers: number) => 136 + Math.ceil(Math.max(0, papers - 3000) / 1000) * 24;

function workerSource(): { code: string | URL; eval: boolean } {
  // Compiled: build/app-server/abstract-book-worker.mjs beside main.mjs (scripts/build-server.mjs).
  const compiled = new URL('./abstract-book-worker.mjs', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return { code: compiled, eval: false };
  const source = pathToFileURL(fileURLToPath(new URL('./abstract-book-worker.ts', import.meta.url))).href;
  return { code: `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(source)}); });`, eval: true };
}

type Message =
  | { type: 'load'; request: number; ids: string[] }
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; bytes: Uint8Array }
  | { type: 'failed'; error: string };

export function renderAbstractBookInWorker(doc: AbstractBookDocument): Promise<Uint8Array> {
  const { loadPapers, onProgress, generatedAt, ...rest } = doc;
  const { code, eval: isEval } = workerSource();
  const worker = new Worker(code, {
    eval: isEval,
    workerData: { ...rest, generatedAt: generatedAt.toISOString() },
    resourceLimits: { maxOldGenerationSizeMb: heapMb(rest.sections.reduce((n, section) => n + section.papers.length, 0)) },
  });
  return new Promise<Uint8Array>((resolve, reject) => {
    let settled = false;
    const finish = (err: Error | null, bytes?: Uint8Array) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      if (err) reject(err);
      else resolve(bytes!);
    };
    worker.on('message', (m: Message) => {
      if (m.type === 'load') {
        loadPapers(m.ids).then(
          (papers) => worker.postMessage({ type: 'papers', request: m.request, papers: [...papers] as [string, BookPaper][] }),
          (err: unknown) => finish(err as Error),
        );
      } else if (m.type === 'progress') {
        Promise.resolve(onProgress?.(m.done, m.total)).catch(() => {});
      } else if (m.type === 'done') finish(null, new Uint8Array(m.bytes));
      else finish(new Error(m.error));
    });
    worker.on('error', (err) => finish(err));
    worker.once('exit', (exitCode) => finish(new Error(`the abstract book's worker stopped (${exitCode}) before the book was done`)));
  });
}
