import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { ConferenceFacts } from '../../../core/conference-facts';
import type { Db } from '../../db/connect';
import type { FileStore } from '../../storage/file-store';

/** Decision 0073: the documents made in the background and kept in the file store (document-jobs.ts makes them). */
export const DOCUMENT_KINDS = ['programme', 'abstract-book'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export async function rowsOf<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** What a document shows: the publication and the conference's facts (a new publication or new facts: a new document). */
export function documentSource(publishedAt: string, conference: ConferenceFacts): string {
  return `${publishedAt}|${createHash('sha256').update(JSON.stringify(conference)).digest('hex').slice(0, 16)}`;
}

/** The stored document made for this source, or null (not made yet, or made for an earlier publication or facts). */
export async function storedDocument(opts: { db: Db; files: FileStore; kind: DocumentKind; source: string }): Promise<Uint8Array | null> {
  const rows = await rowsOf<{ storage_key: string }>(
    opts.db,
    sql`select storage_key from document_jobs where edition_id = current_edition() and kind = ${opts.kind}
      and made_for = ${opts.source} and storage_key is not null`,
  );
  const key = rows[0]?.storage_key;
  if (!key || !(await opts.files.exists(key))) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of opts.files.get(key)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}
