import { Readable } from 'node:stream';
import { desc, sql } from 'drizzle-orm';
import type { ConferenceFacts } from '../../../core/conference-facts';
import { newId } from '../../../core/ids';
import type { Db } from '../../db/connect';
import { programPublications } from '../../db/schema';
import type { FileStore } from '../../storage/file-store';
import { findPublishedProgram } from '../programme/published-program';
import { makeAbstractBook, makeProgrammePdf } from './programme-documents';
import { documentSource, DOCUMENT_KINDS, rowsOf, type DocumentKind } from './stored-documents';

export { documentSource, DOCUMENT_KINDS, type DocumentKind } from './stored-documents';

/**
 * Decision 0073: the programme PDF and the abstract book (by session) are made in the background when the programme
 * is published or the conference's facts change, kept in the file store and served from it. A row of document_jobs
 * per edition and document says what is asked for (the publication and facts it must show), what the stored file
 * shows, and the progress; an instance makes a document only after claiming its row (one instance at a time, a
 * lapsed claim is taken over).
 */
const CLAIM_SECONDS = 600;
const POLL_MS = 10_000;

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** The current publication's documents are asked for (a no-op when they were already asked for it). */
export async function requestProgrammeDocuments(db: Pick<Db, 'execute'>, source: string): Promise<void> {
  for (const kind of DOCUMENT_KINDS) {
    await db.execute(sql`insert into document_jobs (edition_id, kind, requested_for, requested_at, status, done, total)
      values (current_edition(), ${kind}, ${source}, now(), 'queued', 0, 0)
      on conflict (edition_id, kind) do update set requested_for = excluded.requested_for, requested_at = excluded.requested_at,
        status = case when document_jobs.claim is not null and document_jobs.claimed_until > now() then document_jobs.status else 'queued' end,
        error = null
      where document_jobs.requested_for is distinct from excluded.requested_for`);
  }
}

export interface DocumentStatus {
  kind: DocumentKind;
  /** none: never asked for; queued: waiting; making: done of total; ready: the stored file shows the current publication; failed. */
  status: 'none' | 'queued' | 'making' | 'ready' | 'failed';
  done: number;
  total: number;
  readyAt: string | null;
  error: string | null;
}

interface JobRow {
  kind: DocumentKind;
  requested_for: string;
  status: 'queued' | 'making' | 'ready' | 'failed';
  done: number;
  total: number;
  made_for: string | null;
  storage_key: string | null;
  ready_at: string | Date | null;
  error: string | null;
  claimed: boolean;
}

/** The current edition's documents, as the organiser sees them on the Exports page. */
export async function documentStatuses(db: Db, source: string | null): Promise<DocumentStatus[]> {
  const rows = await rowsOf<JobRow>(
    db,
    sql`select kind, requested_for, status, done, total, made_for, storage_key, ready_at, error,
      (claim is not null and claimed_until > now()) as claimed
    from document_jobs where edition_id = current_edition()`,
  );
  return DOCUMENT_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    if (!row || source === null) return { kind, status: 'none' as const, done: 0, total: 0, readyAt: null, error: null };
    const ready = row.made_for === source && row.storage_key !== null;
    const status: DocumentStatus['status'] = ready ? 'ready' : row.status === 'failed' ? 'failed' : row.claimed ? 'making' : 'queued';
    return {
      kind,
      status,
      done: status === 'making' ? row.done : 0,
      total: status === 'making' ? row.total : 0,
      readyAt: ready && row.ready_at ? new Date(row.ready_at).toISOString() : null,
      error: status === 'failed' ? row.error : null,
    };
  });
}

/**
 * Make one document of the current edition that is asked for and not claimed by another instance: claim its row,
 * make it (telling the progress), store it, and mark it made for what was asked when it was claimed (asked again
 * meanwhile: it stays queued). Returns the kind made, or null when there was nothing to make.
 */
export async function makeNextDocument(opts: {
  db: Db;
  files: FileStore;
  conference: ConferenceFacts;
  log?: Log;
}): Promise<DocumentKind | null> {
  const { db, files } = opts;
  const claim = newId();
  const claimed = await rowsOf<{ kind: DocumentKind; requested_for: string }>(
    db,
    sql`update document_jobs set claim = ${claim}, claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}),
        status = 'making', done = 0, total = 0, error = null
      where (edition_id, kind) = (
        select edition_id, kind from document_jobs
        where edition_id = current_edition() and made_for is distinct from requested_for and status <> 'failed'
          and (claim is null or claimed_until < now())
        order by kind desc limit 1 for update skip locked)
      returning kind, requested_for`,
  );
  const job = claimed[0];
  if (!job) return null;
  const started = performance.now();
  try {
    const published = await findPublishedProgram(db);
    if (!published || documentSource(published.publishedAt, opts.conference) !== job.requested_for) {
      // Asked for another publication or other facts than this instance sees now: left for the next round.
      await db.execute(sql`update document_jobs set claim = null, claimed_until = null, status = 'queued'
        where edition_id = current_edition() and kind = ${job.kind} and claim = ${claim}`);
      return null;
    }
    const progress = async (done: number, total: number) => {
      await db.execute(sql`update document_jobs set done = ${done}, total = ${total}, claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
        where edition_id = current_edition() and kind = ${job.kind} and claim = ${claim}`);
    };
    const bytes =
      job.kind === 'programme'
        ? await makeProgrammePdf({ db, files, conference: opts.conference, published })
        : await makeAbstractBook({ db, files, conference: opts.conference, onProgress: progress });
    const stored = await files.put(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
    await db.execute(sql`update document_jobs set made_for = ${job.requested_for}, storage_key = ${stored.key}, size = ${stored.size},
        ready_at = now(), status = case when requested_for = ${job.requested_for} then 'ready' else 'queued' end,
        claim = null, claimed_until = null
      where edition_id = current_edition() and kind = ${job.kind} and claim = ${claim}`);
    opts.log?.info({ kind: job.kind, bytes: bytes.length, ms: Math.round(performance.now() - started) }, 'document made');
    return job.kind;
  } catch (err) {
    await db.execute(sql`update document_jobs set status = 'failed', error = ${(err as Error).message.slice(0, 500)},
        claim = null, claimed_until = null
      where edition_id = current_edition() and kind = ${job.kind} and claim = ${claim}`);
    opts.log?.error({ kind: job.kind, err: (err as Error).message }, 'document failed');
    return job.kind;
  }
}

/** When the programme was last published (as findPublishedProgram says it), without reading its sessions: asked every tick. */
async function lastPublishedAt(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ publishedAt: programPublications.publishedAt })
    .from(programPublications)
    .orderBy(desc(programPublications.id))
    .limit(1);
  return row ? row.publishedAt.toISOString() : null;
}

interface Maker {
  running: Promise<void> | null;
  again: boolean;
  stopped: boolean;
  timer: NodeJS.Timeout;
}
const makers = new Map<Db, { maker: Maker; run: () => Promise<void> }>();

/**
 * The background maker of one server instance: on a timer and when kicked (a publication), it makes the documents
 * asked for, one after another. Every instance runs one; the claimed rows keep them from making the same document.
 */
export function startDocumentMaker(opts: { db: Db; files: FileStore; conference: () => ConferenceFacts; log?: Log; pollMs?: number }): {
  stop(): Promise<void>;
  idle(): Promise<void>;
} {
  const maker: Maker = {
    running: null,
    again: false,
    stopped: false,
    timer: setInterval(() => kickDocumentMaker(opts.db), opts.pollMs ?? POLL_MS).unref(),
  };
  const run = async () => {
    while (!maker.stopped) {
      const conference = opts.conference();
      // A change of the facts asks for new documents too (their title pages and letterheads show them).
      const publishedAt = await lastPublishedAt(opts.db);
      if (publishedAt) await requestProgrammeDocuments(opts.db, documentSource(publishedAt, conference));
      if (!(await makeNextDocument({ db: opts.db, files: opts.files, conference, log: opts.log }))) break;
    }
  };
  makers.set(opts.db, { maker, run });
  return {
    async stop() {
      maker.stopped = true;
      clearInterval(maker.timer);
      makers.delete(opts.db);
      await maker.running;
    },
    idle: async () => {
      while (maker.running) await maker.running;
    },
  };
}

/** Make what is asked for soon (not in this request): after a publication. */
export function kickDocumentMaker(db: Db): void {
  const entry = makers.get(db);
  if (!entry || entry.maker.stopped) return;
  const { maker, run } = entry;
  if (maker.running) {
    maker.again = true;
    return;
  }
  maker.running = (async () => {
    try {
      do {
        maker.again = false;
        await run();
      } while (maker.again && !maker.stopped);
    } catch {
      // A failed round (the database away for a moment) is tried again on the next tick.
    } finally {
      maker.running = null;
    }
  })();
}
