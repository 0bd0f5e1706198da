import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PaperJson } from '../../../core/schemas/paper';
import { statementName, type Db } from '../../db/connect';
import { comments, paperCoAuthors, paperFiles, reviewStatuses, tracks, users } from '../../db/schema';
import { signedPdfUrl } from '../../storage/signed-url';
import type { Paper } from './papers';
import { reviewCycleFields, reviewerLabels } from './review-cycle-json';
import { namePartsJson } from '../shared/name-parts';
import { formatFlags } from './preflight';

// The three lookups behind every paper list, prepared once per database with the ids as one array
// parameter: building the SQL per request cost more CPU than running it (docs/benchmarks.md).
const prepareQueries = (db: Db) => ({
  files: db
    .select()
    .from(paperFiles)
    .where(sql`${paperFiles.paperId} = any(${sql.placeholder('ids')})`)
    .orderBy(asc(paperFiles.paperId), asc(paperFiles.version))
    .prepare(statementName('paper_json_files')),
  notes: db
    .select()
    .from(comments)
    .where(sql`${comments.paperId} = any(${sql.placeholder('ids')})`)
    .orderBy(asc(comments.id))
    .prepare(statementName('paper_json_comments')),
  responses: db
    .select({ paperId: reviewStatuses.paperId, reviewerId: reviewStatuses.reviewerId, email: users.email, status: reviewStatuses.status })
    .from(reviewStatuses)
    .innerJoin(users, eq(users.id, reviewStatuses.reviewerId))
    .where(and(sql`${reviewStatuses.paperId} = any(${sql.placeholder('ids')})`, sql`${reviewStatuses.status} in ('Accepted', 'Declined')`))
    .prepare(statementName('paper_json_responses')),
  // docs/product.md#who-sees-whom: every reviewer of each paper in the order they were sent it, for "Reviewer 1", "Reviewer 2"…
  reviewers: db
    .select({ paperId: reviewStatuses.paperId, reviewerId: reviewStatuses.reviewerId })
    .from(reviewStatuses)
    .where(sql`${reviewStatuses.paperId} = any(${sql.placeholder('ids')})`)
    .orderBy(asc(reviewStatuses.paperId), asc(reviewStatuses.sentAt), asc(reviewStatuses.reviewerId))
    .prepare(statementName('paper_json_reviewers')),
  // Decision 0023: the tracks are a handful of rows, read whole.
  tracks: db.select({ id: tracks.id, name: tracks.name }).from(tracks).prepare(statementName('paper_json_tracks')),
  coAuthors: db
    .select()
    .from(paperCoAuthors)
    .where(sql`${paperCoAuthors.paperId} = any(${sql.placeholder('ids')})`)
    .orderBy(asc(paperCoAuthors.paperId), asc(paperCoAuthors.position))
    .prepare(statementName('paper_json_co_authors')),
});
const queriesByDb = new WeakMap<Db, ReturnType<typeof prepareQueries>>();
function queriesFor(db: Db) {
  let q = queriesByDb.get(db);
  if (!q) queriesByDb.set(db, (q = prepareQueries(db)));
  return q;
}

/**
 * Paper JSON (docs/product.md#the-data) for a set of papers, with a few batched queries whatever the count:
 * latest PDF as a signed link, comments oldest first, reviewResponses as reviewer email → status.
 */
export async function toPaperJson(opts: {
  db: Db;
  secret: string;
  papers: Paper[];
  versions?: boolean;
  /** Add the co-author list (the author's and the editor's views). */
  coAuthors?: boolean;
  /** The author asking: papers they did not submit are marked coAuthored. */
  viewerId?: string;
  /** The editor's view (docs/product.md#the-review-cycle): review summary, decision and camera-ready version. */
  editor?: boolean;
  /** The author's view (docs/product.md#the-review-cycle): the decision and reviews once the author was notified. */
  author?: boolean;
  /** Blind review: what a reviewer receives carries no author identity. */
  blind?: boolean;
  /** The reviewer asking (their assigned papers): they see their own response and comments, no other reviewer's. */
  reviewerViewerId?: string;
}): Promise<PaperJson[]> {
  const { db, secret, papers: rows } = opts;
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const q = queriesFor(db);
  const [files, notes, responses, coAuthors, extra, trackRows] = await Promise.all([
    q.files.execute({ ids }),
    q.notes.execute({ ids }),
    q.responses.execute({ ids }),
    opts.coAuthors ? q.coAuthors.execute({ ids }) : [],
    reviewCycleFields({ db, secret, papers: rows, editor: opts.editor, author: opts.author }),
    q.tracks.execute(),
  ]);
  const trackName = new Map(trackRows.map((t) => [t.id, t.name]));
  // docs/product.md#who-sees-whom: only the editor learns who reviewed; a reviewer sees only themselves, anyone else "Reviewer n".
  const view = opts.editor ? 'editor' : opts.reviewerViewerId ? 'reviewer' : 'anonymous';
  const labelOf = view === 'anonymous' ? reviewerLabels(await q.reviewers.execute({ ids })) : null;
  const label = (paperId: string, reviewerId: string) => labelOf?.get(`${paperId}:${reviewerId}`) ?? 'Reviewer';
  const visible = (reviewerId: string) => view !== 'reviewer' || reviewerId === opts.reviewerViewerId;
  const coAuthorsOf = group(coAuthors, (c) => c.paperId);
  const filesOf = group(files, (f) => f.paperId);
  const notesOf = group(notes, (c) => c.paperId);
  const responsesOf = group(responses, (r) => r.paperId);
  // Decision 0072: the editor sees the newest version's format report counted (its findings: the format report call).
  const formatOf = opts.editor ? await formatFlags({ db, fileIds: [...filesOf.values()].map((v) => v[v.length - 1]!.id) }) : undefined;
  return rows.map((p) => {
    const versions = filesOf.get(p.id) ?? [];
    const latest = versions[versions.length - 1];
    const format = latest && formatOf?.get(latest.id);
    return {
      _id: p.id,
      title: p.title,
      abstract: p.abstract,
      keywords: p.keywords,
      track: { id: p.trackId, name: trackName.get(p.trackId) ?? '' },
      freeKeywords: p.freeKeywords,
      ...(p.withdrawnAt ? { withdrawnAt: p.withdrawnAt.toISOString() } : {}),
      // A reviewer's link leads, under blind review, to the copy without the PDF's metadata (decision 21).
      pdf: latest ? signedPdfUrl(secret, latest.id, { variant: view === 'reviewer' ? 'reviewer' : undefined }) : null,
      author: opts.blind ? '' : p.authorId,
      submittedAt: p.submittedAt.toISOString(),
      comments: (notesOf.get(p.id) ?? [])
        .filter((c) => visible(c.reviewerId))
        .map((c) => ({
          text: c.text,
          reviewerId: view === 'anonymous' ? label(p.id, c.reviewerId) : c.reviewerId,
          createdAt: c.createdAt.toISOString(),
        })),
      reviewResponses: Object.fromEntries(
        (responsesOf.get(p.id) ?? [])
          .filter((r) => visible(r.reviewerId))
          .map((r) => [view === 'anonymous' ? label(p.id, r.reviewerId) : r.email, r.status]),
      ),
      ...extra.get(p.id),
      ...(opts.coAuthors
        ? {
            coAuthors: (coAuthorsOf.get(p.id) ?? []).map((c) => ({
              name: c.name,
              email: c.email,
              affiliation: c.affiliation,
              country: c.country,
              orcid: c.orcid,
              ...namePartsJson(c),
            })),
          }
        : {}),
      ...(opts.viewerId ? { coAuthored: p.authorId !== opts.viewerId } : {}),
      ...(format ? { formatReport: format } : {}),
      ...(opts.versions
        ? {
            pdfVersions: versions.map((f) => ({
              version: f.version,
              url: signedPdfUrl(secret, f.id),
              fileName: f.fileName,
              size: f.size,
              uploadedAt: f.uploadedAt.toISOString(),
            })),
          }
        : {}),
    };
  });
}

function group<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

export async function latestCommentOf({
  db,
  paperId,
}: {
  db: Db;
  paperId: string;
}): Promise<{ comment: string; commentedAt: string } | null> {
  const [c] = await db.select().from(comments).where(eq(comments.paperId, paperId)).orderBy(desc(comments.id)).limit(1);
  return c ? { comment: c.text, commentedAt: c.createdAt.toISOString() } : null;
}
