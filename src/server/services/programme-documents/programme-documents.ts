import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { NOT_PUBLISHED, type AbstractBookOrder } from '../../../core/api/programme-documents';
import type { ConferenceFacts } from '../../../core/conference-facts';
import { formatTime, formatWeekdayDate } from '../../../core/format';
import { kindOf, type PublishedSession } from '../../../core/program';
import type { Db } from '../../db/connect';
import { cameraReady, paperCoAuthors, papers, tracks, users } from '../../db/schema';
import { renderAbstractBookInWorker } from '../../documents/abstract-book-in-worker';
import { renderAbstractBookPdf, type BookPaper, type BookSection } from '../../documents/abstract-book-pdf';
import { renderProgrammePdf, sessionPlace } from '../../documents/programme-pdf';
import { AppError } from '../../errors';
import type { FileStore } from '../../storage/file-store';
import { findOrganiser } from '../shared/organiser';
import { findPublishedProgram } from '../programme/published-program';
import { documentSource, storedDocument } from './stored-documents';

const CAMERA_READY_PENDING = 'Camera-ready version not received yet';

async function publishedOr404(db: Db) {
  const published = await findPublishedProgram(db);
  if (!published) throw new AppError('not_found', NOT_PUBLISHED);
  return published;
}

/**
 * The public documents, made once per publication and facts and kept a few minutes: anyone may ask for them, and an
 * abstract book of thousands of papers takes minutes of CPU, so requests arriving meanwhile share one rendering and
 * a flood of requests renders nothing more. The editor's own route always renders afresh.
 */
const PUBLIC_TTL_MS = 5 * 60_000;
const publicCache = new Map<string, { key: string; until: number; bytes: Promise<Uint8Array> }>();
function sharedRendering(kind: string, key: string, render: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const hit = publicCache.get(kind);
  if (hit && hit.key === key && hit.until > Date.now()) return hit.bytes;
  const bytes = render();
  publicCache.set(kind, { key, until: Date.now() + PUBLIC_TTL_MS, bytes });
  bytes.catch(() => {
    if (publicCache.get(kind)?.bytes === bytes) publicCache.delete(kind);
  });
  return bytes;
}
const cacheKey = (publishedAt: string, conference: ConferenceFacts) => `${publishedAt}\n${JSON.stringify(conference)}`;

/** The published programme as a PDF, made now (decision 0053). */
export async function makeProgrammePdf(opts: {
  db: Db;
  files: FileStore;
  conference: ConferenceFacts;
  published: { sessions: PublishedSession[]; publishedAt: string };
}): Promise<Uint8Array> {
  return renderProgrammePdf({
    conference: opts.conference,
    sessions: opts.published.sessions,
    publishedAt: opts.published.publishedAt,
    logo: (await findOrganiser({ db: opts.db, store: opts.files })).logo,
  });
}

/** The public abstract book (by session), made now, telling its progress (decision 0073: made in the background). */
export function makeAbstractBook(opts: {
  db: Db;
  files: FileStore;
  conference: ConferenceFacts;
  onProgress?: (done: number, total: number) => Promise<void> | void;
}): Promise<Uint8Array> {
  return renderAbstractBook({ ...opts, by: 'session', inWorker: true });
}

/**
 * The published programme as a PDF (decision 0053); 404 until the editor has published one. Served from the file
 * store once made in the background (decision 0073); until then made on this request (shared with others).
 */
export async function renderPublishedProgrammePdf(opts: { db: Db; files: FileStore; conference: ConferenceFacts }): Promise<Uint8Array> {
  const published = await publishedOr404(opts.db);
  const stored = await storedDocument({ ...opts, kind: 'programme', source: documentSource(published.publishedAt, opts.conference) });
  if (stored) return stored;
  return sharedRendering('programme', cacheKey(published.publishedAt, opts.conference), () => makeProgrammePdf({ ...opts, published }));
}

/** The public abstract book: the published programme's, by session; 404 until one is published. Stored as the programme is. */
export async function renderPublishedAbstractBook(opts: { db: Db; files: FileStore; conference: ConferenceFacts }): Promise<Uint8Array> {
  const published = await publishedOr404(opts.db);
  const stored = await storedDocument({ ...opts, kind: 'abstract-book', source: documentSource(published.publishedAt, opts.conference) });
  if (stored) return stored;
  return sharedRendering('abstract-book', cacheKey(published.publishedAt, opts.conference), () => makeAbstractBook(opts));
}

/** Title, abstract and authors (the submitter, then the co-authors in their order) of these papers, in one read each. */
async function loadPapers(db: Db, ids: string[]): Promise<Map<string, BookPaper>> {
  const out = new Map<string, BookPaper>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      id: papers.id,
      title: papers.title,
      abstract: papers.abstract,
      name: users.name,
      affiliation: users.affiliation,
      country: users.country,
    })
    .from(papers)
    .innerJoin(users, eq(users.id, papers.authorId))
    .where(inArray(papers.id, ids));
  for (const r of rows)
    out.set(r.id, { title: r.title, abstract: r.abstract, authors: [{ name: r.name, affiliation: r.affiliation, country: r.country }] });
  const coAuthors = await db
    .select({
      paperId: paperCoAuthors.paperId,
      name: paperCoAuthors.name,
      affiliation: paperCoAuthors.affiliation,
      country: paperCoAuthors.country,
    })
    .from(paperCoAuthors)
    .where(inArray(paperCoAuthors.paperId, ids))
    .orderBy(asc(paperCoAuthors.paperId), asc(paperCoAuthors.position));
  for (const c of coAuthors) out.get(c.paperId)?.authors.push({ name: c.name, affiliation: c.affiliation, country: c.country });
  return out;
}

/** The current titles of these papers (the book prints what the paper is called now; the published snapshot's title otherwise). */
async function currentTitles(db: Db, ids: string[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db
      .select({ id: papers.id, title: papers.title })
      .from(papers)
      .where(inArray(papers.id, ids.slice(i, i + 1000)));
    for (const r of rows) titles.set(r.id, r.title);
  }
  return titles;
}

/** The published programme's sessions as the book's sections: each session's papers in their order, with their presenters. */
async function sectionsBySession(db: Db, conference: ConferenceFacts): Promise<BookSection[]> {
  const published = await publishedOr404(db);
  const tz = conference.timeZone;
  const titles = await currentTitles(
    db,
    published.sessions.flatMap((s) => s.papers.map((p) => p._id)),
  );
  // The book holds papers: slots without papers (keynotes, breaks) have no section.
  return published.sessions
    .filter((s) => kindOf(s) === 'papers')
    .map((s) => ({
      title: s.title,
      subtitle: [
        `${formatWeekdayDate(s.start, tz, { comma: false })}, ${formatTime(s.start, tz)}–${formatTime(s.end, tz)}`,
        s.track,
        sessionPlace(s),
        s.chair ? `Chair: ${s.chair}` : '',
      ]
        .filter(Boolean)
        .join(' · '),
      papers: s.papers.filter((p) => titles.has(p._id)).map((p) => ({ id: p._id, title: titles.get(p._id)!, presenter: p.presenter })),
    }));
}

/** Every accepted paper not withdrawn, by track (tracks in their order), those with a camera-ready version first. */
async function sectionsByTrack(db: Db): Promise<BookSection[]> {
  const rows = await db
    .select({ id: papers.id, title: papers.title, trackId: papers.trackId, final: sql<boolean>`${cameraReady.paperId} is not null` })
    .from(papers)
    .leftJoin(cameraReady, eq(cameraReady.paperId, papers.id))
    .where(and(eq(papers.decision, 'Accepted'), isNull(papers.withdrawnAt)))
    .orderBy(sql`${cameraReady.paperId} is null`, asc(papers.id));
  const trackRows = await db.select({ id: tracks.id, name: tracks.name }).from(tracks).orderBy(asc(tracks.position), asc(tracks.id));
  return trackRows
    .map((t) => {
      const inTrack = rows.filter((r) => r.trackId === t.id);
      const waiting = inTrack.filter((r) => !r.final).length;
      return {
        title: t.name,
        subtitle: `${inTrack.length} accepted ${inTrack.length === 1 ? 'paper' : 'papers'}${waiting ? `, ${waiting} without a camera-ready version yet` : ''}`,
        papers: inTrack.map((r) => ({ id: r.id, title: r.title, note: r.final ? undefined : CAMERA_READY_PENDING })),
      };
    })
    .filter((s) => s.papers.length > 0);
}

/**
 * The abstract book (decision 0053): by the published programme's sessions (404 until one is published), or every
 * accepted paper by track. The front matter names the organiser from the settings; abstracts are read in batches
 * as the pages are drawn.
 */
export async function renderAbstractBook(opts: {
  db: Db;
  files: FileStore;
  conference: ConferenceFacts;
  by: AbstractBookOrder;
  now?: Date;
  onProgress?: (done: number, total: number) => Promise<void> | void;
  /** Drawn in a worker thread with a bounded heap (the background maker's way, decision 0073). */
  inWorker?: boolean;
}): Promise<Uint8Array> {
  const { db, conference } = opts;
  const sections = opts.by === 'session' ? await sectionsBySession(db, conference) : await sectionsByTrack(db);
  const organiser = await findOrganiser({ db, store: opts.files });
  return (opts.inWorker ? renderAbstractBookInWorker : renderAbstractBookPdf)({
    conference,
    organiser: { name: organiser.name, title: organiser.title, logo: organiser.logo },
    by: opts.by,
    sections,
    loadPapers: (ids) => loadPapers(db, ids),
    generatedAt: opts.now ?? new Date(),
    onProgress: opts.onProgress,
  });
}
