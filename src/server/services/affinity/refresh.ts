import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { newId } from '../../../core/ids';
import type { Db } from '../../db/connect';
import type { AffinityInput, AffinityRow } from './compute';

/**
 * Decision 0076: an edition's affinities are computed again, in the background, when its papers or a reviewer's
 * publications change. A profile change marks the edition's row (`requested_at`); a paper change is seen from the
 * papers' state (count, last change, withdrawals), so the submission services need not know. Each instance runs one
 * refresher: it claims the edition's row (`claim`, `claimed_until`: one instance computes, the others see it taken;
 * no session lock, so a transaction pooler is fine), reads papers and profiles in one snapshot, computes in a
 * worker thread, and replaces the stored pairs in one transaction if its claim still holds.
 */

/** The rows of a query drizzle does not type (node-postgres's result). */
export async function rowsOf<T = Record<string, unknown>>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The papers' state the stored pairs answer: a new, edited or withdrawn paper changes it. */
const PAPERS_STATE = sql`(select count(*) || ':' || coalesce(max(updated_at)::text, '') || ':' || count(withdrawn_at) from papers)`;
/** A claim not given back (the instance stopped) lapses after this. */
const CLAIM_SECONDS = 600;
/** How often an instance looks for papers changed since the last refresh (a profile change starts one at once). */
const POLL_MS = 15_000;

export interface AffinityStatus {
  refreshing: boolean;
  updatedAt: Date | null;
}

/** Whether the current edition's stored pairs are being (or about to be) computed again, and when they were computed. */
export async function affinityStatus(db: Db): Promise<AffinityStatus> {
  const rows = await rowsOf<{ stale: boolean; computed_at: string | null }>(
    db,
    sql`
    select coalesce(r.computed_for is null or r.requested_at > r.computed_for or r.papers_seen is distinct from ${PAPERS_STATE}, true) as stale,
      r.computed_at
    from (select 1) one left join affinity_refresh r on r.edition_id = current_edition()`,
  );
  const row = rows[0]!;
  if (row.stale) kick(db);
  return { refreshing: row.stale, updatedAt: row.computed_at ? new Date(row.computed_at) : null };
}

/** A profile changed: the current edition's affinities are computed again soon (not in this request). */
export async function requestAffinityRefresh(db: Db): Promise<void> {
  await db.execute(sql`insert into affinity_refresh (edition_id, requested_at) values (current_edition(), clock_timestamp())
    on conflict (edition_id) do update set requested_at = clock_timestamp()`);
  kick(db);
}

interface Refresher {
  running: Promise<void> | null;
  again: boolean;
  timer: NodeJS.Timeout;
  log: Log;
  /** Refreshes done by this instance (tests, metrics). */
  done: number;
  stopped: boolean;
}
type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
const refreshers = new Map<Db, Refresher>();

/** Starts this instance's refresher on `db` (the app does, once); stop() waits for a refresh under way. */
export function startAffinityRefresher(opts: { db: Db; log: Log; pollMs?: number }): { stop(): Promise<void>; idle(): Promise<void> } {
  const refresher: Refresher = {
    running: null,
    again: false,
    log: opts.log,
    done: 0,
    stopped: false,
    timer: setInterval(() => kick(opts.db), opts.pollMs ?? POLL_MS).unref(),
  };
  refreshers.set(opts.db, refresher);
  kick(opts.db);
  return {
    async stop() {
      refresher.stopped = true;
      clearInterval(refresher.timer);
      refreshers.delete(opts.db);
      await refresher.running;
    },
    idle: async () => {
      while (refresher.running) await refresher.running;
    },
  };
}

function kick(db: Db): void {
  const r = refreshers.get(db);
  if (!r || r.stopped) return;
  if (r.running) {
    r.again = true;
    return;
  }
  r.running = (async () => {
    try {
      do {
        r.again = false;
        while (!r.stopped && (await refreshOnce(db, r.log))) r.done++;
      } while (r.again && !r.stopped);
    } catch (err) {
      r.log.error({ err: (err as Error).message }, 'affinity refresh failed');
    } finally {
      r.running = null;
    }
  })();
}

/** One refresh of the current edition if its pairs are stale and no other instance holds it: true when one was done. */
export async function refreshOnce(db: Db, log?: Log): Promise<boolean> {
  const claim = newId();
  const claimed = await rowsOf<{ edition_id: string }>(
    db,
    sql`
    insert into affinity_refresh (edition_id, requested_at, claim, claimed_until)
      values (current_edition(), now(), ${claim}, now() + make_interval(secs => ${CLAIM_SECONDS}))
    on conflict (edition_id) do update set claim = excluded.claim, claimed_until = excluded.claimed_until
      where (affinity_refresh.claimed_until is null or affinity_refresh.claimed_until < now())
        and (affinity_refresh.computed_for is null or affinity_refresh.requested_at > affinity_refresh.computed_for
          or affinity_refresh.papers_seen is distinct from ${PAPERS_STATE})
    returning edition_id`,
  );
  const editionId = claimed[0]?.edition_id;
  if (!editionId) return false;
  const started = performance.now();
  try {
    const { input, requestedAt, papersSeen } = await readInput(db);
    const read = performance.now();
    const rows = await computeInWorker(input);
    const computed = performance.now();
    const kept = await db
      .transaction(async (tx) => {
        // The claim is checked without locking the row: a profile change marking it must not wait for this write.
        const mine = await rowsOf(tx, sql`select 1 from affinity_refresh where edition_id = ${editionId} and claim = ${claim}`);
        if (mine.length === 0) return false;
        await tx.execute(sql`delete from affinity_pairs where edition_id = ${editionId}`);
        for (let i = 0; i < rows.length; i += 2000) {
          const batch = rows.slice(i, i + 2000);
          await tx.execute(sql`insert into affinity_pairs (edition_id, paper_id, reviewer_id, affinity, closest, shared_terms)
          select ${editionId}, x.paper_id, x.reviewer_id, x.affinity, x.closest, x.shared_terms
          from jsonb_to_recordset(${JSON.stringify(
            batch.map((r) => ({
              paper_id: r.paperId,
              reviewer_id: r.reviewerId,
              affinity: r.affinity,
              closest: r.closest,
              shared_terms: r.sharedTerms,
            })),
          )}::jsonb) as x(paper_id text, reviewer_id text, affinity real, closest jsonb, shared_terms text[])`);
        }
        const done = await rowsOf(
          tx,
          sql`update affinity_refresh set computed_for = ${requestedAt}::timestamptz, papers_seen = ${papersSeen},
          computed_at = now(), claim = null, claimed_until = null where edition_id = ${editionId} and claim = ${claim} returning 1`,
        );
        // Another instance took the lapsed claim meanwhile: its pairs, not these.
        if (done.length === 0) tx.rollback();
        return true;
      })
      .catch((err: unknown) => {
        if (err instanceof TransactionRollbackError) return false;
        throw err;
      });
    log?.info(
      {
        papers: input.papers.length,
        reviewers: input.reviewers.length,
        pairs: rows.length,
        readMs: Math.round(read - started),
        computeMs: Math.round(computed - read),
        writeMs: Math.round(performance.now() - computed),
      },
      'affinities refreshed',
    );
    return kept;
  } catch (err) {
    await db.execute(
      sql`update affinity_refresh set claim = null, claimed_until = null where edition_id = ${editionId} and claim = ${claim}`,
    );
    throw err;
  }
}

/** Papers (not withdrawn) and reviewers' counted publications, with the request and papers' state they answer, in one snapshot. */
async function readInput(db: Db): Promise<{ input: AffinityInput; requestedAt: string; papersSeen: string }> {
  return db.transaction(
    async (tx) => {
      const state = await rowsOf<{ requested_at: string; papers_seen: string }>(
        tx,
        sql`select (select requested_at::text from affinity_refresh where edition_id = current_edition()) as requested_at, ${PAPERS_STATE} as papers_seen`,
      );
      const papers = await rowsOf<{ id: string; title: string; abstract: string; keywords: string[] }>(
        tx,
        sql`select id, title, abstract, keywords || free_keywords as keywords from papers where withdrawn_at is null order by id`,
      );
      const pubs = await rowsOf<{ user_id: string; id: string; title: string; abstract: string; year: number | null }>(
        tx,
        sql`select p.user_id, p.id, p.title, p.abstract, p.year from publications p join users u on u.id = p.user_id
          where u.role = 'Reviewer' and p.counts order by p.user_id, p.id`,
      );
      const reviewers: AffinityInput['reviewers'] = [];
      for (const p of pubs) {
        const last = reviewers[reviewers.length - 1];
        const pub = { id: p.id, title: p.title, abstract: p.abstract, year: p.year };
        if (last && last.id === p.user_id) last.publications.push(pub);
        else reviewers.push({ id: p.user_id, publications: [pub] });
      }
      return { input: { papers, reviewers }, requestedAt: state[0]!.requested_at, papersSeen: state[0]!.papers_seen };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The compiled worker next to the compiled server (scripts/build-server.mjs), else the TypeScript source through tsx. */
function workerSource(): { code: string | URL; eval: boolean } {
  const compiled = new URL('./affinity-worker.mjs', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return { code: compiled, eval: false };
  const source = pathToFileURL(fileURLToPath(new URL('./affinity-worker.ts', import.meta.url))).href;
  return { code: `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(source)}); });`, eval: true };
}

function computeInWorker(input: AffinityInput): Promise<AffinityRow[]> {
  const { code, eval: isEval } = workerSource();
  const worker = new Worker(code, { eval: isEval, workerData: input });
  return new Promise<AffinityRow[]>((resolve, reject) => {
    worker.once('message', (m: { ok: true; rows: AffinityRow[] } | { ok: false; error: string }) => {
      void worker.terminate();
      if (m.ok) resolve(m.rows);
      else reject(new Error(m.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`affinity worker exited with ${code}`));
    });
  });
}
