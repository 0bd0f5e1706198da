// The worker thread that reads PDFs for the preflight (decision 0072), started by run.ts with limits on its heap and
// stack and kept for the next check while it is warm (pdf.js loaded and compiled); the server terminates it when a
// check runs over its time, and V8 stops it when it runs out of memory.
import { parentPort } from 'node:worker_threads';
import type { PdfReading } from '../../core/preflight';
import { extractPdfFacts } from './extract';

parentPort!.on('message', ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
  extractPdfFacts(bytes).then(
    (facts) => parentPort!.postMessage({ id, reading: { ok: true, facts } satisfies PdfReading }),
    () => parentPort!.postMessage({ id, reading: { ok: false, reason: 'unreadable' } satisfies PdfReading }),
  );
});
