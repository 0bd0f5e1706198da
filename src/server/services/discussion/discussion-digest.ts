import { and, eq, sql } from 'drizzle-orm';
import { conferenceTitle } from '../../../core/conference-facts';
import { formatUtcDateTime } from '../../../core/format';
import type { Db } from '../../db/connect';
import { discussionMailMarks, discussionPosts, papers } from '../../db/schema';
import type { Mailer } from '../../mail/send';
import { findPosts, type Post } from './discussion-posts';
import { listPaperParticipants, paperReviewerLabels, type Participant } from '../review/paper-participants';

/** At most one mail per participant per paper in this time (decision 0032: a digest, not a flood). */
export const DIGEST_INTERVAL_MS = 60 * 60_000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Where the participant reads the thread: the reviewer's paper page, or the chair's. */
const paperUrl = (publicUrl: string, p: Participant, paperId: string) =>
  p.role === 'reviewer' ? `${publicUrl}/reviewer/dashboard/${paperId}` : `${publicUrl}/editor/view-more/${paperId}`;

/** The posts as a mail lists them: each under its label ("Reviewer 2", "Chair", "Editor"), never a name. */
const postsText = (posts: Post[]) =>
  posts
    .map((p) => [`${p.label}, ${formatUtcDateTime(p.createdAt)}:`, ...p.body.split(/\r?\n/).map((line) => `  ${line}`)].join('\n'))
    .join('\n\n');

async function mailDigest(opts: {
  tx: Tx;
  mailer: Mailer;
  publicUrl: string;
  paper: { id: string; title: string };
  to: Participant;
  posts: Post[];
  now: Date;
}) {
  const { tx, to, posts, paper } = opts;
  await opts.mailer.send({
    tx,
    to: to.email,
    template: 'discussionPosts',
    values: {
      name: to.name,
      conference: conferenceTitle(opts.mailer.conference()),
      paperTitle: paper.title,
      paperId: paper.id,
      count: String(posts.length),
      posts: postsText(posts),
      paperUrl: paperUrl(opts.publicUrl, to, paper.id),
    },
  });
  const toldUntil = posts[posts.length - 1]!.createdAt;
  await tx
    .insert(discussionMailMarks)
    .values({ paperId: paper.id, userId: to.id, toldUntil, lastMailedAt: opts.now })
    .onConflictDoUpdate({ target: [discussionMailMarks.paperId, discussionMailMarks.userId], set: { toldUntil, lastMailedAt: opts.now } });
}

/**
 * On a new post, in its transaction: each other participant not mailed about this paper within the hour is mailed
 * now, with the posts they have not been told of (the new one, and any that waited); the others wait for
 * sendDiscussionDigests. Nobody is told of their own posts.
 */
export async function mailNewPost(opts: {
  tx: Tx;
  mailer: Mailer;
  publicUrl: string;
  paperId: string;
  posterId: string;
  participants: Participant[];
  labels: Map<string, string>;
  now: Date;
}): Promise<void> {
  const { tx, paperId, now } = opts;
  const others = opts.participants.filter((p) => p.id !== opts.posterId);
  if (others.length === 0) return;
  const [paper] = await tx.select({ id: papers.id, title: papers.title }).from(papers).where(eq(papers.id, paperId)).limit(1);
  const marks = new Map(
    (await tx.select().from(discussionMailMarks).where(eq(discussionMailMarks.paperId, paperId)).for('update')).map((m) => [m.userId, m]),
  );
  for (const to of others) {
    const mark = marks.get(to.id);
    if (mark && now.getTime() - mark.lastMailedAt.getTime() < DIGEST_INTERVAL_MS) continue;
    // First mail about this paper: the new post only (the thread is on the page); later ones: all they missed.
    const since = mark?.toldUntil ?? new Date(now.getTime() - 1);
    const posts = (await findPosts({ db: tx, paperId, labels: opts.labels, after: since })).filter((p) => p.authorId !== to.id);
    if (posts.length) await mailDigest({ tx, mailer: opts.mailer, publicUrl: opts.publicUrl, paper: paper!, to, posts, now });
  }
}

/**
 * The periodic digest (the mail worker's job): each participant whose hour has passed since their last mail about a
 * paper, and who has posts after their `toldUntil` (not their own), is mailed them in one digest. Each mark is
 * locked and checked again in its transaction, so two instances running the job mail once. Returns mails queued.
 */
export async function sendDiscussionDigests(opts: { db: Db; mailer: Mailer; publicUrl: string; now?: Date }): Promise<number> {
  const { db } = opts;
  const now = opts.now ?? new Date();
  const due = new Date(now.getTime() - DIGEST_INTERVAL_MS);
  const waiting = await db
    .selectDistinct({ paperId: discussionMailMarks.paperId, userId: discussionMailMarks.userId })
    .from(discussionMailMarks)
    .innerJoin(
      discussionPosts,
      and(
        eq(discussionPosts.paperId, discussionMailMarks.paperId),
        sql`${discussionPosts.createdAt} > ${discussionMailMarks.toldUntil}`,
        sql`${discussionPosts.authorId} <> ${discussionMailMarks.userId}`,
      ),
    )
    .where(sql`${discussionMailMarks.lastMailedAt} <= ${due.toISOString()}`);
  const byPaper = new Map<string, string[]>();
  for (const w of waiting) byPaper.set(w.paperId, [...(byPaper.get(w.paperId) ?? []), w.userId]);
  let queued = 0;
  for (const [paperId, userIds] of byPaper) {
    // Who is still in the discussion now (a reviewer who declined since, a chair now conflicted: no digest).
    const [participants, labels] = await Promise.all([listPaperParticipants({ db, paperId }), paperReviewerLabels({ db, paperId })]);
    for (const to of participants.filter((p) => userIds.includes(p.id))) {
      const sent = await db.transaction(async (tx) => {
        const [mark] = await tx
          .select()
          .from(discussionMailMarks)
          .where(and(eq(discussionMailMarks.paperId, paperId), eq(discussionMailMarks.userId, to.id)))
          .for('update')
          .limit(1);
        if (!mark || now.getTime() - mark.lastMailedAt.getTime() < DIGEST_INTERVAL_MS) return false;
        const posts = (await findPosts({ db: tx, paperId, labels, after: mark.toldUntil })).filter(
          (p) => p.authorId !== to.id && p.createdAt <= now,
        );
        if (posts.length === 0) return false;
        const [paper] = await tx.select({ id: papers.id, title: papers.title }).from(papers).where(eq(papers.id, paperId)).limit(1);
        await mailDigest({ tx, mailer: opts.mailer, publicUrl: opts.publicUrl, paper: paper!, to, posts, now });
        return true;
      });
      if (sent) queued++;
    }
  }
  return queued;
}
