import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import type { Mailer } from '../../mail/send';
import { assignReviewers } from './assign-reviewers';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { conflictBetween, findConflicts, refuseConflict } from '../submissions/conflicts';
import { listPapers } from '../submissions/list-papers';
import { toPaperJson } from '../submissions/paper-json';
import { getPaper } from '../submissions/papers';
import { listReviewers, suggestReviewersForPaper } from './suggest-reviewers';
import { conflictedPaperIds } from '../tracks/chairs';
import type { PaperJson } from '../../../core/schemas/paper';

/** A paper a track chair is conflicted with shows as itself, without its reviews' figures (decision 0023). */
function asConflicted(json: PaperJson): PaperJson {
  const { reviewSummary: _summary, reviewResponses: _responses, comments: _comments, ...rest } = json;
  return { ...rest, reviewResponses: {}, comments: [], chairConflicted: true };
}

/**
 * Every paper as the editor sees it, or a track chair's tracks' papers (`trackIds`; those the chair,
 * `chairEmail`, is conflicted with are marked and carry no review figures); with `limit`, one page and the
 * cursor of the next.
 */
export async function listEditorPapers(opts: {
  db: Db;
  secret: string;
  query: { limit?: number; cursor?: string; q?: string };
  trackIds?: string[];
  chairEmail?: string;
}) {
  const { rows, nextCursor } = await listPapers({ db: opts.db, ...opts.query, trackIds: opts.trackIds });
  const json = await toPaperJson({ db: opts.db, secret: opts.secret, papers: rows, coAuthors: true, editor: true });
  const conflicted = opts.chairEmail
    ? await conflictedPaperIds({ db: opts.db, email: opts.chairEmail, paperIds: rows.map((r) => r.id) })
    : new Set<string>();
  return { papers: json.map((p) => (conflicted.has(p._id) ? asConflicted(p) : p)), nextCursor };
}

/** One paper as the editor sees it; 404 'Paper not found'. `conflicted`: a track chair's conflict, no review figures. */
export async function getEditorPaper(opts: { db: Db; secret: string; paperId: string; conflicted?: boolean }) {
  const paper = await getPaper(opts);
  const [json] = await toPaperJson({ db: opts.db, secret: opts.secret, papers: [paper], coAuthors: true, editor: true });
  return opts.conflicted ? asConflicted(json!) : json!;
}

/** Every reviewer, or with a paper those whose tags match it best among the reviewers not conflicted with it (docs/product.md#validation-and-messages, decision 0025). */
export async function suggestReviewers(opts: { db: Db; paperId: string | undefined }) {
  const { db, paperId } = opts;
  if (!paperId) return listReviewers({ db });
  const paper = await getPaper({ db, paperId });
  const conflicted = (await findConflicts({ db, paperId: paper.id })).map((c) => c.reviewerId);
  return suggestReviewersForPaper({ db, paperTags: paper.keywords, excluding: conflicted });
}

/**
 * Assign a paper to a reviewer (status 'Sent'), refused on a conflict of interest, and at the saved limits unless
 * `override` (decision 0025); audited, the reviewer mailed. Returns the reviewer's name.
 */
export async function sendPaperToReviewer(opts: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  editor: { id: string; ip: string };
  paperId: string;
  reviewerId: string;
  override?: boolean;
}): Promise<{ reviewerName: string }> {
  const { db, editor } = opts;
  const [reviewer] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, opts.reviewerId), eq(users.role, 'Reviewer')))
    .limit(1);
  if (!reviewer) throw new AppError('not_found', 'Reviewer not found');
  const paper = await getPaper({ db, paperId: opts.paperId });
  refuseConflict(await conflictBetween({ db, paperId: paper.id, reviewerId: reviewer.id }));
  await assignReviewers({
    db,
    mailer: opts.mailer,
    publicUrl: opts.publicUrl,
    editor,
    pairs: [{ paperId: paper.id, reviewerId: reviewer.id }],
    via: 'send-paper',
    override: opts.override,
  });
  return { reviewerName: reviewer.name };
}
