import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { PaperAffinityJson } from '../../../core/schemas/publications';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import { csvCell } from '../shared/export-csv';
import { affinityStatus, rowsOf } from './refresh';

/** A paper's stored closest reviewers (decision 0076), highest affinity first, with what explains each. */
export async function paperAffinities({ db, paperId }: { db: Db; paperId: string }): Promise<PaperAffinityJson> {
  const paper = await rowsOf(db, sql`select 1 from papers where id = ${paperId}`);
  if (paper.length === 0) throw new AppError('not_found', 'Paper not found');
  const status = await affinityStatus(db);
  const rows = await rowsOf<{
    reviewer_id: string;
    name: string;
    email: string;
    affinity: number;
    closest: PaperAffinityJson['reviewers'][number]['closest'];
    shared_terms: string[];
  }>(
    db,
    sql`select a.reviewer_id, u.name, u.email, a.affinity, a.closest, a.shared_terms
    from affinity_pairs a join users u on u.id = a.reviewer_id
    where a.edition_id = current_edition() and a.paper_id = ${paperId} order by a.affinity desc, a.reviewer_id`,
  );
  return {
    paperId,
    affinityRefreshing: status.refreshing,
    affinityUpdatedAt: status.updatedAt?.toISOString() ?? null,
    reviewers: rows.map((r) => ({
      reviewerId: r.reviewer_id,
      name: r.name,
      email: r.email,
      affinity: Number(r.affinity),
      closest: r.closest,
      sharedTerms: r.shared_terms,
    })),
  };
}

const BATCH = 1000;
export const AFFINITY_CSV_COLUMNS = ['paperId', 'paperNumber', 'reviewerId', 'reviewerEmail', 'affinity'];

/**
 * The stored pairs as CSV (decision 0076), streamed one batch at a time: every pair with a non-zero affinity of the
 * current edition, by paper then reviewer. `trackIds` (a chair): their tracks' papers less `excludedPaperIds` (those
 * they are conflicted with). `paperNumber` stays empty until papers have short numbers.
 */
export function exportAffinityCsv(opts: {
  pool: pg.Pool;
  paperId?: string;
  scope?: { trackIds: string[]; excludedPaperIds: string[] };
}): Readable {
  const query = `select a.paper_id, a.reviewer_id, u.email, a.affinity
    from affinity_pairs a join users u on u.id = a.reviewer_id join papers p on p.id = a.paper_id
    where a.edition_id = current_edition() and a.affinity > 0 and p.withdrawn_at is null
      and ($3::text is null or a.paper_id = $3)
      and ($4::text[] is null or (p.track_id = any($4::text[]) and not p.id = any($5::text[])))
      and (a.paper_id, a.reviewer_id) > ($1, $2)
    order by a.paper_id, a.reviewer_id limit ${BATCH}`;
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${AFFINITY_CSV_COLUMNS.join(',')}\r\n`;
    let after: [string, string] = ['', ''];
    for (;;) {
      const { rows } = await opts.pool.query<{ paper_id: string; reviewer_id: string; email: string; affinity: number }>(query, [
        ...after,
        opts.paperId ?? null,
        opts.scope?.trackIds ?? null,
        opts.scope?.excludedPaperIds ?? [],
      ]);
      if (rows.length === 0) return;
      let chunk = '';
      for (const r of rows)
        chunk += `${[r.paper_id, '', r.reviewer_id, r.email, Number(r.affinity).toFixed(4)].map(csvCell).join(',')}\r\n`;
      yield chunk;
      const last = rows[rows.length - 1]!;
      after = [last.paper_id, last.reviewer_id];
      if (rows.length < BATCH) return;
    }
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 1 });
}
