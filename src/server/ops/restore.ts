import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, readdirSync } from 'node:fs';
import { cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { createGunzip } from 'node:zlib';
import { migrateLocked, migrationsFolder } from '../db/connect';
import { pgFileStore } from '../storage/pg-file-store';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest } from './backup';
import { loadTables } from './database-dump';
import { TargetError } from './database-target';
import { extractTar } from './tar';

/**
 * `npm run restore ARCHIVE` (decision 0068): check the archive whole against its manifest, then, into an empty
 * database only, run the migrations the backup's database had run, load its rows in one transaction, put its
 * files into the configured store and run this release's later migrations.
 */

interface Journal {
  entries: Array<{ idx: number; when: number; tag: string }>;
}

/** Whether the database has anything in it: a table, view or sequence of its own, or drizzle's record of migrations. */
export async function databaseContents(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
        and n.nspname not like 'pg_temp%' and n.nspname not like 'pg_toast_temp%'
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
      order by 1 limit 6`,
  );
  return rows.map((r) => r.name);
}

/** Extract the archive into `staging` and check every part against the manifest (nothing missing, nothing added, every hash). */
export async function readArchive(archive: string, staging: string): Promise<BackupManifest> {
  if (!existsSync(archive)) throw new TargetError(`No archive at ${archive}.`);
  await mkdir(staging, { recursive: true, mode: 0o700 });
  let entries;
  try {
    entries = await extractTar(createReadStream(archive).pipe(createGunzip()), staging);
  } catch (e) {
    throw new TargetError(`${archive} is not a whole backup archive: ${(e as Error).message}`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(staging, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new TargetError(`${archive} has no readable manifest.json: it is not a backup made by \`npm run backup\`.`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.formatVersion > BACKUP_FORMAT_VERSION)
    throw new TargetError(`${archive} is not a backup this release can read (format ${manifest.format} ${manifest.formatVersion}).`);
  const expected = new Map<string, string>();
  for (const t of manifest.tables) for (const p of t.parts) expected.set(p.name, p.sha256);
  for (const f of manifest.files) expected.set(f.name, f.sha256);
  const found = new Map(entries.map((e) => [e.name, e.sha256]));
  const problems: string[] = [];
  for (const [name, sha] of expected) {
    if (!found.has(name)) problems.push(`${name} is missing`);
    else if (found.get(name) !== sha) problems.push(`${name} does not match its checksum`);
  }
  for (const name of found.keys()) if (name !== 'manifest.json' && !expected.has(name)) problems.push(`${name} is not in the manifest`);
  if (problems.length)
    throw new TargetError(
      `${archive} is damaged: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}.`,
    );
  return manifest;
}

/**
 * The migrations folder cut at the backup's level, so the schema the rows go into is the one they came from.
 * The archive's migrations must be this release's first ones, in order.
 */
async function migrationsAtLevel(manifest: BackupManifest, dir: string, log: (line: string) => void): Promise<string> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const level = manifest.migrations.length;
  const known = journal.entries.slice(0, level);
  const unknown = manifest.migrations.find((m, i) => known[i]?.when !== m.when);
  if (unknown)
    throw new TargetError(
      `The backup was made by a release with migrations this one does not have (from ${new Date(unknown.when).toISOString()}, made by ${manifest.appVersion}): restore it with that release or a newer one.`,
    );
  // A released migration is never edited (decision 0068): one that differs from what the backup's database ran is named.
  const changed = known.filter((e, i) => {
    const sql = readFileSync(path.join(migrationsFolder, `${e.tag}.sql`), 'utf8');
    return createHash('sha256').update(sql).digest('hex') !== manifest.migrations[i]!.hash;
  });
  for (const e of changed) log(`warning: migration ${e.tag} has changed since the backup's database ran it`);
  await cp(migrationsFolder, dir, { recursive: true });
  await writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: known }, null, 2));
  return dir;
}

export interface RestoreResult {
  rows: number;
  files: number;
  /** Migrations of this release run after the rows were loaded. */
  laterMigrations: number;
  ms: number;
}

export async function restoreBackup(opts: {
  archive: string;
  pool: pg.Pool;
  fileStore: 'disk' | 'postgres';
  filesDir: string;
  /** A folder of its own for the extracted archive (removed at the end). */
  staging: string;
  log?: (line: string) => void;
}): Promise<RestoreResult> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  const contents = await databaseContents(opts.pool);
  if (contents.length)
    throw new TargetError(
      `The database is not empty (it has ${contents.slice(0, 5).join(', ')}${contents.length > 5 ? ', …' : ''}): a backup is restored only into an empty database. Create a new one, or choose a new DATA_DIR.`,
      2,
    );
  if (opts.fileStore === 'disk' && existsSync(opts.filesDir) && readdirSync(opts.filesDir).some((n) => n !== 'tmp'))
    throw new TargetError(`${opts.filesDir} already holds files: a backup is restored only into a fresh DATA_DIR.`, 2);

  try {
    log(`checking ${opts.archive}`);
    const manifest = await readArchive(opts.archive, path.join(opts.staging, 'archive'));
    const fileOf = (name: string) => path.join(opts.staging, 'archive', name);
    log(`backup of ${manifest.createdAt} (release ${manifest.appVersion}, ${manifest.migrations.length} migrations, ${manifest.server})`);
    const folder = await migrationsAtLevel(manifest, path.join(opts.staging, 'migrations'), log);
    const client = await opts.pool.connect();
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
      await client.query('begin');
      try {
        await loadTables({ client, tables: manifest.tables, sequences: manifest.sequences, fileOf });
        await client.query('commit');
      } catch (e) {
        await client.query('rollback').catch(() => {});
        throw e;
      }
    } finally {
      client.release();
    }
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    log(`${rows} rows loaded`);

    if (opts.fileStore === 'disk') {
      for (const f of manifest.files) {
        const to = path.join(opts.filesDir, f.key.slice(0, 2), f.key);
        await mkdir(path.dirname(to), { recursive: true });
        await rename(fileOf(f.name), to);
      }
    } else {
      const store = pgFileStore(opts.pool);
      for (const f of manifest.files) await store.put(createReadStream(fileOf(f.name)), undefined, { key: f.key });
    }
    if (manifest.files.length) log(`${manifest.files.length} files restored`);
    if (manifest.fileStore === 'postgres' && opts.fileStore === 'disk')
      log('warning: the backup kept its files in the database (FILE_STORE=postgres); set FILE_STORE=postgres to serve them');

    const before = (await opts.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0] as { n: number };
    await migrateLocked(opts.pool);
    const after = (await opts.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0] as { n: number };
    return { rows, files: manifest.files.length, laterMigrations: after.n - before.n, ms: Date.now() - started };
  } finally {
    await rm(opts.staging, { recursive: true, force: true });
  }
}
