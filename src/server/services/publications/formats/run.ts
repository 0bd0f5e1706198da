import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PublicationFileError, type ParsedFile } from './entry';

/**
 * Decision 0076: each import's file is read in a worker thread of its own, so the server keeps answering while a
 * large BibTeX file is parsed (500 entries with abstracts: about 1.3 s of CPU), and a file that would take too long
 * or too much memory costs that worker only.
 */
export const IMPORT_LIMITS = { timeMs: 60_000, heapMb: 512 };

/** The compiled worker next to the compiled server (scripts/build-server.mjs), else the TypeScript source through tsx. */
function workerSource(): { code: string | URL; eval: boolean } {
  const compiled = new URL('./publications-parse-worker.mjs', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return { code: compiled, eval: false };
  const source = pathToFileURL(fileURLToPath(new URL('./parse-worker.ts', import.meta.url))).href;
  return { code: `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(source)}); });`, eval: true };
}

/** The file's entries, or a PublicationFileError with the message for the person. */
export function parseInWorker(bytes: Uint8Array): Promise<ParsedFile> {
  const { code, eval: isEval } = workerSource();
  const copy = new Uint8Array(bytes);
  const worker = new Worker(code, {
    eval: isEval,
    workerData: { bytes: copy },
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: IMPORT_LIMITS.heapMb },
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  return new Promise<ParsedFile>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const unreadable = () => new PublicationFileError('The file could not be read in time: split it into smaller files.');
    const timer = setTimeout(() => settle(() => reject(unreadable())), IMPORT_LIMITS.timeMs);
    worker.on('message', (m: { ok: true; parsed: ParsedFile } | { ok: false; message: string | null }) =>
      settle(() => (m.ok ? resolve(m.parsed) : reject(new PublicationFileError(m.message ?? 'The file could not be read.')))),
    );
    worker.on('error', () => settle(() => reject(new PublicationFileError('The file could not be read.'))));
    worker.on('exit', () => settle(() => reject(new PublicationFileError('The file could not be read.'))));
  });
}
