import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * The few lines of POSIX tar (ustar) a backup needs: regular files with short relative names, written and read
 * as streams (decision 0068). Any tar reads the archives (`tar -tzf`); only what this file writes is read back.
 */
const BLOCK = 512;
/** ustar's size field: 11 octal digits. */
export const MAX_ENTRY_BYTES = 8 ** 11 - 1;

export class TarError extends Error {}

function header(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 100 || !/^[A-Za-z0-9._\-/]+$/.test(name) || name.split('/').includes('..'))
    throw new TarError(`cannot archive ${name}: names are short relative paths`);
  if (size > MAX_ENTRY_BYTES) throw new TarError(`cannot archive ${name}: larger than 8 GB`);
  const h = Buffer.alloc(BLOCK);
  const field = (offset: number, length: number, value: string) => h.write(value, offset, length, 'ascii');
  const octal = (offset: number, length: number, value: number) =>
    field(offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
  field(0, 100, name);
  octal(100, 8, 0o644);
  octal(108, 8, 0);
  octal(116, 8, 0);
  octal(124, 12, size);
  octal(136, 12, Math.floor(mtime.getTime() / 1000));
  field(148, 8, '        ');
  field(156, 1, '0');
  field(257, 8, 'ustar\u000000');
  let sum = 0;
  for (const byte of h) sum += byte;
  field(148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return h;
}

export interface TarSource {
  /** The name in the archive. */
  name: string;
  /** The file on disk whose bytes it holds. */
  file: string;
  size: number;
}

/** The archive's bytes, entry by entry, read from the files on disk one chunk at a time. */
export async function* tarStream(sources: Iterable<TarSource>, mtime = new Date()): AsyncGenerator<Buffer> {
  for (const source of sources) {
    yield header(source.name, source.size, mtime);
    let written = 0;
    for await (const chunk of createReadStream(source.file) as AsyncIterable<Buffer>) {
      written += chunk.length;
      if (written > source.size) break;
      yield chunk;
    }
    if (written !== source.size) throw new TarError(`${source.file} changed size while it was being archived`);
    const pad = (BLOCK - (source.size % BLOCK)) % BLOCK;
    if (pad) yield Buffer.alloc(pad);
  }
  yield Buffer.alloc(2 * BLOCK);
}

export interface ExtractedEntry {
  name: string;
  size: number;
  sha256: string;
}

/**
 * Write every entry of a tar stream under `dir` (names checked: nothing lands outside it), with each entry's
 * SHA-256 computed on the way, so the caller can compare them with the manifest before using anything.
 */
export async function extractTar(input: Readable, dir: string): Promise<ExtractedEntry[]> {
  const entries: ExtractedEntry[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let current: { entry: ExtractedEntry; left: number; pad: number; out: FileHandle; hash: ReturnType<typeof createHash> } | undefined;
  let ended = false;
  const finish = async () => {
    if (!current) return;
    current.entry.sha256 = current.hash.digest('hex');
    await current.out.close();
    entries.push(current.entry);
  };
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      for (;;) {
        if (current && current.left > 0) {
          if (!pending.length) break;
          const take = Math.min(current.left, pending.length);
          const part = pending.subarray(0, take);
          current.hash.update(part);
          await current.out.write(part);
          current.left -= take;
          pending = pending.subarray(take);
          continue;
        }
        if (current) {
          if (pending.length < current.pad) break;
          pending = pending.subarray(current.pad);
          await finish();
          current = undefined;
          continue;
        }
        if (ended || pending.length < BLOCK) break;
        const h = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        if (h.every((b) => b === 0)) {
          ended = true;
          break;
        }
        const text = (offset: number, length: number) => h.toString('ascii', offset, offset + length).replace(/\0.*$/s, '');
        let sum = 0;
        for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i]!;
        if (parseInt(text(148, 8).trim(), 8) !== sum) throw new TarError('not a backup archive: a damaged header');
        const size = parseInt(text(124, 12).trim(), 8);
        const name = text(0, 100);
        const type = text(156, 1) || '0';
        if (!Number.isFinite(size) || size < 0 || type !== '0' || !name || path.isAbsolute(name) || name.split('/').includes('..'))
          throw new TarError(`not a backup archive: unexpected entry ${JSON.stringify(name)}`);
        const target = path.join(dir, name);
        await mkdir(path.dirname(target), { recursive: true });
        const out = await open(target, 'wx', 0o600);
        current = { entry: { name, size, sha256: '' }, left: size, pad: (BLOCK - (size % BLOCK)) % BLOCK, out, hash: createHash('sha256') };
      }
      if (ended) break;
    }
    if (current && (current.left > 0 || pending.length < current.pad)) throw new TarError('the archive is cut short');
    await finish();
    current = undefined;
    if (!ended) throw new TarError('the archive is cut short (no end of archive)');
  } finally {
    await current?.out.close().catch(() => {});
  }
  return entries;
}
