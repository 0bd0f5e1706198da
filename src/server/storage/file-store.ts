import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

export interface StoredFile { key: string; size: number; head: Buffer }

/** Where uploaded files live. One interface; the local-disk driver is the only one so far. */
export interface FileStore {
  /**
   * Stream a file in; it becomes visible under its key only once complete and accepted by `verify`
   * (which sees the first 16 bytes and the size, and throws to refuse the file: nothing is kept then).
   */
  put(input: Readable, verify?: (file: { head: Buffer; size: number }) => void): Promise<StoredFile>;
  get(key: string): Readable;
  /** The first `bytes` bytes of a stored file, to tell what it is. */
  head(key: string, bytes: number): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-f]{64}$/;

/** Files named by the SHA-256 of their content under `root`, written to a temporary name and renamed when complete. */
export function localFileStore(root: string): FileStore {
  const tmpDir = path.join(root, 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error('bad file key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(input, verify) {
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
        const key = hash.digest('hex');
        const dest = pathOf(key);
        mkdirSync(path.dirname(dest), { recursive: true });
        if (existsSync(dest)) await rm(tmp, { force: true });
        else await rename(tmp, dest);
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
      try { return (await stat(pathOf(key))).isFile(); } catch { return false; }
    },
    delete: async (key) => { await rm(pathOf(key), { force: true }); },
  };
}
