import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createHash } from 'node:crypto';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { BACKUP_FILES_LOCK } from '../storage/backup-lock';
import { FILE_REFERENCES } from '../storage/file-references';
import { dumpSequences, dumpTable, listTables, type DumpedSequence, type DumpedTable } from './database-dump';
import { tarStream, type TarSource } from './tar';

/**
 * `npm run backup` and the scheduled backups (decision 0068): one .tar.gz holding manifest.json, the database's
 * rows (database/<table>.<n>.jsonl, read in one REPEATABLE READ snapshot) and, with the disk store, the files
 * those rows name (files/<key>). With FILE_STORE=postgres the files are rows themselves (stored_files,
 * file_chunks) and come with the snapshot.
 */

export const BACKUP_FORMAT = 'imse-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** The release that wrote it (package.json's version). */
  appVersion: string;
  createdAt: string;
  /** The migrations the database had run, oldest first: `when` of drizzle's journal (created_at) and the file's hash. */
  migrations: Array<{ when: number; hash: string }>;
  /** Where the files were: 'disk' (in the archive under files/) or 'postgres' (in the database's rows). */
  fileStore: 'disk' | 'postgres';
  server: string;
  tables: DumpedTable[];
  sequences: DumpedSequence[];
  files: Array<{ name: string; key: string; bytes: number; sha256: string }>;
  /** Keys the snapshot named that were not in the disk store (lost before this backup): listed, not hidden. */
  missingFiles: string[];
}

export interface BackupResult {
  file: string;
  bytes: number;
  rows: number;
  files: number;
  missingFiles: number;
  ms: number;
}

const NAME = /^imse-backup-\d{8}-\d{6}-\d{3}Z\.tar\.gz$/;
/** Sortable by name, oldest first. */
export function backupFileName(at: Date): string {
  const iso = at.toISOString(); // 2026-11-29T06:30:00.123Z
  return `imse-backup-${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}-${iso.slice(20, 23)}Z.tar.gz`;
}

export function appVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** A stored file into the staging folder: a hard link when it can (instant, and the store never rewrites a file), else a copy. */
async function stageFile(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw e;
    await copyFile(from, to);
  }
}

/**
 * Write one backup archive into `backupDir` while the server keeps serving. With the disk store, file deletions
 * wait (storage/backup-lock.ts) from before the snapshot until the files it names are staged.
 */
export async function createBackup(opts: {
  pool: pg.Pool;
  fileStore: 'disk' | 'postgres';
  /** The disk store's folder (DATA_DIR/files). */
  filesDir: string;
  backupDir: string;
  now?: () => Date;
}): Promise<BackupResult> {
  const started = Date.now();
  const createdAt = (opts.now ?? (() => new Date()))();
  await mkdir(opts.backupDir, { recursive: true });
  const staging = path.join(opts.backupDir, `.staging-${process.pid}-${randomBytes(4).toString('hex')}`);
  const target = path.join(opts.backupDir, backupFileName(createdAt));
  const partial = `${target}.partial`;
  await mkdir(path.join(staging, 'database'), { recursive: true, mode: 0o700 });
  const client = await opts.pool.connect();
  let locked = false;
  try {
    if (opts.fileStore === 'disk') {
      await client.query('select pg_advisory_lock($1)', [BACKUP_FILES_LOCK]);
      locked = true;
    }
    await client.query('begin isolation level repeatable read read only');
    let tables: DumpedTable[] = [];
    let sequences: DumpedSequence[] = [];
    let migrations: BackupManifest['migrations'] = [];
    let keys: string[] = [];
    let server = '';
    try {
      const { rows: version } = await client.query<{ server_version: string }>('show server_version');
      server = `PostgreSQL ${version[0]!.server_version}`;
      const hasJournal = await client.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
      if (!(hasJournal.rows[0] as { present: boolean }).present)
        throw new Error('This database has no migrations: there is nothing to back up (is it the right one?).');
      const { rows } = await client.query<{ created_at: string; hash: string }>(
        'select created_at::text, hash from drizzle.__drizzle_migrations order by created_at',
      );
      migrations = rows.map((r) => ({ when: Number(r.created_at), hash: r.hash }));
      for (const t of await listTables(client)) {
        tables.push(
          await dumpTable({
            client,
            ...t,
            partName: (n) => `database/${t.table}.${String(n).padStart(4, '0')}.jsonl`,
            fileOf: (name) => path.join(staging, name),
          }),
        );
      }
      sequences = await dumpSequences(client);
      if (opts.fileStore === 'disk') {
        const present = new Set(tables.map((t) => t.table));
        const named = FILE_REFERENCES.filter(([table]) => present.has(table)).map(
          ([table, column]) => `select ${column} as key from ${table} where ${column} is not null`,
        );
        if (named.length) {
          const { rows: k } = await client.query<{ key: string }>(`select distinct key from (${named.join(' union ')}) f order by key`);
          keys = k.map((r) => r.key).filter((key) => /^[0-9a-f]{64}$/.test(key));
        }
      }
    } finally {
      await client.query('commit').catch(() => {});
    }
    tables = tables.filter((t) => t.columns.length);

    const files: BackupManifest['files'] = [];
    const missingFiles: string[] = [];
    for (const key of keys) {
      const name = `files/${key.slice(0, 2)}/${key}`;
      const to = path.join(staging, name);
      await mkdir(path.dirname(to), { recursive: true });
      try {
        await stageFile(path.join(opts.filesDir, key.slice(0, 2), key), to);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        missingFiles.push(key);
        continue;
      }
      files.push({ name, key, bytes: (await stat(to)).size, sha256: '' });
    }
    if (locked) {
      await client.query('select pg_advisory_unlock($1)', [BACKUP_FILES_LOCK]);
      locked = false;
    }
    // The staged files are hashed after the lock is let go: nothing can change them (links to immutable files).
    for (const f of files) f.sha256 = await sha256Of(path.join(staging, f.name));

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt: createdAt.toISOString(),
      migrations,
      fileStore: opts.fileStore,
      server,
      tables,
      sequences,
      files,
      missingFiles,
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`, { mode: 0o600 });
    const sources: TarSource[] = [
      { name: 'manifest.json', file: path.join(staging, 'manifest.json'), size: (await stat(path.join(staging, 'manifest.json'))).size },
      ...tables.flatMap((t) => t.parts.map((p) => ({ name: p.name, file: path.join(staging, p.name), size: p.bytes }))),
      ...files.map((f) => ({ name: f.name, file: path.join(staging, f.name), size: f.bytes })),
    ];
    // Level 1: most of the bytes are PDFs and images, already compressed; the rows' text still shrinks well.
    await pipeline(
      Readable.from(tarStream(sources, createdAt)),
      createGzip({ level: 1 }),
      createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
    );
    const handle = await open(partial, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, target);
    return {
      file: target,
      bytes: (await stat(target)).size,
      rows: tables.reduce((n, t) => n + t.rows, 0),
      files: files.length,
      missingFiles: missingFiles.length,
      ms: Date.now() - started,
    };
  } finally {
    if (locked) await client.query('select pg_advisory_unlock($1)', [BACKUP_FILES_LOCK]).catch(() => {});
    client.release();
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/** The backups in `dir`, oldest first (by name, which is the time they were taken). */
export async function listBackups(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir)).filter((n) => NAME.test(n)).sort();
}

/** Keep the newest `keep` archives in `dir`; older ones go. Returns the names removed. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const all = await listBackups(dir);
  const old = all.slice(0, Math.max(0, all.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}

/** When the newest archive in `dir` was taken (from its name), or undefined when there is none. */
export async function newestBackupAt(dir: string): Promise<Date | undefined> {
  const newest = (await listBackups(dir)).at(-1);
  const m = newest?.match(/^imse-backup-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})-(\d{3})Z/);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`) : undefined;
}
