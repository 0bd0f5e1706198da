import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { PaperJson } from '../../core/schemas/paper';
import type { Db } from '../db/connect';
import { comments, paperFiles, papers, reviewStatuses, users } from '../db/schema';
import { signedPdfUrl } from '../storage/signed-url';

export type PaperRow = typeof papers.$inferSelect;

/**
 * Paper JSON (SPEC §3) for a set of paper rows, with a few batched queries whatever the count:
 * latest PDF as a signed link, comments oldest first, reviewResponses as reviewer email → status.
 */
export async function toPaperJson(db: Db, secret: string, rows: PaperRow[], opts: { versions?: boolean } = {}): Promise<PaperJson[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [files, notes, responses] = await Promise.all([
    db.select().from(paperFiles).where(inArray(paperFiles.paperId, ids)).orderBy(asc(paperFiles.paperId), asc(paperFiles.version)),
    db.select().from(comments).where(inArray(comments.paperId, ids)).orderBy(asc(comments.id)),
    db.select({ paperId: reviewStatuses.paperId, email: users.email, status: reviewStatuses.status })
      .from(reviewStatuses).innerJoin(users, eq(users.id, reviewStatuses.reviewerId))
      .where(and(inArray(reviewStatuses.paperId, ids), inArray(reviewStatuses.status, ['Accepted', 'Declined']))),
  ]);
  const filesOf = group(files, (f) => f.paperId);
  const notesOf = group(notes, (c) => c.paperId);
  const responsesOf = group(responses, (r) => r.paperId);
  return rows.map((p) => {
    const versions = filesOf.get(p.id) ?? [];
    const latest = versions[versions.length - 1];
    return {
      _id: p.id,
      title: p.title,
      abstract: p.abstract,
      keywords: p.keywords,
      pdf: latest ? signedPdfUrl(secret, latest.id) : null,
      author: p.authorId,
      submittedAt: p.submittedAt.toISOString(),
      comments: (notesOf.get(p.id) ?? []).map((c) => ({ text: c.text, reviewerId: c.reviewerId, createdAt: c.createdAt.toISOString() })),
      reviewResponses: Object.fromEntries((responsesOf.get(p.id) ?? []).map((r) => [r.email, r.status])),
      ...(opts.versions ? {
        pdfVersions: versions.map((f) => ({
          version: f.version, url: signedPdfUrl(secret, f.id), fileName: f.fileName, size: f.size, uploadedAt: f.uploadedAt.toISOString(),
        })),
      } : {}),
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

export async function latestCommentOf(db: Db, paperId: string): Promise<{ comment: string; commentedAt: string } | null> {
  const [c] = await db.select().from(comments).where(eq(comments.paperId, paperId)).orderBy(desc(comments.id)).limit(1);
  return c ? { comment: c.text, commentedAt: c.createdAt.toISOString() } : null;
}
