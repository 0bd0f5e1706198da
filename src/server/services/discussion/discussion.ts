import { and, eq } from 'drizzle-orm';
import { newId } from '../../../core/ids';
import { DISCUSSION_MESSAGES, EDIT_WINDOW_MINUTES, type DiscussionJson, type DiscussionPostJson } from '../../../core/schemas/discussion';
import { deny } from '../../auth/caller';
import type { Db } from '../../db/connect';
import { authorResponses, discussionPosts, papers, reviewStatuses } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/send';
import { canReviewerWorkOnPaper, type Caller } from '../../permissions';
import { recordAudit } from '../shared/audit';
import { checkEditorPaper } from '../tracks/chairs';
import { mailNewPost } from './discussion-digest';
import { findPosts, type Post } from './discussion-posts';
import { listPaperParticipants, paperReviewerLabels, type DiscussionRole } from '../review/paper-participants';

const EDIT_WINDOW_MS = EDIT_WINDOW_MINUTES * 60_000;

/**
 * May the caller take part in the paper's discussion? A reviewer: the paper sent to them and not declined (403).
 * A track chair: their track's paper (404 otherwise), not conflicted (403). The editor: any paper that exists (404).
 */
export async function checkDiscussionParticipant(opts: { db: Db; caller: Caller; paperId: string }): Promise<DiscussionRole> {
  const { db, caller, paperId } = opts;
  if (caller.role === 'Reviewer') {
    const [row] = await db
      .select({ assigned: reviewStatuses.assigned, status: reviewStatuses.status })
      .from(reviewStatuses)
      .where(and(eq(reviewStatuses.paperId, paperId), eq(reviewStatuses.reviewerId, caller.id)))
      .limit(1);
    deny(canReviewerWorkOnPaper(row));
    return 'reviewer';
  }
  if (caller.role !== 'Editor') throw new AppError('forbidden', DISCUSSION_MESSAGES.notParticipant);
  if (caller.chairOnly) {
    await checkEditorPaper({ db, caller, paperId, seesReviewers: true });
    return 'chair';
  }
  const [paper] = await db.select({ id: papers.id }).from(papers).where(eq(papers.id, paperId)).limit(1);
  if (!paper) throw new AppError('not_found', 'Paper not found');
  return 'editor';
}

type PostRow = Post;

function postJson(row: PostRow, viewer: { id: string; role: DiscussionRole }, now: Date): DiscussionPostJson {
  const mine = row.authorId === viewer.id;
  return {
    id: row.id,
    author: row.label,
    // Reviewers never see one another's names (decision 0032); the committee's chairs and editor do.
    name: viewer.role === 'reviewer' ? null : row.name,
    body: row.body,
    mine,
    editable: mine && now.getTime() - row.createdAt.getTime() < EDIT_WINDOW_MS,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt ? row.editedAt.toISOString() : null,
  };
}

/** The paper's thread as the caller may read it (the caller checked by checkDiscussionParticipant). */
export async function listDiscussion(opts: { db: Db; caller: Caller; paperId: string; now?: Date }): Promise<DiscussionJson> {
  const { db, caller, paperId } = opts;
  const role = await checkDiscussionParticipant({ db, caller, paperId });
  const [rows, [response]] = await Promise.all([
    findPosts({ db, paperId, labels: await paperReviewerLabels({ db, paperId }) }),
    db
      .select({ text: authorResponses.text, words: authorResponses.words, updatedAt: authorResponses.updatedAt })
      .from(authorResponses)
      .where(eq(authorResponses.paperId, paperId))
      .limit(1),
  ]);
  const now = opts.now ?? new Date();
  return {
    posts: rows.map((r) => postJson(r, { id: caller.id, role }, now)),
    authorResponse: response ? { text: response.text, words: response.words, updatedAt: response.updatedAt.toISOString() } : null,
  };
}

/**
 * Add a post to the paper's discussion: the post, its audit row and the mails to the participants not mailed about
 * this paper within the hour commit together (the others wait for the digest: discussion-digest.ts).
 */
export async function addDiscussionPost(opts: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  caller: Caller;
  ip: string;
  paperId: string;
  body: string;
  now?: Date;
}): Promise<{ message: string; post: DiscussionPostJson }> {
  const { db, caller, paperId } = opts;
  const now = opts.now ?? new Date();
  const role = await checkDiscussionParticipant({ db, caller, paperId });
  const [participants, labels] = await Promise.all([listPaperParticipants({ db, paperId }), paperReviewerLabels({ db, paperId })]);
  const row = await db.transaction(async (tx) => {
    const [post] = await tx
      .insert(discussionPosts)
      .values({ id: newId(), paperId, authorId: caller.id, body: opts.body, createdAt: now })
      .returning();
    await recordAudit(tx, {
      actorId: caller.id,
      actorRole: caller.chairOnly ? 'Chair' : caller.role,
      action: 'discussion.post',
      paperId,
      ip: opts.ip,
      details: { postId: post!.id, chars: opts.body.length },
    });
    await mailNewPost({ tx, mailer: opts.mailer, publicUrl: opts.publicUrl, paperId, posterId: caller.id, participants, labels, now });
    return post!;
  });
  const [full] = (await findPosts({ db, paperId, labels })).filter((p) => p.id === row.id);
  return { message: DISCUSSION_MESSAGES.posted, post: postJson(full!, { id: caller.id, role }, now) };
}

/** Change one's own post within its edit window (403 after it, or on another's post), audited with the text before. */
export async function editDiscussionPost(opts: {
  db: Db;
  caller: Caller;
  ip: string;
  paperId: string;
  postId: string;
  body: string;
  now?: Date;
}): Promise<{ message: string; post: DiscussionPostJson }> {
  const { db, caller, paperId, postId } = opts;
  const now = opts.now ?? new Date();
  const role = await checkDiscussionParticipant({ db, caller, paperId });
  await db.transaction(async (tx) => {
    const [post] = await tx
      .select()
      .from(discussionPosts)
      .where(and(eq(discussionPosts.id, postId), eq(discussionPosts.paperId, paperId)))
      .for('update')
      .limit(1);
    if (!post) throw new AppError('not_found', DISCUSSION_MESSAGES.postNotFound);
    if (post.authorId !== caller.id) throw new AppError('forbidden', DISCUSSION_MESSAGES.notYours);
    if (now.getTime() - post.createdAt.getTime() >= EDIT_WINDOW_MS) throw new AppError('forbidden', DISCUSSION_MESSAGES.editWindowClosed);
    await tx.update(discussionPosts).set({ body: opts.body, editedAt: now }).where(eq(discussionPosts.id, postId));
    await recordAudit(tx, {
      actorId: caller.id,
      actorRole: caller.chairOnly ? 'Chair' : caller.role,
      action: 'discussion.edit',
      paperId,
      ip: opts.ip,
      details: { postId, before: post.body },
    });
  });
  const [full] = (await findPosts({ db, paperId, labels: await paperReviewerLabels({ db, paperId }) })).filter((p) => p.id === postId);
  return { message: DISCUSSION_MESSAGES.edited, post: postJson(full!, { id: caller.id, role }, now) };
}
