import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { HOLD_MS, rememberHold, takeOwnHolds } from './holds';

export interface StoredFile {
  key: string;
  size: number;
  head: Buffer;
}

/** Where uploaded files live: on the local disk (this file) or in PostgreSQL (pg-file-store.ts). */
export interface FileStore {
  /**
   * Stream a file in; it becomes visible under its key only once complete and accepted by `verify`
   * (which sees the first 16 bytes and the size, and throws to refuse the file: nothing is kept then).
   * The key is the content's SHA-256, or `opts.key` for a file made from another one (a key derived from
   * that one's, e.g. derived-keys.ts blindCopyKey); when that key is already stored, the stored file stays.
   */
  put(input: Readable, verify?: (file: { head: Buffer; size: number }) => void, opts?: { key?: string }): Promise<StoredFile>;
  get(key: string): Readable;
  /** The first `bytes` bytes of a stored file, to tell what it is. */
  head(key: string, bytes: number): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  /**
   * Where a stored file is on this machine's disk, for a helper process to read it itself (the disk store only;
   * the database store has no such place).
   */
  localPath?(key: string): string;
  /**
   * Remove a file nothing refers to any more (the caller has checked). It stays while another request
   * holds it: one that stored the same bytes in the last hour (src/server/storage/holds.ts).
   */
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{64}$/;

/** Write what is buffered for `file` (a file or a folder) to the disk. */
async function fsyncPath(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Files named by the SHA-256 of their content under `root`, written to a temporary name, fsynced, renamed
 * when complete and their folder fsynced, before the upload is acknowledged. One instance per folder: at
 * start, what a killed process left in `tmp` is removed.
 */
export function localFileStore(root: string, opts: { holdMs?: number; now?: () => number } = {}): FileStore {
  const tmpDir = path.join(root, 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  for (const name of readdirSync(tmpDir)) rmSync(path.join(tmpDir, name), { force: true, recursive: true });
  const holdMs = opts.holdMs ?? HOLD_MS;
  const now = opts.now ?? Date.now;
  // Holds by key (hold id → when taken), and one queue per key so that finishing a store and deleting never interleave.
  const holds = new Map<string, Map<string, number>>();
  const queues = new Map<string, Promise<unknown>>();
  const pruneHolds = () => {
    const cutoff = now() - holdMs;
    for (const [k, forKey] of holds) {
      for (const [id, at] of forKey) if (at <= cutoff) forKey.delete(id);
      if (!forKey.size) holds.delete(k);
    }
  };
  const serially = <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    const run = (queues.get(key) ?? Promise.resolve()).then(fn, fn);
    const tail = run.catch(() => {});
    queues.set(key, tail);
    void tail.then(() => {
      if (queues.get(key) === tail) queues.delete(key);
    });
    return run;
  };
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error('bad file key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    localPath: pathOf,
    async put(input, verify, opts) {
      if (opts?.key !== undefined) pathOf(opts.key);
      const tmp = path.join(tmpDir, randomBytes(12).toString('hex'));
      const hash = createHash('sha256');
      let size = 0;
      let head = Buffer.alloc(0);
      const tap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          size += chunk.length;
          if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
          done(null, chunk);
        },
      });
      const out = createWriteStream(tmp, { flags: 'wx' });
      try {
        await pipeline(input, tap, out);
        verify?.({ head, size });
        const key = opts?.key ?? hash.digest('hex');
        const dest = pathOf(key);
        await fsyncPath(tmp);
        await serially(key, async () => {
          const holdId = randomBytes(8).toString('hex');
          const forKey = holds.get(key) ?? new Map<string, number>();
          forKey.set(holdId, now());
          holds.set(key, forKey);
          if (holds.size > 10_000) pruneHolds();
          rememberHold(key, holdId);
          mkdirSync(path.dirname(dest), { recursive: true });
          if (existsSync(dest)) await rm(tmp, { force: true });
          else {
            await rename(tmp, dest);
            await fsyncPath(path.dirname(dest));
          }
        });
        return { key, size, head };
      } catch (err) {
        // A body cut short can fail the pipeline while the file is still being opened: wait for the stream
        // to close, or the temporary file would be created after the rm below and stay forever.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await rm(tmp, { force: true });
        throw err;
      }
    },
    get: (key) => createReadStream(pathOf(key)),
    head: async (key, bytes) => {
      const handle = await open(pathOf(key), 'r');
      try {
        const { buffer, bytesRead } = await handle.read(Buffer.alloc(bytes), 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    exists: async (key) => {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
    delete: (key) =>
      serially(key, async () => {
        const forKey = holds.get(key);
        for (const id of takeOwnHolds(key)) forKey?.delete(id);
        const cutoff = now() - holdMs;
        for (const [id, at] of forKey ?? []) if (at <= cutoff) forKey!.delete(id);
        if (forKey?.size) return;
        holds.delete(key);
        await rm(pathOf(key), { force: true });
      }),
  };
}
