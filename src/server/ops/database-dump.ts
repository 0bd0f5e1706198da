import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import readline from 'node:readline';
import type pg from 'pg';

/**
 * The database's rows as text, table by table, read in one snapshot and loaded back into the same schema
 * (decision 0068). Not pg_dump: npm's PostgreSQL packages ship no pg_dump, and a system's pg_dump must be at
 * least as new as the server. The schema is not dumped: it is what the migrations make, and the archive
 * records how many of them had run, so a restore runs the same ones, loads the rows, then runs the rest.
 *
 * Each row is one JSON array of its columns in the type's own text form (what `::text` and COPY print, which
 * the type's input reads back exactly); bytea columns are base64.
 */

export interface TableColumn {
  name: string;
  /** format_type(): the type to cast the text back to. */
  type: string;
}

export interface DumpedTable {
  table: string;
  columns: TableColumn[];
  rows: number;
  /** The parts holding its rows, in order (a table past PART_BYTES continues in another part). */
  parts: Array<{ name: string; bytes: number; sha256: string }>;
}

export interface DumpedSequence {
  name: string;
  /** null: never used (setval(…, 1, false)). */
  lastValue: string | null;
}

/** A part of the archive at most this large (the tar format's entries stop at 8 GB). */
const PART_BYTES = 1024 * 1024 * 1024;
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The public schema's tables (not the editions' views over them, decision 0060), in name order. */
export async function listTables(client: pg.ClientBase): Promise<Array<{ table: string; columns: TableColumn[] }>> {
  const { rows } = await client.query<{ table: string; column: string; type: string }>(
    `select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname, a.attnum`,
  );
  const tables = new Map<string, TableColumn[]>();
  for (const r of rows) {
    const list = tables.get(r.table) ?? [];
    list.push({ name: r.column, type: r.type });
    tables.set(r.table, list);
  }
  return [...tables].map(([table, columns]) => ({ table, columns }));
}

/** Rows per fetch: few for tables with bytes in them (a file chunk is 256 KB), many for the rest. */
const batchFor = (columns: TableColumn[]) => (columns.some((c) => c.type === 'bytea') ? 16 : 2000);

/**
 * Write one table's rows (as the snapshot of `client`'s open transaction sees them) to files named by
 * `partFile(n)`. The client must be inside a REPEATABLE READ transaction.
 */
export async function dumpTable(opts: {
  client: pg.ClientBase;
  table: string;
  columns: TableColumn[];
  partName: (n: number) => string;
  fileOf: (name: string) => string;
}): Promise<DumpedTable> {
  const { client, table, columns } = opts;
  const select = columns.map((c) => (c.type === 'bytea' ? quote(c.name) : `${quote(c.name)}::text`)).join(', ');
  await client.query(`declare backup_rows no scroll cursor for select ${select} from public.${quote(table)}`);
  const result: DumpedTable = { table, columns, rows: 0, parts: [] };
  let out: ReturnType<typeof createWriteStream> | undefined;
  let hash = createHash('sha256');
  let bytes = 0;
  const close = async () => {
    if (!out) return;
    out.end();
    await once(out, 'close');
    result.parts[result.parts.length - 1]!.bytes = bytes;
    result.parts[result.parts.length - 1]!.sha256 = hash.digest('hex');
    out = undefined;
  };
  try {
    for (;;) {
      const { rows } = await client.query<unknown[]>({ text: `fetch ${batchFor(columns)} from backup_rows`, rowMode: 'array' });
      if (!rows.length) break;
      for (const row of rows) {
        if (!out) {
          const name = opts.partName(result.parts.length);
          result.parts.push({ name, bytes: 0, sha256: '' });
          out = createWriteStream(opts.fileOf(name), { flags: 'wx', mode: 0o600 });
          hash = createHash('sha256');
          bytes = 0;
        }
        const line = Buffer.from(`${JSON.stringify(row.map((v) => (Buffer.isBuffer(v) ? v.toString('base64') : v)))}\n`);
        hash.update(line);
        bytes += line.length;
        result.rows++;
        if (!out.write(line)) await once(out, 'drain');
        if (bytes >= PART_BYTES) await close();
      }
    }
    await close();
  } finally {
    out?.destroy();
    await client.query('close backup_rows');
  }
  return result;
}

/** The public schema's sequences and where each stands (sequences are outside transactions: at least the snapshot's). */
export async function dumpSequences(client: pg.ClientBase): Promise<DumpedSequence[]> {
  const { rows } = await client.query<{ name: string; last_value: string | null }>(
    `select sequencename as name, last_value::text from pg_sequences where schemaname = 'public' order by sequencename`,
  );
  return rows.map((r) => ({ name: r.name, lastValue: r.last_value }));
}

/** What the migrations left in a database (seeded rows, the foreign keys) is replaced by the archive's rows. */
export async function loadTables(opts: {
  client: pg.ClientBase;
  tables: DumpedTable[];
  sequences: DumpedSequence[];
  fileOf: (name: string) => string;
}): Promise<void> {
  const { client } = opts;
  const present = new Map((await listTables(client)).map((t) => [t.table, t.columns]));
  for (const t of opts.tables) {
    const columns = present.get(t.table);
    const missing = t.columns.filter((c) => !columns?.some((p) => p.name === c.name));
    if (!columns || missing.length)
      throw new Error(
        `the archive's table ${t.table} does not fit the schema its migrations made${missing.length ? ` (no column ${missing.map((c) => c.name).join(', ')})` : ''}`,
      );
  }
  // Rows go in table by table in any order: the foreign keys are dropped meanwhile and made again (and so
  // checked) once all rows are in; user triggers (none today) are off while loading.
  const { rows: keys } = await client.query<{ table: string; name: string; definition: string }>(
    `select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as definition
       from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace order by 1, 2`,
  );
  for (const k of keys) await client.query(`alter table ${k.table} drop constraint ${quote(k.name)}`);
  const { rows: triggered } = await client.query<{ table: string }>(
    `select distinct t.tgrelid::regclass::text as table from pg_trigger t
       join pg_class c on c.oid = t.tgrelid where not t.tgisinternal and c.relnamespace = 'public'::regnamespace`,
  );
  for (const t of triggered) await client.query(`alter table ${t.table} disable trigger user`);
  if (present.size) await client.query(`truncate ${[...present.keys()].map((t) => `public.${quote(t)}`).join(', ')}`);

  for (const t of opts.tables) {
    const names = t.columns.map((c) => quote(c.name)).join(', ');
    const params = t.columns.map((_, i) => `$${i + 1}::text[]`).join(', ');
    const values = t.columns.map((c, i) => (c.type === 'bytea' ? `decode(u.c${i}, 'base64')` : `u.c${i}::${c.type}`)).join(', ');
    const aliases = t.columns.map((_, i) => `c${i}`).join(', ');
    const insert = `insert into public.${quote(t.table)} (${names}) overriding system value
      select ${values} from unnest(${params}) as u(${aliases})`;
    let batch: Array<Array<string | null>> = [];
    let batchBytes = 0;
    const flush = async () => {
      if (!batch.length) return;
      const columns = t.columns.map((_, i) => batch.map((row) => row[i] ?? null));
      await client.query(insert, columns);
      batch = [];
      batchBytes = 0;
    };
    for (const part of t.parts) {
      const lines = readline.createInterface({ input: createReadStream(opts.fileOf(part.name)), crlfDelay: Infinity });
      for await (const line of lines) {
        if (!line) continue;
        const row = JSON.parse(line) as Array<string | null>;
        if (row.length !== t.columns.length)
          throw new Error(`a row of ${t.table} in the archive has ${row.length} columns, not ${t.columns.length}`);
        batch.push(row);
        batchBytes += line.length;
        if (batch.length >= 1000 || batchBytes >= 8 * 1024 * 1024) await flush();
      }
    }
    await flush();
  }

  for (const s of opts.sequences) {
    const exists = await client.query(`select 1 from pg_sequences where schemaname = 'public' and sequencename = $1`, [s.name]);
    if (!exists.rowCount) continue;
    if (s.lastValue === null) await client.query(`select setval($1::regclass, 1, false)`, [`public.${quote(s.name)}`]);
    else await client.query(`select setval($1::regclass, $2::bigint, true)`, [`public.${quote(s.name)}`, s.lastValue]);
  }
  for (const t of triggered) await client.query(`alter table ${t.table} enable trigger user`);
  for (const k of keys) await client.query(`alter table ${k.table} add constraint ${quote(k.name)} ${k.definition}`);
}
