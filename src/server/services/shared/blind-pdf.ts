import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { AppError } from '../../errors';
import { blindCopyKey } from '../../storage/derived-keys';
import type { FileStore } from '../../storage/file-store';
import { pdfJobs } from '../../storage/pdf-jobs';
import { INFO_FIELDS, type PdfMetadata } from '../../storage/pdf-metadata';

/** Issue 27.3: what a reviewer hears when the PDF cannot be rewritten; the editor can act on it. */
export const UNREADABLE_FOR_REVIEWERS = 'This PDF cannot be given to reviewers under blind review: the server cannot read it (it is encrypted or damaged), '
  + 'so its document properties, which may name the authors, cannot be removed. Please tell the editor: the author needs to upload a new version without a password.';

/**
 * How long an upload waits for its turn to have its metadata read, and for the reading, before it is answered
 * without a warning (a 20 MB paper takes under a second; bench/blind-pdf.ts).
 */
const UPLOAD_WAIT_MS = 5000;
const UPLOAD_READ_MS = 10_000;

const making = new Map<string, Promise<void>>();
/** Originals that could not be rewritten (by key): asked again, they are refused without parsing them again. */
const unreadable = new Set<string>();

/**
 * The key of the copy of a stored PDF that reviewers get under blind review: no document information, no XMP
 * (storage/pdf-metadata.ts). Made on the first request for it and kept in the file store under a key derived
 * from the original's (decision 21); concurrent first requests wait for the same making. 409 when the PDF
 * cannot be read.
 */
export async function ensureBlindCopy(opts: { files: FileStore; storageKey: string }): Promise<string> {
  const { files, storageKey } = opts;
  const key = blindCopyKey(storageKey);
  if (unreadable.has(storageKey)) throw new AppError('conflict', UNREADABLE_FOR_REVIEWERS);
  if (await files.exists(key)) return key;
  let pending = making.get(key);
  if (!pending) {
    pending = makeBlindCopy(files, storageKey, key).finally(() => making.delete(key));
    making.set(key, pending);
  }
  await pending;
  return key;
}

async function makeBlindCopy(files: FileStore, storageKey: string, key: string): Promise<void> {
  const result = await pdfJobs.run({ read: () => buffer(files.get(storageKey)), strip: true });
  if (!result.ok || !result.stripped) {
    if (unreadable.size >= 10_000) unreadable.clear();
    unreadable.add(storageKey);
    throw new AppError('conflict', UNREADABLE_FOR_REVIEWERS);
  }
  await files.put(Readable.from([Buffer.from(result.stripped)]), undefined, { key });
}

/**
 * At upload: the warning for the author when the stored PDF's /Info or XMP packet holds their name or e-mail
 * (case-insensitive); undefined when it does not, or when the PDF cannot be read or read in time.
 */
export async function findMetadataWarning(opts: { files: FileStore; key: string | undefined; person: { name: string; email: string } }): Promise<string | undefined> {
  const { files, key } = opts;
  if (!key) return undefined;
  const result = await pdfJobs.run({ read: () => buffer(files.get(key)), path: files.localPath?.(key), strip: false, maxWaitMs: UPLOAD_WAIT_MS, timeLimitMs: UPLOAD_READ_MS });
  return result.ok ? metadataWarning(result.metadata, opts.person) : undefined;
}

const normalise = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
/** XMP is XML: a name may be written with character references. */
const xmlText = (xml: string) => xml
  .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)))
  .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
  .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

export function metadataWarning(metadata: PdfMetadata, person: { name: string; email: string }): string | undefined {
  // A name of one or two letters would be found everywhere.
  const needles = [person.name, person.email].map(normalise).filter((n) => n.length >= 3);
  const names = (text: string) => needles.some((n) => normalise(text).includes(n));
  const found: string[] = [];
  for (const field of INFO_FIELDS) {
    const value = metadata.info[field];
    if (value && names(value)) found.push(`${field}: ${value.length > 100 ? `${value.slice(0, 100)}…` : value}`);
  }
  if (metadata.xmp && names(xmlText(metadata.xmp))) found.push('XMP metadata');
  if (!found.length) return undefined;
  return `Your PDF names you in its document properties (${found.join('; ')}). Reviewers get a copy without them under blind review, but you may want to remove them.`;
}
