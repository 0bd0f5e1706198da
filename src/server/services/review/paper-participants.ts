import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { papers, reviewStatuses, trackChairs, users } from '../../db/schema';
import { canChairWorkOnPaper, canReviewerWorkOnPaper } from '../../permissions';
import { reviewerLabels } from '../submissions/review-cycle-json';
import { conflictedPaperIds } from '../tracks/chairs';

/** How a participant takes part: a reviewer sees labels only; the editor and chairs see names. */
export type DiscussionRole = 'reviewer' | 'chair' | 'editor';

/** One who may read a paper's reviews and discussion, with the label others see them under. */
export interface Participant {
  id: string;
  name: string;
  email: string;
  role: DiscussionRole;
  label: string;
  /** Named a chair of the paper's track (a chair's account, or the editor's when the editor named their own address). */
  chairOfTrack: boolean;
}

/**
 * "Reviewer n" per reviewer of the paper, in the order the paper was sent to them: the same numbering the authors
 * see (review-cycle-json.ts), so a reviewer keeps one label on the paper everywhere.
 */
export async function paperReviewerLabels({ db, paperId }: { db: Db; paperId: string }): Promise<Map<string, string>> {
  const order = await db
    .select({ paperId: reviewStatuses.paperId, reviewerId: reviewStatuses.reviewerId })
    .from(reviewStatuses)
    .where(eq(reviewStatuses.paperId, paperId))
    .orderBy(asc(reviewStatuses.sentAt), asc(reviewStatuses.reviewerId));
  const byKey = reviewerLabels(order);
  return new Map(order.map((r) => [r.reviewerId, byKey.get(`${paperId}:${r.reviewerId}`)!]));
}

/**
 * Everyone the paper's screens let in to its reviews and discussion now, by the same permission functions the
 * screens ask: its reviewers (canReviewerWorkOnPaper: assigned, not declined), its track's chairs
 * (canChairWorkOnPaper: verified, not conflicted) and the editors. Every mail about a paper to the committee goes
 * to these people and no one else, so a chair the screens refuse (a conflict the authors declared) is not mailed
 * what the screens hide.
 */
export async function listPaperParticipants({ db, paperId }: { db: Db; paperId: string }): Promise<Participant[]> {
  const [paper] = await db.select({ trackId: papers.trackId }).from(papers).where(eq(papers.id, paperId)).limit(1);
  if (!paper) return [];
  const [labels, reviewers, named, editors] = await Promise.all([
    paperReviewerLabels({ db, paperId }),
    db
      .select({ id: users.id, name: users.name, email: users.email, assigned: reviewStatuses.assigned, status: reviewStatuses.status })
      .from(reviewStatuses)
      .innerJoin(users, eq(users.id, reviewStatuses.reviewerId))
      .where(eq(reviewStatuses.paperId, paperId)),
    db.select({ email: trackChairs.email }).from(trackChairs).where(eq(trackChairs.trackId, paper.trackId)),
    db
      .select({ id: users.id, name: users.name, email: users.email, chairOnly: users.chairOnly, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.role, 'Editor')),
  ]);
  const chairEmails = new Set(named.map((c) => c.email));
  const isNamed = (email: string) => chairEmails.has(email.toLowerCase());
  const chairs = [];
  for (const c of editors.filter((e) => e.chairOnly && isNamed(e.email))) {
    const emailVerified = c.verifiedAt !== null;
    const conflicted = emailVerified && (await conflictedPaperIds({ db, email: c.email, paperIds: [paperId] })).size > 0;
    if (!canChairWorkOnPaper({ emailVerified, chairsTrack: true, conflicted }, true)) chairs.push(c);
  }
  const person = (u: { id: string; name: string; email: string }) => ({ id: u.id, name: u.name, email: u.email });
  return [
    ...reviewers
      .filter((r) => !canReviewerWorkOnPaper(r))
      .map((r) => ({ ...person(r), role: 'reviewer' as const, label: labels.get(r.id) ?? 'Reviewer', chairOfTrack: false })),
    ...chairs.map((c) => ({ ...person(c), role: 'chair' as const, label: 'Chair', chairOfTrack: true })),
    ...editors
      .filter((e) => !e.chairOnly)
      .map((e) => ({ ...person(e), role: 'editor' as const, label: 'Editor', chairOfTrack: isNamed(e.email) })),
  ];
}
