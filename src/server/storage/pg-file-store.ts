import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import type { FileStore } from './file-store';
import { HOLD_MS, rememberHold, takeOwnHolds } from './holds';
import { blindCopyKeySql } from './derived-keys';
import { fileReferencedSql } from './file-references';

/** A chunk row holds at most this many bytes. */
export const CHUNK_BYTES = 256 * 1024;
const KEY = /^[0-9a-f]{64}$/;

/**
 * Files in PostgreSQL (FILE_STORE=postgres), so every instance on the database sees every upload: named by
 * the SHA-256 of their content in `stored_files`, their bytes in `file_chunks` rows of at most 256 KB,
 * streamed in and out one chunk at a time (never whole in memory). A file becomes visible under its key
 * only once all its chunks are written and `verify` accepted it; the row is written after the chunks, in
 * PostgreSQL's durable commit, before the upload is acknowledged.
 */
export function pgFileStore(pool: pg.Pool, opts: { holdMs?: number } = {}): FileStore {
  const holdMs = opts.holdMs ?? HOLD_MS;
  const check = (key: string) => {
    if (!KEY.test(key)) throw new Error('bad file key');
  };
  const dropBlob = (blobId: string) => pool.query('delete from file_chunks where blob_id = $1', [blobId]);
  const blobOf = async (key: string): Promise<string | undefined> => {
    check(key);
    const { rows } = await pool.query<{ blob_id: string }>('select blob_id from stored_files where key = $1', [key]);
    return rows[0]?.blob_id;
  };
  const missing = (key: string) => Object.assign(new Error(`no stored file ${key.slice(0, 12)}…`), { code: 'ENOENT' });

  return {
    async put(input, verify, opts) {
      if (opts?.key !== undefined) check(opts.key);
      const blobId = randomUUID();
      const hash = createHash('sha256');
      let size = 0;
      let seq = 0;
      let head = Buffer.alloc(0);
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        if (!pendingBytes) return;
        const data = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        await pool.query('insert into file_chunks (blob_id, seq, data) values ($1, $2, $3)', [blobId, seq++, data]);
      };
      const sink = new Writable({
        highWaterMark: CHUNK_BYTES,
        write(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          size += chunk.length;
          if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
          void (async () => {
            for (let offset = 0; offset < chunk.length;) {
              const take = Math.min(CHUNK_BYTES - pendingBytes, chunk.length - offset);
              pending.push(chunk.subarray(offset, offset + take));
              pendingBytes += take;
              offset += take;
              if (pendingBytes === CHUNK_BYTES) await flush();
            }
          })().then(() => done(), done);
        },
        final(done) {
          flush().then(() => done(), done);
        },
      });
      try {
        await pipeline(input, sink);
        verify?.({ head, size });
      } catch (err) {
        await dropBlob(blobId).catch(() => {});
        throw err;
      }
      const key = opts?.key ?? hash.digest('hex');
      // The hold is committed before the file row is touched: a concurrent delete either sees it, or ran
      // first and then this insert brings the file back with this upload's chunks.
      const holdId = randomBytes(12).toString('hex');
      await pool.query('insert into file_holds (id, key) values ($1, $2)', [holdId, key]);
      rememberHold(key, holdId);
      const { rows } = await pool.query<{ blob_id: string }>(
        `insert into stored_files (key, blob_id, size) values ($1, $2, $3)
         on conflict (key) do update set stored_at = now() returning blob_id`,
        [key, blobId, size],
      );
      if (rows[0]!.blob_id !== blobId) await dropBlob(blobId);
      return { key, size, head };
    },

    get(key) {
      return Readable.from(
        (async function* chunks() {
          const blobId = await blobOf(key);
          if (!blobId) throw missing(key);
          for (let seq = 0; ; seq++) {
            const { rows } = await pool.query<{ data: Buffer }>('select data from file_chunks where blob_id = $1 and seq = $2', [
              blobId,
              seq,
            ]);
            if (!rows[0]) return;
            yield rows[0].data;
          }
        })(),
        { objectMode: false },
      );
    },

    async head(key, bytes) {
      const blobId = await blobOf(key);
      if (!blobId) throw missing(key);
      const { rows } = await pool.query<{ data: Buffer }>(
        'select substring(data from 1 for $3) as data from file_chunks where blob_id = $1 and seq = $2',
        [blobId, 0, bytes],
      );
      return rows[0]?.data ?? Buffer.alloc(0);
    },

    exists: async (key) => (await blobOf(key)) !== undefined,

    async delete(key) {
      check(key);
      const own = takeOwnHolds(key);
      const client = await pool.connect();
      let dropped: string | undefined;
      try {
        await client.query('begin');
        if (own.length) await client.query('delete from file_holds where id = any($1)', [own]);
        await client.query(`delete from file_holds where key = $1 and at < now() - make_interval(secs => $2)`, [key, holdMs / 1000]);
        // Lock the row first, then look for holds in a new statement: it sees every hold committed until now.
        const { rows } = await client.query<{ blob_id: string }>('select blob_id from stored_files where key = $1 for update', [key]);
        const held = await client.query('select 1 from file_holds where key = $1 and not (id = any($2)) limit 1', [key, own]);
        if (rows[0] && !held.rows.length) {
          await client.query('delete from stored_files where key = $1', [key]);
          dropped = rows[0].blob_id;
        }
        await client.query('commit');
      } catch (err) {
        await client.query('rollback').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
      if (dropped) await dropBlob(dropped);
    },
  };
}

/** Holds older than the grace period are of no use any more. */
export async function pruneFileHolds(pool: pg.Pool, holdMs = HOLD_MS): Promise<void> {
  await pool.query('delete from file_holds where at < now() - make_interval(secs => $1)', [holdMs / 1000]);
}

/**
 * Files no row names any more and nobody stored in the last hold period: what a request killed between
 * storing its file and committing its row left behind. The columns that name files, in every edition, are listed in
 * file-references.ts (and the
 * reviewers' copy of a named PDF, kept under a key derived from the original's and the rules it is made by now,
 * decision 21); a concurrent store of the same bytes moves `stored_at` (or takes a hold) and so keeps the file.
 */
export async function sweepUnreferencedFiles(pool: pg.Pool, holdMs = HOLD_MS): Promise<number> {
  const { rows } = await pool.query<{ blob_id: string }>(
    `delete from stored_files f
     where f.stored_at < now() - make_interval(secs => $1)
       and not exists (select 1 from file_holds h where h.key = f.key and h.at >= now() - make_interval(secs => $1))
       and not (${fileReferencedSql('f.key')})
       and not exists (select 1 from paper_files p where ${blindCopyKeySql('p.storage_key', 'p.paper_id')} = f.key)
     returning f.blob_id`,
    [holdMs / 1000],
  );
  for (const { blob_id: blobId } of rows) await pool.query('delete from file_chunks where blob_id = $1', [blobId]);
  return rows.length;
}
