// The child process that reads and rewrites uploaded PDFs (started by pdf-jobs.ts): pdf-lib parses a whole
// document in memory and in one go, which for a file of many small objects takes seconds and for a crafted
// one could take much longer or much memory. Here that costs nothing but this process, which the server kills
// when it runs too long, and which the operating system kills first when memory runs out.
import { readFile } from 'node:fs/promises';
import { loadPdf, readPdfMetadata, saveBlindCopy, UnreadablePdfError } from './pdf-metadata';
import type { PdfJobReply, PdfJobRequest } from './pdf-jobs';

async function handle(req: PdfJobRequest): Promise<PdfJobReply> {
  let bytes: Uint8Array;
  try {
    bytes = req.bytes ?? (await readFile(req.path!));
  } catch {
    // The stored file could not be read (gone since): nothing is known of it, which is not a broken PDF.
    return { id: req.id, ok: false, reason: 'missing' };
  }
  try {
    const doc = await loadPdf(bytes);
    const metadata = readPdfMetadata(doc);
    const pages = doc.getPageCount();
    const rules = req.strip === true ? { authors: [], dropAnnotationText: true } : req.strip || undefined;
    const stripped = rules ? await saveBlindCopy(doc, rules) : undefined;
    return { id: req.id, ok: true, metadata, pages, stripped };
  } catch (err) {
    // pdf-lib's own failures while writing (and a stack overflow on deep nesting) mean a broken file too.
    return { id: req.id, ok: false, reason: err instanceof UnreadablePdfError ? err.reason : 'broken' };
  }
}

process.on('message', (req: PdfJobRequest) => {
  void handle(req).then((reply) => process.send!(reply));
});
// Loaded: a job's time limit counts from here, not from the start of the process.
process.send!({ ready: true });
// The server went away (exit, crash or kill): nothing is left to do.
process.on('disconnect', () => process.exit(0));
