import type { MultipartFile } from '@fastify/multipart';
import { AppError, FILES_FULL, isOutOfResources } from '../errors';
import type { FileStore, StoredFile } from '../storage/file-store';
import { controlCharsMessage, isPlainLine } from '../../core/schemas/text';
import { isStorableText, UNSTORABLE_TEXT } from '../unstorable-text';

/**
 * Stream one multipart file into the store. Refused (nothing kept) when it is empty, over the size
 * limit (multipart does not throw then: the stream just ends with `truncated` set) or fails `check`.
 */
export async function storeUpload(
  store: FileStore,
  part: MultipartFile,
  opts: {
    maxBytes: number;
    tooLarge: string;
    check: (head: Buffer) => string | null;
  },
): Promise<StoredFile> {
  try {
    return await store.put(part.file, ({ head, size }) => {
      if (part.file.truncated || size > opts.maxBytes) throw new AppError('too_large', opts.tooLarge);
      if (size === 0) throw new AppError('bad_request', 'The file is empty');
      const problem = opts.check(head);
      if (problem) throw new AppError('bad_request', problem);
    });
  } catch (err) {
    // First: a store out of room fails the write, and the stream copying the part into it passes that error
    // on to the part as well (while the body is still arriving), where it would pass for the client's.
    const full = outOfResources(err);
    if (full) throw full;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('too_large', opts.tooLarge);
    // The incoming part failed (body cut short or malformed): the client's mistake. A failed write (disk not
    // writable) is passed on to the part too, but as a system error, which stays the server's.
    if (err === part.file.errored && !(err as { syscall?: string }).syscall) throw malformed(err);
    throw err;
  }
}

/** The store's disk or database is full (docs/product.md#validation-and-messages): 503, whatever else the error looks like; the handler logs the cause. */
function outOfResources(err: unknown): AppError | null {
  if (err instanceof AppError || !isOutOfResources(err)) return null;
  return new AppError('unavailable', FILES_FULL, { 'retry-after': '60' }, err);
}

/** The multipart parser's own errors (no boundary, cut short, broken part) are a bad request, not a server failure. */
function malformed(err: unknown): unknown {
  const full = outOfResources(err);
  if (full) return full;
  if (err instanceof AppError || typeof (err as { statusCode?: unknown } | null)?.statusCode === 'number') return err;
  return new AppError('bad_request', 'The form data is malformed or incomplete. Please send it again.');
}

/**
 * The parts, with the parser's errors as 400s. The parser (busboy) can also stall for good on a part whose
 * headers hold a bare line break, once that part is larger than its buffer: it then neither ends nor
 * errs, and it stops reading the body. So when we are waiting for the next part while the body is not
 * being read (paused by the parser's back-pressure, or all read) for STALL_MS, the request is refused.
 * A slow client is not mistaken for this: its body stays flowing, only without data.
 */
const STALL_MS = 3000;
type BodyStream = NodeJS.ReadableStream & { readableEnded?: boolean };
async function* parsed<T>(parts: AsyncIterable<T>, body?: BodyStream): AsyncGenerator<T> {
  const iterator = parts[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = iterator.next();
      let timer: NodeJS.Timeout | undefined;
      const stalled = new Promise<never>((_, reject) => {
        const check = () => {
          if (body && (body.readableEnded || body.isPaused()))
            reject(new AppError('bad_request', 'The form data is malformed or incomplete. Please send it again.'));
          else timer = setTimeout(check, STALL_MS);
        };
        timer = setTimeout(check, STALL_MS);
      });
      stalled.catch(() => {});
      let step: IteratorResult<T>;
      try {
        step = body ? await Promise.race([next, stalled]) : await next;
      } finally {
        clearTimeout(timer);
      }
      if (step.done) return;
      yield step.value;
    }
  } catch (err) {
    throw malformed(err);
  }
}

/**
 * Read the parts of a multipart request: text fields (repeated ones as lists) and at most one file, stored.
 * When the request is refused after its file was stored (a second file, a bad field), `discard` drops it.
 */
export async function readMultipart(
  parts: AsyncIterableIterator<import('@fastify/multipart').Multipart>,
  onFile: (part: MultipartFile) => Promise<StoredFile>,
  discard: (key: string) => Promise<void>,
  body?: BodyStream,
): Promise<{ fields: Record<string, string[]>; file?: StoredFile & { fileName: string } }> {
  const fields: Record<string, string[]> = {};
  let file: (StoredFile & { fileName: string }) | undefined;
  try {
    for await (const part of parsed(parts, body)) {
      if (part.type === 'file') {
        if (file) {
          part.file.resume();
          throw new AppError('bad_request', 'Send one file only');
        }
        // A malformed Content-Disposition can leave the part without a file name.
        const fileName = typeof part.filename === 'string' ? part.filename : '';
        if (!isStorableText(fileName)) {
          part.file.resume();
          throw new AppError('bad_request', UNSTORABLE_TEXT);
        }
        // The name is shown to the author, co-authors and editors: no controls, no text-direction tricks (docs/product.md#validation-and-messages).
        if (!isPlainLine(fileName)) {
          part.file.resume();
          throw new AppError('bad_request', controlCharsMessage('File name'));
        }
        try {
          file = { ...(await onFile(part)), fileName: Array.from(fileName).slice(0, 200).join('') };
        } catch (err) {
          // A refused file must still be read to its end, or the parser waits for it and the request hangs.
          part.file.resume();
          throw err;
        }
      } else {
        const value = String(part.value ?? '');
        if (!isStorableText(value)) throw new AppError('bad_request', UNSTORABLE_TEXT);
        (fields[part.fieldname] ??= []).push(value);
      }
    }
  } catch (err) {
    if (file) await discard(file.key);
    throw err;
  }
  return { fields, file };
}

/** The parts of a multipart request with the parser's errors and stalls as 400s, for a form with several files (an award nomination's CV and photo). */
export { parsed as multipartParts };
